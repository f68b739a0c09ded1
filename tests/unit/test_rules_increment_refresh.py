"""Increment and Refresh (single action) as ability effects, A p.28 (glossary): "Rotate one of your dice to its
next highest Value, not exceeding its highest printed Value" and "Take one of your dice from the Spent OR Fresh
Pool, roll it, and put it into your Fresh Pool (if your Max Dice allows)"."""

from refusals import refused

from companion.rules.actions import Fish, IncrementDie, Pass, RefreshDie
from companion.rules.common import with_player
from companion.rules.dice import die
from companion.rules.queries import available
from companion.rules.scenario import play, start_action_phase, table


def at_sea():
    return start_action_phase(table(2), faces={0: [3, 2, 1], 1: [1, 1, 1]})  # P1 Fresh 3, 2, 1


def faces(state, seat=0):
    return [(d.kind, d.face) for d in state.players[seat].fresh]


def test_increment_turns_a_die_to_its_next_higher_face_a_p28():
    s = play(at_sea(), IncrementDie(player=0, dice=[2]))
    assert faces(s) == [("player", 3), ("player", 2), ("player", 2)]


def test_increment_twice_on_one_die_a_p28():
    s = play(at_sea(), IncrementDie(player=0, dice=[2, 2]))
    assert faces(s)[2] == ("player", 3)


def test_increment_skips_repeated_faces_of_a_tackle_die_a_p28():
    s = with_player(at_sea(), 0, fresh=[die("blue", 0), die("orange", 2)])
    s = play(s, IncrementDie(player=0, dice=[0, 1]))  # blue 0, 0, 1, 2: 0 → 1; orange 2, 2, 3, 3: 2 → 3
    assert faces(s) == [("blue", 1), ("orange", 3)]


def test_increment_never_beyond_the_highest_face_a_p28():
    e = refused(at_sea(), IncrementDie(player=0, dice=[0]), "A p.28")
    assert "Angler die 3" in e.message
    refused(at_sea(), IncrementDie(player=0, dice=[5]), "A p.28")


def test_refresh_a_spent_die_into_the_fresh_pool_a_p28():
    s = play(at_sea(), Fish(player=0, depth=1, difficulty=3, dice=[0]))  # the 3 is Spent
    s = play(s, Pass(player=1))
    s = play(s, RefreshDie(player=0, pool="spent", die=0, face=2))
    assert sorted(f for _, f in faces(s)) == [1, 2, 2] and s.players[0].spent == []


def test_refresh_a_fresh_die_rolls_it_again_a_p28():
    s = play(at_sea(), RefreshDie(player=0, pool="fresh", die=2, face=3))
    assert sorted(f for _, f in faces(s)) == [2, 3, 3]


def test_refresh_without_room_leaves_the_die_spent_a_p28_a_p20():
    s = with_player(at_sea(), 0, fresh=[die("player", 1)] * 4, spent=[die("green")])  # Max dice 4 at 0 cards
    after = play(s, RefreshDie(player=0, pool="spent", die=0, face=3))
    assert len(after.players[0].fresh) == 4 and after.players[0].spent == [die("green")]


def test_refresh_face_must_be_on_the_die_rules_md_1():
    refused(at_sea(), RefreshDie(player=0, pool="fresh", die=0, face=4), "docs/rules.md §1")
    refused(at_sea(), RefreshDie(player=0, pool="spent", die=0), "A p.28")  # nothing Spent


def test_available_offers_increment_only_when_a_die_can_rise_a_p28():
    assert available(at_sea(), 0).can("increment_die")
    top = with_player(at_sea(), 0, fresh=[die("player", 3)])
    assert not available(top, 0).can("increment_die")
