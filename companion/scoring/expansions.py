"""What the expansions on a table allow at the end (RULES.md §10–§11): their Fish only when the box is on, 2+
players, and no card that can't be Mounted (Sharpear Enope Squid, Iron Coffin …) on a mount.

>>> from companion.rules.fish import FishRef
>>> from companion.rules.ruleset import build_ruleset
>>> from companion.scoring.deep_regrets import DeepRegretsPlayer
>>> ann = DeepRegretsPlayer(name="Ann", regret_cards=0, regret_value=0, fishbucks=0,
...                         hand=[FishRef(name="Nautilus", value=3, type="fair")])
>>> expansion_problem([ann], build_ruleset())
"Ann: Nautilus is a Lamentable Tentacles Fish, and this table doesn't play Lamentable Tentacles"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.i18n import t
from companion.rules.expansions import box_problem, table_problem
from companion.rules.fish import FishRef
from companion.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from companion.scoring.deep_regrets import DeepRegretsPlayer


def fish_problem(fish: FishRef, place: str, ruleset: Ruleset) -> str | None:
    """Why ``fish`` can't score at ``place`` ("hand", "mount", "cloche") under ``ruleset``, or ``None``."""
    problem = box_problem(fish, ruleset.expansions)
    if problem:
        return problem
    if place != "hand" and fish.name is not None:
        from companion.catalog import load_catalog  # the catalog imports the rules package

        try:
            card = load_catalog().fish(fish.name)
        except KeyError:
            return None
        if card.no_sale_or_mount:
            return t("{name} can't be Mounted (RULES.md §10)", name=card.name)
    return None


def expansion_problem(players: Sequence[DeepRegretsPlayer], ruleset: Ruleset) -> str | None:
    """The first reason these players can't be scored with the ruleset's expansions, or ``None``."""
    problem = table_problem(ruleset.expansions, len(players))
    if problem:
        return problem
    for p in players:
        placed = [(f, "hand") for f in p.hand] + [(f, "mount") for f in p.mounted if f is not None]
        placed += [(p.cloche, "cloche")] if p.cloche is not None else []
        for fish, place in placed:
            problem = fish_problem(fish, place, ruleset)
            if problem:
                return t("{name}: {problem}", name=p.name, problem=problem)
    return None
