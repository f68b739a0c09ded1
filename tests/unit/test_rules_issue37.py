"""The rules of issue 37 (B1, B2, B5, B3), each as the rulebook (A) or docs/rules.md has it."""

from __future__ import annotations

import pytest

from companion.rules.actions import DrawRegret, Fish, GiveUp, Pass, Sell
from companion.rules.common import with_player
from companion.rules.days import start_day
from companion.rules.errors import ChoiceNeeded
from companion.rules.queries import catch_difficulty
from companion.rules.scenario import play, start_action_phase, table
from tests.unit.refusals import refused
from tests.unit.test_rules_card_effects import at_sea, ref


def piles_empty(s, held):
    """Both Regret piles empty: the seats in ``held`` hold that many cards, P1 (seat 0) holds the rest."""
    for seat, n in held.items():
        s = with_player(s, seat, regret_cards=n)
    return with_player(s, 0, regret_cards=s.regrets_in_piles)


# B1. "Any uncaught Fish remain revealed until the end of the Day, when they are discarded" (A p.11, docs/rules.md §3)

def test_a_fish_given_up_by_name_is_discarded_at_the_days_end_and_cant_be_caught_again_a_p11():
    s = play(at_sea(), GiveUp(player=0, die=2, fish=ref("Sunfish")), Pass(player=1), Pass(player=0))
    s = start_day(s)
    assert s.revealed == [] and "Sunfish" in s.graveyard
    s = start_action_phase(s, faces={0: [3, 2, 1], 1: [3, 3, 3]})
    e = refused(s, Fish(player=s.turn, fish=ref("Sunfish"), depth=1, dice=[0]), "docs/rules.md §10")
    assert "Graveyard" in e.message


def test_a_fish_in_the_graveyard_cant_be_given_up_again_docs_rules_md_10():
    s = start_day(play(at_sea(), GiveUp(player=0, die=2, fish=ref("Sunfish")), Pass(player=1), Pass(player=0)))
    s = start_action_phase(s, faces={0: [3, 2, 1], 1: [3, 3, 3]})
    refused(s, GiveUp(player=s.turn, die=0, fish=ref("Sunfish")), "docs/rules.md §10")


# B2. Rod of the Dead: "Do not trigger any reveal abilities on Fish you reveal" (A p.27)

def test_rod_of_the_dead_skips_the_fugus_reveal_difficulty_a_p27():
    s = at_sea(items=["Rod of the Dead"], rod="Rod of the Dead")
    assert catch_difficulty(s, Fish(player=0, fish=ref("Fugu"), depth=1)).total == 3  # printed, not the reveal's 2
    refused(s, Fish(player=0, fish=ref("Fugu"), depth=1, dice=[1]), "A p.10")  # a 2 no longer reaches it
    assert play(s, Fish(player=0, fish=ref("Fugu"), depth=1, dice=[0])).players[0].hand == [ref("Fugu")]


def test_without_rod_of_the_dead_the_fugu_reveal_still_applies_a_p10():
    assert catch_difficulty(at_sea(), Fish(player=0, fish=ref("Fugu"), depth=1)).total == 2


# B5. Both piles empty: "choose another player and take a random Regret from them", each card its own draw (A p.18)

def test_a_draw_of_two_takes_each_card_from_the_angler_chosen_for_it_a_p18():
    s = piles_empty(table(3), {1: 1, 2: 1})
    with pytest.raises(ChoiceNeeded) as asked:
        play(s, DrawRegret(player=0, count=2))
    assert (asked.value.field, asked.value.options) == ("regret_from", (1, 2))
    with pytest.raises(ChoiceNeeded) as second:  # P2's only card taken: the second comes from P3
        play(s, DrawRegret(player=0, count=2, regret_from=[1]))
    assert second.value.options == (2,) and "2" in second.value.message
    after = play(s, DrawRegret(player=0, count=2, regret_from=[1, 2]))
    assert [p.regret_cards for p in after.players] == [30, 0, 0]


def test_a_sale_of_two_foul_fish_with_both_piles_empty_takes_from_two_anglers_a_p17_a_p18():
    s = start_action_phase(table(3, "three-shops"), faces={0: [1, 1, 1], 1: [3, 3, 3], 2: [1, 1, 1]})
    fouls = [ref("Scrat"), ref("Cax")]
    s = piles_empty(with_player(s, 0, location="port", hand=fouls), {1: 1, 2: 1})
    with pytest.raises(ChoiceNeeded):
        play(s, Sell(player=0, fish=fouls))
    after = play(s, Sell(player=0, fish=fouls, regret_from=[2, 1]))
    assert [p.regret_cards for p in after.players] == [30, 0, 0] and after.players[0].hand == []


def test_a_log_naming_one_angler_for_every_card_still_takes_them_all_from_that_angler_a_p18():
    """Logs written before issue 37 name one seat for the whole draw: they replay as they were played."""
    s = piles_empty(table(3), {1: 2})
    after = play(s, DrawRegret.model_validate({"player": 0, "count": 2, "regret_from": 1}))
    assert [p.regret_cards for p in after.players] == [30, 0, 0]


def test_a_card_named_from_an_angler_with_none_left_is_refused_a_p18():
    s = piles_empty(table(3), {1: 1, 2: 1})
    e = refused(s, DrawRegret(player=0, count=2, regret_from=[1, 1]), "A p.18")
    assert "P2" in e.message


# B3. Taking a Regret from yourself is refused, in words that say so (A p.18: "choose another player")

def test_taking_a_regret_from_yourself_says_so_a_p18():
    s = piles_empty(table(2), {1: 2})
    e = refused(s, DrawRegret(player=1, regret_from=1), "A p.18")
    assert "from themselves" in e.message and "no Regret" not in e.message
    e = refused(s, DrawRegret(player=1, regret_from=[1]), "A p.18")
    assert "from themselves" in e.message
