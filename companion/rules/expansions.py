"""The expansions a table can put on the table (docs/rules.md §11): their ids and names, who may play them, the Shoal
size, and which box a Fish comes from. Nautilus's fixed value and Sharpear's "can't be sold or Mounted" are card
data in the catalog (``fixed_value``, ``no_sale_or_mount``), applied by :mod:`companion.rules.cards`.

A table's expansions are part of its :class:`~companion.rules.ruleset.Ruleset` (``ruleset.expansions``), fixed when
the game starts. Without Lamentable Tentacles its Fish are refused, naming the box they come from:

>>> from companion.rules.fish import FishRef
>>> fish_box(FishRef(name="Nautilus", value=3, type="fair"))
'lamentable-tentacles'
>>> shoal_size(()), shoal_size(("lamentable-tentacles",))
(13, 15)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from companion.i18n import t
from companion.rules.catalog import load_catalog
from companion.rules.fish import FishRef

ExpansionId = Literal["lamentable-tentacles", "biggest-regrets"]
LAMENTABLE_TENTACLES: ExpansionId = "lamentable-tentacles"
BIGGEST_REGRETS: ExpansionId = "biggest-regrets"
EXPANSIONS: tuple[ExpansionId, ...] = (LAMENTABLE_TENTACLES, BIGGEST_REGRETS)
BASE = "base"
RULE = "docs/rules.md §11"

MIN_PLAYERS: dict[str, int] = {LAMENTABLE_TENTACLES: 2, BIGGEST_REGRETS: 2}  # docs/rules.md §11: both need 2+ players
SHOAL_SIZE = 13  # A p.7: three Shoals of 13 Fish at each Depth
TENTACLES_SHOAL_SIZE = 15  # docs/rules.md §11: 13 base + 2 Lamentable Tentacles Fish per Shoal

HADAL_SHADE = "Hadal Shade"
OVERMIND = "Overmind"
HADAL_SHADE_REGRETS = 3  # docs/rules.md §11: "draw 3 Regrets to swap it"


def expansion_name(expansion: str) -> str:
    """The box's name as printed, for messages and screens.

    >>> expansion_name("biggest-regrets")
    'Biggest Regrets'
    """
    if expansion == LAMENTABLE_TENTACLES:
        return t("Lamentable Tentacles")
    if expansion == BIGGEST_REGRETS:
        return t("Biggest Regrets")
    return expansion


def known_expansions(values: object) -> list[ExpansionId]:
    """The expansion ids among ``values`` (e.g. a stored setting), in :data:`EXPANSIONS` order; anything else is
    dropped, so a damaged or older setting never stops a New game.

    >>> known_expansions(["biggest-regrets", "kraken", 3])
    ['biggest-regrets']
    """
    chosen = values if isinstance(values, list | tuple) else []
    return [e for e in EXPANSIONS if e in chosen]


def shoal_size(expansions: Iterable[str]) -> int:
    """Cards in each Shoal at setup: 13, or 15 with Lamentable Tentacles (docs/rules.md §11)."""
    return TENTACLES_SHOAL_SIZE if LAMENTABLE_TENTACLES in expansions else SHOAL_SIZE


def setup_notes(expansions: Iterable[str]) -> list[str]:
    """What the table sets up differently for its expansions, translated (docs/rules.md §11); empty for the base game.

    >>> setup_notes(["lamentable-tentacles"])
    ['Lamentable Tentacles: shuffle its 6 Fish into each Depth; each Shoal has 15 Fish, not 13']
    """
    notes = []
    if LAMENTABLE_TENTACLES in expansions:
        notes.append(t("{expansion}: shuffle its 6 Fish into each Depth; each Shoal has {n} Fish, not {base}",
                       expansion=expansion_name(LAMENTABLE_TENTACLES), n=TENTACLES_SHOAL_SIZE, base=SHOAL_SIZE))
    if BIGGEST_REGRETS in expansions:
        notes.append(t("{expansion}: deal each angler a personality card; its tier is fixed at each Refresh",
                       expansion=expansion_name(BIGGEST_REGRETS)))
    return notes


def table_problem(expansions: Iterable[str], players: int) -> str | None:
    """Why a table of ``players`` can't play these expansions (one line), or ``None`` if it can."""
    for expansion in expansions:
        if expansion not in EXPANSIONS:
            return t("Unknown expansion “{id}”: choose from {ids}", id=expansion, ids=", ".join(EXPANSIONS))
        if players < MIN_PLAYERS[expansion]:
            return t("{expansion} needs at least {n} players", expansion=expansion_name(expansion),
                     n=MIN_PLAYERS[expansion])
    return None


def fish_box(fish: FishRef | None) -> str:
    """The box a Fish comes from: ``"base"``, or an expansion id. A Fish typed in by value is a base Fish."""
    if fish is None or fish.name is None:
        return BASE
    try:
        return load_catalog().fish(fish.name).set
    except KeyError:
        return BASE


def box_problem(fish: FishRef | None, expansions: Iterable[str]) -> str | None:
    """Why ``fish`` can't be at a table playing ``expansions`` (its box isn't on), or ``None``."""
    box = fish_box(fish)
    if fish is None or box == BASE or box in expansions:
        return None
    return t("{name} is a {expansion} Fish, and this table doesn't play {expansion}", name=fish.name,
             expansion=expansion_name(box))


def is_named(fish: FishRef | None, name: str) -> bool:
    """Whether ``fish`` is the catalog card called ``name``."""
    return fish is not None and fish.name == name
