"""The Ocean Survey: the solo/co-op campaign sheet (RULES.md §8, A pp.23–27). Pure Python; no Flet."""

from companion.survey.jettison import HeldFish, jettison_is_enough, jettison_key, propose_jettison
from companion.survey.models import CAN_OF_WORMS, WEEK_DAYS, Campaign, Catch, SheetEntry, TeamMember, Week
from companion.survey.play import (
    catch_fish,
    discard_held,
    haul,
    haul_value,
    held_for_jettison,
    is_complete,
    new_campaign,
    next_day,
    set_item_used,
    single_use_items,
    start_week,
    undo_catch,
    unlock,
    unlock_budget,
)
from companion.survey.report import WeekSummary, day_name, day_reminders, week_summary
from companion.survey.sea import UnlockItem, solo_sea, unlock_items
from companion.survey.sheet import Progress, SheetGroup, Slot, WeekPoint, progress, sheet_groups

__all__ = [
    "CAN_OF_WORMS",
    "WEEK_DAYS",
    "Campaign",
    "Catch",
    "HeldFish",
    "Progress",
    "SheetEntry",
    "SheetGroup",
    "Slot",
    "TeamMember",
    "UnlockItem",
    "Week",
    "WeekPoint",
    "WeekSummary",
    "catch_fish",
    "day_name",
    "day_reminders",
    "discard_held",
    "haul",
    "haul_value",
    "held_for_jettison",
    "is_complete",
    "jettison_is_enough",
    "jettison_key",
    "new_campaign",
    "next_day",
    "progress",
    "propose_jettison",
    "set_item_used",
    "sheet_groups",
    "single_use_items",
    "solo_sea",
    "start_week",
    "undo_catch",
    "unlock",
    "unlock_budget",
    "unlock_items",
    "week_summary",
]
