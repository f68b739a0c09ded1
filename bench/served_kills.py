"""The served app killed with SIGKILL while phones tap one game over Flet's wire (issue 28, item 2).

``companion serve --lan --host 127.0.0.1`` runs in a child process on a data folder holding a four-angler game.
Each phone joins with the room code (a guest pass), takes its own angler's seat on the seat screen, and taps that
angler's Fishbucks + and − (``$0`` → ``$1`` → ``$0``…) on its card, waiting each time until the new number is
drawn: only that phone changes that number, so each change it was shown is one of its taps. At a random moment the
server is killed (SIGKILL), the store read, the server restarted on the same folder and port, and the phones come
back with the same passes, on their seats.

Per kill and phone: ``lost`` = taps shown but not stored; ``phantom`` = taps stored beyond those shown and the one
in flight (sent, neither drawn nor refused, when the server died); ``misdrawn`` = a phone back after the restart
drawn another number than the stored game holds. Taps are counted as the game's moves (its log, read through the
store), never from the file's format.

    .venv/bin/python -m bench.kills --served --kills 100
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import websockets

from bench.kills import new_table
from companion.net.gate import COOKIE
from companion.rules.actions import AdjustFishbucks
from companion.rules.game import Game
from companion.session import Sessions
from companion.store import open_store
from tests.net.flet_wire import Screen, Tab
from tests.support.serving import ServeProcess

REFUSED_STALE = b"changed this game first"  # the refusal a phone shows when another phone's move came first
ANSWER_SECONDS = 5.0  # a tap not drawn by then is left in flight for the round


@dataclass
class Tally:
    """One phone's taps in one round."""

    shown: int = 0  # drawn on the phone: its number changed
    in_flight: int = 0  # sent, and neither drawn nor refused when the server died
    refused: int = 0  # refused as stale (another phone moved first): nothing changed
    first: str | None = None  # the number drawn when the phone came back


@dataclass
class Kill:
    lost: int
    phantom: int
    misdrawn: int
    shown: int
    in_flight: int
    refused: int


def _taps(game: Game, seat: int) -> int:
    """The Fishbucks moves of ``seat`` in the stored game."""
    return sum(isinstance(a, AdjustFishbucks) and a.player == seat for a in game.log)


async def _open(server: ServeProcess, route: str, cookie: str) -> Tab:
    return await Tab.open(f"ws://127.0.0.1:{server.port}/ws", route, f"{COOKIE}={cookie}", server.base_url)


async def _sit(server: ServeProcess, cookie: str, seat: int) -> None:
    """Take angler ``seat``'s seat on the seat screen, as the phone's player would."""
    tab = await _open(server, "/seat", cookie)
    try:
        assert await tab.until(lambda s, _: s.tagged(f"seat-angler-{seat}") is not None, 30), "no seat screen"
        await tab.tap(f"seat-angler-{seat}")
        assert await tab.until(lambda _, frame: b"seat-current" in frame, 30), "the seat was not taken"
    finally:
        await tab.close()


async def _phone(server: ServeProcess, cookie: str, game_id: str, seat: int, tally: Tally,
                 ready: asyncio.Event) -> None:
    """Tap angler ``seat``'s Fishbucks until the server dies."""
    number = f"fishbucks-{seat}"
    try:
        tab = await _open(server, f"/table?game={game_id}", cookie)
        assert await tab.until(lambda s, _: s.tagged(f"fishbucks-plus-{seat}") is not None, 30), "no card drawn"
        tally.first = tab.screen.text(number)
        ready.set()
        while True:
            before = tab.screen.text(number)
            button, after = ("plus", "$1") if before == "$0" else ("minus", "$0")
            tally.in_flight = 1
            await tab.tap(f"fishbucks-{button}-{seat}")

            def answered(screen: Screen, frame: bytes, after: str = after) -> bool:
                return screen.text(number) == after or REFUSED_STALE in frame

            if not await tab.until(answered, ANSWER_SECONDS):
                await tab.until(lambda *_: False, 3600)  # left in flight: wait for the kill
            tally.in_flight = 0
            if tab.screen.text(number) == after:
                tally.shown += 1
            else:
                tally.refused += 1
    except (websockets.ConnectionClosed, OSError):
        return  # the server died: the tally is what this phone was shown


async def _round(server: ServeProcess, cookies: list[str], game_id: str, rng: random.Random) -> list[Tally]:
    """Phones tap until the server is killed at a random moment; what each was shown."""
    tallies = [Tally() for _ in cookies]
    ready = [asyncio.Event() for _ in cookies]
    phones = [asyncio.create_task(_phone(server, cookie, game_id, seat, tally, event))
              for seat, (cookie, tally, event) in enumerate(zip(cookies, tallies, ready, strict=True))]
    await asyncio.wait_for(asyncio.gather(*(event.wait() for event in ready)), 60)
    await asyncio.sleep(rng.uniform(0.05, 1.5))
    server.kill()
    await asyncio.wait_for(asyncio.gather(*phones), 30)
    return tallies


def _join(server: ServeProcess, phones: int) -> list[str]:
    """A guest pass for each phone (its cookie), from the room code: each its own browser, no cookie yet."""
    return [httpx.get(f"{server.base_url}/join", params={"code": server.room_code}, timeout=30).cookies[COOKIE]
            for _ in range(phones)]


def run(data_dir: Path, kills: int, phones: int = 4, seed: int = 1) -> list[Kill]:
    """Start the server on ``data_dir`` with a new game, seat the phones, then ``kills`` rounds of tapping, kill,
    restart; what each kill lost, made up and misdrew."""
    game = new_table(anglers=phones)
    Sessions(open_store(data_dir / "data")).start_game(game)
    server = ServeProcess(data_dir / "data", data_dir / "serve.log")
    rng = random.Random(seed)
    counts: list[Kill] = []
    server.start()
    try:
        cookies = _join(server, phones)
        asyncio.run(_seat_all(server, cookies))
        stored = open_store(data_dir / "data").load_game(game.id)
        for _ in range(kills):
            tallies = asyncio.run(_round(server, cookies, game.id, rng))
            after = open_store(data_dir / "data").load_game(game.id)
            counts.append(_counted(stored, after, tallies))
            stored = after
            server.start()
    finally:
        server.stop()
    return counts


async def _seat_all(server: ServeProcess, cookies: list[str]) -> None:
    for seat, cookie in enumerate(cookies):
        await _sit(server, cookie, seat)


def _counted(before: Game, after: Game, tallies: list[Tally]) -> Kill:
    lost = phantom = misdrawn = 0
    for seat, tally in enumerate(tallies):
        stored, was = _taps(after, seat), _taps(before, seat)
        lost += max(0, was + tally.shown - stored)
        phantom += max(0, stored - was - tally.shown - tally.in_flight)
        misdrawn += tally.first != f"${before.state.players[seat].fishbucks}"
    return Kill(lost, phantom, misdrawn, sum(t.shown for t in tallies), sum(t.in_flight for t in tallies),
                sum(t.refused for t in tallies))


def main(kills: int, phones: int) -> None:
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        counts = run(Path(folder), kills, phones)
    print(f"{kills} SIGKILLs of the served app, {phones} phones tapping over Flet's wire, "
          f"{time.monotonic() - started:.0f} s: {sum(k.shown for k in counts)} changes shown, "
          f"{sum(k.in_flight for k in counts)} taps in flight at a kill, {sum(k.refused for k in counts)} refused "
          f"as stale")
    print(f"changes shown and lost: {sum(k.lost for k in counts)}   changes stored beyond what was shown or in "
          f"flight: {sum(k.phantom for k in counts)}   phones drawn another number after a restart: "
          f"{sum(k.misdrawn for k in counts)}")
