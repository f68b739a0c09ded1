"""Issue 25 finding 8, the second game of the night: seated phones kept opening the finished game, a guest had no
way in the app to pick a seat again, and guests couldn't open Settings for their own language and text size."""

from __future__ import annotations

from seated import TABS, app_tab, join, on, open_app, phone, seen_by
from tables import context, draw, finished, two_players
from viewtree import ids, tap, text_of, texts

from companion import app
from companion.session import Sessions
from companion.session.door import tab_sessions
from companion.session.seats import Seat
from companion.store import open_store


def test_when_the_host_starts_a_game_every_joined_phone_is_offered_its_seat(tmp_path, keys):
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    first = two_players()
    store.save_game(first)
    main = app.make_main(sessions, store, tabs=TABS)
    phones = []
    for seat in (0, 1):
        holder, _ = join(keys, sessions, keys.room_code, Seat(first.id, seat))
        tab = app_tab(holder)
        open_app(tab, f"/player?game={first.id}&seat={seat}", main)
        phones.append(tab)
    host, viewer = join(keys, sessions, keys.host_code, None)
    second = tab_sessions(sessions, viewer).start_game(two_players()).current.value
    for tab in phones:
        tab.settle()
        assert "/seat?new=1" in tab.received()  # the phone is sent to its seat picker, whatever it showed
    assert "/seat?new=1" not in app_tab(host).received()
    guest = phone(keys, keys.room_code, None, sessions)
    ctx = context(None, "/seat?new=1", sessions=seen_by(guest, sessions))
    with on(guest):
        shown = draw(ctx)
        assert "seat-new-game" in ids(shown) and "A new game has started: pick your angler" in texts(shown)
        assert "seat-angler-0" in ids(shown)  # the new game's seats, though the first game is still in progress
        tap(shown, "seat-angler-0")
    assert ctx.route == f"/player?game={second.id}&seat=0"


def test_a_phone_seated_in_a_finished_game_opens_on_the_seat_picker(tmp_path, keys):
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    over = finished()
    store.save_game(over)
    main = app.make_main(sessions, store, tabs=TABS)
    holder, _ = join(keys, sessions, keys.room_code, Seat(over.id, 0))
    assert any(s.startswith("/seat") for s in open_app(app_tab(holder), "/", main))


def test_a_guests_home_has_pick_my_seat_and_its_settings_are_its_own(keys):
    sessions = Sessions(None)
    guest = phone(keys, keys.room_code, None, sessions)
    ctx = context(sessions=seen_by(guest, sessions))
    with on(guest):
        tap(draw(ctx), "home-seat")
        assert ctx.path == "/seat"
        ctx.navigate("/settings")
        shown = draw(ctx)
    assert {"language-it", "text-size-0"} <= set(ids(shown))
    assert not {"theme-dark", "settings-data"} & set(ids(shown))  # the app's settings stay the host's
    assert app.route_refusal(ctx, "/settings") is None and app.route_refusal(ctx, "/data")


def test_a_phone_whose_seat_the_host_hands_over_is_sent_to_the_seat_picker(tmp_path, keys):
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    game = two_players()
    store.save_game(game)
    main = app.make_main(sessions, store, tabs=TABS)
    holder, _ = join(keys, sessions, keys.room_code, Seat(game.id, 0))
    tab = app_tab(holder)
    open_app(tab, f"/player?game={game.id}&seat=0", main)
    _, host = join(keys, sessions, keys.host_code, None)
    other, _ = join(keys, sessions, keys.room_code, None)
    assert sessions.seats.hand(host, Seat(game.id, 0), other.token_id) is None
    tab.settle()
    assert "/seat?moved=1" in tab.received()
    guest = phone(keys, keys.room_code, None, sessions)  # what the phone shows there
    with on(guest):
        shown = draw(context(None, "/seat?moved=1", sessions=seen_by(guest, sessions)))
    assert "The host handed your seat to another phone: pick another." in texts(shown)


def test_a_guests_home_resumes_its_own_seat_first_and_offers_no_new_game(tmp_path, keys):
    """Issue 37: Bo's first Resume took him into the newest game, where he had no seat; a guest's New game made a
    game nobody could move on. Bo's game comes first and opens his seat; another game opens its seat picker, which
    says truly where his seat is."""
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    bos = two_players()
    store.save_game(bos)
    newest = two_players().model_copy(update={"id": "newest"})
    store.save_game(newest)
    bo = phone(keys, keys.room_code, {"game": bos.id, "angler": 1}, sessions)
    ctx = context(None, "/", sessions=seen_by(bo, sessions))
    with on(bo):
        home = draw(ctx)
        assert "home-new-game" not in ids(home)
        rows = [i for i in ids(home) if i.startswith("resume-")]
        assert rows == [f"resume-{bos.id}", "resume-newest"] and f"home-my-seat-{bos.id}" in ids(home)
        tap(home, f"resume-{bos.id}")
        assert ctx.route == f"/player?game={bos.id}&seat=1"
        ctx.navigate("/")
        tap(draw(ctx), "resume-newest")
        assert ctx.route == "/seat?game=newest"
        picker = draw(ctx)
    assert {"seat-angler-0", "seat-angler-1", "seat-table"} <= set(ids(picker))
    assert text_of(picker, "seat-current") == ("This phone's seat is in another game (Ada, Bo): a seat here moves "
                                               "it to this game.")


def test_the_seat_picker_says_the_seat_is_kept_only_in_its_own_game(tmp_path, keys):
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    game = two_players()
    store.save_game(game)
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    with on(bo):
        shown = draw(context(None, "/seat", sessions=seen_by(bo, sessions)))
    assert text_of(shown, "seat-current") == "Your seat is kept on this phone; pick another to change it."
