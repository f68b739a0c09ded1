"""A Day and its phases: Start effects, Refresh, the Life Preserver, Declaration (A pp.6-9, docs/rules.md §3, §9)."""

from refusals import refused

from companion.rules.actions import AdvancePhase, Declare, DrawRegret, EndGame, Equip, GainItem, Pass, Refresh
from companion.rules.actions import ThrowLifePreserver as Throw
from companion.rules.common import with_player
from companion.rules.dice import Die
from companion.rules.queries import is_legal, next_day_effects, why_illegal
from companion.rules.scenario import end_day, play, start_action_phase, table


def to_day(state, day):
    """Play routine Days (everyone at Sea, passing at once) until ``day``'s Refresh phase."""
    while state.day < day:
        state = end_day(start_action_phase(state))
    return state


def test_setup_a_p6():
    """Start: $0, 3 player dice, Can of Worms and Lifeboat face up, boat at Depth I, Monday."""
    s = table(3)
    p = s.players[0]
    assert (s.day_name, p.fishbucks, p.dice_count, p.can_of_worms, p.lifeboat, p.where) == (
        "Monday", 0, 3, True, True, "Sea, Depth I")


def test_short_game_starts_on_tuesday_a_p6():
    assert table(2, short_game=True).day_name == "Tuesday"


def test_first_day_skips_declaration_a_p8():
    s = start_action_phase(table(2))
    assert s.phase == "action" and s.turn == 0


def test_later_days_have_a_declaration_phase_a_p8():
    s = to_day(table(2), 1)
    s = play(s, Refresh(player=0), Refresh(player=1))
    s = play(s, Throw(player=s.life_preserver_thrower, to=1 - s.life_preserver_thrower), AdvancePhase())
    assert s.phase == "declaration" and s.turn == s.first_player


def test_advance_waits_for_every_refresh_a_p8():
    s = play(table(2), Refresh(player=0))
    assert "P2" in refused(s, AdvancePhase(), "A p.8").message


def test_refresh_once_per_day_a_p8():
    refused(play(table(1), Refresh(player=0)), Refresh(player=0), "A p.8")


def test_refresh_faces_must_be_printed_on_the_die_rules_md_1():
    refused(table(1), Refresh(player=0, faces=[4, 1, 1]), "docs/rules.md §1")
    refused(table(1), Refresh(player=0, faces=[1, 1]), "A p.8")


def test_refresh_keeps_highest_up_to_max_dice_a_p8():
    s = with_player(table(1), 0, spent=[Die(kind="player")] * 3 + [Die(kind="orange"), Die(kind="blue")])
    s = play(s, Refresh(player=0, faces=[1, 2, 3, 3, 0]))
    assert sorted(d.face for d in s.players[0].fresh) == [1, 2, 3, 3]
    assert s.players[0].spent == [Die(kind="blue")]


def test_refresh_chosen_keep_beyond_max_is_refused_a_p8():
    s = with_player(table(1), 0, spent=[Die(kind="player")] * 5)
    refused(s, Refresh(player=0, faces=[1, 1, 1, 1, 1], keep=[0, 1, 2, 3, 4]), "A p.8")
    s = play(s, Refresh(player=0, faces=[1, 2, 3, 1, 1], keep=[0, 3]))
    assert [d.face for d in s.players[0].fresh] == [1, 1]


def test_seeded_roller_is_repeatable_a_p8():
    """Faces not entered are rolled by the game's seeded roller: the same log always gives the same faces."""
    a = play(table(1, seed=5), Refresh(player=0))
    b = play(table(1, seed=5), Refresh(player=0))
    assert a == b and all(d.face in (1, 2, 3) for d in a.players[0].fresh)


def test_life_preserver_goes_from_highest_roller_to_another_player_a_p8():
    s = play(table(3), Refresh(player=0, faces=[1, 1, 2]), Refresh(player=1, faces=[3, 3, 1]),
             Refresh(player=2, faces=[2, 2, 1]))
    assert s.life_preserver_thrower == 1
    refused(s, Throw(player=0, to=2), "A p.8")
    refused(s, Throw(player=1, to=1), "A p.8")
    s = play(s, Throw(player=1, to=2))
    assert s.life_preserver == 2
    refused(s, Throw(player=1, to=0), "A p.8")


def test_life_preserver_tie_goes_to_earliest_in_turn_order_a_p8():
    s = to_day(table(3), 1)  # Tuesday: P2 is first player
    s = play(s, Refresh(player=0, faces=[3, 3, 1]), Refresh(player=1, faces=[1, 1, 1]),
             Refresh(player=2, faces=[3, 2, 2]))
    assert s.first_player == 1 and s.life_preserver_thrower == 2


def test_advance_waits_for_the_life_preserver_a_p8():
    s = play(table(2), Refresh(player=0), Refresh(player=1))
    refused(s, AdvancePhase(), "A p.8")


def test_first_player_passes_clockwise_a_p8():
    s = to_day(table(3), 2)
    assert (s.day_name, s.first_player) == ("Wednesday", 2)


def test_day_ends_only_when_everyone_passed_a_p9():
    s = start_action_phase(table(2))
    refused(play(s, Pass(player=0)), AdvancePhase(), "A p.9")


def test_can_of_worms_face_up_on_wednesday_and_friday_a_p8():
    s = to_day(table(2), 1)
    s = with_player(s, 0, can_of_worms=False)
    s = to_day(s, 2)
    assert s.players[0].can_of_worms
    s = with_player(s, 0, can_of_worms=False)
    s = to_day(s, 3)
    assert not s.players[0].can_of_worms


def test_thursday_blue_die_a_p8():
    s = to_day(table(2), 3)
    assert all(Die(kind="blue") in p.spent for p in s.players)


def test_thursday_green_when_not_enough_blue_a_p8():
    s = to_day(table(2), 2)
    s = with_player(s, 0, spent=s.players[0].spent + [Die(kind="blue")] * 8)
    s = to_day(s, 3)
    assert Die(kind="green") in s.players[1].spent and Die(kind="blue") not in s.players[1].spent


def test_saturday_orange_die_a_p8():
    s = to_day(table(2), 5)
    assert all(Die(kind="orange") in p.spent for p in s.players)


def test_thursday_payday_three_shops_rules_md_9():
    s = to_day(table(2, "three-shops"), 3)
    assert [p.fishbucks for p in s.players] == [3, 3]
    assert not any(d.is_tackle for p in s.players for d in p.spent)


def test_payday_4_variant_and_cap_rules_md_9():
    s = to_day(table(2, "three-shops", ("payday-4",)), 2)
    s = with_player(s, 0, fishbucks=8)
    s = to_day(s, 3)
    assert [p.fishbucks for p in s.players] == [10, 4]


def test_saturday_three_shops_orange_then_green_then_blue_rules_md_9():
    s = to_day(table(2, "three-shops"), 4)
    s = with_player(s, 0, spent=s.players[0].spent + [Die(kind="orange")] * 6 + [Die(kind="green")] * 7)
    s = to_day(s, 5)
    assert Die(kind="blue") in s.players[1].spent


def test_boats_move_up_each_morning_three_shops_rules_md_9():
    s = with_player(table(2, "three-shops"), 0, depth=3)
    s = to_day(s, 1)
    assert s.players[0].depth == 2


def test_boats_stay_down_until_port_a_p10():
    s = with_player(table(2), 0, depth=3)
    s = to_day(s, 1)
    assert s.players[0].depth == 3


def test_declare_in_turn_order_a_p8():
    s = to_day(table(3), 1)
    s = play(s, Refresh(player=0), Refresh(player=1), Refresh(player=2))
    s = play(s, Throw(player=s.life_preserver_thrower, to=(s.life_preserver_thrower + 1) % 3), AdvancePhase())
    refused(s, Declare(player=0, location="sea"), "A p.8")
    s = play(s, Declare(player=1, location="sea"))
    assert s.turn == 2


def test_making_port_refreshes_flips_worms_and_may_discard_a_regret_a_p17():
    s = to_day(table(2), 1)
    s = with_player(s, 1, can_of_worms=False, depth=2, regret_cards=2)
    s = play(s, Refresh(player=0, faces=[3, 3, 3]), Refresh(player=1, faces=[1, 1, 1]))
    s = play(s, Throw(player=0, to=1), AdvancePhase())
    s = play(s, Declare(player=1, location="port", faces=[3, 2, 2], discard_regret=True))
    p = s.players[1]
    assert (p.location, p.depth, p.can_of_worms, p.regret_cards) == ("port", 1, True, 1)
    assert sorted(d.face for d in p.fresh) == [2, 2, 3]


def test_declaring_sea_neither_refreshes_nor_discards_a_p17():
    s = to_day(table(2), 1)
    s = play(s, Refresh(player=0), Refresh(player=1))
    s = play(s, Throw(player=s.life_preserver_thrower, to=1 - s.life_preserver_thrower), AdvancePhase())
    refused(s, Declare(player=1, location="sea", discard_regret=True), "A p.17")


def test_port_then_sea_variant_rules_md_9():
    s = to_day(table(2, variants=("port-then-sea",)), 1)
    s = end_day(start_action_phase(s, ports=(1,)))
    s = play(s, Refresh(player=0), Refresh(player=1))
    s = play(s, Throw(player=s.life_preserver_thrower, to=1 - s.life_preserver_thrower), AdvancePhase())
    s = play(s, Declare(player=0, location="sea"))
    refused(s, Declare(player=1, location="port"), "C")
    s = play(s, Declare(player=1, location="sea"))
    assert s.players[1].where == "Sea, Depth I"


def test_angler_guide_allows_port_twice_a_p8():
    s = to_day(table(2), 1)
    s = end_day(start_action_phase(s, ports=(1,)))
    s = start_action_phase(s, ports=(1,))
    assert s.players[1].location == "port"


def test_equip_only_owned_rod_and_reel_in_declaration_a_p8():
    s = to_day(play(table(2), GainItem(player=0, item="Bamboo Rod")), 1)
    refused(s, Equip(player=0, rod="Bamboo Rod"), "A p.8")
    s = play(s, Refresh(player=0), Refresh(player=1))
    s = play(s, Throw(player=s.life_preserver_thrower, to=1 - s.life_preserver_thrower), AdvancePhase())
    refused(s, Equip(player=0, reel="Golden Reel"), "A p.8")
    s = play(s, Equip(player=0, rod="Bamboo Rod"))
    assert s.players[0].rod == "Bamboo Rod"


def test_game_ends_on_final_day_once_all_passed_a_p22():
    s = to_day(table(2), 5)
    s = start_action_phase(s)
    refused(s, EndGame(), "A p.22")
    s = end_day(s)
    assert s.finished
    refused(s, DrawRegret(player=0), "A p.22")


def test_seven_days_variant_rules_md_9():
    s = to_day(table(1, variants=("seven-days",)), 5)
    s = end_day(start_action_phase(s))
    assert s.day_name == "Sunday" and not s.finished


def test_next_day_effects_checklist_a_p8():
    s = to_day(table(2), 2)
    effects = next_day_effects(s)
    assert "Everyone takes a blue tackle die" in effects
    assert "Pass the first player marker to P2" in effects
    assert "Everyone flips their Can of Worms face up" not in effects
    s3 = to_day(table(2, "three-shops"), 2)
    assert "Payday: everyone gets $3" in next_day_effects(s3)
    assert next_day_effects(to_day(table(1), 5)) == []


def test_each_player_declares_once_a_p8():
    s = to_day(table(2), 1)
    s = play(s, Refresh(player=0), Refresh(player=1))
    s = play(s, Throw(player=s.life_preserver_thrower, to=1 - s.life_preserver_thrower), AdvancePhase())
    s = play(s, Declare(player=1, location="sea"), Declare(player=0, location="sea"))
    refused(s, Declare(player=1, location="port"), "A p.8")


def test_game_ends_at_once_when_every_shoal_is_empty_rules_md_3():
    s = start_action_phase(table(2))
    refused(s, EndGame(), "A p.22")
    s = play(s.model_copy(update={"shoals_emptied": 9}), EndGame())
    assert s.finished


def test_why_illegal_names_the_rule_and_changes_nothing_a_p8():
    s = table(2)
    assert why_illegal(s, AdvancePhase()) == "Still to refresh: P1, P2 (Angler's Guide p.8)"
    assert is_legal(s, Refresh(player=0)) and not s.players[0].refreshed


def test_life_preserver_goes_to_the_highest_fresh_pool_total_rules_md_9():
    """Dice sent to Spent don't count; Fresh dice kept unrolled do (docs/rules.md §9, Life Preserver thrower)."""
    s = with_player(table(2), 0, spent=[Die(kind="player")] * 3 + [Die(kind="orange")] * 2)
    s = play(s, Refresh(player=0, faces=[1, 1, 1, 3, 3], keep=[0, 1, 2]), Refresh(player=1, faces=[3, 3, 2]))
    assert (s.players[0].fresh_total, s.players[1].fresh_total, s.life_preserver_thrower) == (3, 8, 1)
    kept = with_player(table(2), 0, fresh=[Die(kind="player", face=3)], spent=[Die(kind="player")] * 2)
    kept = play(kept, Refresh(player=0, reroll=[], faces=[1, 1]), Refresh(player=1, faces=[1, 1, 2]))
    assert (kept.players[0].fresh_total, kept.life_preserver_thrower) == (5, 0)


def test_payday_4_does_not_fit_the_anglers_guide_rules_md_9():
    """The Angler's Guide's Thursday gives a blue die and no payday (A p.8): "Payday $4" is refused there and
    hidden from its variant list, naming the rule."""
    import pytest

    from companion.rules.ruleset import build_ruleset, variants_for

    with pytest.raises(ValueError, match=r"A p\.8"):
        build_ruleset("anglers-guide", ("payday-4",))
    assert "payday-4" not in [v.id for v in variants_for("anglers-guide")]
    assert "payday-4" in [v.id for v in variants_for("three-shops")]
    assert build_ruleset("three-shops", ("payday-4",)).thursday_payday == 4


def test_every_variant_fits_the_presets_with_its_rule_rules_md_9():
    """A variant fits every preset that has the rule it changes: only "Payday $4" needs a Thursday payday, which the
    Angler's Guide doesn't have (A p.8)."""
    from companion.rules.ruleset import build_ruleset, list_presets, list_variants

    for preset in list_presets():
        has_payday = build_ruleset(preset.id).thursday_payday is not None
        for v in list_variants():
            assert v.fits(preset.id) == (has_payday or "thursday_payday" not in v.overrides), (preset.id, v.id)
