"""The solo Sea and the sheet's unlock list, read from the shared catalog (docs/rules.md §8, A p.23).

The survey never keeps its own Fish data: this module only views :func:`companion.rules.catalog.load_catalog` the way
the Ocean Survey sheet does (one slot per Fish, by Depth and size).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from companion.i18n import t
from companion.rules.catalog import CatalogFish, load_catalog
from companion.rules.sources import cited

SIZES = ("small", "middling", "large")
DEPTHS = (1, 2, 3)


@dataclass(frozen=True)
class UnlockItem:
    """A line of the sheet's unlock list: bought once, at the sheet's price (A p.26)."""

    id: str  # "<kind>:<item>", e.g. "rod:lucky-pole"
    kind: str  # "tackle-die", "rod", "reel" or "supply"
    name: str
    cost: int

    @property
    def label(self) -> str:
        """The item as the sheet names it, translated."""
        return t("{colour} tackle die", colour=t(self.name)) if self.kind == "tackle-die" else self.name


@dataclass(frozen=True)
class SoloSea:
    """The base game's Fish, with the ones the solo setup removes still listed (shown out of play)."""

    fish: tuple[CatalogFish, ...] = ()
    by_id: dict[str, CatalogFish] = field(default_factory=dict)

    @property
    def in_play(self) -> list[CatalogFish]:
        return [f for f in self.fish if not f.solo_removed]

    def find(self, name: str) -> CatalogFish | None:
        """The catalog Fish called ``name`` (case-insensitive, aliases too), or ``None``."""
        try:
            return load_catalog().fish(name.strip())
        except KeyError:
            return None

    def group(self, depth: int, size: str) -> list[CatalogFish]:
        return [f for f in self.fish if f.depth == depth and f.size == size]


@cache
def solo_sea() -> SoloSea:
    """The Sea the sheet is laid out for: every base Fish (expansion Fish never get a slot, A p.23)."""
    fish = tuple(load_catalog().in_sets(()))
    return SoloSea(fish=fish, by_id={f.id: f for f in fish})


def setup_note() -> str:
    """What the table sets aside before a campaign's first game, as shown where a campaign is created (A p.23)."""
    return cited(t("The Ocean Survey plays the base Sea only: expansion Fish (Lamentable Tentacles) stay in the "
                   "box, with Man O' War, Tidal Trafficker, Bathyphysa Conifera, Deep Dealer, Humpback Whale, "
                   "Abyssal Colony, Profound Peddler, Whale of Rocabarraigh and the Dink Odd Ring"), "A p.23")


@cache
def unlock_items() -> tuple[UnlockItem, ...]:
    """The sheet's unlock list, in the sheet's order."""
    return tuple(
        UnlockItem(id=f"{u.kind}:{_slug(u.item)}", kind=u.kind, name=u.item, cost=u.cost)
        for u in load_catalog().survey_unlocks
    )


def dink_discounts() -> dict[str, int]:
    """Dinks that make items cheaper, by id → discount; usable towards unlocks at week's end (A p.24)."""
    return {d.id: d.shop_discount for d in load_catalog().dinks if d.shop_discount > 0 and not d.solo_removed}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")
