"""Issue 25 findings 1, 3 and 7: a seat belongs to one phone, and a seated phone changes only its own angler's
numbers, in its own game; the table-wide moves are the whole table's phone's and the host's."""

from __future__ import annotations

from types import SimpleNamespace

from seated import on, phone, seen_by
from tables import context, draw, monday_action, two_players
from viewtree import ids, is_enabled, tap, texts

from companion.i18n import use_language
from companion.net.server import Phone
from companion.rules import actions as act
from companion.session import Sessions
from companion.session.seats import Seat
from companion.store import open_store


def test_a_second_phone_is_refused_a_held_seat_until_the_host_hands_it_over(tmp_path, keys):
    """Finding 1: any phone could sit as any angler (and was shown their hand); nobody consented."""
    store = open_store(tmp_path)
    game = monday_action()
    store.save_game(game)
    sessions = Sessions(store)
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    second = phone(keys, keys.room_code, None, sessions)
    ctx = context(None, "/seat", sessions=seen_by(second, sessions))
    with on(second):
        shown = draw(ctx)
        assert "Ada (held by another phone)" in texts(shown)
        tap(shown, "seat-angler-0")
        assert ctx.error is not None and "held by another phone" in ctx.error and "Phones screen" in ctx.error
        assert ctx.path == "/seat" and sessions.seats.of(second.viewer.holder) is None
    host = phone(keys, keys.host_code, None, sessions)
    with on(host):
        assert sessions.seats.hand(host.viewer, Seat(game.id, 0), second.viewer.holder) is None
    assert sessions.seats.of(second.viewer.holder) == Seat(game.id, 0)
    assert sessions.seats.of(ada.viewer.holder) is None  # the phone that held it is left with no seat
    assert sessions.seats.hand(ada.viewer, Seat(game.id, 0), ada.viewer.holder) is not None  # a guest can't


def test_the_phones_screen_shows_who_holds_which_seat_and_hands_one_over(tmp_path, keys):
    store = open_store(tmp_path)
    game = monday_action()
    store.save_game(game)
    sessions = Sessions(store)
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    other = phone(keys, keys.room_code, None, sessions)
    host = phone(keys, keys.host_code, None, sessions)
    table = SimpleNamespace(lan=True, room_code=keys.room_code, base_url="http://127.0.0.1:1",
                            phones=lambda: [Phone(ada.viewer.holder, True), Phone(other.viewer.holder, False)],
                            subscribe=lambda _listener: lambda: None)
    ctx = context(None, "/phones", sessions=seen_by(host, sessions))
    ctx.table = table  # the served table the app hands the Phones screen
    with on(host):
        shown = draw(ctx)
        assert "Phone 1: Ada · connected" in texts(shown) and "Phone 2: no seat yet · away" in texts(shown)
        assert "Ada: phone 1" in texts(shown) and "Bo: free" in texts(shown)
        tap(shown, "phones-hand-0-2")
        shown = draw(ctx)
        assert "Ada: phone 2" in texts(shown) and "Phone 1: no seat yet · connected" in texts(shown)
        tap(shown, "phones-mine-1")  # the host's own browser sits as Bo
        assert "Bo: this browser" in texts(draw(ctx))
    assert sessions.seats.of(host.viewer.holder) == Seat(game.id, 1)


def test_a_phone_seated_in_one_game_changes_nothing_in_another(keys):
    """Finding 3: Bo's phone, seated in game A, opened /table?game=C and added a Regret to Ann there."""
    sessions = Sessions(None)
    a, c = sessions.start_game(two_players()).current.value, sessions.start_game(two_players()).current.value
    bo = phone(keys, keys.room_code, {"game": a.id, "angler": 1}, sessions)
    ctx = context(None, f"/table?game={c.id}", sessions=seen_by(bo, sessions))
    with on(bo):
        shown = draw(ctx)
        assert not is_enabled(shown, "regret-plus-0") and not is_enabled(shown, "regret-plus-1")
        outcome = ctx.sessions.game(c.id).apply(act.DrawRegret(player=0), seen=0)
    assert not outcome.ok and "not seated in this game" in (outcome.message or "")
    assert sessions.game(c.id).current.value.log == []


def test_another_anglers_card_is_read_only_on_a_phone(keys):
    """Finding 7: Ann's tap added a Regret to Giulia; the "Dice, Fish, gear" and "Port" buttons on another angler's
    card led to an error page whose only way out was Home."""
    sessions = Sessions(None)
    game = sessions.start_game(monday_action()).current.value  # Ada to act
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    ctx = context(None, f"/table?game={game.id}", sessions=seen_by(ada, sessions))
    with on(ada):
        shown = draw(ctx)
        assert is_enabled(shown, "regret-plus-0") and not is_enabled(shown, "regret-plus-1")
        assert not is_enabled(shown, "fishbucks-plus-1")
        assert {"player-0", "port-0"} <= set(ids(shown)) and not {"player-1", "port-1"} & set(ids(shown))
        tap(shown, "regret-plus-0")
    assert sessions.game(game.id).current.value.state.players[0].regret_cards == 1
    with use_language("it"):
        refused = ctx.sessions.game(game.id).apply(act.DrawRegret(player=1), seen=1)
    assert not refused.ok and "Bo" in (refused.message or "") and refused.message != (
        ctx.sessions.game(game.id).apply(act.DrawRegret(player=1), seen=1).message)  # said in the phone's language
    assert sessions.game(game.id).current.value.state.players[1].regret_cards == 0


def test_the_table_wide_moves_are_the_whole_tables_and_the_hosts(keys):
    sessions = Sessions(None)
    game = sessions.start_game(two_players()).current.value
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    table = phone(keys, keys.room_code, {"game": game.id, "angler": None}, sessions)
    host = phone(keys, keys.host_code, None, sessions)
    game = sessions.game(game.id)
    for i in (0, 1):
        assert game.apply(act.Refresh(player=i, faces=[1, 2, 3]), seen=game.version).ok
    assert game.apply(act.ThrowLifePreserver(player=game.current.value.state.life_preserver_thrower, to=1
                                             - game.current.value.state.life_preserver_thrower),
                      seen=game.version).ok
    ada_ctx = context(None, f"/table?game={game.key}", sessions=seen_by(ada, sessions))
    with on(ada):
        assert "advance-phase" not in ids(draw(ada_ctx)) and "table-moves-elsewhere" in ids(draw(ada_ctx))
    refused = seen_by(ada, sessions).game(game.key).apply(act.AdvancePhase(), seen=game.version)
    assert not refused.ok and "whole table" in (refused.message or "")
    assert seen_by(table, sessions).game(game.key).apply(act.AdvancePhase(), seen=game.version).ok
    assert seen_by(host, sessions).game(game.key).undo(seen=game.version).ok
    assert sessions.seats.take(host.viewer, Seat(game.key, 0)) is None  # the host's browser sits as Ada:
    as_ada = seen_by(host, sessions).game(game.key)  # it keeps the host's moves
    assert as_ada.apply(act.AdvancePhase(), seen=game.version).ok
    assert as_ada.apply(act.DrawRegret(player=1), seen=game.version).ok
