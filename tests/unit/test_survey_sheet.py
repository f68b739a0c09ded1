"""The sheet layout, progress and the week's texts (docs/rules.md §8, A pp.23–26)."""

from __future__ import annotations

from companion.survey import day_reminders, new_campaign, progress, sheet_groups, week_summary
from companion.survey.play import catch_fish, haul, next_day, start_week, unlock
from companion.survey.sea import SIZES


def friday(c):
    for _ in range(4):
        c = next_day(c)
    return c


def test_one_slot_per_fish_and_eight_out_of_play_a_p23() -> None:
    """A p.23–24: the sheet has exactly one slot per Fish; the solo setup removes eight Fish."""
    groups = sheet_groups(new_campaign("Empty"))
    assert len(groups) == 9  # three Depths × three sizes
    slots = [s for g in groups for s in g.slots]
    assert len(slots) == 117
    out = sorted(s.fish.name for s in slots if s.state == "out_of_play")
    assert out == sorted([
        "Man O' War", "Tidal Trafficker", "Bathyphysa Conifera", "Deep Dealer", "Humpback Whale",
        "Abyssal Colony", "Profound Peddler", "Whale of Rocabarraigh",
    ])
    assert sum(s.state == "empty" for s in slots) == 109


def test_groups_follow_depth_then_size() -> None:
    groups = sheet_groups(new_campaign("Empty"))
    assert [(g.depth, g.size) for g in groups[:3]] == [(1, s) for s in SIZES]


def test_catalogued_then_hauled_slots_in_catch_order_a_p24() -> None:
    c = start_week(new_campaign("Order"))
    c = catch_fish(catch_fish(c, "Swordfish"), "Sunfish")  # both large, Depth I
    large = next(g for g in sheet_groups(c) if (g.depth, g.size) == (1, "large"))
    assert [s.fish.name for s in large.slots[:2]] == ["Swordfish", "Sunfish"]
    assert large.slots[0].state == "catalogued" and large.slots[2].state == "empty"
    c = haul(friday(c), 4, ["sunfish"])
    large = next(g for g in sheet_groups(c) if (g.depth, g.size) == (1, "large"))
    assert [s.state for s in large.slots[:2]] == ["hauled", "catalogued"]


def test_progress_by_depth_size_and_week_rules_8() -> None:
    c = start_week(new_campaign("Progress"))
    c = catch_fish(catch_fish(catch_fish(c, "Swordfish"), "Flounder"), "Halibut")  # 5, 2 (I), 3 (II)
    c = unlock(haul(friday(c), 2, ["flounder"]), [])
    p = progress(c)
    assert (p.hauled, p.catalogued, p.total) == (2, 3, 109)
    assert p.by_depth(1) == (1, 39 - 2) and p.by_depth(2) == (1, 39 - 3)
    assert p.by_size("small") == (0, 14 + 14 + 15 - 7)  # seven of the eight removed Fish are small
    assert [(w.week, w.catalogued, w.hauled, w.jettisoned_value, w.kept_value) for w in p.series] == [
        (1, 3, 2, 2, 8)
    ]


def test_day_one_skips_clock_in_and_kit_out_lists_unlocked_gear_a_p25() -> None:
    """A p.25: clock in (skip on the first Day), coffee up, kit out."""
    c = new_campaign("Days").model_copy(update={"unlocked": ["rod:lucky-pole"]})
    monday, tuesday = day_reminders(c, 1), day_reminders(c, 2)
    assert "skip" in monday[0] and "Tuesday" in tuesday[0]
    assert any("Lucky Pole" in line for line in monday)


def test_week_summary_counts_value_lost() -> None:
    c = start_week(new_campaign("Summary"))
    c = catch_fish(catch_fish(c, "Swordfish"), "Sunfish")
    c = unlock(haul(friday(c), 3, ["sunfish"]), [])
    s = week_summary(c, 1)
    assert s.jettisoned == ("Sunfish",) and s.hauled == ("Swordfish",)
    assert (s.regret_value, s.jettisoned_value, s.hauled_value, s.spent, s.lost) == (3, 4, 5, 0, 5)
    assert set(s.newly_catalogued) == {"Swordfish", "Sunfish"}
