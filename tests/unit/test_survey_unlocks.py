"""The week's-end unlock list as the screen shows it (A p.26; issue 12): over-budget items can't be ticked, the
budget left is never shown below 0, and the unlock itself refuses a choice over budget, naming the rule."""

from __future__ import annotations

import pytest

from companion.rules.errors import RuleViolation
from companion.survey import new_campaign
from companion.survey.play import catch_fish, haul, next_day, start_week, unlock
from companion.survey.unlocks import unlock_sheet


def hauled(*names: str):
    c = start_week(new_campaign("Test survey"))
    for name in names:
        c = catch_fish(c, name)
    for _ in range(4):
        c = next_day(c)
    return haul(c, 0, [])


def line(sheet, item_id):
    return next(x for x in sheet.lines if x.id == item_id)


def test_items_over_the_budget_left_cant_be_ticked_a_p26() -> None:
    c = hauled("Sunfish", "Swordfish", "Hammerhead Shark")  # 4 + 5 + 5 = 14 to spend
    sheet = unlock_sheet(c, ticked=())
    assert (sheet.budget, sheet.left) == (14, 14)
    assert line(sheet, "rod:lucky-pole").can_tick  # 10
    bamboo = line(sheet, "rod:split-bamboo-pole")  # 16
    assert not bamboo.can_tick and "(Angler's Guide p.26)" in bamboo.why_not and "14 left" in bamboo.why_not
    sheet = unlock_sheet(c, ticked=["rod:lucky-pole"])
    assert (sheet.spent, sheet.left) == (10, 4)
    assert all(x.cost <= 4 for x in sheet.lines if x.can_tick and not x.ticked)
    assert line(sheet, "rod:lucky-pole").can_tick  # a ticked item can always be unticked


def test_the_budget_shown_is_the_haul_plus_the_dinks_spent_a_p24_p26() -> None:
    """A p.26 pays with the Fish brought to Port (Sunfish 4 + Swordfish 5 + Hammerhead 5 = 14), A p.24 adds the
    Dinks that reduce item costs (the pearl and the wallet: 3 more)."""
    sheet = unlock_sheet(hauled("Sunfish", "Swordfish", "Hammerhead Shark"), ticked=(), dinks=["pearl", "wallet"])
    assert (sheet.hauled, sheet.dinks, sheet.budget) == (14, 3, 17)


def test_an_overspent_choice_never_shows_a_negative_budget_a_p26() -> None:
    c = hauled("Sunfish", "Swordfish", "Hammerhead Shark")
    sheet = unlock_sheet(c, ticked=["rod:lucky-pole", "rod:split-bamboo-pole"])  # 26 of 14
    assert (sheet.left, sheet.over) == (0, 12)
    assert sheet.summary == "12 over the budget of 14: untick something"
    assert "-" not in sheet.summary
    with pytest.raises(RuleViolation) as refused:
        unlock(c, ["rod:lucky-pole", "rod:split-bamboo-pole"])
    assert refused.value.rule == "A p.26"


def test_items_unlocked_in_an_earlier_week_cant_be_ticked_again_a_p26() -> None:
    c = unlock(hauled("Sunfish", "Swordfish", "Hammerhead Shark"), ["rod:lucky-pole"])
    c = start_week(c)
    for _ in range(4):
        c = next_day(c)
    c = haul(c, 0, [])
    owned = line(unlock_sheet(c, ticked=()), "rod:lucky-pole")
    assert owned.unlocked and not owned.can_tick and "already unlocked" in owned.why_not
