"""Host-only powers refused on a guest's store and sessions, with the real store (issue 10, item 3)."""

from __future__ import annotations

import pytest

from companion.net.codes import Pass, Role
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions
from companion.session.listing import in_progress, saved_games
from companion.session.powers import GuestStore, HostOnly, guard, tab_sessions
from companion.session.seats import Seat, Viewer
from companion.store import open_store

GUEST, HOST = Pass("g", Role.GUEST), Pass("h", Role.HOST)


@pytest.fixture
def store(tmp_path):
    opened = open_store(tmp_path)
    game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber")], ruleset=build_ruleset(), seed=1))
    opened.save_game(game)
    return opened, game.id


def test_a_guest_can_read_and_play_but_not_export_import_delete_or_restore(store):
    real, game_id = store
    guest = guard(real, GUEST.is_host)
    assert [g.id for g in guest.list_games()] == [game_id] and guest.load_game(game_id) is not None
    document = real.export_all()
    for verb, args in (("export_all", ()), ("export_game", (game_id,)), ("import_data", (document,)),
                       ("delete_game", (game_id,)), ("restore_backup", ("x.json",)), ("set_setting", ("theme", "x"))):
        with pytest.raises(HostOnly, match="Only the host"):
            getattr(guest, verb)(*args)
    assert [g.id for g in real.list_games()] == [game_id]  # nothing was deleted
    assert real.get_setting("theme", "dark") == "dark"


def test_the_host_keeps_the_store_itself(store):
    real, _ = store
    assert guard(real, HOST.is_host) is real and guard(None, GUEST.is_host) is None


def test_a_guest_cannot_delete_a_campaign_through_the_shared_sessions(store):
    real, _ = store
    sessions = guard(Sessions(real), GUEST.is_host)
    assert isinstance(sessions, GuestStore)
    with pytest.raises(HostOnly):
        sessions.delete_campaign("c1")
    with pytest.raises(HostOnly):
        sessions.store.export_all()  # what a screen reaches as ctx.store
    assert sessions.store.list_games()



def two_anglers():
    return new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=2))


def test_only_the_host_starts_a_game(store):
    """Issue 37: a guest's game was one nobody could move on (only the host or the table's phone moves a table on)
    and took the top of every phone's Home. A guest's tab is refused, saying who starts a game; nothing is saved."""
    real, game_id = store
    sessions = Sessions(real)
    for guest in (sessions.seated(Viewer("g", host=False)), tab_sessions(sessions, Viewer("g", host=False))):
        with pytest.raises(HostOnly, match="Only the host starts a game"):
            guest.start_game(two_anglers())
    with pytest.raises(HostOnly):
        GuestStore(sessions).start_game(two_anglers())
    assert [g.id for g in real.list_games()] == [game_id]
    started = sessions.seated(Viewer("h", host=True)).start_game(two_anglers()).key
    assert {g.id for g in real.list_games()} == {game_id, started}
    assert sessions.seats.newest_game == started


def test_a_phones_own_game_comes_first_and_resume_opens_its_seat(tmp_path):
    """Issue 37: Bo's first Resume took him into the newest game, not the one he sits in."""
    real = open_store(tmp_path)
    sessions = Sessions(real)
    host = sessions.seated(Viewer("h", host=True))
    bos = host.start_game(two_anglers()).key
    newest = host.start_game(two_anglers()).key
    bo, giulia = Viewer("bo", host=False), Viewer("giulia", host=False)
    assert sessions.seats.take(bo, Seat(bos, 1)) is None
    games = saved_games(host)
    assert [g.id for g in games] == [newest, bos]  # newest first, as listed
    # Resume opens the seat named (None: the game's seat picker); the screens make its route (views/context.py)
    assert [(r.game.id, r.seat, r.mine) for r in in_progress(sessions.seated(bo), games)] == [
        (bos, Seat(bos, 1), True), (newest, None, False)]
    assert [r.seat for r in in_progress(sessions.seated(giulia), games)] == [None, None]
    assert [r.seat for r in in_progress(host, games)] == [Seat(newest, None), Seat(bos, None)]
