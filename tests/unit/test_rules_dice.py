"""The table's dice are the truth (issue 12): faces entered for every die, checked against the die, rerolls chosen,
up to Max dice kept; the app's seeded roll stays as a choice (A p.8, p.16, p.20; docs/rules.md §1)."""

from refusals import refused

from companion.rules.actions import Buy, GainDie, Refresh
from companion.rules.common import with_player
from companion.rules.dice import Die, die_label, face_choices
from companion.rules.queries import available, dice_to_roll
from companion.rules.scenario import play, start_action_phase, table, to_day


def test_each_die_shows_only_its_printed_faces_rules_md_1():
    assert [face_choices(k) for k in ("player", "blue", "green", "orange", "omen")] == [
        (1, 2, 3), (0, 1, 2), (1, 2, 3), (2, 3), (1, 2, 3, 4)]


def test_die_chips_read_colour_and_face_not_a_seat_rules_md_1():
    assert [Die(kind=k, face=f).label for k, f in (("blue", 2), ("player", 3), ("orange", 3))] == [
        "Blue 2", "Angler die 3", "Orange 3"]
    assert die_label("omen", 4) == "Omen Die 4" and Die(kind="green").label == "Green"


def test_thursday_blue_die_is_rolled_with_the_faces_entered_a_p8():
    """The die handed out on Thursday waits in the Spent pool; the angler enters the face it rolled at Refresh."""
    s = to_day(table(2), 3)
    assert dice_to_roll(s, 0, reroll=[]) == ["blue"] and available(s, 0).roll == ("blue",)
    refused(s, Refresh(player=0, reroll=[], faces=[3]), "docs/rules.md §1")  # a blue die has no 3
    s = play(s, Refresh(player=0, reroll=[], faces=[0]))
    assert Die(kind="blue", face=0) in s.players[0].fresh


def test_chosen_fresh_dice_are_rerolled_the_rest_kept_a_p8():
    s = with_player(table(1), 0, fresh=[Die(kind="player", face=3), Die(kind="player", face=1)],
                    spent=[Die(kind="player")])
    assert dice_to_roll(s, 0, reroll=[1]) == ["player", "player"]
    s = play(s, Refresh(player=0, reroll=[1], faces=[2, 3]))
    assert sorted(d.face for d in s.players[0].fresh) == [2, 3, 3] and s.players[0].spent == []


def test_more_dice_than_max_dice_must_all_be_rolled_a_p20():
    s = with_player(table(1), 0, fresh=[Die(kind="player", face=3)] * 3, spent=[Die(kind="orange")] * 2)
    assert available(s, 0).must_roll_all and available(s, 0).max_dice == 4
    refused(s, Refresh(player=0, reroll=[], faces=[2, 2]), "A p.20")
    s = play(s, Refresh(player=0, faces=[3, 2, 1, 1, 3]))
    assert sorted(d.face for d in s.players[0].fresh) == [1, 2, 3, 3] and len(s.players[0].spent) == 1


def test_omen_die_face_entered_one_to_four_a_p15():
    s = start_action_phase(table(1))
    refused(s, GainDie(player=0, kind="omen", face=5), "docs/rules.md §1")
    s = play(s, GainDie(player=0, kind="omen", face=4))
    assert Die(kind="omen", face=4) in s.players[0].fresh


def test_bought_tackle_die_face_entered_and_checked_a_p16():
    s = with_player(start_action_phase(table(1)), 0, location="port", fishbucks=5)
    refused(s, Buy(player=0, shop="tackle", colour="orange", faces=[1]), "docs/rules.md §1")
    s = play(s, Buy(player=0, shop="tackle", colour="orange", faces=[2]))
    assert Die(kind="orange", face=2) in s.players[0].fresh


def test_the_app_may_still_roll_seeded_a_p8():
    a = play(table(2, seed=9), Refresh(player=0))
    assert a == play(table(2, seed=9), Refresh(player=0))
    assert all(d.face in face_choices("player") for d in a.players[0].fresh)
