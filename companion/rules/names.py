"""Player names: one rule for setting a table up and for scoring it (docs/rules.md §1). A name can't be blank, and two
players can't share one; names are compared ignoring case and surrounding spaces, so "Ann" and " ann " clash.

Every name the app takes, at any door (a screen's field, a socket's event, ``companion score``, an import), is also
held to :func:`check_name`: at most :data:`~companion.problems.NAME_MAX` characters, and nothing that is drawn
other than as it reads: no control characters or line breaks, no direction overrides, no zero-width characters.

>>> name_problem(["Ann", "Bo", " ann "])
(2, '“ann” is the same name as “Ann” (names ignore case and surrounding spaces)')
>>> name_problem(["Ann", "Bo"]) is None
True

"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from companion.i18n import t
from companion.problems import NAME_MAX
from companion.rules.errors import RuleViolation

# Unicode's control (Cc: NUL, tab, newline), format (Cf: the direction overrides and isolates, zero-width spaces and
# joiners, the byte order mark), line and paragraph separator (Zl, Zp) and lone surrogate (Cs) characters: none is
# seen as itself, and an override turns the rest of a line (scores included) around.
_UNSEEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def name_key(name: str) -> str:
    """What two names are compared by: no surrounding spaces, no case."""
    return name.strip().casefold()


def check_name(name: str, field: str | None = None) -> str:
    """``name`` if a name may be it, else ``ValueError`` saying why, after ``field: `` when ``field`` is given.

    >>> check_name("Ann")
    'Ann'
    >>> check_name("Ann\u202e", "players[1].name")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: players[1].name: a name can't hold U+202E RIGHT-TO-LEFT OVERRIDE (no control, direction or ...)
    """
    if len(name) > NAME_MAX:
        reason = t("a name has at most {n} characters, not {length}", n=NAME_MAX, length=len(name))
    else:
        unseen = next((c for c in name if unicodedata.category(c) in _UNSEEN), None)
        if unseen is None:
            return name
        char = f"U+{ord(unseen):04X} {unicodedata.name(unseen, '')}".strip()
        reason = t("a name can't hold {char} (no control, direction or invisible characters, no line breaks)",
                   char=char)
    raise ValueError(f"{field}: {reason}" if field else reason)


def name_problem(names: Sequence[str]) -> tuple[int, str] | None:
    """``None`` when every name is fine, else the index of the first bad name and what is wrong with it."""
    seen: dict[str, str] = {}
    for i, name in enumerate(names):
        try:
            check_name(name)
        except ValueError as e:
            return i, str(e)
        key = name_key(name)
        if not key:
            return i, t("a player needs a name")
        if key in seen:
            return i, t("“{name}” is the same name as “{other}” (names ignore case and surrounding spaces)",
                        name=name.strip(), other=seen[key].strip())
        seen[key] = name
    return None


def check_names(names: Sequence[str]) -> None:
    """Raise ``ValueError`` naming the field (``players[2].name: …``) if :func:`name_problem` finds one."""
    problem = name_problem(names)
    if problem is not None:
        raise ValueError(f"players[{problem[0]}].name: {problem[1]}")


def check_setup_names(names: Sequence[str]) -> None:
    """The same rule at setup: a :class:`RuleViolation` (docs/rules.md §1) naming the field."""
    problem = name_problem(names)
    if problem is not None:
        raise RuleViolation("docs/rules.md §1", f"players[{problem[0]}].name: {problem[1]}")
