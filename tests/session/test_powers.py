"""Host-only powers refused on a guest's sessions, with the real store (issue 10, item 3; every verb: test_door.py)."""

from __future__ import annotations

import pytest

from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions
from companion.session.door import tab_sessions
from companion.session.powers import HostOnly
from companion.session.seats import Seat, Viewer
from companion.store import open_store


@pytest.fixture
def store(tmp_path):
    opened = open_store(tmp_path)
    game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber")], ruleset=build_ruleset(), seed=1))
    opened.save_game(game)
    return opened, game.id


def two_anglers():
    return new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=2))


def test_only_the_host_starts_a_game(store):
    """Issue 37: a guest's game was one nobody could move on (only the host or the table's phone moves a table on)
    and took the top of every phone's Home. A guest's tab is refused, saying who starts a game; nothing is saved."""
    real, game_id = store
    sessions = Sessions(real)
    guest = tab_sessions(sessions, Viewer("g", host=False))
    with pytest.raises(HostOnly, match="Only the host starts a game"):
        guest.start_game(two_anglers())
    assert [g.id for g in real.list_games()] == [game_id]
    started = tab_sessions(sessions, Viewer("h", host=True)).start_game(two_anglers()).key
    assert {g.id for g in real.list_games()} == {game_id, started}
    assert guest.newest_game() == started


def test_a_phones_own_game_comes_first_and_resume_opens_its_seat(tmp_path):
    """Issue 37: Bo's first Resume took him into the newest game, not the one he sits in."""
    real = open_store(tmp_path)
    sessions = Sessions(real)
    host = tab_sessions(sessions, Viewer("h", host=True))
    bos = host.start_game(two_anglers()).key
    newest = host.start_game(two_anglers()).key
    bo, giulia = tab_sessions(sessions, Viewer("bo", host=False)), tab_sessions(sessions, Viewer("giulia", host=False))
    assert bo.take_seat(Seat(bos, 1)) is None
    games = host.saved_games()
    assert [g.id for g in games] == [newest, bos]  # newest first, as listed
    # Resume opens the seat named (None: the game's seat picker); the screens make its route (views/context.py)
    assert [(r.game.id, r.seat, r.mine) for r in bo.in_progress(games)] == [
        (bos, Seat(bos, 1), True), (newest, None, False)]
    assert [r.seat for r in giulia.in_progress(games)] == [None, None]
    assert [r.seat for r in host.in_progress(games)] == [Seat(newest, None), Seat(bos, None)]
