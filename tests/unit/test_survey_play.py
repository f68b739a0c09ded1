"""The moves of an Ocean Survey campaign (docs/rules.md §8, A pp.23–27)."""

from __future__ import annotations

import re

import pytest

from companion.rules.errors import RuleViolation
from companion.survey import (
    CAN_OF_WORMS,
    Campaign,
    check_jettison,
    fish_state,
    haul_value,
    held_value,
    is_complete,
    new_campaign,
    proposed_jettison,
    single_use_items,
    unlock_budget,
)
from companion.survey.play import (
    catch_fish,
    discard_held,
    haul,
    next_day,
    reopen_haul,
    set_item_used,
    start_week,
    undo_catch,
    unlock,
)
from companion.survey.sea import setup_note, solo_sea


def week_on_friday(campaign: Campaign) -> Campaign:
    for _ in range(4):
        campaign = next_day(campaign)
    return campaign


def fishing(*names: str) -> Campaign:
    c = start_week(new_campaign("Test survey"))
    for name in names:
        c = catch_fish(c, name)
    return c


def refused(move, campaign: Campaign, *args, rule: str | None = None, **kwargs) -> RuleViolation:
    before = campaign.model_dump()
    with pytest.raises(RuleViolation) as info:
        move(campaign, *args, **kwargs)
    assert campaign.model_dump() == before, "a refused move must leave the campaign unchanged"
    if rule:
        assert info.value.rule == rule
    return info.value


def test_first_catch_writes_the_slot_with_week_and_day_a_p24() -> None:
    """A p.24: the first time a Fish is caught, record it on the sheet; its box stays empty."""
    c = next_day(fishing())
    c = catch_fish(c, "sheepshead")
    entry = c.sheet["sheepshead"]
    assert (entry.first_week, entry.first_day, entry.hauled_week) == (1, 2, None)
    assert c.current_week.held[0].wrote_slot


def test_later_catch_does_not_rewrite_the_slot_but_is_held_rules_8() -> None:
    """docs/rules.md §8 / issue 6: a Fish caught again in a later week keeps its slot and is held this week."""
    c = week_on_friday(fishing("Sheepshead"))
    c = unlock(haul(c, 0, []), [])
    c = next_day(start_week(c))
    c = catch_fish(c, "Sheepshead")
    assert c.sheet["sheepshead"].first_week == 1
    assert c.current_week.held_ids == ["sheepshead"]
    assert not c.current_week.held[0].wrote_slot


def test_removed_fish_is_refused_naming_the_rule_a_p23() -> None:
    """A p.23: the solo setup puts Man O' War (and seven others) back in the box."""
    c = fishing()
    error = refused(catch_fish, c, "Man O' War", rule="A p.23")
    assert "Man O' War" in str(error) and "Angler's Guide p.23" in str(error)
    refused(catch_fish, c, "Blue Whale", rule="A p.23")  # the rulebook's name for the Humpback Whale


def test_same_card_twice_in_one_week_is_refused_rules_1() -> None:
    """docs/rules.md §1: the Sea holds one card of each Fish, so it can't be in the hold twice."""
    refused(catch_fish, fishing("Sunfish"), "sunfish", rule="docs/rules.md §1")


def test_unknown_name_is_refused() -> None:
    assert "Nessie" in str(refused(catch_fish, fishing(), "Nessie"))


def test_catching_needs_an_open_week_rules_8() -> None:
    refused(catch_fish, new_campaign("No week"), "Sunfish", rule="docs/rules.md §8")


def test_undo_catch_empties_the_slot_it_wrote_but_discard_keeps_it() -> None:
    c = fishing("Sunfish", "Flounder")
    c = undo_catch(c, "sunfish")
    assert "sunfish" not in c.sheet and c.current_week.held_ids == ["flounder"]
    c = discard_held(c, "flounder")
    assert "flounder" in c.sheet and c.current_week.held_ids == []
    # Caught again after a discard: the slot was already written, so this catch doesn't write it.
    c = catch_fish(c, "Flounder")
    assert not c.current_week.held[0].wrote_slot


def test_a_week_has_five_days_rules_8() -> None:
    """docs/rules.md §8: 5 Days, starting Monday."""
    c = week_on_friday(fishing())
    assert c.current_week.day == 5
    refused(next_day, c, rule="docs/rules.md §8")


def test_week_end_only_after_friday_rules_8() -> None:
    refused(haul, fishing("Sunfish"), 0, [], rule="docs/rules.md §8")


def test_jettison_short_of_the_regret_value_is_refused_a_p26() -> None:
    """A p.26: discard Fish totalling at least the Regret value."""
    c = week_on_friday(fishing("Sunfish", "Flounder", "Swordfish"))  # 4, 2, 5
    error = refused(haul, c, 6, ["sunfish"], rule="A p.26")
    assert "4" in error.message and "6" in error.message


def test_the_jettison_shown_counts_printed_values_against_the_regret_value_a_p26() -> None:
    """A p.26 / docs/rules.md §8 step 2: Sunfish 4 + Flounder 2 = 6 meets a Regret value of 6, Sunfish alone (4)
    doesn't; throwing every held Fish overboard is always enough; the check is the one haul applies."""
    c = week_on_friday(fishing("Sunfish", "Flounder", "Swordfish"))  # 4, 2, 5
    assert held_value(c) == 11
    assert (check_jettison(c, 6, ["sunfish"]).total, check_jettison(c, 6, ["sunfish"]).enough) == (4, False)
    assert (check_jettison(c, 6, ["sunfish", "flounder"]).total, check_jettison(c, 6, ["flounder", "sunfish"]).enough) \
        == (6, True)
    assert check_jettison(c, 20, ["sunfish", "flounder", "swordfish"]).enough
    assert check_jettison(c, 1, ["barracuda"]).total == 0  # not held: counts for nothing
    assert haul(c, 6, ["sunfish", "flounder"]).current_week.hauled == ["swordfish"]


def test_the_proposed_jettison_names_held_fish_in_catch_order_rules_8() -> None:
    """docs/rules.md §8: for a Regret value of 5 the least value reaching it is Swordfish (5), not Sunfish 4 +
    Flounder 2 (6); 0 throws nothing; more than everything held throws everything."""
    c = week_on_friday(fishing("Sunfish", "Flounder", "Swordfish"))
    assert proposed_jettison(c, 5) == ["swordfish"]
    assert proposed_jettison(c, 0) == []
    assert proposed_jettison(c, 12) == ["sunfish", "flounder", "swordfish"]


def test_a_fish_stands_on_the_sheet_as_new_catalogued_hauled_or_out_of_play_a_p23_p24() -> None:
    """A p.24: written when first caught, ticked once brought to Port; A p.23: Man O' War is out of play in solo."""
    sea = solo_sea()
    c = week_on_friday(fishing("Sunfish", "Flounder"))
    assert [fish_state(c, sea.by_id[f]) for f in ("sunfish", "swordfish", "man-o-war")] == \
        ["catalogued", "empty", "out_of_play"]
    assert fish_state(haul(c, 2, ["flounder"]), sea.by_id["sunfish"]) == "hauled"


def test_haul_ticks_every_fish_still_held_a_p26() -> None:
    c = week_on_friday(fishing("Sunfish", "Flounder", "Swordfish"))
    c = haul(c, 5, ["sunfish", "flounder"])
    assert c.sheet["swordfish"].hauled_week == 1
    assert c.sheet["sunfish"].hauled_week is None
    assert c.current_week.hauled == ["swordfish"] and c.current_week.stage == "shop"
    assert haul_value(c) == 5
    refused(catch_fish, c, "Barracuda")  # fishing is over


def test_jettison_everything_when_short_is_allowed_a_p26() -> None:
    c = week_on_friday(fishing("Flounder"))
    c = haul(c, 10, ["flounder"])
    assert c.current_week.hauled == []


def test_unlock_within_budget_once_each_a_p26() -> None:
    """A p.26: spend the hauled value at the sheet's prices; unlocks last for every later game."""
    c = haul(week_on_friday(fishing("Sunfish", "Swordfish", "Hammerhead Shark")), 0, [])  # 4 + 5 + 5 = 14
    assert unlock_budget(c) == 14
    refused(unlock, c, ["rod:split-bamboo-pole"], rule="A p.26")  # 16 > 14
    refused(unlock, c, ["rod:lucky-pole", "rod:lucky-pole"], rule="A p.26")
    refused(unlock, c, ["rod:rod-of-the-dead"], rule="A p.26")  # not on the sheet
    c = unlock(c, ["rod:lucky-pole"])
    assert c.unlocked == ["rod:lucky-pole"]
    assert (c.weeks[0].spent, c.weeks[0].lost, c.weeks[0].stage) == (10, 4, "done")
    c = haul(week_on_friday(start_week(c)), 0, [])
    refused(unlock, c, ["rod:lucky-pole"], rule="A p.26")


def test_dinks_that_discount_items_add_to_the_budget_a_p24() -> None:
    """A p.24: Dinks that reduce the cost of items can be used towards unlocks."""
    c = haul(week_on_friday(fishing("Sunfish", "Swordfish", "Hammerhead Shark")), 0, [])
    assert unlock_budget(c, ["pearl", "wallet"]) == 17
    c2 = unlock(c, ["rod:split-bamboo-pole"], dinks=["pearl", "wallet"])
    assert c2.weeks[0].lost == 1
    refused(unlock, c, [], dinks=["sea-glass"], rule="A p.24")


def test_single_use_items_once_per_week_a_p24() -> None:
    """A p.24: the Can of Worms and unlocked Supplies are used once per game."""
    c = fishing()
    assert single_use_items(c) == [CAN_OF_WORMS]
    c = set_item_used(c, CAN_OF_WORMS)
    refused(set_item_used, c, CAN_OF_WORMS, rule="A p.24")
    refused(set_item_used, c, "supply:black-tea", rule="A p.24")  # not unlocked
    assert set_item_used(c, CAN_OF_WORMS, used=False).current_week.used_items == []


def test_new_week_only_after_the_last_one_closes_rules_8() -> None:
    refused(start_week, fishing(), rule="docs/rules.md §8")


def test_campaign_ends_when_every_fish_is_hauled_a_p23() -> None:
    """A p.23: the campaign ends once every Fish has been brought to Port."""
    c = start_week(new_campaign("Almost"))
    names = [f.name for f in solo_sea().in_play]
    for name in names:
        c = catch_fish(c, name)
    c = unlock(haul(week_on_friday(c), 0, []), [])
    assert is_complete(c)
    refused(start_week, c, rule="docs/rules.md §8")


def test_blank_name_is_refused() -> None:
    with pytest.raises(RuleViolation):
        new_campaign("   ")


def test_campaign_round_trips_through_json() -> None:
    """The store saves ``model_dump(mode="json")`` and loads with ``model_validate``."""
    c = unlock(haul(week_on_friday(fishing("Sunfish", "Flounder")), 2, ["flounder"]), [])
    assert Campaign.model_validate(c.model_dump(mode="json")) == c


def test_out_of_order_weeks_are_rejected_on_load() -> None:
    data = fishing().model_dump(mode="json")
    data["weeks"][0]["number"] = 2
    with pytest.raises(ValueError):
        Campaign.model_validate(data)


def test_unknown_or_removed_fish_in_saved_data_is_rejected_on_load_a_p23() -> None:
    data = fishing().model_dump(mode="json")
    data["sheet"]["man-o-war"] = {"first_week": 1, "first_day": 1}
    with pytest.raises(ValueError, match="solo Sea"):
        Campaign.model_validate(data)


def test_reopen_haul_unticks_only_this_weeks_ticks() -> None:
    c = unlock(haul(week_on_friday(fishing("Sunfish")), 0, []), [])
    c = week_on_friday(catch_fish(catch_fish(start_week(c), "Sunfish"), "Flounder"))
    hauled = haul(c, 0, [])
    back = reopen_haul(hauled)
    assert back.sheet["sunfish"].hauled_week == 1  # ticked in week 1, stays ticked
    assert back.sheet["flounder"].hauled_week is None
    assert back.current_week.stage == "fishing" and back.current_week.held_ids == ["sunfish", "flounder"]
    refused(reopen_haul, back)


def test_expansion_fish_stay_in_the_box_a_p23() -> None:
    """A p.23: "any Fish from expansions" go back in the box; catching one is refused, naming its expansion."""
    campaign = start_week(new_campaign("Tentacles"))
    with pytest.raises(RuleViolation) as e:
        catch_fish(campaign, "Nautilus")
    assert e.value.rule == "A p.23" and "Lamentable Tentacles" in str(e.value)
    assert all(f.set == "base" for f in solo_sea().fish) and len(solo_sea().fish) == 117


def test_campaign_setup_note_says_expansion_fish_are_out_a_p23() -> None:
    assert "Lamentable Tentacles" in setup_note() and setup_note().endswith("(Angler's Guide p.23)")


@pytest.mark.parametrize(("name", "why"), [("Halley\u202e", "U+202E"), ("Hal\x00ley", "U+0000"),
                                           ("Hal\u200bley", "U+200B"), ("H" * 1_000_000, "at most 60 characters")])
def test_a_campaign_or_scientist_name_nobody_may_have_is_refused(name: str, why: str) -> None:
    """Issue 45 item 9: a campaign's and a co-op scientist's names are held to the same rule as a player's."""
    from companion.survey import TeamMember
    from companion.survey.play import rename_campaign

    with pytest.raises(RuleViolation, match=re.escape(why)):
        new_campaign(name)
    with pytest.raises(RuleViolation, match=re.escape(why)):
        rename_campaign(new_campaign("Halley"), name)
    with pytest.raises(RuleViolation, match=re.escape("team[0].name: ") + ".*" + re.escape(why)):
        new_campaign("Halley", "co-op", [TeamMember.model_construct(name=name)])
