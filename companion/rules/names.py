"""Player names: one rule for setting a table up and for scoring it (docs/rules.md §1). A name can't be blank, and two
players can't share one; names are compared ignoring case and surrounding spaces, so "Ann" and " ann " clash.

>>> name_problem(["Ann", "Bo", " ann "])
(2, '“ann” is the same name as “Ann” (names ignore case and surrounding spaces)')
>>> name_problem(["Ann", "Bo"]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import t
from companion.rules.errors import RuleViolation


def name_key(name: str) -> str:
    """What two names are compared by: no surrounding spaces, no case."""
    return name.strip().casefold()


def name_problem(names: Sequence[str]) -> tuple[int, str] | None:
    """``None`` when every name is fine, else the index of the first bad name and what is wrong with it."""
    seen: dict[str, str] = {}
    for i, name in enumerate(names):
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
