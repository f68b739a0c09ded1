"""Issue 37: stopping the host. Ctrl+C printed a 25-line traceback that looked like a crash, and SIGTERM (a system
shutdown) ended the process before the games' logs were folded into their records. Both now stop cleanly."""

from __future__ import annotations

import asyncio
import os
import signal

import httpx
import pytest

from bench.kills import new_table
from companion.net.gate import COOKIE
from companion.session import Sessions
from companion.store import open_store
from tests.net.flet_wire import Tab
from tests.support.serving import ServeProcess


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


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_host_says_so_exits_0_and_folds_the_logs(tmp_path, signum):
    data = tmp_path / "data"
    game = new_table(anglers=2)
    Sessions(open_store(data)).start_game(game)
    server = ServeProcess(data, tmp_path / "serve.log")
    server.start()
    try:
        asyncio.run(_one_tap(server, game.id))
        assert (data / "games" / f"{game.id}.log").exists()  # the tap is in the log, not yet in the record
        assert server.process is not None
        os.killpg(server.process.pid, signum)  # Ctrl+C reaches the whole foreground group
        assert server.process.wait(30) == 0
    finally:
        server.kill()
    printed = server.log.read_text()
    assert "Traceback" not in printed and "Stopped. Every game is saved." in printed, printed[-2000:]
    assert not (data / "games" / f"{game.id}.log").exists()  # folded into the record before the process ended
    assert open_store(data).load_game(game.id).state.players[0].fishbucks == 1
