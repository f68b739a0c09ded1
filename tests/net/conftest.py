"""A served table for the gate tests: the real app behind the gate, in this process, on 127.0.0.1.

``table`` is the running :class:`companion.net.server.Table` (its codes, its gate); ``client(address)`` an
HTTP client talking to it from any loopback source address (127.0.0.x), so rate-limit tests don't block others.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn

from companion.app import make_main
from companion.net.server import Table, build_table
from companion.resources import assets_path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("table")


@pytest.fixture(scope="module")
def table(data_dir: Path) -> Iterator[Table]:
    port = free_port()
    served = build_table(make_main(data_dir), "127.0.0.1", port, data_dir, lan=True, assets_dir=str(assets_path()))
    server = uvicorn.Server(uvicorn.Config(served.gate, host="127.0.0.1", port=port, ws="websockets-sansio",
                                           log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield served
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def client(table: Table) -> Iterator[Callable[..., httpx.Client]]:
    made: list[httpx.Client] = []

    def make(source: str = "127.0.0.1") -> httpx.Client:
        made.append(httpx.Client(base_url=table.base_url, timeout=30,
                                 transport=httpx.HTTPTransport(local_address=source)))
        return made[-1]

    yield make
    for one in made:
        one.close()
