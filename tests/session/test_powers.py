"""Host-only powers refused on a guest's store and sessions, with the real store (issue 10, item 3)."""

from __future__ import annotations

import pytest

from companion.net.codes import Pass, Role
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions
from companion.session.powers import GuestStore, HostOnly, guard
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

