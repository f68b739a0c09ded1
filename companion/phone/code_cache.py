"""Code the phone app's start compiles from strings, compiled when the app is built instead, by the same Python.

Two things compile Python source as the app's modules are imported. The standard library's ``dataclasses`` writes
each class's ``__init__``, ``__repr__``, ``__eq__``… as source and compiles it as the class is defined (Flet's
controls are dataclasses, as are many of the app's types), and ``annotationlib`` compiles each string annotation
pydantic evaluates for a model's fields. In Pyodide that was about a third of the phone app's imports (issue 38:
267 + 60 of 925 ms, in Node.js). The build records each source with its code (:func:`record`, run by Pyodide's own
Python in Node.js: ``phone_site/web/compile.mjs``) and the start looks them up (:func:`install`): the same source
compiled by the same interpreter with the same flags is the same code. A source not recorded is compiled as before.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import importlib
import importlib.util
import marshal
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import CodeType, ModuleType

annotationlib: ModuleType | None
try:
    import annotationlib  # type: ignore[import-not-found, no-redef]  # Python 3.14, as Pyodide's
except ImportError:  # an older Python evaluates string annotations without compiling them here
    annotationlib = None

# The file name ``exec`` and ``annotationlib`` give a compiled string; neither passes flags of its own.
FILE_NAME = "<string>"
Compile = Callable[..., CodeType]


def _key(source: str, mode: str) -> bytes:
    return hashlib.blake2b(f"{mode}\0{source}".encode(), digest_size=16).digest()


def _compile_with(codes: dict[bytes, CodeType], records: bool) -> Compile:
    """A ``compile`` giving the code of ``codes`` for a string compiled as :data:`FILE_NAME` with no flags; any
    other is compiled, and kept in ``codes`` when ``records``."""

    def compile_(source: object, filename: str, mode: str, flags: int = 0, dont_inherit: bool = False,
                 optimize: int = -1) -> CodeType:
        if not (isinstance(source, str) and filename == FILE_NAME and flags == 0 and optimize == -1):
            return builtins.compile(source, filename, mode, flags, dont_inherit, optimize)  # type: ignore[call-overload]
        key = _key(source, mode)
        code = codes.get(key)
        if code is None:
            code = builtins.compile(source, filename, mode, dont_inherit=True)  # as a module with no __future__
            if records:
                codes[key] = code
        return code

    return compile_


def _use(compile_: Compile) -> None:
    """Have dataclasses and annotationlib compile with ``compile_`` (a module's own name is found before the
    builtin's)."""

    def exec_(source: object, globals: dict[str, object] | None = None,
              locals: Mapping[str, object] | None = None, /) -> None:
        builtins.exec(compile_(source, FILE_NAME, "exec") if isinstance(source, str) else source,  # type: ignore[arg-type]
                      globals, locals)

    dataclasses.exec = exec_  # type: ignore[attr-defined]
    if annotationlib is not None:
        annotationlib.compile = compile_  # type: ignore[attr-defined]


def install(path: str | Path) -> int:
    """From now on, the code recorded in ``path`` is used (if this interpreter's version recorded it); returns how
    many sources it holds (0 when none is used)."""
    try:
        magic, codes = marshal.loads(Path(path).read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return 0
    if magic != importlib.util.MAGIC_NUMBER or not isinstance(codes, dict):
        return 0
    _use(_compile_with(codes, records=False))
    return len(codes)


def record(packages: Iterable[str], names: Iterable[str] = (), first: Callable[[], object] = lambda: None) -> bytes:
    """The code compiled by calling ``first`` (what the start does after :func:`install`), importing each module of
    ``packages`` (a module that does not import in this interpreter, a server-only one, is passed over) and then
    getting each of ``names`` (``"module:attribute"``: Flet imports a control's module when it is first asked
    for), as :func:`install` reads it."""
    import pkgutil

    codes: dict[bytes, CodeType] = {}
    _use(_compile_with(codes, records=True))
    try:
        first()
        for name in packages:
            package = importlib.import_module(name)
            for module in pkgutil.walk_packages(package.__path__, f"{name}.", onerror=lambda _name: None):
                _quietly(importlib.import_module, module.name)
        for name in names:
            where, _, attribute = name.partition(":")
            _quietly(lambda: getattr(importlib.import_module(where), attribute))  # noqa: B023  # called at once
    finally:
        forget()
    return marshal.dumps((importlib.util.MAGIC_NUMBER, codes))


def forget() -> None:
    """dataclasses and annotationlib compile for themselves again (after :func:`record`, or in a test)."""
    vars(dataclasses).pop("exec", None)
    if annotationlib is not None:
        vars(annotationlib).pop("compile", None)


def _quietly(step: Callable[..., object], *args: object) -> None:
    try:
        step(*args)
    except (Exception, SystemExit):  # not imported in the browser either
        return
