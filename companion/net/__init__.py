"""Serving the companion to the phones at the table: which address, who may join, and what they may do.

- :mod:`~companion.net.addresses` picks the LAN address a phone can reach.
- :mod:`~companion.net.codes` issues the room and host codes and the passes they buy (hashes only on disk).
- :mod:`~companion.net.gate` is the ASGI gate in front of Flet: no pass, no app; foreign origins refused.
- :mod:`~companion.net.web` serves the web client compressed once; :mod:`~companion.net.banner` shows
  "Reconnecting…" on the phone itself.
- :mod:`~companion.net.identity` tells screens who is at a tab: ``is_host(page)``, ``pass_of(page)``.
- :mod:`~companion.net.server` assembles and runs it; ``current_table()`` feeds the Phones screen.
"""
