"""The Madness tracker and Max dice (docs/rules.md §2, A pp.19-21)."""

import pytest

from companion.rules import madness_tier
from companion.rules.actions import AbandonShip, DiscardRegret, DrawRegret, GainDie, Refresh
from companion.rules.common import with_player
from companion.rules.dice import Die, die
from companion.rules.errors import RuleViolation
from companion.rules.scenario import play, start_action_phase, table


@pytest.mark.parametrize(("cards", "fair", "foul", "max_dice", "discount"), [
    (0, 2, -2, 4, 0), (1, 1, -1, 5, 0), (3, 1, -1, 5, 0), (4, 1, 0, 5, 0), (6, 1, 0, 5, 0), (7, 0, 1, 6, 0),
    (9, 0, 1, 6, 0), (10, -1, 1, 7, 0), (12, -1, 1, 7, 0), (13, -2, 2, 8, 1), (40, -2, 2, 8, 1),
])
def test_madness_table_rules_md_2(cards, fair, foul, max_dice, discount):
    """Each row of the Madness table in docs/rules.md §2."""
    tier = madness_tier(cards)
    assert (tier.fair, tier.foul, tier.max_dice, tier.port_discount) == (fair, foul, max_dice, discount)


def test_six_regret_cards_is_the_4_to_6_tier_a_p21():
    """A p.21 example: 6 Regret cards → tier 4-6, +1 Fair, Foul unchanged, 5 Max dice."""
    tier = madness_tier(6)
    assert (tier.label, tier.fair, tier.foul, tier.max_dice) == ("4–6", 1, 0, 5)


def test_negative_regret_count_is_an_error_rules_md_2():
    with pytest.raises(ValueError):
        madness_tier(-1)


def test_modified_value_never_below_zero_a_p22():
    """A p.22 example: a Fair 2 at −2 Fair scores 0, not −2."""
    assert madness_tier(13).fish_value(2, foul=False) == 0
    assert madness_tier(0).fish_value(1, foul=True) == 0


def test_state_madness_follows_the_card_count_a_p21():
    """Madness is tracked in real time from the number of Regret cards (A p.21)."""
    s = play(table(1), DrawRegret(player=0, count=7))
    assert s.madness(0).label == "7–9"
    s = play(s, DiscardRegret(player=0, count=4))
    assert s.madness(0).label == "1–3"


def test_flipped_lifeboat_is_not_a_regret_card_a_p19():
    s = start_action_phase(table(2), faces={0: [3, 3, 3], 1: [1, 1, 1]})
    s = play(s, AbandonShip(player=0))
    assert s.players[0].lifeboat_flipped
    assert s.players[0].regret_cards == 0 and s.madness(0).label == "0"


def test_fresh_dice_stay_when_madness_drops_a_p20():
    """If Madness drops below the Fresh dice held, none are removed (A p.20)."""
    s = table(1)
    s = with_player(s, 0, regret_cards=1, fresh=[Die(kind="player", face=1)] * 5, spent=[])
    s = play(s, DiscardRegret(player=0))
    assert s.max_dice(0) == 4 and len(s.players[0].fresh) == 5


def test_refresh_with_more_fresh_dice_than_max_must_roll_them_all_a_p20():
    s = with_player(table(1), 0, fresh=[Die(kind="player", face=1)] * 5, spent=[])
    with pytest.raises(RuleViolation) as e:
        play(s, Refresh(player=0, reroll=[], faces=[]))
    assert e.value.rule == "A p.20"
    s = play(s, Refresh(player=0, faces=[3, 3, 2, 1, 1]))
    assert [d.face for d in s.players[0].fresh] == [3, 3, 2, 1]
    assert len(s.players[0].spent) == 1


def test_over_max_dice_no_fresh_die_may_stay_unrolled_a_p20():
    """More dice in all than Max dice: roll them all, even the Fresh ones, then choose (A p.20)."""
    s = with_player(table(1), 0, fresh=[die("player", 3)] * 3, spent=[die("player"), die("blue")])
    with pytest.raises(RuleViolation) as e:
        play(s, Refresh(player=0, reroll=[0], faces=[1, 1, 1]))
    assert e.value.rule == "A p.20"
    s = play(s, Refresh(player=0, faces=[1, 0, 3, 2, 2]))
    assert sorted(d.face for d in s.players[0].fresh) == [1, 2, 2, 3]


def test_acquired_dice_beyond_max_go_to_spent_a_p20():
    s = with_player(table(1), 0, fresh=[Die(kind="player", face=2)] * 4, spent=[])
    s = play(s, GainDie(player=0, kind="omen", face=4))
    assert len(s.players[0].fresh) == 4
    assert s.players[0].spent == [Die(kind="omen")]
