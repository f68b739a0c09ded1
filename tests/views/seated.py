"""Phones at a table, for screen tests: a pass per phone, its seat, and drawing on that phone.

``keys`` (the fixture in conftest.py) serves codes for the test; ``phone(keys, code, seat, sessions)`` joins a phone
and seats it in ``sessions``' seat book; ``seen_by(phone, sessions)`` are the sessions as the app gives that phone's
tab; ``with on(phone):`` draws every screen first drawn inside it on that phone (its page: its pass, language, text
size).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tables import in_hand, new_phone

from companion.net import identity
from companion.net.codes import Keys, Pass
from companion.net.identity import Tabs
from companion.session import Sessions
from companion.session.door import Door, tab_sessions
from companion.session.seats import Seat, Viewer
from tests.support.components import Phone

# The test's server as the composition root builds it: the ``keys`` fixture (conftest.py) gives it its codes.
TABS = Tabs(None)


def phone(keys: Keys | None = None, code: str = "", seat: dict | None = None,
          sessions: Sessions | None = None) -> Phone:
    """A phone that opened the app; with ``keys``, one that joined with ``code`` (its :class:`Viewer` is
    ``.viewer``) and, with ``sessions``, sat at ``seat`` (``{"game": id, "angler": i or None}``)."""
    if keys is None:
        return new_phone()
    holder = keys.join(code)
    assert holder is not None
    viewer = Viewer(holder.token_id, holder.is_host)
    if sessions is not None and seat is not None:
        assert sessions.seats.take(viewer, Seat.from_saved(seat)) is None
    token = identity.current_pass.set(holder)  # as the gate does while Flet opens the phone's session
    try:
        opened = new_phone(before_main=TABS.remember)
    finally:
        identity.current_pass.reset(token)
    opened.viewer = viewer  # type: ignore[attr-defined]
    return opened


def seen_by(held: Phone, sessions: Sessions) -> Door:
    """``sessions`` as the app gives the tab of phone ``held``."""
    return tab_sessions(sessions, held.viewer)  # type: ignore[attr-defined]


@contextmanager
def on(held: Phone) -> Iterator[Phone]:
    token = in_hand.set(held)
    try:
        yield held
    finally:
        in_hand.reset(token)


def join(keys: Keys, sessions: Sessions, code: str, seat: Seat | None) -> tuple[Pass, Viewer]:
    """A phone that joined with ``code`` (its pass) and sat at ``seat`` in ``sessions``' seat book."""
    holder = keys.join(code)
    assert holder is not None
    viewer = Viewer(holder.token_id, holder.is_host)
    if seat is not None:
        assert sessions.seats.take(viewer, seat) is None
    return holder, viewer


def app_tab(holder: Pass, language: str = "en") -> Phone:
    """A new tab of the phone holding ``holder``, its browser asking for ``language``."""
    passed, accepted = identity.current_pass.set(holder), identity.current_accept.set(language)
    try:  # as the gate does while flet-web opens the phone's session
        return new_phone(before_main=TABS.remember)
    finally:
        identity.current_pass.reset(passed)
        identity.current_accept.reset(accepted)


def open_app(phone: Phone, route: str, main) -> list[str]:
    """The app opened on ``route`` in ``phone``'s tab, as flet-web runs it: every string the phone was sent."""
    phone.page.route = route
    phone.call(lambda: main(phone.page))
    phone.settle()
    phone.settle()
    return phone.received()
