"""Fixtures for screen tests."""

from __future__ import annotations

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
from companion.views.hooks import use_threadsafe
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


class Asleep:
    """A tab still waking up: what it hears of the sessions is held until :meth:`wake` (in place of
    :func:`companion.views.hooks.use_here_first` while it subscribes), however long the taps before take."""

    def __init__(self) -> None:
        self.awake = False
        self._held: list[Callable[[], None]] = []

    def here_first(self, setter: Callable[[Any], None], delay: float = 0.0) -> Callable[[Any], None]:
        later = use_threadsafe(setter)  # called while the tab draws: on its event loop, in its context

        def deliver(value: Any) -> None:
            if self.awake:
                later(value)
            else:
                self._held.append(lambda: later(value))

        return deliver

    def wake(self) -> None:
        self.awake = True
        for deliver in self._held:
            deliver()
        self._held.clear()


@dataclass
class TwoTabs:
    """Two tabs showing one game's table on one set of sessions, as two phones at the table."""

    sessions: Sessions
    first: AppContext  # the tab that taps (drawn with ``tables.draw``)
    second: AppContext
    other: Rendered  # the second tab's screen, kept between renders
    seen: Any  # what the second tab showed before anything changed
    asleep: Asleep

    def wake(self) -> Any:
        """The second tab once an asleep one has heard of the changes made so far."""
        self.asleep.wake()
        return self.other.render()


@pytest.fixture
def two_tabs() -> Callable[..., TwoTabs]:
    """Open ``game`` in two tabs; the second one draws its table at once. With a ``store``, the game is saved
    there first and both tabs open it from the store (phones joining the host's game). An ``asleep`` second tab
    (a phone still waking up) hears of the changes only once woken (:meth:`TwoTabs.wake`): until then it shows
    what it drew."""

    def open_both(game: Game, store: Store | None = None, asleep: bool = False) -> TwoTabs:
        sessions = Sessions(store)
        if store is None:
            sessions.start_game(game)
        else:
            store.save_game(game)
        route = f"/table?game={game.id}"
        first, second = context(None, route, sessions=sessions), context(None, route, sessions=sessions)
        other = tab(second).watch()
        sleeper = Asleep()
        with pytest.MonkeyPatch.context() as later:
            if asleep:  # read once, when the tab subscribes
                later.setattr("companion.views.hooks.use_here_first", sleeper.here_first)
            seen = other.render()
        return TwoTabs(sessions, first, second, other, seen, sleeper)

    return open_both
