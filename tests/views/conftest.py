"""Fixtures for screen tests."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from seated import TABS
from tables import context, tab

from companion.net.codes import Keys
from companion.rules.game import Game
from companion.session import Sessions
from companion.store import Store
from companion.views.context import AppContext
from tests.support.components import Rendered, close_all


@pytest.fixture
def keys(tmp_path: Path) -> Iterator[Keys]:
    """Phones served for this test (codes in ``tmp_path``); the local mode again afterwards."""
    served = Keys(tmp_path)
    TABS.keys = served
    yield served
    TABS.keys = None


@pytest.fixture(autouse=True)
def phones_closed() -> Iterator[None]:
    """Every phone a screen test opened is closed at its end, as a browser tab that goes away."""
    yield
    close_all()


@pytest.fixture(autouse=True)
def no_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app holds a notice and the other tabs' redraws back for a few milliseconds, so that the tapping phone's
    answer goes out first; a screen test reads what is shown once everything is done, so nothing waits."""
    monkeypatch.setattr("companion.app.NOTICE_DELAY", 0.0)
    monkeypatch.setattr("companion.views.hooks.OTHER_TABS_DELAY", 0.0)


ASLEEP_S = 2.0  # how late an asleep tab hears of a change: longer than a test's taps take, on a loaded machine


@dataclass
class TwoTabs:
    """Two tabs showing one game's table on one set of sessions, as two phones at the table."""

    sessions: Sessions
    first: AppContext  # the tab that taps (drawn with ``tables.draw``)
    second: AppContext
    other: Rendered  # the second tab's screen, kept between renders
    seen: Any  # what the second tab showed before anything changed

    def wake(self) -> Any:
        """The second tab once an asleep one has heard of the changes made so far."""
        time.sleep(ASLEEP_S)
        return self.other.render()


@pytest.fixture
def two_tabs() -> Callable[..., TwoTabs]:
    """Open ``game`` in two tabs; the second one draws its table at once. With a ``store``, the game is saved
    there first and both tabs open it from the store (phones joining the host's game). An ``asleep`` second tab
    hears of a change :data:`ASLEEP_S` later (a phone still waking up): until then it shows what it drew."""

    def open_both(game: Game, store: Store | None = None, asleep: bool = False) -> TwoTabs:
        sessions = Sessions(store)
        if store is None:
            sessions.start_game(game)
        else:
            store.save_game(game)
        route = f"/table?game={game.id}"
        first, second = context(None, route, sessions=sessions), context(None, route, sessions=sessions)
        other = tab(second).watch()
        with pytest.MonkeyPatch.context() as later:
            if asleep:  # read once, when the tab subscribes
                later.setattr("companion.views.hooks.OTHER_TABS_DELAY", ASLEEP_S)
            seen = other.render()
        return TwoTabs(sessions, first, second, other, seen)

    return open_both
