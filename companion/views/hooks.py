"""Hooks the screens share: follow a session (re-render when any tab changes it) and set state from any thread.

A session tells its subscribers on the thread that made the change (another tab's handler, the save worker).
Component state may only be set on the event loop, in the context of the tab that owns the component, so
:func:`use_threadsafe` captures both while rendering and hands the setter over with ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

from companion.session import Session, Snapshot

T = TypeVar("T")


def current_page() -> ft.Page | None:
    """The page of the tab being drawn or handled; ``None`` when drawn with no page (a view test)."""
    try:
        return ft.context.page
    except RuntimeError:
        return None


def use_threadsafe(setter: Callable[[Any], None]) -> Callable[[Any], None]:
    """``setter`` made callable from any thread (a plain call outside the event loop, as in view tests)."""
    try:
        loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    captured = contextvars.copy_context()

    def deliver(value: Any) -> None:
        if loop is None or loop.is_closed():
            setter(value)
        else:
            loop.call_soon_threadsafe(setter, value, context=captured.copy())

    return deliver


def use_session(session: Session[T], select: Callable[[Snapshot[T]], Any] | None = None) -> Snapshot[T]:
    """The session's newest version; the component re-renders whenever any tab changes it, or, with ``select``,
    only when what ``select`` reads from it changed (a title that shows the Day, not the Regret count)."""
    pick: Callable[[Snapshot[T]], Any] = select or (lambda snapshot: snapshot.version)
    _, set_seen = ft.use_state(lambda: pick(session.current))
    deliver = use_threadsafe(set_seen)
    stop = ft.use_ref(None)

    def subscribe() -> None:
        stop.current = session.subscribe(lambda snapshot: deliver(pick(snapshot)))

    def unsubscribe() -> None:
        if stop.current is not None:
            stop.current()
            stop.current = None

    ft.use_effect(subscribe, [session], cleanup=unsubscribe)
    return session.current


def use_redraw() -> Callable[[], None]:
    """A function that redraws the component (after its local form changed); callable from any thread."""
    _, set_tick = ft.use_state(0)
    deliver = use_threadsafe(set_tick)
    return lambda: deliver(lambda n: n + 1)


def use_form(make: Callable[[], T]) -> T:
    """A typed form local to the component (half-typed text, toggles), made once by ``make`` and kept while the
    screen is shown; change its fields in place and call :func:`use_redraw`'s function to show them."""
    ref = ft.use_ref(make)
    assert ref.current is not None
    return ref.current
