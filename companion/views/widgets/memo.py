"""Skip redrawing parts of a screen whose inputs did not change (the table's player cards)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import flet as ft
from flet.components.utils import current_renderer


@cache
def _memo_component(fn: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    return ft.memo(ft.component(fn))


def rendering() -> bool:
    """Whether the app is drawing (components and hooks work) rather than a test calling a screen directly."""
    try:
        current_renderer()
    except RuntimeError:
        return False
    return True


def memoized(fn: Callable[..., ft.Control], *args: object) -> ft.Control:
    """``fn(*args)``, drawn as a memoized component while the app renders, so a tap that changes one angler
    rebuilds and sends only that angler's card. Outside a render (a view test walking the tree) it is a plain call.

    ``args`` must be everything ``fn`` reads: they are compared with ``==`` to decide whether to redraw.
    """
    return _memo_component(fn)(*args) if rendering() else fn(*args)
