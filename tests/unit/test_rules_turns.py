"""Turns in the Action phase: passing, the last player's countdown, the passing reward (A p.9, docs/rules.md §3, §9)."""

from refusals import refused

from companion.rules.actions import AdvancePhase, ClaimReward, Fish, GiveUp, Pass, Sell
from companion.rules.common import with_player
from companion.rules.fish import FishRef
from companion.rules.scenario import play, start_action_phase, table

COD = FishRef(value=3, type="fair")  # a Fish typed in by value (no catalog name)


def day_one(players=3, preset="anglers-guide"):
    return start_action_phase(table(players, preset), faces={i: [3, 3, 3] for i in range(players)})


def test_turns_go_clockwise_and_skip_passed_players_a_p9():
    s = play(day_one(), Pass(player=0), GiveUp(player=1, die=0), GiveUp(player=2, die=0))
    assert s.turn == 1


def test_passed_player_cannot_act_a_p9():
    s = play(day_one(), Pass(player=0))
    refused(s, Pass(player=0), "A p.9")


def test_last_player_at_sea_gets_two_turns_a_p9():
    s = play(day_one(), Pass(player=0), Pass(player=1))
    assert (s.last_player, s.turns_left, s.turn) == (2, 2, 2)
    s = play(s, GiveUp(player=2, die=0))
    assert (s.turns_left, s.turn) == (1, 2)
    s = play(s, GiveUp(player=2, die=0))
    assert s.players[2].passed and s.turn is None and not s.unpassed
    assert play(s, AdvancePhase()).day_name == "Tuesday"


def test_last_player_at_port_gets_four_turns_a_p9():
    s = with_player(day_one(), 2, location="port", hand=[COD] * 4)
    s = play(s, Pass(player=0), Pass(player=1))
    assert s.turns_left == 4
    for left in (3, 2, 1):
        s = play(s, Sell(player=2, fish=[COD]))
        assert s.turns_left == left
    s = play(s, Sell(player=2, fish=[COD]))
    assert s.players[2].passed and s.turn is None


def test_three_shops_last_player_gets_two_turns_at_port_rules_md_9():
    s = with_player(day_one(preset="three-shops"), 2, location="port")
    s = play(s, Pass(player=0), Pass(player=1))
    assert s.turns_left == 2


def test_last_to_pass_variant_2_rules_md_9():
    s = start_action_phase(table(2, variants=("last-to-pass-2",)))
    s = with_player(s, 1, location="port")
    assert play(s, Pass(player=0)).turns_left == 2


def test_passing_early_ends_the_countdown_a_p9():
    s = play(day_one(), Pass(player=0), Pass(player=1), Pass(player=2))
    assert s.turns_left is None and not s.unpassed


def test_solo_has_no_last_to_pass_countdown_rules_md_3():
    s = start_action_phase(table(1), faces={0: [1, 1, 1]})
    s = play(s, GiveUp(player=0, die=0), GiveUp(player=0, die=0), GiveUp(player=0, die=0))
    assert s.turns_left is None and s.turn == 0


def test_no_passing_reward_in_the_anglers_guide_a_p9():
    refused(day_one(), Pass(player=0, reward="dink"), "A p.9")


def test_passing_reward_dink_or_regret_three_shops_rules_md_9():
    s = with_player(day_one(preset="three-shops"), 1, regret_cards=2)
    s = play(s, Pass(player=0, reward="dink"), Pass(player=1, reward="regret"))
    assert s.players[0].dinks == 1 and s.players[1].regret_cards == 1


def test_passing_reward_regret_needs_a_regret_rules_md_9():
    refused(day_one(preset="three-shops"), Pass(player=0, reward="regret"), "docs/rules.md §9")


def test_skipped_players_earn_the_passing_reward_rules_md_9():
    s = play(day_one(preset="three-shops"), Pass(player=0), GiveUp(player=1, die=0), GiveUp(player=2, die=0))
    assert s.players[0].rewards_due == 1
    s = play(s, ClaimReward(player=0, reward="dink"))
    assert (s.players[0].rewards_due, s.players[0].dinks) == (0, 1)
    refused(s, ClaimReward(player=0, reward="dink"), "docs/rules.md §9")


def test_fishing_is_an_action_that_ends_the_turn_a_p11():
    s = play(day_one(), Fish(player=0, fish=COD, depth=1, difficulty=3, dice=[0]))
    assert s.turn == 1


def test_turn_order_starts_with_the_first_player_a_p9():
    s = day_one(players=4).model_copy(update={"first_player": 2})
    assert s.turn_order() == [2, 3, 0, 1]


def countdown_day(players=3):
    """Three shops, everyone but the last player passed; the last player has 2 turns at Sea."""
    return play(day_one(players, "three-shops"), *(Pass(player=i) for i in range(players - 1)))


def test_player_forced_out_by_the_countdown_earns_no_reward_rules_md_9():
    s = play(countdown_day(), GiveUp(player=2, die=0))
    assert [p.rewards_due for p in s.players] == [1, 1, 0]  # skipped while the last player still plays
    s = play(s, GiveUp(player=2, die=0))
    assert s.players[2].passed and s.players[2].rewards_due == 0
    refused(s, ClaimReward(player=2, reward="dink"), "docs/rules.md §9")


def test_unclaimed_rewards_lapse_when_the_day_ends_rules_md_9():
    """When the last player passes nobody is skipped: the Day ends and unclaimed rewards lapse, so nothing shows up
    the next morning (docs/rules.md §9; issue 12 item 6)."""
    s = play(countdown_day(), GiveUp(player=2, die=0), ClaimReward(player=0, reward="dink"), Pass(player=2))
    assert [p.rewards_due for p in s.players] == [0, 0, 0] and s.players[0].dinks == 1
    refused(s, ClaimReward(player=1, reward="dink"), "docs/rules.md §9")
    s = play(s, AdvancePhase())
    assert [p.rewards_due for p in s.players] == [0, 0, 0]


def test_last_pass_skips_nobody_rules_md_9():
    s = play(day_one(3, "three-shops"), Pass(player=0), Pass(player=1), Pass(player=2))
    assert [p.rewards_due for p in s.players] == [0, 0, 0]


def test_eating_dinks_and_items_only_on_your_own_turn_a_p11():
    """Free moves, but on your own turn: not on another angler's turn, not during Refresh (A p.11, p.16)."""
    from companion.rules.actions import EatFish, GainItem, UseDink, UseItem

    s = with_player(with_player(table(2), 1, hand=[COD], dinks=1, items=["Bag of Maggots"]), 0, hand=[COD])
    for move in (EatFish(player=1, fish=COD), UseDink(player=1), UseItem(player=1, item="Bag of Maggots")):
        refused(s, move, "A p.9")  # the Refresh phase
    s = start_action_phase(s)
    assert s.turn == 0
    for move in (EatFish(player=1, fish=COD), UseDink(player=1), UseItem(player=1, item="Bag of Maggots")):
        refused(s, move, "A p.9")  # Ada's turn, not Bo's
    s = play(s, Pass(player=0), EatFish(player=1, fish=COD), UseDink(player=1),
             UseItem(player=1, item="Bag of Maggots"))
    p = s.players[1]
    assert (p.hand, p.dinks, p.items, s.turn) == ([], 0, [], 1)  # free: still Bo's turn
    refused(play(s, GainItem(player=0, item="Rod")), UseItem(player=0, item="Rod"), "A p.9")  # Ada has passed


def test_available_follows_the_phase_and_whose_turn_it_is_a_p8_p9():
    """What an angler may do now: Refresh moves in the Refresh phase, turn moves only on their own turn, nothing
    but table-wide effects once they have passed (A pp.8-9)."""
    from companion.rules.queries import available

    s = table(2)
    assert available(s, 0).can("refresh") and not available(s, 0).can("fish")
    s = day_one(2)
    ada, bo = available(s, 0), available(s, 1)
    assert ada.my_turn and {"fish", "give_up", "drop_sinkers", "pass", "abandon_ship"} <= ada.moves
    assert not bo.my_turn and not bo.moves & {"fish", "pass", "eat_fish", "use_dink", "refresh"}
    assert "draw_regret" in bo.moves  # an ability may make anyone draw (A p.18)
    s = play(s, Pass(player=0))
    assert not available(s, 0).moves & {"fish", "pass", "eat_fish"} and available(s, 1).my_turn


def test_available_at_port_names_open_shops_and_empty_slots_rules_md_5():
    from companion.rules.actions import Buy
    from companion.rules.queries import available

    s = with_player(day_one(2, "three-shops"), 0, location="port", hand=[COD], fishbucks=5,
                    mounted=[COD, None, None])
    can = available(s, 0)
    assert {"sell", "buy", "mount"} <= can.moves and "fish" not in can.moves
    assert can.shops == ("rods", "reels", "supplies", "tackle") and can.empty_slots == (2, 3)
    s = play(s, Buy(player=0, shop="reels", tier=1, items=["Solid Brass Reel"]), Pass(player=1))
    assert available(s, 0).shops == ("supplies", "tackle")  # Rods and Reels are one shop, once a Day


def test_rewards_are_claimed_during_the_day_they_are_earned_rules_md_9():
    from companion.rules.common import replace

    s = play(day_one(3, "three-shops"), Pass(player=0), GiveUp(player=1, die=0), GiveUp(player=2, die=0))
    assert s.players[0].rewards_due == 1
    morning = replace(s, phase="refresh")  # a reward still due can't be claimed in another phase
    refused(morning, ClaimReward(player=0, reward="dink"), "docs/rules.md §9")
