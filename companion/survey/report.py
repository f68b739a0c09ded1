"""What the week screens say: the Day's clock-in reminders and the week's summary (A pp.24–26)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import t
from companion.rules.state import DAY_NAMES
from companion.survey.models import Campaign
from companion.survey.sea import solo_sea, unlock_items


def day_name(day: int) -> str:
    """The name of Day ``day`` (1 = Monday) of a solo week.

    >>> day_name(5)
    'Friday'
    """
    return t(DAY_NAMES[day - 1])


def day_reminders(campaign: Campaign, day: int) -> list[str]:
    """The refresh phase of a solo Day (A p.25), with the equipment this campaign has unlocked for kit-out."""
    owned = [u.label for u in unlock_items() if u.id in campaign.unlocked and u.kind in ("rod", "reel")]
    clock_in = (
        t("Clock in: skip on the first Day")
        if day == 1
        else t("Clock in: move the Day tracker to {day} and discard every revealed Fish at Sea", day=day_name(day))
    )
    kit_out = (
        t("Kit out: equip one Rod and one Reel ({items})", items=", ".join(owned))
        if owned
        else t("Kit out: no Rods or Reels unlocked yet")
    )
    return [
        clock_in,
        t("Coffee up: roll every Spent die into the Fresh Pool"),
        kit_out,
        t("Stay down: dice spent to go deeper stay spent until the week ends"),
        t("Ignore eat abilities, coin flips, Fishbucks and effects that only target other players"),
    ]


@dataclass(frozen=True)
class WeekSummary:
    number: int
    caught: tuple[str, ...]
    newly_catalogued: tuple[str, ...]
    regret_value: int | None
    jettisoned: tuple[str, ...]
    jettisoned_value: int
    hauled: tuple[str, ...]
    newly_hauled: tuple[str, ...]
    hauled_value: int
    bought: tuple[str, ...]
    spent: int
    lost: int


def week_summary(campaign: Campaign, number: int) -> WeekSummary:
    """What happened in week ``number``: catches, new slots, jettison, haul, unlocks and the value lost."""
    week = campaign.weeks[number - 1]
    sea = solo_sea()
    labels = {u.id: u.label for u in unlock_items()}

    def names(ids: list[str]) -> tuple[str, ...]:
        return tuple(sea.by_id[i].name for i in ids)

    caught = [c.fish_id for c in (*week.held, *week.discarded)]
    return WeekSummary(
        number=number,
        caught=names(caught),
        newly_catalogued=names([f for f, e in campaign.sheet.items() if e.first_week == number]),
        regret_value=week.regret_value,
        jettisoned=names(week.jettisoned),
        jettisoned_value=sum(sea.by_id[f].value or 0 for f in week.jettisoned),
        hauled=names(week.hauled),
        newly_hauled=names([f for f in week.hauled if campaign.sheet[f].hauled_week == number]),
        hauled_value=sum(sea.by_id[f].value or 0 for f in week.hauled),
        bought=tuple(labels.get(i, i) for i in week.bought),
        spent=week.spent,
        lost=week.lost,
    )
