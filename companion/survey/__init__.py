"""The Ocean Survey: the solo/co-op campaign sheet (docs/rules.md §8, A pp.23–27). Pure Python; no Flet.

A campaign changes only by a typed action (:mod:`companion.survey.actions`) made by
:func:`companion.survey.engine.apply`; the moves themselves (:mod:`companion.survey.play`) are not exported here,
so a screen, which hands its actions to the campaign's session, has no way to make one itself."""

from companion.survey.jettison import HeldFish, jettison_is_enough, jettison_key, propose_jettison
from companion.survey.models import CAN_OF_WORMS, WEEK_DAYS, Campaign, Catch, SheetEntry, TeamMember, Week
from companion.survey.play import (
    JettisonCheck,
    check_jettison,
    haul_value,
    held_for_jettison,
    held_value,
    is_complete,
    new_campaign,
    proposed_jettison,
    single_use_items,
    unlock_budget,
)
from companion.survey.report import WeekSummary, day_name, day_reminders, week_summary
from companion.survey.sea import UnlockItem, solo_sea, unlock_items
from companion.survey.sheet import Progress, SheetGroup, Slot, WeekPoint, fish_state, progress, sheet_groups

__all__ = [
    "CAN_OF_WORMS",
    "WEEK_DAYS",
    "Campaign",
    "Catch",
    "HeldFish",
    "JettisonCheck",
    "Progress",
    "SheetEntry",
    "SheetGroup",
    "Slot",
    "TeamMember",
    "UnlockItem",
    "Week",
    "WeekPoint",
    "WeekSummary",
    "check_jettison",
    "day_name",
    "day_reminders",
    "fish_state",
    "haul_value",
    "held_for_jettison",
    "held_value",
    "is_complete",
    "jettison_is_enough",
    "jettison_key",
    "new_campaign",
    "progress",
    "propose_jettison",
    "proposed_jettison",
    "sheet_groups",
    "single_use_items",
    "solo_sea",
    "unlock_budget",
    "unlock_items",
    "week_summary",
]
