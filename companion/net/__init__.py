"""Serving the companion to the phones at the table: which address, who may join, and what they may do.

- :mod:`~companion.net.addresses` picks the LAN address a phone can reach.
- :mod:`~companion.net.codes` issues the room and host codes and the passes they buy (hashes only on disk).
- :mod:`~companion.net.gate` is the ASGI gate in front of Flet: no pass, no app; foreign origins refused.
- :mod:`~companion.net.web` serves the web client compressed once; :mod:`~companion.net.banner` shows
  "Reconnecting…" on the phone itself.
- :mod:`~companion.net.identity` tells screens who is at a tab: ``is_host(page)``, ``pass_of(page)``.
- :mod:`~companion.net.seats` keeps each phone's seat; :mod:`~companion.net.powers` refuses host-only verbs.
- :mod:`~companion.net.server` assembles and runs it; ``current_table()`` feeds the Phones screen.

What screens use (``page`` is ``ft.context.page`` inside a component or handler):

- ``is_host(page)``: may this tab export, import, delete, restore, change settings or the room code? Hide those
  buttons when it is ``False``; the store and sessions a guest's tab gets refuse them anyway
  (``guard(obj, pass_of(page))``).
- ``seat_of(page)``: this phone's :class:`Seat` (``game``, ``angler``; ``angler`` ``None`` is the whole table),
  or ``None``; ``choose_seat(page, seat)`` keeps a new one.
- ``may_see_hidden(page, game_id, angler)``: show that angler's Fish in hand and Regret value, or counts only.
- ``route_refusal(page, path, params)`` and ``start_route(page)``: used by the app shell.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import t
from companion.net.identity import is_host, pass_of
from companion.net.powers import HOST_ONLY_ROUTES
from companion.net.seats import Seat, choose_seat, may_see_hidden, seat_of
from companion.net.seats import route_refusal as _card_refusal

__all__ = ["Seat", "choose_seat", "is_host", "may_see_hidden", "pass_of", "route_refusal", "seat_of",
           "start_route"]


def route_refusal(page: Any, path: str, params: dict[str, str]) -> str | None:
    """Why this tab may not open ``path``: a host-only screen on a guest's phone, or another angler's card."""
    if path in HOST_ONLY_ROUTES and not is_host(page):
        return t("Only the host can open this screen.")
    return _card_refusal(page, path, params)


def start_route(page: Any) -> str:
    """Where a tab opened on ``/`` starts: a joined phone's seat, the seat picker for a guest with none yet."""
    route = page.route or "/"
    if route != "/":
        return route
    seat = seat_of(page)
    if seat is not None:
        return seat.route()
    from companion.net.identity import keys

    return "/seat" if keys() is not None and not is_host(page) else "/"
