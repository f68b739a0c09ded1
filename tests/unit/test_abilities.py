"""A Fish's catch and eat abilities offered as one-tap actions (issue 12 item 4). The effects are the printed
cards' (D, docs/rules.md §10: an effect that changes a number the app tracks is applied by the app); each offer is
applied through the engine here to show it does what the card says."""

import json

import pytest

from companion.resources import data_path
from companion.rules.abilities import ability_effects, ability_offers, with_faces
from companion.rules.actions import (
    DiscardRegret,
    DrawRegret,
    Fish,
    IncrementDie,
    MoveRegrets,
    Pass,
    RefreshDie,
)
from companion.rules.common import with_player
from companion.rules.errors import RuleViolation
from companion.rules.scenario import play, start_action_phase, table


def at_sea(players=2):
    return start_action_phase(table(players), faces={0: [3, 2, 1], 1: [1, 1, 1], 2: [1, 1, 1]})


def applied(state, offer):
    return play(state, *offer.actions)


def test_ghoul_ray_catch_draws_one_regret_rules_md_10():
    s = at_sea()
    [offer] = ability_offers(s, 0, "Ghoul Ray", "catch")
    assert offer.label == "Draw a Regret card" and offer.ok
    assert applied(s, offer).players[0].regret_cards == 1


def test_an_eat_ability_refreshes_spent_dice_then_draws_a_p28():
    # Ghoul Ray, eat: "Refresh x2; draw 2 Regrets" (D). Refresh: a Spent die rolled into Fresh (A p.28 glossary).
    s = at_sea()
    s = play(s, Fish(player=0, depth=1, difficulty=3, dice=[0, 2]))  # 3 + 1 paid: two dice Spent
    s = play(s, Pass(player=1))  # P1's turn again
    [offer] = ability_offers(s, 0, "Ghoul Ray", "eat")
    assert offer.label == "Refresh 2 dice, draw 2 Regret cards" and offer.ok
    assert offer.actions[:2] == (RefreshDie(player=0, pool="spent", die=0),) * 2
    assert offer.actions[2] == DrawRegret(player=0, count=2)
    assert offer.rolled == ("player", "player")
    entered = [a.model_copy(update={"face": 3}) if isinstance(a, RefreshDie) else a for a in offer.actions]
    after = play(s, *entered)
    assert sorted(d.face for d in after.players[0].fresh) == [2, 3, 3] and after.players[0].regret_cards == 2


def test_either_or_abilities_are_two_buttons_rules_md_10():
    # Sockeye Salmon, eat: "Increment x1 OR discard 1 random Regret" (D)
    s = with_player(at_sea(), 0, regret_cards=2)
    offers = ability_offers(s, 0, "Sockeye Salmon", "eat")
    assert [o.label for o in offers] == ["Increment a die", "Discard a random Regret card"]
    assert offers[0].actions == (IncrementDie(player=0, dice=[2]),)  # the lowest Fresh die: 1 → 2 (A p.28)
    assert sorted(d.face for d in applied(s, offers[0]).players[0].fresh) == [2, 2, 3]
    assert applied(s, offers[1]).players[0].regret_cards == 1


def test_a_discard_takes_no_more_than_the_angler_holds_a_p18():
    s = with_player(at_sea(), 0, regret_cards=1)
    [offer] = ability_offers(s, 0, "Barracuda", "eat")  # "discard 2 random Regrets"
    assert DiscardRegret(player=0, count=1) in offer.actions
    assert applied(s, offer).players[0].regret_cards == 0


def test_fish_coin_gives_one_button_per_side_rules_md_10():
    # Fugu, eat: heads discard 3 Regrets; tails draw 1 Regret (D)
    s = with_player(at_sea(), 0, regret_cards=4)
    heads, tails = ability_offers(s, 0, "Fugu", "eat")
    assert (heads.coin, tails.coin) == ("heads", "tails")
    assert applied(s, heads).players[0].regret_cards == 1
    assert applied(s, tails).players[0].regret_cards == 5


def test_money_abilities_go_through_the_cap_rules_md_5():
    # Selkie, catch: heads gain $3; tails every other player gains $1 (D)
    s = with_player(with_player(at_sea(3), 0, fishbucks=9), 2, fishbucks=2)
    heads, tails = ability_offers(s, 0, "Selkie", "catch")
    assert applied(s, heads).players[0].fishbucks == 10  # $9 + $3, capped at $10
    after = applied(s, tails)
    assert [p.fishbucks for p in after.players] == [9, 1, 3]
    assert tails.label == "Tails: every other angler: gain $1"


def test_everyone_discards_skips_anglers_with_no_regret_a_p18():
    # Bluefin Tuna, catch: "Everyone discards 1 Regret" (D)
    s = with_player(at_sea(3), 1, regret_cards=2)
    [offer] = ability_offers(s, 0, "Bluefin Tuna", "catch")
    assert offer.actions == (DiscardRegret(player=1, count=1),)


def test_sea_monkey_moves_regrets_between_anglers_rules_md_10():
    s = with_player(with_player(at_sea(3), 0, regret_cards=1), 1, regret_cards=2)
    heads, tails = ability_offers(s, 0, "Sea Monkey", "catch")
    assert heads.actions == (MoveRegrets(player=0, to=1, count=1),)  # one card only: one angler gets it (A p.27)
    assert [p.regret_cards for p in applied(s, tails).players] == [2, 1, 0]  # P3 holds none to give


def test_amulet_brings_the_omen_die_a_p27():
    s = at_sea()
    [offer] = ability_offers(s, 0, "Amulet of Agarta", "catch")  # the rulebook's spelling, an alias
    after = applied(s, offer)
    assert after.omen_holder == 0 and after.players[0].regret_cards == 3


def test_an_offer_the_engine_refuses_says_why_a_p11():
    # Rotfish, catch: draw 1 Regret; flip your Can of Worms — P2 flips theirs, but it is P1's turn (A p.11)
    s = at_sea()
    [offer] = ability_offers(s, 1, "Rotfish", "catch")
    assert not offer.ok and "turn" in offer.why


def test_fish_without_tracked_abilities_offer_nothing():
    assert ability_offers(at_sea(), 0, "Goblin Shark", "catch") == []  # discards a small Fish from hand
    assert ability_offers(at_sea(), 0, "No Such Fish", "eat") == []


def test_every_fish_in_the_ability_data_reads_back_rules_md_10():
    raw = json.loads(data_path("fish_abilities.json").read_text(encoding="utf-8"))["fish"]
    assert len(raw) > 80  # 88 cards of the 135 change a tracked number (D)
    for name, entry in raw.items():
        for when in entry:
            assert ability_effects(name, when), (name, when)


def test_the_omen_die_takes_the_face_the_table_rolled_a_p27():
    """A p.27: the Amulet's Omen Die is rolled into the Fresh pool while Max dice allows (Ada: 3 Fresh dice, Max
    dice 4). Its face is the one the table rolled, checked against the die's 1–4 (docs/rules.md §1)."""
    s = at_sea()
    [offer] = ability_offers(s, 0, "Amulet of Agarta", "catch")
    assert offer.rolled == ("omen",)
    after = play(s, *with_faces(offer, [4]))
    assert [(d.kind, d.face) for d in after.players[0].fresh][-1] == ("omen", 4)
    with pytest.raises(RuleViolation, match="face"):
        play(s, *with_faces(offer, [5]))
    with pytest.raises(ValueError):
        with_faces(offer, [])


def test_a_coin_side_that_changes_nothing_tracked_says_so_rules_10() -> None:
    """docs/rules.md §10: a Fish Coin side with no tracked effect is still a button, and says what it does."""
    s = start_action_phase(table(2))
    heads, _tails = ability_offers(s, 0, "Blanket Octopus", "catch")
    assert heads.label == "Heads: nothing the app counts" and heads.actions == ()
