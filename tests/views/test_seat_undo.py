"""Issue 25 finding 6: at a four-phone table Ann's Undo took back Chen's Refresh, made on Chen's phone after Ann's
last move, and neither phone was told. A seated phone's Undo takes back its own last move while it is still the
table's last; the table's Undo names the move; the angler whose move it was is told; the log records the seat."""

from __future__ import annotations

from seated import TABS, app_tab, join, on, open_app, phone, seen_by
from tables import context, draw, monday_action
from viewtree import ids, tap, text_of

from companion import app
from companion.i18n import use_language
from companion.rules import actions as act
from companion.session import Sessions
from companion.session.door import tab_sessions
from companion.session.seats import Seat
from companion.store import open_store


def _table(keys):
    sessions = Sessions(None)
    game = sessions.start_game(monday_action()).current.value  # Ada and Bo in the Action phase
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    route = f"/table?game={game.id}"
    return sessions, game, (ada, context(None, route, sessions=seen_by(ada, sessions))), \
        (bo, context(None, route, sessions=seen_by(bo, sessions)))


def test_an_undo_cant_take_back_another_phones_later_move_and_says_whose_it_is(keys):
    sessions, game, (ada, ada_ctx), (bo, bo_ctx) = _table(keys)
    with on(ada):
        tap(draw(ada_ctx), "regret-plus-0")
    with on(bo):
        tap(draw(bo_ctx), "regret-plus-1")
    with on(ada):
        tap(draw(ada_ctx), "undo")
    assert ada_ctx.error is not None and "Bo's Regret draw" in ada_ctx.error
    kept = sessions.game(game.id).current.value
    assert [p.regret_cards for p in kept.state.players] == [1, 1]
    assert kept.movers()[-2:] == [0, 1]  # the log records which seat made each move
    with on(bo):
        tap(draw(bo_ctx), "undo")  # Bo's own move, still the table's last
    with on(ada):
        tap(draw(ada_ctx), "undo")  # now Ada's is the last again
    assert [p.regret_cards for p in sessions.game(game.id).current.value.state.players] == [0, 0]


def test_the_tables_undo_names_the_move_and_its_angler_is_told(keys):
    sessions, game, (ada, ada_ctx), (bo, bo_ctx) = _table(keys)
    host = phone(keys, keys.host_code, None, sessions)
    host_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(host, sessions))
    with on(bo):
        tap(draw(bo_ctx), "regret-plus-1")
    with on(host):
        tap(draw(host_ctx), "undo")
        assert text_of(draw(host_ctx), "undo-question") == "Undo Bo's Regret draw?"
        assert sessions.game(game.id).current.value.state.players[1].regret_cards == 1  # asked first
        tap(draw(host_ctx), "undo")
        assert "undo-question" not in ids(draw(host_ctx))
    assert sessions.game(game.id).current.value.state.players[1].regret_cards == 0
    with on(bo):
        draw(bo_ctx)
    assert bo_ctx.steps == ("Your Regret draw was taken back on another phone.",)
    with on(ada):
        draw(ada_ctx)
    assert ada_ctx.steps == ()  # not Ada's move: nothing to tell her


def test_a_seats_redo_puts_back_only_its_own_move(keys):
    sessions, game, (ada, _), (bo, _) = _table(keys)
    session = sessions.game(game.id)
    assert seen_by(bo, sessions).game(game.id).apply(act.DrawRegret(player=1), seen=session.version).ok
    assert seen_by(bo, sessions).game(game.id).undo(seen=session.version).ok
    assert not seen_by(ada, sessions).game(game.id).redo(seen=session.version).ok
    assert seen_by(bo, sessions).game(game.id).redo(seen=session.version).ok


def test_the_angler_is_told_in_their_phones_language(tmp_path, keys):
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    game = monday_action()
    store.save_game(game)
    main = app.make_main(sessions, store, tabs=TABS)
    bo_pass, bo = join(keys, sessions, keys.room_code, Seat(game.id, 1))
    tab = app_tab(bo_pass, "it")
    open_app(tab, f"/table?game={game.id}", main)
    session = sessions.game(game.id)
    assert tab_sessions(sessions, bo).game(game.id).apply(act.DrawRegret(player=1), seen=session.version).ok
    _, host = join(keys, sessions, keys.host_code, None)
    with use_language("zh_Hant"):  # the host's own language: not the one Bo is told in
        assert tab_sessions(sessions, host).game(game.id).undo(seen=session.version).ok
    tab.settle()
    assert "La tua mossa (Pescata di Rimorso) è stata annullata da un altro telefono." in tab.received()


def test_an_undo_and_a_redo_say_which_move_they_took_back_and_put_back(keys, monkeypatch):
    """Issue 46: Undo said only the values it left; now the bar, and a screen reader with it, says which move was
    taken back, and Redo which came back, in the phone's language."""
    heard: list[list[str]] = []
    monkeypatch.setattr("companion.views.context.told", heard.append)
    _sessions, _game, (ada, ada_ctx), _bo = _table(keys)
    with on(ada):
        tap(draw(ada_ctx), "regret-plus-0")
        heard.clear()
        tap(draw(ada_ctx), "undo")
        assert ada_ctx.steps == ("Undone: Ada's Regret draw",)
        tap(draw(ada_ctx), "redo")
        assert ada_ctx.steps == ("Redone: Ada's Regret draw",)
    assert heard == [["Undone: Ada's Regret draw"], ["Redone: Ada's Regret draw"]]
    with use_language("it"), on(ada):
        tap(draw(ada_ctx), "undo")
        assert ada_ctx.steps[0].startswith("Annullat") and "Ada" in ada_ctx.steps[0], ada_ctx.steps
