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
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import flet as ft

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
