"""The real app behind the gate, served in this process (:func:`served`) or as ``companion serve --lan`` in a child
process (:class:`ServeProcess`, which a test may kill): what the network tests talk to over HTTP and Flet's
WebSocket protocol."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from companion.app import build_app
from companion.net.server import Room, room_server, server_config
from companion.resources import assets_path
from companion.session import Sessions
from tests.support.browser import free_port


@contextmanager
def served(data_dir: Path, lan: bool = True, sessions: Sessions | None = None) -> Iterator[Room]:
    """The real app behind the gate, served from a thread of this process on a free loopback port."""
    port = free_port()
    table = build_app("127.0.0.1", port, data_dir, lan, sessions, assets_dir=str(assets_path()))
    server = room_server(table, server_config(table, graceful_s=1))  # and it stops as the host does
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield table
    finally:  # a failing test or bench must not leave the server running
        server.should_exit = True
        thread.join(10)


LINK = re.compile(r"http://127\.0\.0\.1:(\d+)/join\?code=([A-HJKMNP-Z2-9]{6})\b")
_READY = "keep it to yourself"  # the last line ``serve --lan`` prints about its links
_HOST_CODE = re.compile(r"/join\?code=([A-HJKMNP-Z2-9]+) \(keep it to yourself\)")


class ServeProcess:
    """``companion serve --lan --host 127.0.0.1`` on ``data_dir`` in a child process (its own process group),
    started on ``port`` (0: a free one, then the same one on every restart). Its output goes to ``log`` (a file:
    a pipe nobody reads would fill and block the server)."""

    def __init__(self, data_dir: Path, log: Path, port: int = 0) -> None:
        self.data_dir, self.log, self.port = data_dir, log, port
        self.process: subprocess.Popen[bytes] | None = None
        self.printed = ""
        self.room_code = self.host_code = ""

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, seconds: float = 60) -> None:
        """Start the server; back once it printed its links (:attr:`printed`) and answers HTTP."""
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "companion.cli", "--data-dir", str(self.data_dir), "serve", "--lan", "--host",
                 "127.0.0.1", "--port", str(self.port), "--no-browser"],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + seconds
        while _READY not in self.printed:
            assert self.process.poll() is None, f"the server stopped: {self.printed}"
            assert time.monotonic() < deadline, f"the server printed no links: {self.printed}"
            time.sleep(0.05)
            self.printed = self.log.read_text(errors="replace")
        link, host = LINK.search(self.printed), _HOST_CODE.search(self.printed)
        assert link and host, self.printed
        self.port, self.room_code, self.host_code = int(link.group(1)), link.group(2), host.group(1)
        while True:
            try:
                httpx.get(f"{self.base_url}/join", timeout=5)
                return
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL, as a crash or a pulled plug takes the process: nothing of it runs after this."""
        self._signal(signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM (Ctrl+C's way out), SIGKILL if it has not stopped in 10 s."""
        try:
            self._signal(signal.SIGTERM, seconds=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def _signal(self, signum: int, seconds: float = 10) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        os.killpg(self.process.pid, signum)
        self.process.wait(seconds)
