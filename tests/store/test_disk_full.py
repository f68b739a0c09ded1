"""Issue 45's full disk: the host's tab taps Regret + and − on a four-angler game while the disk fills, stays full,
then has space again. Before, 68 of 90 taps shown as made were gone after a restart, and with space back every
later tap was lost too (its line did not follow the last saved one). Now a tap the disk refuses is refused on the
phone, saying so, and every tap shown as made is there after a restart, the ones after space came back included."""

from __future__ import annotations

import errno
import os

from companion.rules import actions as act
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions
from companion.store import open_store
from tests.support.faults import FailingDisk

FULL = "The host's disk is full: this change was not saved. Free some space, then tap again."


def _four_anglers(seed: int) -> Game:
    return new_game(GameSetup(players=[PlayerSetup(name=n, colour=c) for n, c in
                                       (("Ann", "amber"), ("Bo", "teal"), ("Cy", "cyan"), ("Di", "rose"))],
                              ruleset=build_ruleset(), seed=seed))


def _taps(session, n: int, start: int = 0) -> list[object]:
    """``n`` taps on Regret + then − for each angler in turn, as the host's tab makes them."""
    outcomes = []
    for k in range(start, start + n):
        held = session.current.value.state.players[k % 4].regret_cards
        action = act.DiscardRegret(player=k % 4) if held and (k // 4) % 2 else act.DrawRegret(player=k % 4)
        outcomes.append(session.apply(action, seen=session.version))
    return outcomes


def test_no_tap_shown_as_made_on_a_full_disk_is_lost(tmp_path, capsys):
    game = _four_anglers(2)
    session = Sessions(open_store(tmp_path)).start_game(game)
    before = _taps(session, 30)
    with FailingDisk(1, errno.ENOSPC, persistent=True) as disk:  # 0 KB free
        full = _taps(session, 30, 30)
    after = _taps(session, 30, 60)  # space is back, no restart
    assert all(o.ok for o in before + after) and disk.injected >= 30
    assert [o.ok for o in full] == [False] * 30 and {o.message for o in full} == {FULL}
    shown = session.current.value
    assert len(shown.log) == 60 + len(game.log)
    assert open_store(tmp_path).load_game(game.id) == shown  # after a restart: every tap shown as made
    print(f"full disk: {sum(o.ok for o in before + full + after)} of 90 taps shown as made, 0 lost; 30 refused")


def test_a_host_started_on_a_full_disk_shows_every_game_as_saved(tmp_path):
    """A start folds the logs into the records; on a full disk the fold failed and the store did not open at all
    (every game gone from the phones). Now a log the disk won't let be folded stays, and is replayed when its game
    is opened; its next taps are refused while the disk is full and saved once there is space."""
    game = _four_anglers(4)
    session = Sessions(open_store(tmp_path)).start_game(game)
    assert all(o.ok for o in _taps(session, 6))
    shown = session.current.value
    with FailingDisk(1, errno.ENOSPC, persistent=True):
        store = open_store(tmp_path)
        assert [g.id for g in store.list_games()] == [game.id]
        again = Sessions(store).game(game.id)
        assert again.current.value == shown
        refused = again.apply(act.DrawRegret(player=1), seen=again.version)
    assert not refused.ok and refused.message == FULL
    assert again.apply(act.DrawRegret(player=1), seen=again.version).ok
    assert open_store(tmp_path).load_game(game.id) == again.current.value


def test_a_line_the_disk_took_half_of_is_cut_back_and_the_next_one_saves(tmp_path, monkeypatch):
    """A short write (the disk takes half the line, then is full): the half is cut off at once, so the next tap's
    line is not glued to it (a glued line ended the log's replay there, every later tap lost)."""
    session = Sessions(open_store(tmp_path)).start_game(_four_anglers(6))
    assert session.apply(act.DrawRegret(player=0), seen=0).ok
    log = tmp_path / "games" / f"{session.key}.log"
    whole = log.read_bytes()
    real = os.write
    calls = []

    def half_then_full(fd: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            return real(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    refused = session.apply(act.DrawRegret(player=1), seen=1)
    monkeypatch.undo()
    assert not refused.ok and refused.message == FULL and log.read_bytes() == whole
    assert session.apply(act.DrawRegret(player=2), seen=1).ok
    assert open_store(tmp_path).load_game(session.key) == session.current.value
