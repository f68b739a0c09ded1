"""Issue 37: stopping the host. Ctrl+C printed a 25-line traceback that looked like a crash, and SIGTERM (a system
shutdown) ended the process before the games' logs were folded into their records. Both now stop cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path

import httpx
import pytest
import websockets

from bench.kills import new_table
from companion.net.gate import CLOSE_STOPPED, CLOSE_STOPPED_SAVED, COOKIE
from companion.rules.game import Game
from companion.session import Sessions
from companion.store import open_store
from tests.net.flet_wire import Tab
from tests.support.serving import ServeProcess, served


def _serving_a_game(tmp_path) -> tuple[Path, Game, ServeProcess]:
    """A data folder holding a new 2-angler game, and ``companion serve`` started on it."""
    data = tmp_path / "data"
    game = new_table(anglers=2)
    Sessions(open_store(data)).start_game(game)
    server = ServeProcess(data, tmp_path / "serve.log")
    server.start()
    return data, game, server


async def _one_tap(server: ServeProcess, game_id: str) -> None:
    cookie = httpx.get(f"{server.base_url}/join", params={"code": server.host_code}, timeout=30).cookies[COOKIE]
    tab = await Tab.open(f"ws://127.0.0.1:{server.port}/ws", f"/table?game={game_id}", f"{COOKIE}={cookie}",
                         server.base_url)
    try:
        assert await tab.until(lambda s, _: s.tagged("fishbucks-plus-0") is not None, 30), "no card drawn"
        await tab.tap("fishbucks-plus-0")
        assert await tab.until(lambda s, _: s.text("fishbucks-0") == "$1", 30), "the tap was not shown"
    finally:
        await tab.close()


async def _closed_by_the_stop(server: ServeProcess, game_id: str, signum: int) -> list[int | None]:
    """The close code each of a guest's and the host's sockets gets when the host is stopped by ``signum``."""
    tabs = []
    for code, route in ((server.room_code, "/seat"), (server.host_code, f"/table?game={game_id}")):
        cookie = httpx.get(f"{server.base_url}/join", params={"code": code}, timeout=30).cookies[COOKIE]
        tabs.append(await Tab.open(f"ws://127.0.0.1:{server.port}/ws", route, f"{COOKIE}={cookie}", server.base_url))
    assert server.process is not None
    os.killpg(server.process.pid, signum)
    codes = []
    for tab in tabs:
        with contextlib.suppress(websockets.ConnectionClosed):
            while True:  # what the server still draws, until it closes the socket
                await asyncio.wait_for(tab.socket.recv(), 30)
        codes.append(tab.socket.close_code)
    return codes


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_host_says_so_tells_every_phone_exits_0_and_folds_the_logs(tmp_path, signum):
    """Issue 48 W2: after Ctrl+C every phone said "Reconnecting…" for ever: uvicorn closed the sockets with its
    "service restart" (1012), as a phone whose host is only restarting would see. Each socket now gets the gate's
    code for a table closed with everything saved (the sessions' close reported so), which the page script words.
    (One served host per signal for both issues' checks: starting one is most of the test's time.)"""
    data, game, server = _serving_a_game(tmp_path)
    try:
        asyncio.run(_one_tap(server, game.id))
        assert (data / "games" / f"{game.id}.log").exists()  # the tap is in the log, not yet in the record
        codes = asyncio.run(_closed_by_the_stop(server, game.id, signum))  # Ctrl+C reaches the whole group
        assert server.process is not None and server.process.wait(30) == 0
    finally:
        server.kill()
    printed = server.log.read_text()
    assert codes == [CLOSE_STOPPED_SAVED, CLOSE_STOPPED_SAVED], printed[-2000:]
    assert "Traceback" not in printed and "Stopped. Every game is saved." in printed, printed[-2000:]
    assert not (data / "games" / f"{game.id}.log").exists()  # folded into the record before the process ended
    assert open_store(data).load_game(game.id).state.players[0].fishbucks == 1


def test_a_host_that_cant_say_everything_was_saved_tells_the_phones_only_that_it_closed(tmp_path):
    """W2, "only if true": a host whose sessions' close does not report everything saved (here it has no store to
    save to) closes each socket with the code that leaves "Everything was saved." out."""
    async def closed_as_it_stops() -> int | None:
        with contextlib.ExitStack() as stack:
            table = stack.enter_context(served(tmp_path / "data", sessions=Sessions(None)))
            assert table.keys is not None and table.close is not None and not table.close()
            cookie = httpx.get(f"{table.base_url}/join", params={"code": table.room_code}, timeout=30).cookies[COOKIE]
            tab = await Tab.open(f"ws://127.0.0.1:{table.port}/ws", "/seat", f"{COOKIE}={cookie}", table.base_url)
            stopping = asyncio.create_task(asyncio.to_thread(stack.close))  # the host stops, as at Ctrl+C
            with contextlib.suppress(websockets.ConnectionClosed):
                while True:
                    await asyncio.wait_for(tab.socket.recv(), 30)
            await stopping
        return tab.socket.close_code

    assert asyncio.run(closed_as_it_stops()) == CLOSE_STOPPED
