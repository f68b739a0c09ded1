"""A served table for the gate tests (:func:`tests.support.serving.served`), on 127.0.0.1.

``table`` is the running :class:`companion.net.server.Room` (its codes, its gate); ``client(address)`` an
HTTP client talking to it from any loopback source address (127.0.0.x), so rate-limit tests don't block others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from companion.net.server import Room
from companion.session import Sessions
from companion.store import open_store
from tests.support.serving import served


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("table")


@pytest.fixture(scope="module")
def table(data_dir: Path) -> Iterator[Room]:
    """The served table; its shared sessions (games, the seat book) are ``table.sessions``."""
    sessions = Sessions(open_store(data_dir))
    with served(data_dir, sessions=sessions) as running:
        running.sessions = sessions  # type: ignore[attr-defined]
        yield running


@pytest.fixture
def client(table: Room) -> Iterator[Callable[..., httpx.Client]]:
    made: list[httpx.Client] = []

    def make(source: str = "127.0.0.1") -> httpx.Client:
        made.append(httpx.Client(base_url=table.base_url, timeout=30,
                                 transport=httpx.HTTPTransport(local_address=source)))
        return made[-1]

    yield make
    for one in made:
        one.close()
