"""Fixtures for screen tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tables import context

from companion.app import RouteScreen
from companion.net import identity
from companion.net.codes import Keys
from companion.rules.game import Game
from companion.session import Sessions
from companion.store import Store
from companion.views.context import AppContext
from tests.support.components import Rendered


@pytest.fixture
def keys(tmp_path: Path) -> Iterator[Keys]:
    """Phones served for this test (codes in ``tmp_path``); the local mode again afterwards."""
    served = Keys(tmp_path)
    identity.use_keys(served)
    yield served
    identity.use_keys(None)


@pytest.fixture(autouse=True)
def local_mode() -> Iterator[None]:
    """Every screen test starts in the local mode, whatever an earlier test (a served app in tests/net) left."""
    identity.use_keys(None)
    yield
    identity.use_keys(None)


@dataclass
class TwoTabs:
    """Two tabs showing one game's table on one set of sessions, as two phones at the table."""

    sessions: Sessions
    first: AppContext  # the tab that taps (drawn with ``tables.draw``)
    second: AppContext
    other: Rendered  # the second tab's screen, kept between renders
    seen: Any  # what the second tab showed before anything changed


@pytest.fixture
def two_tabs() -> Callable[..., TwoTabs]:
    """Open ``game`` in two tabs; the second one draws its table at once. With a ``store``, the game is saved
    there first and both tabs open it from the store (phones joining the host's game)."""

    def open_both(game: Game, store: Store | None = None) -> TwoTabs:
        sessions = Sessions(store)
        if store is None:
            sessions.start_game(game)
        else:
            store.save_game(game)
        route = f"/table?game={game.id}"
        first, second = context(None, route, sessions=sessions), context(None, route, sessions=sessions)
        other = Rendered(RouteScreen, second, second.route)
        return TwoTabs(sessions, first, second, other, other.render())

    return open_both
