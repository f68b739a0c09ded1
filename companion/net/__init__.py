"""Serving the companion to the phones at the table: transport and admission only.

- :mod:`~companion.net.addresses` picks the LAN address a phone can reach.
- :mod:`~companion.net.codes` issues the room and host codes and the passes they buy (hashes only on disk).
- :mod:`~companion.net.gate` is the ASGI gate in front of Flet: no pass, no app; foreign origins refused. It lands
  a joined browser on the routes the app gives it, and names no screen itself.
- :mod:`companion.flet_fixes` (beside the layers) holds every adaptation to flet-web 1.0.5 the gate and the server
  use, each naming the Flet behaviour it works around: the web files compressed once, the phone's page script.
- :mod:`~companion.net.banner` gives that script its words in every language ("Reconnecting…" on the phone).
- :mod:`~companion.net.identity` knows who is at a tab (its pass): one :class:`~companion.net.identity.Tabs`,
  built by the app's composition root, which turns each tab's pass into the session layer's
  :class:`~companion.session.seats.Viewer`, handed to the tab with its sessions (host-only powers are refused there).
- :mod:`~companion.net.server` assembles and runs it; the app hands the :class:`~companion.net.server.Room` it
  builds to the screens that show it (the Phones screen).

No screen imports this package: screens ask the sessions they were given (``ctx.sessions.viewer.host``).
"""
