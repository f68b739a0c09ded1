"""Issue 45 item 3: a recorded play changes only by the host. From a seated and a seatless guest's raw socket,
every event the History and play screens register (taps, changes, submits: whatever the guest's screen offers,
disabled or not) is sent against a recorded play the host corrected and one the host deleted: no file in the data
folder changes. Before, a guest's History Undo took back the host's correction (Bo 8 → 6) and its play screen set
the start player."""

from __future__ import annotations

import asyncio
import hashlib
import time
from pathlib import Path

import msgpack
from flet_wire import CONTROL_EVENT, Screen, Tab, _controls

from companion.history import record_play
from companion.net.gate import COOKIE
from companion.scoring.table import score_table
from companion.session.registry import NotFound
from companion.session.seats import Seat, Viewer
from tests.views.tables import two_players

# Seconds the folder is watched after the last event's answers (and the sessions' flush): a refused change writes
# nothing, ever. The app defers no write (each is made on its tap's path, before the answer: issue 28), so this
# only covers a handler still running on one of Flet's threads.
QUIET = 1.0


def _table(bo: int) -> dict:
    return {"game": "shallow-regrets", "players": [{"name": "Ada", "fish": [{"points": 9, "type": "fair"}]},
                                                   {"name": "Bo", "fish": [{"points": bo, "type": "fair"}]}]}


def _seed(table) -> None:
    """A play the host deleted, and one the host corrected (Bo 8 → 6): the latest change, which a guest's History
    Undo took back."""
    store = table.sessions.store
    record_play(store, score_table(_table(3)), play_id="deleted")
    store.delete_play("deleted")
    record_play(store, score_table(_table(8)), play_id="corrected")
    record_play(store, score_table(_table(6)), play_id="corrected")  # the host's correction: an edit


def _guest(table, client, source: str, seated: bool) -> str:
    token = client(source).get("/join", params={"code": table.room_code}).cookies[COOKIE]
    if seated:
        try:
            table.sessions.game("g-history")
        except NotFound:
            table.sessions.start_game(two_players().model_copy(update={"id": "g-history"}))
        pass_id = table.keys.check(token).token_id
        assert table.sessions.seats.take(Viewer(pass_id, host=False), Seat("g-history", 1)) is None
    return f"{COOKIE}={token}"


def _folder(data: Path) -> dict[str, str]:
    return {str(p.relative_to(data)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(data.rglob("*")) if p.is_file() and p.name not in (".lock", ".owner.lock")}


def _events(screen: Screen) -> list[tuple[int, str]]:
    """Every (control, event) the screen registers, the page's own left out."""
    return [(c["_i"], key[3:]) for c in _controls(screen.page) if c.get("_c") not in (None, "Page")
            for key, value in c.items() if key.startswith("on_") and value is True]


def _event(target: int, name: str) -> bytes:
    data = "" if name in ("change", "submit") else None
    return b"\x00" + msgpack.packb([CONTROL_EVENT, {"target": target, "name": name, "data": data}])


async def _send_all(table, cookie: str, route: str, drawn: str) -> int:
    tab = await Tab.open(f"ws://127.0.0.1:{table.port}/ws", route, cookie, table.base_url)
    try:
        assert await tab.until(lambda screen, _f: screen.tagged(drawn) is not None, 30), f"{route} not drawn"
        events = _events(tab.screen)
        for target, name in events:
            await tab.socket.send(_event(target, name))
        await tab.until(lambda _s, _f: False, 1)  # answers the methods the server invokes meanwhile
        return len(events)
    finally:
        await tab.close()


def _unchanged(data: Path, before: dict[str, str]) -> bool:
    deadline = time.monotonic() + QUIET
    while time.monotonic() < deadline:
        if _folder(data) != before:
            return False
        time.sleep(0.2)
    return _folder(data) == before


def test_no_event_of_a_guests_history_or_play_screen_changes_a_file(table, client, data_dir):
    _seed(table)
    table.sessions.flush()
    sent = 0
    for source, seated in (("127.0.0.40", False), ("127.0.0.41", True)):
        cookie = _guest(table, client, source, seated)
        table.sessions.flush()
        for route, drawn in (("/history", "history-count"), ("/history/play?play=corrected", "play-summary")):
            before = _folder(data_dir)
            sent += asyncio.run(_send_all(table, cookie, route, drawn))
            table.sessions.flush()
            quiet = _unchanged(data_dir, before)
            after = _folder(data_dir)
            changed = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
            assert quiet, (source, seated, route, changed)
    play = table.sessions.store.load_play("corrected")
    assert [(p.name, p.score) for p in play.players] == [("Ada", 9), ("Bo", 6)] and len(play.edits) == 1
    assert not table.sessions.store.has_play("deleted")
    assert sent >= 20, sent  # filters, plays, back, the start player chips...
    print(f"guest events sent: {sent}, files changed: 0")
