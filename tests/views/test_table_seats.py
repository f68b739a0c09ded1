"""Hidden things on the table screen while phones are served (issue 10, item 4): an angler's Fish in hand and
Regret value are shown on their own phone only; every other phone sees counts."""

from __future__ import annotations

from seated import on, phone, seen_by
from tables import all_passed_on_the_last_day, context, draw, play, tuesday_at_port
from viewtree import change, find, ids, tap, texts

from companion.rules import actions as act
from companion.session import Sessions


def test_fish_in_hand_are_named_on_their_anglers_phone_only(keys):
    game = tuesday_at_port()  # Ada holds a Sunfish
    sessions = Sessions(None)
    sessions.start_game(game)
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    ada_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(ada, sessions))
    bo_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(bo, sessions))
    with on(ada):
        mine = " ".join(texts(draw(ada_ctx)))
    with on(bo):
        theirs = " ".join(texts(draw(bo_ctx)))
    assert "Sunfish" in mine and "1 Fish in hand" not in mine
    assert "Sunfish" not in theirs and "1 Fish in hand" in theirs


def test_a_regret_value_stays_on_its_anglers_phone(keys):
    game = play(all_passed_on_the_last_day(), act.DrawRegret(player=0), act.DrawRegret(player=0), act.EndGame())
    sessions = Sessions(None)
    sessions.start_game(game)
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    ada_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(ada, sessions))
    bo_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(bo, sessions))
    with on(bo):
        shown = draw(bo_ctx)
        assert "reveal-0" not in ids(shown) and "reveal-1" in ids(shown)
        assert "Regret value not entered yet" in texts(shown)
    with on(ada):
        change(draw(ada_ctx), "reveal-0", "3")
        tap(draw(ada_ctx), "reveal-ok-0")
        assert find(draw(ada_ctx), "reveal-0").value == "3"
    with on(bo):
        shown = draw(bo_ctx)
        assert "reveal-0" not in ids(shown) and "Regret value entered" in texts(shown)
        assert "3" not in texts(shown)


def test_the_whole_table_phone_and_a_seatless_host_see_counts(keys):
    game = play(all_passed_on_the_last_day(), act.DrawRegret(player=1), act.EndGame(),
                act.RevealRegrets(player=1, value=2))
    sessions = Sessions(None)
    sessions.start_game(game)
    whole_table = phone(keys, keys.room_code, {"game": game.id, "angler": None}, sessions)
    host = phone(keys, keys.host_code, None, sessions)
    table_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(whole_table, sessions))
    host_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(host, sessions))
    with on(whole_table):
        assert not {"reveal-0", "reveal-1"} & set(ids(draw(table_ctx)))
    with on(host):  # the host's browser starts as the whole table: counts only (issue 25 finding 7)
        shown = draw(host_ctx)
        assert not {"reveal-0", "reveal-1"} & set(ids(shown))
        assert "Regret value entered" in texts(shown) and "2" not in texts(shown)
