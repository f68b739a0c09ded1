"""What the host keeps of guest sockets that open and close (issue 28, item 3): 1,000 of them, half closed before
registering, half right after the register answer (one frame), against ``companion serve --lan`` in a child
process.

    .venv/bin/python -m bench.lean_host [--sockets 1000] [--idle 10] [--runs 1]

Before and after, with the host's own tab open on the Phones screen: the server's resident memory, threads and
TCP connections (psutil, from outside: no debug hook in the server), the CPU seconds it used over an idle window
(``--idle`` seconds), and how many phones the Phones screen shows connected (none is: every guest socket closed).
``--inside`` serves the app in this process instead and prints, as JSON, the server loop's tasks, the Flet
sessions and Python objects alive and the resident memory (what ``tests/net/test_lean_host.py`` reads).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]  # no stubs shipped
import websockets
from flet.messaging.session import Session
from websockets.typing import Origin

from companion.net.gate import COOKIE
from tests.net.flet_wire import Screen, Tab, register
from tests.support.serving import ServeProcess

CONNECTED = "· connected"  # how the Phones screen ends the line of a phone with an open socket


@dataclass
class Footprint:
    rss_mb: float
    threads: int
    connections: int  # TCP connections of the server other than its listening socket
    idle_cpu_s: float  # CPU (user + system) over the idle window
    connected: int  # phones the Phones screen shows connected

    def __str__(self) -> str:
        return (f"RSS {self.rss_mb:6.1f} MB   threads {self.threads:3}   TCP connections {self.connections:4}   "
                f"idle CPU {self.idle_cpu_s:.2f} s   Phones screen: {self.connected} connected")


def join(server: ServeProcess, code: str) -> str:
    """The cookie header of a browser that joined with ``code`` (each its own browser, no cookie yet)."""
    return f"{COOKIE}={httpx.get(f'{server.base_url}/join', params={'code': code}, timeout=30).cookies[COOKIE]}"


def shown_connected(screen: Screen) -> int:
    """Phones the Phones screen shows connected."""
    count, n = 0, 1
    while (line := screen.text(f"phones-phone-{n}")) is not None:
        count += line.endswith(CONNECTED)
        n += 1
    return count


async def footprint(server: ServeProcess, host: Tab, idle_s: float) -> Footprint:
    """The server's footprint, its CPU counted over ``idle_s`` seconds in which nothing talks to it (the host's tab
    only reads what the server sends)."""
    assert server.process is not None
    process = psutil.Process(server.process.pid)
    before = process.cpu_times()
    await host.until(lambda *_: False, idle_s)
    after = process.cpu_times()
    connections = [c for c in process.net_connections(kind="tcp") if c.status != psutil.CONN_LISTEN]
    return Footprint(process.memory_info().rss / 2**20, process.num_threads(), len(connections),
                     after.user + after.system - before.user - before.system, shown_connected(host.screen))


JUNK = b"\x00\x92\x05\x80"  # a Flet-looking frame that is not a register frame (action 5, an empty body)


async def open_and_close(server: ServeProcess, cookie: str, registered: bool, junk: bool = False) -> None:
    """A guest socket closed at once, or right after the server's answer to its register frame; with ``junk``,
    one whose first frame is not a register frame, sent before the socket waits for the server to close it."""
    async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws", origin=Origin(server.base_url),
                                  additional_headers={"Cookie": cookie}) as socket:
        if junk:
            await socket.send(JUNK if registered else "not a Flet frame")
            async def until_closed() -> None:
                while True:  # the gate closes it; the heartbeat may come first
                    await socket.recv()

            with contextlib.suppress(websockets.ConnectionClosed):
                await asyncio.wait_for(until_closed(), 30)  # a socket still open then: TimeoutError, counted a failure
        elif registered:
            await socket.send(register("/"))
            while not isinstance(await asyncio.wait_for(socket.recv(), 30), bytes):
                pass  # the gate's heartbeat may come first


async def churn(server: ServeProcess, cookies: list[str], sockets: int, at_once: int = 10, junk: bool = False) -> None:
    """``sockets`` guest sockets opened and closed, ``at_once`` at a time, half of them registered (with ``junk``:
    every one sends a first frame that is not a register frame, half of them binary, half text)."""
    for start in range(0, sockets, at_once):
        await asyncio.gather(*(open_and_close(server, cookies[k % len(cookies)], registered=k % 2 == 1, junk=junk)
                               for k in range(start, min(sockets, start + at_once))))


async def measured(server: ServeProcess, sockets: int, idle_s: float, guests: int = 10,
                   settle_s: float = 15, junk: bool = False) -> tuple[Footprint, Footprint]:
    """The footprint before and after ``sockets`` guest sockets of ``guests`` joined phones opened and closed."""
    cookies = [join(server, server.room_code) for _ in range(guests)]
    host = await Tab.open(f"ws://127.0.0.1:{server.port}/ws", "/phones", join(server, server.host_code),
                          server.base_url)
    try:
        assert await host.until(lambda s, _: s.tagged(f"phones-phone-{guests}") is not None, 30), "no Phones screen"
        await churn(server, cookies, 20)  # every screen a guest opens drawn once before counting
        await host.until(lambda *_: False, settle_s)
        before = await footprint(server, host, idle_s)
        await churn(server, cookies, sockets, junk=junk)
        await host.until(lambda *_: False, settle_s)
        return before, await footprint(server, host, idle_s)
    finally:
        await host.close()


def inside(sockets: int, guests: int = 10, junk: bool = False) -> dict[str, float]:
    """The same churn against the app served in this process (a fresh one: Flet's session eviction runs on the
    first server's loop of a process), counted from inside: the server loop's tasks, the Flet sessions alive, the
    Python objects, the guests the Phones screen shows connected, the sockets the gate counts open, and the
    process's resident memory, before and after (once Flet evicted the sessions and the host trimmed its heap)."""
    from companion.flet_fixes.memory import TRIM_AFTER_SECONDS
    from tests.support.serving import served

    def on_server(table: Any, read: Callable[[], Any]) -> Any:
        async def run() -> Any:
            return read()

        return asyncio.run_coroutine_threadsafe(run(), table.gate._loop).result(10)

    def count(table: Any) -> dict[str, float]:
        for _ in range(3):  # a collection can free what holds the next one's garbage (Flet's finalizers)
            gc.collect()
        objects = gc.get_objects()
        return {"tasks": on_server(table, lambda: len(asyncio.all_tasks())), "objects": len(objects),
                "sessions": sum(isinstance(o, Session) for o in objects),
                "rss_mb": psutil.Process().memory_info().rss / 2**20}

    with tempfile.TemporaryDirectory() as folder, served(Path(folder) / "data") as table:
        address = ServeProcess(Path(folder) / "unused", Path(folder) / "unused.log")
        address.port = table.port
        cookies = [join(address, table.room_code) for _ in range(guests)]

        async def walk() -> dict[str, float]:
            assert table.keys is not None, "served with --lan"
            host = await Tab.open(f"ws://127.0.0.1:{table.port}/ws", "/phones", join(address, table.keys.host_code),
                                  table.base_url)
            try:
                assert await host.until(lambda s, _: s.tagged(f"phones-phone-{guests}") is not None, 30)
                await churn(address, cookies, 20)  # every screen a guest opens drawn once before counting
                await host.until(lambda *_: False, TRIM_AFTER_SECONDS + 3)
                before = count(table)
                await churn(address, cookies, sockets, junk=junk)
                await host.until(lambda *_: False, TRIM_AFTER_SECONDS + 3)
                after = count(table)
                return {**{f"{k}_before": v for k, v in before.items()}, **after,
                        "connected": shown_connected(host.screen),
                        "sockets": on_server(table, table.gate.connected)}
            finally:
                await host.close()

        return asyncio.run(walk())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of the idle window")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--inside", action="store_true",
                        help="serve in this process and print its counts as JSON (what the test reads)")
    parser.add_argument("--junk", action="store_true",
                        help="every socket's first frame is not a register frame (issue 35 item 6)")
    args = parser.parse_args()
    if args.inside:
        print(json.dumps(inside(args.sockets, junk=args.junk)))
        return
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory() as folder:
            server = ServeProcess(Path(folder) / "data", Path(folder) / "serve.log")
            server.start()
            try:
                started = time.monotonic()
                before, after = asyncio.run(measured(server, args.sockets, args.idle, junk=args.junk))
            finally:
                server.stop()
            tracebacks = server.log.read_text(errors="replace").count("Traceback")
        what = ("a first frame that is not a register frame" if args.junk
                else "half before registering, half after one frame")
        print(f"run {run}: {args.sockets} guest sockets opened and closed ({what}), "
              f"{time.monotonic() - started:.0f} s; idle window {args.idle:.0f} s")
        print(f"  tracebacks on the host's console: {tracebacks}")
        print(f"  before  {before}")
        print(f"  after   {after}")


if __name__ == "__main__":
    main()
