"""Sea actions: fishing, sinkers, giving up, overfishing, abandoning ship (A pp.9-11, docs/rules.md §4)."""

from refusals import refused

from companion.rules.actions import (
    AbandonShip,
    DropSinkers,
    EatFish,
    EnterFish,
    Fish,
    GiveUp,
    Pass,
    Sell,
    UseCanOfWorms,
    UseDink,
    UseItem,
)
from companion.rules.common import with_player
from companion.rules.dice import Die
from companion.rules.fish import FishRef
from companion.rules.scenario import play, start_action_phase, table

COD = FishRef(value=3, type="fair")  # a Fish typed in by value (no catalog name)


def at_sea(faces0=(3, 2, 1), players=2, **changes):
    s = start_action_phase(table(players), faces={0: list(faces0), 1: [1, 1, 1]})
    return with_player(s, 0, **changes) if changes else s


def test_catch_needs_dice_summing_to_the_difficulty_a_p10():
    s = at_sea()
    e = refused(s, Fish(player=0, fish=COD, depth=1, difficulty=5, dice=[1, 2]), "A p.10")
    assert "3" in e.message and "5" in e.message
    s = play(s, Fish(player=0, fish=COD, depth=1, difficulty=4, dice=[0, 2]))
    assert s.players[0].hand == [COD]
    assert [d.face for d in s.players[0].fresh] == [2]


def test_overpaying_loses_the_extra_a_p10():
    s = play(at_sea(), Fish(player=0, fish=COD, depth=1, difficulty=1, dice=[0]))
    assert s.players[0].spent == [Die(kind="player")]


def test_you_need_a_fresh_die_to_fish_a_p11():
    s = at_sea(fresh=[])
    refused(s, Fish(player=0, fish=COD, depth=1, difficulty=None), "A p.11")
    refused(s, GiveUp(player=0, die=0), "A p.11")


def test_fish_without_difficulty_costs_no_dice_a_p10():
    s = play(at_sea(), Fish(player=0, fish=FishRef(value=0, type="foul"), depth=1))
    assert len(s.players[0].fresh) == 3 and s.players[0].hand_count == 1


def test_exact_dice_fish_a_p10():
    s = at_sea()
    refused(s, Fish(player=0, fish=COD, depth=1, exact_dice=2, dice=[0]), "A p.10")
    s = play(s, Fish(player=0, fish=COD, depth=1, exact_dice=2, dice=[1, 2]))
    assert len(s.players[0].fresh) == 1


def test_boat_must_reach_the_fish_depth_a_p10():
    s = at_sea()
    refused(s, Fish(player=0, fish=COD, depth=2, difficulty=1, dice=[0]), "A p.10")
    s = play(s, DropSinkers(player=0, dice=[2]))
    assert s.players[0].depth == 2 and s.turn == 0  # sinkers are part of the fishing action
    s = play(s, Fish(player=0, fish=COD, depth=2, difficulty=3, dice=[0]))
    assert s.players[0].hand == [COD]


def test_sinkers_cannot_go_below_depth_three_a_p10():
    refused(at_sea(depth=3), DropSinkers(player=0, dice=[0]), "A p.10")


def test_life_preserver_lowers_difficulty_by_two_and_is_discarded_a_p11():
    s = at_sea()
    holder = s.life_preserver
    assert holder is not None and holder != 0
    s = s.model_copy(update={"life_preserver": 0})
    s = play(s, Fish(player=0, fish=COD, depth=1, difficulty=5, dice=[0], life_preserver=True))
    assert s.players[0].hand == [COD] and s.life_preserver is None


def test_life_preserver_only_for_its_holder_a_p11():
    s = at_sea().model_copy(update={"life_preserver": 1})
    refused(s, Fish(player=0, fish=COD, depth=1, difficulty=3, dice=[0], life_preserver=True), "A p.11")


def test_spent_tackle_dice_go_back_to_the_bag_a_p10():
    s = at_sea(fresh=[Die(kind="orange", face=3), Die(kind="player", face=1)])
    available = s.tackle_available("orange")
    s = play(s, Fish(player=0, fish=COD, depth=1, difficulty=4, dice=[0, 1]))
    assert s.players[0].spent[-1:] == [Die(kind="player")]
    assert Die(kind="orange") not in s.players[0].spent and s.tackle_available("orange") == available + 1


def test_uncaught_fish_spend_one_die_and_draw_a_dink_a_p11():
    s = play(at_sea(), GiveUp(player=0, die=2))
    p = s.players[0]
    assert (len(p.fresh), p.dinks, s.turn) == (2, 1, 1)


def test_overfishing_draws_a_regret_a_p11():
    s = play(at_sea(), Fish(player=0, fish=COD, depth=1, difficulty=1, dice=[2], overfished=True))
    assert s.players[0].regret_cards == 1 and s.shoals_emptied == 1


def test_fishing_is_only_at_sea_a_p10():
    s = with_player(at_sea(), 0, location="port")
    refused(s, Fish(player=0, fish=COD, depth=1, difficulty=1, dice=[0]), "A p.10")


def test_only_the_player_whose_turn_it_is_acts_a_p9():
    refused(at_sea(), Fish(player=1, fish=COD, depth=1, difficulty=1, dice=[0]), "A p.9")


def test_hidden_catch_counts_in_hand_rules_md_4():
    """A Fish caught without entering it goes into the hidden hand as a count (docs/rules.md §4)."""
    s = play(at_sea(), Fish(player=0, depth=1, difficulty=2, dice=[1]))
    assert (s.players[0].hand, s.players[0].hand_count) == ([], 1)


def test_abandon_ship_makes_port_at_once_a_p10():
    s = at_sea(can_of_worms=False, regret_cards=1)
    s = play(s, AbandonShip(player=0, faces=[3, 3, 3], discard_regret=True))
    p = s.players[0]
    assert (p.location, p.lifeboat, p.can_of_worms, p.regret_cards, s.turn) == ("port", False, True, 0, 1)


def test_abandon_ship_only_once_a_p10():
    s = at_sea(lifeboat=False)
    refused(s, AbandonShip(player=0), "A p.10")


def test_no_abandon_ship_after_passing_a_p10():
    s = play(at_sea(), Pass(player=0))
    refused(s, AbandonShip(player=0), "A p.9")


def test_abandon_ship_when_everyone_else_passed_gives_four_port_turns_a_p10():
    s = play(at_sea(), Pass(player=0))
    assert s.turns_left == 2
    s = play(s, AbandonShip(player=1))
    assert (s.turns_left, s.turn, s.players[1].location) == (4, 1, "port")


def test_can_of_worms_flips_face_down_when_used_a_p11():
    s = play(at_sea(), UseCanOfWorms(player=0))
    assert not s.players[0].can_of_worms and s.turn == 0  # not an action
    refused(s, UseCanOfWorms(player=0), "A p.11")


def test_passed_player_cannot_eat_fish_or_use_items_a_p9():
    s = with_player(at_sea(), 0, hand=[COD], dinks=1, items=["Net"])
    s = play(s, Pass(player=0))
    for action in (EatFish(player=0, fish=COD), UseDink(player=0), UseItem(player=0, item="Net")):
        refused(s, action, "A p.9")


def test_eating_a_fish_discards_it_from_hand_a_p11():
    s = play(with_player(at_sea(), 0, hand=[COD]), EatFish(player=0, fish=COD))
    assert s.players[0].hand == []
    refused(s, EatFish(player=0, fish=COD), "A p.11")


def test_port_actions_not_at_sea_a_p16():
    refused(with_player(at_sea(), 0, hand=[COD]), Sell(player=0, fish=[COD]), "A p.16")


def test_a_hidden_catch_can_be_entered_later_rules_md_4():
    s = play(at_sea(), Fish(player=0, depth=1, difficulty=2, dice=[1]))
    s = play(s, EnterFish(player=0, fish=COD))
    assert (s.players[0].hand, s.players[0].hand_hidden) == ([COD], 0)
    refused(s, EnterFish(player=0, fish=COD), "docs/rules.md §4")
