"""What a seat may see (issue 25, companion/rules/visibility.py): another angler's Fish in hand and Regret value
stay hidden until the final scoring reveals them (A p.22: the game over, every Regret value revealed); whose hand a
Fish card is in is not said either (docs/rules.md §10 keeps each card once, not whose it is)."""

from refusals import refused

from companion.i18n import use_language
from companion.rules.actions import DrawRegret, Fish, Pass, RevealRegrets
from companion.rules.catalog import load_catalog
from companion.rules.common import with_player
from companion.rules.scenario import play, start_action_phase, table
from companion.rules.visibility import TABLE, revealed, visible_to

SUNFISH = load_catalog().fish_ref("Sunfish")


def holding() -> object:
    """P1 holds a Sunfish and has entered a Regret value of 2; P2 holds nothing."""
    s = start_action_phase(table(2), faces={0: [3, 2, 1], 1: [1, 1, 1]})
    return with_player(s, 0, hand=[SUNFISH], regret_cards=1, regret_value=2)


def test_another_angler_sees_a_count_and_whether_a_value_was_entered():
    seen = visible_to(holding(), 1).players[0]
    assert (seen.hand, seen.hand_count, seen.regret_value, seen.regret_value_hidden) == ([], 1, None, True)


def test_the_whole_table_sees_counts_only_and_the_angler_sees_their_own():
    s = holding()
    assert visible_to(s, TABLE).players[0].hand == []
    assert visible_to(s, 0).players[0] == s.players[0]


def test_the_final_scoring_reveals_everything_a_p22():
    s = play(holding(), *(Pass(player=i) for i in holding().turn_order()))
    s = s.model_copy(update={"phase": "ended"})
    assert not revealed(s) and visible_to(s, 1).players[0].regret_value is None  # P2 hasn't revealed yet
    s = play(s, RevealRegrets(player=1, value=0))
    assert revealed(s) and visible_to(s, 1) is s and visible_to(s, 1).players[0].hand == [SUNFISH]


def test_catching_a_fish_another_angler_holds_does_not_say_whose_hand_it_is_in_rules_md_10():
    s = with_player(holding(), 0, hand=[SUNFISH])
    s = s.model_copy(update={"turn": 1})
    for language, names in (("en", ("P1",)), ("zh_Hant", ("P1",))):
        with use_language(language):
            message = refused(s, Fish(player=1, fish=SUNFISH, depth=1, difficulty=1, dice=[0]), "docs/rules.md §10")
        assert not any(name in message.message for name in names), message.message
        assert "Sunfish" in message.message


def test_nothing_hidden_is_nothing_copied():
    s = table(2)
    assert visible_to(s, 1) is s
    assert visible_to(play(s, DrawRegret(player=0)), 1).players[0].regret_cards == 1
