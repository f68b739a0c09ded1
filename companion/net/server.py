"""The room phones join: Flet's app behind the compress-once layer and the gate, on one address, with its codes.

The composition root (:func:`companion.app.build_app`, called by :func:`companion.cli.serve.serve`) builds one with
:func:`build_room` and hands it down: to the Phones screen, which reads the join link, the room code and who
joined, and calls its "change code".
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.flet_fixes import picked_files, screen_reader
from companion.flet_fixes.web_files import WebFiles
from companion.net.banner import page_script
from companion.net.codes import Keys
from companion.net.gate import Gate, Landing
from companion.net.identity import Tabs
from companion.net.request_deadline import bounded_http
from companion.store.limits import MAX_IMPORT_BYTES, TOO_LARGE

if TYPE_CHECKING:
    import uvicorn

log = logging.getLogger(__name__)


def authorities(host: str, port: int) -> set[str]:
    """The ``Host`` names a browser may use for this server: its address, and ``localhost`` on loopback.

    >>> sorted(authorities("127.0.0.1", 8550))
    ['127.0.0.1:8550', 'localhost:8550']
    """
    names = {f"{host}:{port}"}
    if ipaddress.ip_address(host).is_loopback:
        names |= {f"127.0.0.1:{port}", f"localhost:{port}"}
    return names


@dataclass(frozen=True)
class Phone:
    """A joined guest phone, as the Phones screen lists it: its pass (whose seat the session's seat book keeps)."""

    holder: str
    connected: bool


@dataclass
class Room:
    """The room phones join, as the host's screens see it: the running server's address, its codes (the room and
    host codes, none in the local mode), its gate and who is in; a game's table is not this, and one room serves
    every game and campaign of the data folder."""

    host: str
    port: int
    keys: Keys | None  # None: the local mode (this computer only, no codes)
    gate: Gate
    web: WebFiles
    # What the host does first when it stops, while the phones are still connected: the sessions' close, which
    # reports whether everything was saved (the composition root's). ``None``: nothing to save.
    close: Callable[[], bool] | None = None
    _listeners: list[Callable[[], None]] = field(default_factory=list)

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` (from any thread) when a phone joins, picks a seat, connects or leaves, or the
        room code changes; returns the function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def changed(self) -> None:
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # a screen's listener must never break a join or a socket
                log.exception("a room listener failed")

    @property
    def lan(self) -> bool:
        return self.keys is not None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def room_code(self) -> str:
        return self.keys.room_code if self.keys else ""

    def join_link(self) -> str:
        """``http://<address>:<port>/join?code=<room code>``: what the QR code holds."""
        return f"{self.base_url}/join?code={self.room_code}"

    def host_link(self) -> str:
        """The link that makes a browser the host (opened on the host's computer only)."""
        return f"{self.base_url}/join?code={self.keys.host_code}" if self.keys else f"{self.base_url}/"

    def change_room_code(self) -> str:
        """New room code; every joined phone is dropped and must join again."""
        return self.gate.change_room_code()

    def phones(self) -> list[Phone]:
        """Every joined guest phone, oldest first, and whether it is connected now."""
        if self.keys is None:
            return []
        return [Phone(p.token_id, self.gate.is_connected(p.token_id)) for p in self.keys.passes() if not p.is_host]

    def connected(self) -> int:
        """Tabs with an open socket now (the host's included)."""
        return self.gate.connected()


def web_cache_dir() -> Path:
    """Where the gzipped web client is kept between runs: the user's cache folder (files are named by the hash
    of what they compress, so every data folder and every Flet version can share it)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("deep-regrets-companion", appauthor=False)) / "web"


def build_room(main: Callable[[Any], Any], host: str, port: int, tabs: Tabs, landing: Landing,
               assets_dir: str | None = None, app_name: str = "Deep Regrets Companion") -> Room:
    """Flet's app for ``main`` wrapped in the compress-once layer and the gate, which admits by ``tabs``' codes
    (``tabs.keys`` ``None``: the local mode, no codes) and tells ``tabs`` which pass opened each tab; a browser that
    joins lands on ``landing``'s route for its role."""
    import flet.fastapi

    flet_app = flet.fastapi.app(main, before_main=tabs.remember, no_cdn=True, assets_dir=assets_dir,
                                app_name=app_name, app_short_name="Companion")
    web = WebFiles(flet_app, cache_dir=web_cache_dir(), page_script=page_script() + screen_reader.page_script()
                   + picked_files.page_script(MAX_IMPORT_BYTES, TOO_LARGE))
    keys = tabs.keys
    room = Room(host, port, keys, Gate(web, authorities(host, port), keys, landing=landing, tabs=tabs), web)
    room.gate.on_change = room.changed
    if keys is not None:
        keys.listeners.append(room.changed)
    return room


def server_config(room: Room, graceful_s: int = 2) -> uvicorn.Config:
    """uvicorn's settings for ``room``. No proxy stands in front of ``--lan``, so ``X-Forwarded-For`` is never
    believed: a phone could otherwise name any address and walk round the wrong-code limit. A request that has
    not arrived whole within :data:`~companion.net.request_deadline.REQUEST_S` has its connection closed."""
    import uvicorn

    return uvicorn.Config(room.gate, host=room.host, port=room.port, ws="websockets-sansio", log_level="warning",
                          timeout_graceful_shutdown=graceful_s, proxy_headers=False, http=bounded_http())


async def _flushed(room: Room) -> bool:
    """Whether everything was saved, as :attr:`Room.close` reports it (off the loop: it writes)."""
    if room.close is None:
        return False
    try:
        return await asyncio.to_thread(room.close)
    except Exception:  # the phones are still told the table is closed, without "saved"
        log.exception("the sessions' close failed as the host stopped")
        return False


def room_server(room: Room, config: uvicorn.Config | None = None) -> uvicorn.Server:
    """uvicorn's server for ``room`` (``config``: :func:`server_config`'s), stopping as the host must."""
    import uvicorn

    class Server(uvicorn.Server):
        # uvicorn raises the signal that stopped it again once it has shut down: Ctrl+C then ended in a
        # KeyboardInterrupt traceback that looked like a crash, and SIGTERM killed the process before its exit
        # handlers folded the games' logs into their records. Stopped by either, this one simply returns.
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                yield
                self._captured_signals.clear()

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            # Before uvicorn closes the sockets: every phone is told the host has closed the table, and whether
            # everything was saved as the flush reports it (else each phone would wait to reconnect for ever).
            await room.gate.close_all(await _flushed(room))
            await super().shutdown(sockets)

    return Server(config or server_config(room))


def run_room(room: Room, on_ready: Callable[[], None] | None = None) -> None:
    """Serve ``room`` until stopped (Ctrl+C or SIGTERM), compressing the web client's files while it starts;
    returns once it has shut down, whichever of the two stopped it."""
    server = room_server(room)

    async def run() -> None:
        warm = asyncio.create_task(room.web.warm(host=f"{room.host}:{room.port}"))

        async def ready() -> None:
            while not server.started:
                await asyncio.sleep(0.05)
            if on_ready:
                on_ready()

        announce = asyncio.create_task(ready())
        await server.serve()
        for task in (warm, announce):
            task.cancel()

    asyncio.run(run())
