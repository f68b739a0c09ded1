"""Issue 48, "At the table": what a phone says is what is true (W1), the last Shoal asks before it ends the game
(W3), the catch panel says at once when a Fish's one card is elsewhere (W4), a refused Undo names the move in the
table's words (W5), the Port screen of an angler at Sea has no live Sell (W7), and equal scores are both drawn (W11)."""

from __future__ import annotations

from seated import on, phone, seen_by
from tables import context, draw, finished, game_of, monday_action, play, two_players
from viewtree import ids, is_enabled, tap, text_of, texts

from companion.rules import actions as act
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


def test_the_last_shoal_emptied_asks_before_it_ends_the_game():
    """W3: the 9th "A Shoal was emptied" ended the game at once; the last Day's "End the game" asks first."""
    ctx = context(play(monday_action(), *[act.EmptyShoal()] * 8), "/table?game={id}")
    tap(draw(ctx), "empty-shoal")
    shown = draw(ctx)
    assert not game_of(ctx).state.finished and game_of(ctx).state.shoals_emptied == 8
    assert "ends the game" in text_of(shown, "empty-shoal-question")
    assert text_of(shown, "empty-shoal") == "Yes, the last Shoal was emptied"
    tap(shown, "empty-shoal-cancel")
    shown = draw(ctx)
    assert "empty-shoal-question" not in ids(shown) and not game_of(ctx).state.finished
    tap(shown, "empty-shoal")
    tap(draw(ctx), "empty-shoal")
    assert game_of(ctx).state.finished


def test_a_shoal_that_is_not_the_last_is_still_one_tap():
    ctx = context(play(monday_action(), *[act.EmptyShoal()] * 7), "/table?game={id}")
    assert is_enabled(draw(ctx), "empty-shoal")
    tap(draw(ctx), "empty-shoal")
    assert game_of(ctx).state.shoals_emptied == 8 and "empty-shoal-question" not in ids(draw(ctx))
