"""Phones at a table, for screen tests: a pass per phone, its seat, and drawing on that phone.

``keys`` (the fixture in conftest.py) serves codes for the test; ``phone(keys, code, seat)`` joins a phone and seats it;
``with on(phone):`` draws every screen first drawn inside it on that phone (its page: its pass, language, text size).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tables import in_hand, new_phone

from companion.net import identity
from companion.net.codes import Keys
from tests.support.components import Phone


def phone(keys: Keys | None = None, code: str = "", seat: dict | None = None) -> Phone:
    """A phone that opened the app; with ``keys``, one that joined with ``code`` and sat at ``seat``."""
    if keys is None:
        return new_phone()
    holder = keys.join(code)
    assert holder is not None
    keys.set_seat(holder.token_id, seat)
    token = identity.current_pass.set(holder)  # as the gate does while Flet opens the phone's session
    try:
        return new_phone(before_main=identity.remember)
    finally:
        identity.current_pass.reset(token)


@contextmanager
def on(held: Phone) -> Iterator[Phone]:
    token = in_hand.set(held)
    try:
        yield held
    finally:
        in_hand.reset(token)
