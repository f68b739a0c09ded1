"""Issue 48, "At the table": what a phone says is what is true (W1), the last Shoal asks before it ends the game
(W3), the catch panel says at once when a Fish's one card is elsewhere (W4), a refused Undo names the move in the
table's words (W5), the Port screen of an angler at Sea has no live Sell (W7), and equal scores are both drawn (W11)."""

from __future__ import annotations

from seated import on, phone, seen_by
from tables import context, draw, finished, two_players
from viewtree import ids, texts

from companion.session import Sessions
from companion.store import open_store


def test_after_a_host_restart_the_seat_picker_says_no_new_game_when_none_is_in_progress(tmp_path, keys):
    """W1: a phone left on ``/seat?new=1`` came back after a restart to "A new game has started: pick your angler"
    right above "No game in progress"."""
    store = open_store(tmp_path / "data")
    store.save_game(finished())
    sessions = Sessions(store)  # the restarted host: it has started no game since
    guest = phone(keys, keys.room_code, None, sessions)
    with on(guest):
        shown = draw(context(None, "/seat?new=1", sessions=seen_by(guest, sessions)))
    assert "No game in progress" in texts(shown)
    assert "seat-new-game" not in ids(shown) and "A new game has started: pick your angler" not in texts(shown)
    store.save_game(two_players())  # a game from before the restart, still in progress: not a new one either
    with on(guest):
        shown = draw(context(None, "/seat?new=1", sessions=seen_by(guest, sessions)))
    assert "seat-anglers" in ids(shown) and "seat-new-game" not in ids(shown)
