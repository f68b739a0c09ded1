"""Serving the companion to the phones at the table: which address, who may join, and what they may do.

- :mod:`~companion.net.addresses` picks the LAN address a phone can reach.
- :mod:`~companion.net.codes` issues the room and host codes and the passes they buy (hashes only on disk).
- :mod:`~companion.net.gate` is the ASGI gate in front of Flet: no pass, no app; foreign origins refused.
- :mod:`~companion.net.web` serves the web client compressed once; :mod:`~companion.net.banner` shows
  "Reconnecting…" on the phone itself.
- :mod:`~companion.net.identity` tells screens who is at a tab: ``is_host(page)``, ``pass_of(page)``.
- :mod:`~companion.net.powers` refuses host-only verbs (seats are :mod:`companion.session.seats`).
- :mod:`~companion.net.server` assembles and runs it; ``current_table()`` feeds the Phones screen.

What screens use (``page`` is ``ft.context.page`` inside a component or handler):

- ``is_host(page)``: may this tab export, import, delete, restore, change settings or the room code? Hide those
  buttons when it is ``False``; the store and sessions a guest's tab gets refuse them anyway
  (``guard(obj, pass_of(page))``).
- ``route_refusal(page, path)``: used by the app shell.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import t
from companion.net.identity import is_host, pass_of
from companion.net.powers import HOST_ONLY_ROUTES

__all__ = ["is_host", "pass_of", "route_refusal"]


def route_refusal(page: Any, path: str) -> str | None:
    """Why this tab may not open ``path``: a host-only screen on a guest's phone."""
    if path in HOST_ONLY_ROUTES and not is_host(page):
        return t("Only the host can open this screen.")
    return None

