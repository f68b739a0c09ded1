"""Hooks the screens share: follow a session (re-render when any tab changes what a component reads of it) and
set state from any thread.

A session tells its subscribers on the thread that made the change, once written: the handler of the tab that
tapped, which Flet runs on a thread of its own when it is not async. Component state may only be set on the event
loop, in the context of the tab that owns the component, so
:func:`use_threadsafe` captures both while rendering and hands the setter over with ``call_soon_threadsafe``.
:func:`use_session` is one component's subscription; a screen that draws one session in many components can
subscribe once (:func:`use_feed`) and let each read its own part (:func:`use_selected`).
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import flet as ft

from companion.flet_fixes.tabs import OTHER_TABS_DELAY, hold, let_go
from companion.session import Snapshot
from companion.session.door import Followed

T = TypeVar("T")


def current_page() -> ft.Page | None:
    """The page of the tab being drawn or handled; ``None`` outside every tab (a session telling its subscribers
    from another thread)."""
    try:
        return ft.context.page
    except RuntimeError:
        return None


def use_threadsafe(setter: Callable[[Any], None], delay: float = 0.0) -> Callable[[Any], None]:
    """``setter`` made callable from any thread (call it while drawing, on the tab's event loop); with ``delay``,
    it runs that many seconds later."""
    loop = asyncio.get_running_loop()
    captured = contextvars.copy_context()

    def deliver(value: Any) -> None:
        if loop.is_closed():
            setter(value)
        elif delay:
            loop.call_soon_threadsafe(loop.call_later, delay, setter, value, context=captured.copy())
        else:
            loop.call_soon_threadsafe(setter, value, context=captured.copy())

    return deliver


class TabFeed(Generic[T]):
    """One tab's subscription to a session, shared by the components of the tab that follow it: a change reaches
    them all in one call on the tab's event loop (one render pass, one patch), at once in the tab that made the
    change and :data:`~companion.flet_fixes.tabs.OTHER_TABS_DELAY` seconds later in every other."""

    def __init__(self, session: Followed[T]) -> None:
        self.session = session
        self._followers: list[Callable[[Snapshot[T]], None]] = []

    def follow(self, follower: Callable[[Snapshot[T]], None]) -> Callable[[], None]:
        """Tell ``follower`` of every change from now on; returns the function that stops it."""
        self._followers.append(follower)
        return lambda: self._followers.remove(follower) if follower in self._followers else None

    def tell(self, snapshot: Snapshot[T]) -> None:
        for follower in list(self._followers):
            follower(snapshot)


def use_here_first(setter: Callable[[Any], None], delay: float = 0.0) -> Callable[[Any], None]:
    """``setter`` made callable from anywhere: at once when called while this tab handles its own event (what the
    tab did is drawn in the same pass), else on the tab's event loop ``delay`` seconds later
    (:func:`use_threadsafe`)."""
    mine = current_page()
    later = use_threadsafe(setter, delay)

    def deliver(value: Any) -> None:
        if mine is not None and current_page() is mine:
            setter(value)
        else:
            later(value)

    return deliver


def use_feed(session: Followed[T]) -> TabFeed[T]:
    """The tab's :class:`TabFeed` of ``session`` for the component's life (a stable prop for its children)."""
    feed: TabFeed[T] = ft.use_memo(lambda: TabFeed(session), [session])
    heard = use_here_first(feed.tell, OTHER_TABS_DELAY)  # this tab's own move: its render goes first
    use_subscription(lambda: session.subscribe(heard), [session])
    return feed


def use_selected(feed: TabFeed[T], select: Callable[[Snapshot[T]], Any]) -> Any:
    """What ``select`` reads from the newest version the tab heard of; the component re-renders only when that
    changed. ``select`` runs on the tab's own event loop, never on the path of the tab that made the change."""
    picked, set_picked = ft.use_state(lambda: select(feed.session.current))

    def follow() -> Callable[[], None]:
        stop = feed.follow(lambda snapshot: set_picked(select(snapshot)))
        set_picked(select(feed.session.current))  # a change between the first render and now
        return stop

    use_subscription(follow, [feed])
    return picked


def use_subscription(subscribe: Callable[[], Callable[[], None]], deps: list[Any]) -> None:
    """Run ``subscribe`` once mounted (and when ``deps`` change); the function it returns once unmounted, or
    when the tab closes (:func:`companion.flet_fixes.tabs.release`: Flet never unmounts a closed tab's components)."""
    stop: Any = ft.use_ref(None)
    page = current_page()

    def start() -> None:
        stop.current = subscribe()
        if page is not None:
            hold(page, stop.current)

    def end() -> None:
        if stop.current is not None:
            if page is not None:
                let_go(page, stop.current)
            stop.current()
            stop.current = None

    ft.use_effect(start, deps, cleanup=end)


def use_session(session: Followed[T], select: Callable[[Snapshot[T]], Any] | None = None) -> Snapshot[T]:
    """The session's newest version; the component re-renders whenever any tab changes it, or, with ``select``,
    only when what ``select`` reads from it changed (a title that shows the Day, not the Regret count)."""
    use_selected(use_feed(session), select or version)
    return session.current


def version(snapshot: Snapshot[Any]) -> int:
    """The version number alone: a selector that changes with every change."""
    return snapshot.version


def use_redraw() -> Callable[[], None]:
    """A function that redraws the component (after its local form changed); callable from any thread."""
    _, set_tick = ft.use_state(0)
    deliver = use_threadsafe(set_tick)
    return lambda: deliver(lambda n: n + 1)


def use_form(make: Callable[[], T]) -> T:
    """A typed form local to the component (half-typed text, toggles), made once by ``make`` and kept while the
    screen is shown; change its fields in place and call :func:`use_redraw`'s function to show them."""
    ref: ft.MutableRef[T] = ft.use_ref(make)
    assert ref.current is not None
    return ref.current
