"""What a scorer table being filled in still needs before it can be scored, one line each, in the players' words.

The scorers refuse a table with blank or repeated names (docs/rules.md §1: names compare without case and
surrounding spaces, :func:`~companion.rules.names.name_key`); a screen asks here first, so the line it shows and
the refusal agree.

>>> name_needs(["Ada", " ", "ada "])
['Player 2 needs a name', 'Each player needs a different name']
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import t
from companion.rules.names import name_key


def name_needs(names: Sequence[str]) -> list[str]:
    """A line for each player without a name (numbered from 1), and one if two names are the same."""
    needs = [t("Player {n} needs a name", n=i + 1) for i, name in enumerate(names) if not name_key(name)]
    keys = [name_key(name) for name in names if name_key(name)]
    if len(set(keys)) != len(keys):
        needs.append(t("Each player needs a different name"))
    return needs
