"""Regrets and the other free moves abilities cause (A pp.15, 18-19; docs/rules.md §5, §6)."""

import pytest
from refusals import refused

from companion.rules.actions import (
    AdjustFishbucks,
    DiscardRegret,
    DrawDink,
    DrawRegret,
    GainDie,
    RevealRegrets,
    UseDink,
)
from companion.rules.common import with_player
from companion.rules.dice import Die
from companion.rules.errors import ChoiceNeeded
from companion.rules.scenario import end_day, play, start_action_phase, table


def test_draw_and_discard_regrets_a_p18():
    s = play(table(2), DrawRegret(player=0, count=3), DiscardRegret(player=0))
    assert s.players[0].regret_cards == 2 and s.regrets_in_piles == 18


def test_cannot_discard_more_regrets_than_held_a_p18():
    refused(play(table(2), DrawRegret(player=0)), DiscardRegret(player=0, count=2), "A p.18")


def test_empty_piles_take_a_regret_from_another_player_a_p18():
    s = with_player(table(2), 1, regret_cards=20)
    refused(s, DrawRegret(player=0), "A p.18")
    refused(s, DrawRegret(player=0, regret_from=0), "A p.18")
    s = play(s, DrawRegret(player=0, regret_from=1))
    assert [p.regret_cards for p in s.players] == [1, 19]


def test_empty_piles_ask_whom_to_take_from_naming_only_those_who_hold_enough_a_p18():
    """The engine says the move needs a choice, and which anglers it may name: not the drawer, not one without."""
    s = table(3)
    s = with_player(s, 1, regret_cards=s.regrets_in_piles)  # Bo holds every Regret card; Cy none
    with pytest.raises(ChoiceNeeded) as asked:
        play(s, DrawRegret(player=0))
    assert (asked.value.rule, asked.value.field, asked.value.options) == ("A p.18", "regret_from", (1,))


def test_a_log_written_before_the_field_had_its_one_name_still_reads():
    """Games stored before ``DrawRegret`` said ``regret_from`` like every other move said ``from_player``."""
    assert DrawRegret.model_validate({"player": 0, "from_player": 1}).regret_from == 1


def test_regret_value_revealed_at_the_end_at_most_three_a_card_a_p19():
    s = play(table(1), DrawRegret(player=0, count=2))
    refused(s, RevealRegrets(player=0, value=3), "A p.22")
    while not s.finished:
        s = end_day(start_action_phase(s))
    refused(s, RevealRegrets(player=0, value=7), "A p.19")
    assert play(s, RevealRegrets(player=0, value=6)).players[0].regret_value == 6


def test_there_is_one_omen_die_a_p15():
    s = play(table(2), GainDie(player=0, kind="omen", face=4))
    assert s.omen_holder == 0
    refused(s, GainDie(player=1, kind="omen"), "A p.15")


def test_player_dice_are_three_a_p6():
    refused(table(1), GainDie(player=0, kind="player"), "A p.6")


def test_dinks_drawn_and_used_a_p11():
    s = play(start_action_phase(table(1)), DrawDink(player=0, count=2), UseDink(player=0))
    assert s.players[0].dinks == 1
    refused(play(s, UseDink(player=0)), UseDink(player=0), "A p.11")


def test_fishbucks_from_abilities_capped_and_never_negative_rules_md_5():
    s = play(table(1), AdjustFishbucks(player=0, amount=12))
    assert s.players[0].fishbucks == 10
    refused(s, AdjustFishbucks(player=0, amount=-11), "docs/rules.md §5")
    assert play(s, AdjustFishbucks(player=0, amount=-10)).players[0].fishbucks == 0


def test_tackle_dice_limited_to_the_bag_rules_md_1():
    s = with_player(table(1), 0, spent=[Die(kind="orange")] * 7)
    refused(s, GainDie(player=0, kind="orange"), "docs/rules.md §1")
