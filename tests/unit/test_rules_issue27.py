"""The ten rules of issue 27, each as the rulebook (A) or docs/rules.md has it."""

from __future__ import annotations

import pytest

from companion.rules.actions import (
    AbandonShip,
    Buy,
    ClaimReward,
    DiscardFish,
    DrawDink,
    EatFish,
    EmptyShoal,
    Fish,
    GiveUp,
    Pass,
)
from companion.rules.catalog import load_catalog
from companion.rules.common import with_player
from companion.rules.constants import DINKS_IN_BOX, SOLO_DINKS
from companion.rules.days import start_day
from companion.rules.queries import available, catch_difficulty, sea
from companion.rules.scenario import play, start_action_phase, table
from companion.scoring.deep_regrets import DeepRegretsPlayer, score_deep_regrets
from companion.scoring.errors import TableError
from tests.unit.refusals import refused

CAT = load_catalog()


def ref(name):
    return CAT.fish_ref(name)


def at_sea(players=2, preset="anglers-guide", **changes):
    """P1 to act at Sea with Fresh dice 3, 2, 1 (indexes 0, 1, 2)."""
    s = start_action_phase(table(players, preset), faces={0: [3, 2, 1], 1: [1, 1, 1], 2: [1, 1, 1]})
    return with_player(s, 0, **changes) if changes else s


def at_port(preset="anglers-guide", **changes):
    s = start_action_phase(table(2, preset), faces={0: [1, 1, 1], 1: [3, 3, 3]})
    return with_player(s, 0, location="port", **changes)


# 1. The Lucky Pole: "Your first Fish each Day: Difficulty −2" (the printed card, D; docs/rules.md §10)

def test_lucky_pole_lowers_the_first_catch_of_each_day_rules_md_10():
    hammerhead = Fish(player=0, fish=ref("Hammerhead Shark"), depth=1, dice=[2])  # a 1 against Difficulty 3
    s = at_sea(items=["Lucky Pole"], rod="Lucky Pole")
    assert catch_difficulty(s, hammerhead).summary == "Hammerhead Shark: Difficulty 3 − 2 Lucky Pole = 1"
    caught = play(s, hammerhead)
    assert caught.players[0].hand == [ref("Hammerhead Shark")] and caught.players[0].caught_today
    later = with_player(caught, 0, fresh=s.players[0].fresh)
    assert catch_difficulty(later, Fish(player=0, fish=ref("Fugu"), depth=1)).lines[-1].label != "Lucky Pole"
    assert not start_day(with_player(later, 0, passed=True)).players[0].caught_today


# 2. Eating: "If a Fish has an eat ability, it may be used ... by discarding the Fish" (A p.11)

@pytest.mark.parametrize("name", ["Osteofish", "Box Jellyfish", "Amulet of Agartha"])
def test_a_fish_without_an_eat_ability_cant_be_eaten_nor_is_offered_a_p11(name):
    s = at_sea(hand=[ref(name)])
    assert "no eat ability" in refused(s, EatFish(player=0, fish=ref(name)), "A p.11").message
    assert not available(s, 0).can("eat_fish")
    assert available(at_sea(hand=[ref(name), ref("Flounder")]), 0).can("eat_fish")
    assert play(s, EatFish(player=0, fish=None)) if s.players[0].hand_hidden else True


def test_a_catch_ability_discards_a_fish_with_its_own_move_rules_md_10():
    s = at_sea(hand=[ref("Osteofish")])
    after = play(s, DiscardFish(player=0, fish=ref("Osteofish")))
    assert after.players[0].hand == [] and after.graveyard == ["Osteofish"]
    assert available(play(s, GiveUp(player=0, die=2)), 0).can("discard_fish")  # an effect: on anyone's turn


# 3. Buy is offered only when the cheapest purchase can be paid (A p.17, docs/rules.md §5)

def test_buy_is_not_offered_when_nothing_is_affordable_rules_md_5():
    broke = at_port("three-shops", fishbucks=0).model_copy(update={"life_preserver": None})
    assert not available(broke, 0).can("buy")
    refused(broke, Buy(player=0, shop="tackle", tier=1), "A p.17")
    assert available(broke.model_copy(update={"life_preserver": 0}), 0).can("buy")  # the Life Preserver: -$2
    assert available(with_player(broke, 0, fishbucks=1), 0).can("buy")
    assert available(with_player(broke, 0, dinks=1), 0).can("buy")  # a Dink may take $1 off
    market = at_port(fishbucks=0).model_copy(update={"life_preserver": None})
    assert not available(market, 0).can("buy")  # the Market's cheapest die is $1 (A p.16)


# 4. Sell and Mount are offered only for a Fish that can be sold or mounted (A p.27, docs/rules.md §10)

def test_sell_and_mount_are_not_offered_for_cards_that_forbid_them_a_p27():
    names = ["Whispering Skull", "Amulet of Agartha", "Iron Coffin", "Treasure Chest"]
    s = at_port(hand=[ref(n) for n in names])
    assert not {"sell", "mount"} & available(s, 0).moves
    assert {"sell", "mount"} <= available(with_player(s, 0, hand_hidden=1), 0).moves


# 5. The Dink deck: 25 cards (B, D), 24 solo (A p.23: the Odd Ring goes back in the box); docs/rules.md §1

def test_no_more_dinks_than_the_deck_rules_md_1():
    s = at_sea(preset="three-shops")
    full = with_player(with_player(s, 0, dinks=DINKS_IN_BOX - 1), 1, dinks=1)
    assert full.dinks_in_deck == 0
    given_up = play(full, GiveUp(player=0, die=2))
    assert given_up.players[0].dinks == DINKS_IN_BOX - 1 and given_up.players[0].fresh != full.players[0].fresh
    refused(full, DrawDink(player=0), "docs/rules.md §1")
    refused(full, Pass(player=0, reward="dink"), "docs/rules.md §1")
    assert "dink" not in available(full, 0).rewards and not available(full, 0).can("draw_dink")
    assert play(with_player(full, 1, dinks=0), DrawDink(player=0, count=3)).players[0].dinks == DINKS_IN_BOX
    assert table(1).dinks_in_deck == SOLO_DINKS


def test_a_dink_reward_earned_when_the_deck_is_empty_is_not_offered_rules_md_9():
    s = play(at_sea(preset="three-shops"), Pass(player=0))
    s = play(s, GiveUp(player=1, die=0))  # P1 skipped: one reward due
    full = with_player(s, 1, dinks=DINKS_IN_BOX)
    assert full.players[0].rewards_due == 1 and not available(full, 0).can("claim_reward")
    refused(full, ClaimReward(player=0, reward="dink"), "docs/rules.md §1")


# 6. Three shops: an Abandon Ship in the countdown skips the passed anglers, who earn the reward (docs/rules.md §9)

def test_abandon_ship_in_the_countdown_rewards_the_passed_anglers_rules_md_9():
    s = play(at_sea(preset="three-shops"), Pass(player=0))
    assert s.last_turns_left is not None
    after = play(s, AbandonShip(player=1, faces=[1, 1, 1]))
    assert after.players[0].rewards_due == 1
    assert after.last_turns_left == after.ruleset.abandon_ship_last_turns and after.turn == 1


# 7. "Ignore reveal abilities on previously revealed Fish" (A p.10); uncaught Fish stay revealed (A p.11)

def test_a_fugu_revealed_on_an_earlier_turn_keeps_its_printed_difficulty_a_p10():
    fugu = ref("Fugu")
    s = at_sea()
    assert catch_difficulty(s, Fish(player=0, fish=fugu, depth=1)).total == 2  # revealed this turn
    s = play(s, GiveUp(player=0, die=2, fish=fugu))
    assert s.revealed == ["Fugu"]
    later = Fish(player=1, fish=fugu, depth=1, dice=[0])
    assert catch_difficulty(s, later).total == 3
    refused(s, later, "A p.10")
    assert play(s, Fish(player=1, fish=fugu, depth=1, dice=[0, 1, 2])).revealed == []
    assert start_day(play(s, Pass(player=1), Pass(player=0))).revealed == []


# 8. Penalty by printed value, tied lowest: the angler keeps the one that scores more (docs/rules.md §9)

@pytest.mark.parametrize("players", [2, 3])
def test_a_tie_on_printed_value_goes_the_anglers_way_rules_md_9(players):
    from companion.rules.fish import FishRef
    from companion.rules.ruleset import build_ruleset

    ruleset = build_ruleset("anglers-guide", ("penalty-printed",))
    two = FishRef(value=2, type="fair")
    hi = DeepRegretsPlayer(name="Hi", regret_cards=3, regret_value=9, fishbucks=0, mounted=(two, two, two))
    others = [DeepRegretsPlayer(name=f"Lo{i}", regret_cards=0, regret_value=0, fishbucks=0)
              for i in range(players - 1)]
    score = score_deep_regrets([hi, *others], ruleset).players[0]
    assert score.penalty is not None and score.penalty.slot in (1, 3)  # x2, not the x3 slot 2
    assert score.fish_points == (2 + 1) * 3 + (2 + 1) * 2  # Fair 2 at 1-3 cards: 3; slot 2 (x3) and one x2 kept


# 9. The Regret deck holds 10 cards per player (A p.6): the table's total, not only each player's

@pytest.mark.parametrize("cards", [(11, 10), (20, 20)])
def test_the_scorer_refuses_more_regret_cards_than_the_deck_a_p6(cards):
    players = [DeepRegretsPlayer(name=f"P{i}", regret_cards=n, regret_value=0, fishbucks=0)
               for i, n in enumerate(cards)]
    with pytest.raises(TableError) as e:
        score_deep_regrets(players)
    assert e.value.field == "players" and "deck of 20" in str(e.value)
    score_deep_regrets([players[0].model_copy(update={"regret_cards": 10}), players[1].model_copy(
        update={"regret_cards": 10})])


# 10. "If all Shoals are ever depleted, the game ends immediately" (A p.27)

def test_overfishing_the_last_shoal_ends_the_game_in_the_same_move_a_p27():
    s = at_sea().model_copy(update={"shoals_emptied": 8})
    catch = Fish(player=0, fish=ref("Osteofish"), depth=1, dice=[2], overfished=True)
    after = play(s, catch)
    assert after.finished and after.shoals_left == 0 and after.turn is None
    refused(after, GiveUp(player=1, die=0), "A p.22")
    assert play(at_sea(), *[EmptyShoal()] * 9).finished and not sea(after).game_ends
