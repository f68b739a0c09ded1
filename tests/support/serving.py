"""The real app behind the gate, served in this process: what the network tests talk to over HTTP and Flet's
WebSocket protocol."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from companion.app import build_app
from companion.net.server import Table, server_config
from companion.resources import assets_path
from companion.session import Sessions
from tests.support.browser import free_port


@contextmanager
def served(data_dir: Path, lan: bool = True, sessions: Sessions | None = None) -> Iterator[Table]:
    """The real app behind the gate, served from a thread of this process on a free loopback port."""
    port = free_port()
    table = build_app("127.0.0.1", port, data_dir, lan, sessions, assets_dir=str(assets_path()))
    server = uvicorn.Server(server_config(table, graceful_s=1))
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
