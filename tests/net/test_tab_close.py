"""A tab that closes for good stops following the games it showed (issue 9: subscribe/notify): Flet never
unmounts a closed tab's components, so the app drops their subscriptions when Flet closes the tab's session.

The scenario runs in a fresh interpreter (``python -m tests.net.test_tab_close``): Flet's app manager, which
closes expired sessions, is one per process and stops for good with the first server of the process that stops.
In that interpreter the manager looks for them every 0.2 s instead of every 10 s: the wait is Flet's, not the app's.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import types
from pathlib import Path
from tempfile import TemporaryDirectory

import websockets

from companion.session import Sessions
from tests.net.flet_wire import register
from tests.support.serving import served
from tests.views.tables import two_players

REPO = Path(__file__).resolve().parents[2]
FLET_CHECKS_EXPIRY_EVERY = 10  # seconds: Flet's app manager looks for expired sessions this often
CHECK_EVERY = 0.2  # seconds: how often it looks in the child interpreter (:func:`_check_expiry_often`)


async def _show_then_leave(url: str, route: str, origin: str, until: bytes) -> None:
    async with websockets.connect(url, origin=origin) as socket:
        await socket.send(register(route))
        received = b""
        while until not in received:
            frame = await asyncio.wait_for(socket.recv(), 20)
            received += frame if isinstance(frame, bytes) else frame.encode()


def followers_before_and_after() -> tuple[int, int]:
    """The game's subscribers while a tab shows its table, and once that tab left and Flet closed its session."""
    sessions = Sessions(None)
    game = two_players()
    sessions.start_game(game)
    with TemporaryDirectory() as data_dir, served(Path(data_dir), lan=False, sessions=sessions) as table:
        asyncio.run(_show_then_leave(f"ws://127.0.0.1:{table.port}/ws", f"/table?game={game.id}", table.base_url,
                                     until=b"regret-plus-0"))
        followed = sessions.game(game.id).subscribers
        deadline = time.monotonic() + 2 * FLET_CHECKS_EXPIRY_EVERY + 5
        while sessions.game(game.id).subscribers and time.monotonic() < deadline:
            time.sleep(0.2)
        return followed, sessions.game(game.id).subscribers


def _check_expiry_often() -> None:
    """Flet's app manager sleeps ``FLET_CHECKS_EXPIRY_EVERY`` between looks for expired sessions (a literal in
    flet-web); give its module an ``asyncio`` whose sleeps last at most ``CHECK_EVERY``."""
    from flet_web.fastapi import flet_app_manager

    real_sleep = asyncio.sleep

    async def sleep(delay: float, result: object = None) -> object:
        return await real_sleep(min(delay, CHECK_EVERY), result)

    quick = types.ModuleType("asyncio")
    quick.__dict__.update(vars(asyncio))
    quick.sleep = sleep
    flet_app_manager.asyncio = quick


def test_a_closed_tab_no_longer_follows_the_game():
    env = {**os.environ, "FLET_SESSION_TIMEOUT": "1"}  # a tab gone a second is closed (Flet's default: an hour)
    run = subprocess.run([sys.executable, "-m", "tests.net.test_tab_close"], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    followed, left = map(int, run.stdout.split())
    assert followed > 0, "the table never followed its game"
    assert left == 0


if __name__ == "__main__":
    _check_expiry_often()
    print(*followers_before_and_after())
