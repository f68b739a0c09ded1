"""How Flet 1.0.5 draws tabs, and what the screens do about it (the one module of the package that imports Flet).

- :func:`release`: Flet never unmounts a closed tab's components (their effects' cleanups would be queued on a
  session that no longer runs them), so a phone that left stayed subscribed to every game it showed, and kept its
  whole screen alive, until the server stopped. A component's subscription is noted under its tab's page
  (:func:`hold`, :func:`let_go` when the component ends it) and the app stops them all when the tab closes.
- :data:`OTHER_TABS_DELAY`: every tab renders on one event loop, so the other tabs' renders of a change would queue
  ahead of the patch of the tab that made it: they hear of it a moment later.
- :data:`NOTICE_DELAY`: Flet's scheduler renders every update queued at once before it yields to the socket, so a
  redraw of the bottom bar's shape (a refusal shown, one more line of steps) queued with the tapped number would hold
  that number's patch back: it follows a moment later, as its own.
- :func:`answer_late_calls`: the browser answers every call made to one of its controls (a scroll, the screen kept
  awake) when it is done, and Flet raised in the socket's reader when the control had gone meanwhile ("Control
  with ID … is not registered"), which closed the socket: a screen redrawn while its scroll was under way (a
  phone's own language, read after the first draw) dropped the phone, and the answer, arriving on the fresh
  session it came back on, dropped that one too, over and over.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from typing import Any

import flet as ft
from flet.messaging.session import Session

log = logging.getLogger(__name__)

OTHER_TABS_DELAY = 0.03  # seconds before another tab hears of a change
NOTICE_DELAY = 0.02  # seconds between a move and the change of the bottom bar's shape it made

# The stop functions of the subscriptions each tab's components hold.
_held: weakref.WeakKeyDictionary[ft.Page, set[Callable[[], None]]] = weakref.WeakKeyDictionary()


def hold(page: ft.Page, stop: Callable[[], None]) -> None:
    """Note ``stop`` (the end of a subscription a component of ``page`` holds) for :func:`release`."""
    _held.setdefault(page, set()).add(stop)


def let_go(page: ft.Page, stop: Callable[[], None]) -> None:
    """``stop`` was called by its component: nothing for :func:`release` to do with it."""
    _held.get(page, set()).discard(stop)


def release(page: ft.Page) -> None:
    """Stop every subscription the components of ``page`` hold (its tab closed)."""
    for stop in _held.pop(page, set()):
        stop()


_flet_answer = Session.handle_invoke_method_results


def _answer(session: Session, control_id: int, call_id: str, result: Any, error: str | None) -> None:
    """Flet's own handling of an answer, unless its control is gone: then the call still waiting (if any) gets the
    answer, and one nobody waits for (a call of another session) is dropped."""
    if control_id in session.index:
        _flet_answer(session, control_id, call_id, result, error)
        return
    calls: dict[str, asyncio.Event] = session._Session__method_calls  # type: ignore[attr-defined]
    waiting = calls.pop(call_id, None)
    if waiting is None:
        log.debug("an answer from control %s came after its session ended", control_id)
        return
    results: dict[asyncio.Event, tuple[Any, str | None]] = session._Session__method_call_results  # type: ignore[attr-defined]
    results[waiting] = (result, error)
    waiting.set()


def answer_late_calls() -> None:
    """Have every session take an answer for a control that has gone (once for the process)."""
    Session.handle_invoke_method_results = _answer  # type: ignore[method-assign, assignment]
