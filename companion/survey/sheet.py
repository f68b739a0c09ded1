"""The sheet as the paper shows it, and the campaign's progress (docs/rules.md §8, A pp.23–24).

Slots are grouped by Depth and size. Inside a group, catalogued Fish come first in the order they were first
caught (as a pen would write them), then the empty slots, then the Fish the solo setup removed (out of play).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.rules.catalog import CatalogFish
from companion.survey.models import Campaign
from companion.survey.sea import DEPTHS, SIZES, solo_sea

SlotState = Literal["empty", "catalogued", "hauled", "out_of_play"]


@dataclass(frozen=True)
class Slot:
    state: SlotState
    fish: CatalogFish | None = None  # None for an empty slot: the sheet doesn't know which Fish will land there
    first_week: int | None = None
    hauled_week: int | None = None


@dataclass(frozen=True)
class SheetGroup:
    depth: int
    size: str
    slots: tuple[Slot, ...]

    @property
    def total(self) -> int:
        return sum(s.state != "out_of_play" for s in self.slots)

    @property
    def hauled(self) -> int:
        return sum(s.state == "hauled" for s in self.slots)

    @property
    def catalogued(self) -> int:
        return sum(s.state in ("catalogued", "hauled") for s in self.slots)


def fish_state(campaign: Campaign, fish: CatalogFish) -> SlotState:
    """Where one Fish stands on the sheet: out of play in solo (A p.23), not written yet (``"empty"``), catalogued
    when first caught, or hauled once brought to Port (A p.24).

    >>> from companion.survey.play import catch_fish, new_campaign, start_week
    >>> c, sea = catch_fish(start_week(new_campaign("Doc")), "Sheepshead"), solo_sea()
    >>> fish_state(c, sea.by_id["sheepshead"]), fish_state(c, sea.by_id["barracuda"])
    ('catalogued', 'empty')
    """
    entry = campaign.sheet.get(fish.id)
    if fish.solo_removed:
        return "out_of_play"
    if entry is None:
        return "empty"
    return "hauled" if entry.hauled_week else "catalogued"


def sheet_groups(campaign: Campaign) -> list[SheetGroup]:
    """Every slot of the sheet, Depth I–III, small to large."""
    sea = solo_sea()
    groups = []
    for depth in DEPTHS:
        for size in SIZES:
            fish = sea.group(depth, size)
            # The sheet dict keeps insertion order (also through JSON), which is the order of first catches.
            written = [sea.by_id[i] for i in campaign.sheet if (sea.by_id[i].depth, sea.by_id[i].size) == (depth, size)]
            slots = [
                Slot("hauled" if (e := campaign.sheet[f.id]).hauled_week else "catalogued", f, e.first_week,
                     e.hauled_week)
                for f in written
            ]
            empty = sum(1 for f in fish if not f.solo_removed and f.id not in campaign.sheet)
            slots += [Slot("empty")] * empty
            slots += [Slot("out_of_play", f) for f in fish if f.solo_removed]
            groups.append(SheetGroup(depth, size, tuple(slots)))
    return groups


@dataclass(frozen=True)
class WeekPoint:
    """Sheet totals at the end of a week, for the progress chart."""

    week: int
    catalogued: int
    hauled: int
    jettisoned_value: int
    kept_value: int


@dataclass(frozen=True)
class Progress:
    hauled: int
    catalogued: int
    total: int
    by_group: tuple[SheetGroup, ...]
    series: tuple[WeekPoint, ...]
    complete: bool

    def by_depth(self, depth: int) -> tuple[int, int]:
        """(hauled, total) at one Depth."""
        groups = [g for g in self.by_group if g.depth == depth]
        return sum(g.hauled for g in groups), sum(g.total for g in groups)

    def by_size(self, size: str) -> tuple[int, int]:
        """(hauled, total) of one size across the Depths."""
        groups = [g for g in self.by_group if g.size == size]
        return sum(g.hauled for g in groups), sum(g.total for g in groups)


def progress(campaign: Campaign) -> Progress:
    """Hauled / total overall, by Depth and size, and week by week.

    >>> from companion.survey.models import Campaign
    >>> p = progress(Campaign(name="New"))
    >>> (p.hauled, p.total, p.complete)
    (0, 109, False)
    """
    groups = sheet_groups(campaign)
    sea = solo_sea()
    series = []
    for week in campaign.weeks:
        n = week.number
        value = sum(sea.by_id[f].value or 0 for f in week.jettisoned)
        kept = sum(sea.by_id[f].value or 0 for f in week.hauled)
        series.append(WeekPoint(
            week=n,
            catalogued=sum(e.first_week <= n for e in campaign.sheet.values()),
            hauled=sum(e.hauled_week is not None and e.hauled_week <= n for e in campaign.sheet.values()),
            jettisoned_value=value,
            kept_value=kept,
        ))
    total = sum(g.total for g in groups)
    hauled = sum(g.hauled for g in groups)
    return Progress(
        hauled=hauled,
        catalogued=sum(g.catalogued for g in groups),
        total=total,
        by_group=tuple(groups),
        series=tuple(series),
        complete=hauled == total,
    )
