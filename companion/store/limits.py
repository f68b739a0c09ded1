"""What a file may hold, checked before and while it is parsed, so no file makes the reader crash or freeze.

Python's JSON reader recurses once per nesting level (a file nested 100,000 deep raises ``RecursionError``, and in
the phone app, under Pyodide, overflows the browser's stack and freezes the tab), turns a 5,000-digit number into a
``ValueError`` and reads ``NaN``/``Infinity`` as floats nothing else can store. :func:`loads` refuses all three with
:class:`JsonRefused`, the nesting counted on the bytes before the reader starts; :func:`check_import_value` bounds
what an import may bring in (every number in range, every text no longer than a screen would take).

>>> loads(b'{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> loads(b'[' * 100 + b']' * 100)
Traceback (most recent call last):
...
companion.store.limits.JsonRefused: nested deeper than 32 levels
"""

from __future__ import annotations

import json
import math
import re
from array import array
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from companion.i18n import t

MAX_IMPORT_BYTES = 20 * 1024 * 1024
"""The largest file an import reads (20 MB). An export of a year of weekly game nights, every game's log in full,
is well under 5 MB; a larger file is refused before it is parsed."""
TOO_LARGE = "companion-file-too-large"
"""What a picked file over :data:`MAX_IMPORT_BYTES` is replaced by in the browser, before it is read: ``{TOO_LARGE:
its size in bytes}`` (:mod:`companion.flet_fixes.picked_files`); an import refuses it by that size."""
MAX_DEPTH = 32
"""The deepest nesting of objects and lists a stored or imported file may have: what the app writes goes about 10
deep (a stored game 8: its logged actions inside the record inside the file's tables; an export 7; a scorer's
draft among the settings about 10)."""
MAX_INT = 2**53 - 1
"""The largest whole number (either sign) a file may hold: the largest a phone's JavaScript keeps exactly."""
MAX_TEXT = 10_000
"""The longest text (in characters) an import may hold in one value: longer than any note typed on a screen."""

MAX_SETTINGS = 200
"""The most settings an import may bring (the app keeps about a dozen): every setting saved at the table rewrites
them all, so 50,000 of them would make each such save take seconds."""
MAX_SETTING_KEY = 100
"""The longest name (in characters) of an imported setting."""
MAX_SETTING_BYTES = 1024 * 1024
"""The largest imported setting value, as JSON (1 MB; the longest the app keeps, the roster of players, is a few
KB)."""

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string, escapes and all: its brackets are not nesting
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = bytes.maketrans(b"[]{}", b"\x01\xff\x01\xff")  # +1 and -1 as signed bytes


class JsonRefused(ValueError):
    """A file's JSON is one this app won't read (too deep, a number out of range or not finite); ``str`` says
    why."""


class Refused:
    """What :func:`loads` with ``mark=True`` puts where a number it won't read stood, for
    :func:`check_import_value` to name the field it sits in."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def nesting(raw: bytes) -> int:
    """The deepest nesting of ``raw``'s objects and lists, counted without parsing (so any depth is safe to
    measure; a 20 MB file of brackets takes about a second).

    >>> nesting(b'{"a": [[1], "]]]["]}')
    3
    """
    steps = array("b", _STRING.sub(b"", raw).translate(None, _NOT_BRACKETS).translate(_STEP))
    return max(accumulate(steps), default=0)


def _number(text: str) -> int:
    # Called by the JSON reader for every whole number: refused before int() (which refuses more than 4,300 digits
    # with a ValueError of its own) is asked.
    if len(text.lstrip("-")) > 16 or abs(value := int(text)) > MAX_INT:
        raise JsonRefused(t("a number out of range ({digits} digits; at most {max})", digits=len(text.lstrip("-")),
                            max=MAX_INT))
    return value


def _fraction(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonRefused(t("a number out of range ({value})", value=text[:20]))
    return value


def _constant(name: str) -> float:
    raise JsonRefused(t("{value} is not a number a file may hold", value=name))


def _marking(read: Callable[[str], Any]) -> Callable[[str], Any]:
    def marked(text: str) -> Any:
        try:
            return read(text)
        except JsonRefused as e:
            return Refused(str(e))

    return marked


def loads(raw: bytes | str, mark: bool = False) -> Any:
    """``raw`` parsed as JSON, refused (:class:`JsonRefused`) when nested deeper than :data:`MAX_DEPTH` or holding
    a number out of range or not finite (``mark``: such a number is read as a :class:`Refused` instead);
    ``json.JSONDecodeError`` / ``UnicodeDecodeError`` when it isn't JSON."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if nesting(data) > MAX_DEPTH:
        raise JsonRefused(t("nested deeper than {max} levels", max=MAX_DEPTH))
    hooks = (_number, _fraction, _constant)
    number, fraction, constant = (_marking(h) for h in hooks) if mark else hooks
    try:
        return json.loads(data, parse_int=number, parse_float=fraction, parse_constant=constant)
    except RecursionError as e:  # not reached within MAX_DEPTH; kept so no file can ever raise it
        raise JsonRefused(t("nested deeper than {max} levels", max=MAX_DEPTH)) from e


def _path(parts: tuple[str | int, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(parts))


def check_import_value(value: Any) -> tuple[str, str] | None:
    """The first value in ``value`` an import may not bring in, as ``(field path, why)``; ``None`` if all may.
    Walked without recursion (a parsed value may be as deep as the caller made it).

    >>> check_import_value({"settings": {"theme": "dark", "scale": float("nan")}})
    ('settings.scale', 'a number out of range (nan)')
    >>> check_import_value({"games": [{"name": "x" * 10_001}]})
    ('games[0].name', 'a text of 10001 characters (at most 10000)')
    >>> check_import_value(loads(b'{"a": [0, 1e999]}', mark=True))
    ('a[1]', 'a number out of range (1e999)')
    """
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        item, parts = stack.pop()
        problem = _problem(item, len(parts))
        if problem is not None:
            return _path(parts), problem
        if isinstance(item, dict):
            for key, inner in item.items():
                if len(key) > MAX_TEXT:
                    return _path(parts), t("a field name of {n} characters (at most {max})", n=len(key), max=MAX_TEXT)
                stack.append((inner, (*parts, key)))
        elif isinstance(item, list):
            stack.extend((inner, (*parts, i)) for i, inner in enumerate(item))
    return None


def _problem(item: Any, depth: int) -> str | None:
    if isinstance(item, Refused):
        return item.reason
    if depth > MAX_DEPTH:
        return t("nested deeper than {max} levels", max=MAX_DEPTH)
    if isinstance(item, str):
        return t("a text of {n} characters (at most {max})", n=len(item), max=MAX_TEXT) if len(item) > MAX_TEXT \
            else None
    if isinstance(item, bool) or item is None or isinstance(item, dict | list):
        return None
    if (isinstance(item, float) and not math.isfinite(item)) or (isinstance(item, int) and abs(item) > MAX_INT):
        return t("a number out of range ({value})", value=repr(item)[:20])
    if not isinstance(item, int | float):
        return t("not a JSON value ({found})", found=type(item).__name__)
    return None
