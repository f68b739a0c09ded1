"""Phones served at a table, for screen tests: a pass per phone, its seat, and drawing as that phone.

``keys`` (the fixture in conftest.py) serves codes for the test; ``phone(keys, code, seat)`` joins a phone and seats it;
``with on(page):`` draws as that phone (what ``ft.context.page`` returns).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flet.controls.context import _context_page

from companion.net import identity
from companion.net.codes import Keys


class _Page:
    """What the screens read of a page: its Flet session (weakly referenced, as Flet's own) for the seat check, and
    its views (none drawn here: nothing to scroll into view)."""

    def __init__(self) -> None:
        self.session = type("Session", (), {})()
        self.views: list[object] = []


def phone(keys: Keys, code: str, seat: dict | None) -> _Page:
    """A phone that joined with ``code`` and sat at ``seat``."""
    holder = keys.join(code)
    assert holder is not None
    keys.set_seat(holder.token_id, seat)
    page = _Page()
    token = identity.current_pass.set(holder)
    identity.remember(page)
    identity.current_pass.reset(token)
    return page


@contextmanager
def on(page: _Page) -> Iterator[None]:
    token = _context_page.set(page)
    try:
        yield
    finally:
        _context_page.reset(token)
