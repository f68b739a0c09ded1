"""The companion on a phone alone: the same app run by Pyodide in the phone's browser, installable and offline.

- :mod:`~companion.phone.build` writes the static site (``scripts/build_phone_app``): flet-web's client and Pyodide
  runtime, the app archive (the app and the pinned packages installed, compiled by Pyodide's own Python), a service
  worker.
- :mod:`~companion.phone.app` is the entry point: the store in IndexedDB, the phone's language, the owner's powers,
  no LAN screens.
- :mod:`~companion.phone.storage` keeps the store's folder in IndexedDB (Emscripten's IDBFS) and syncs it after
  every save and when the app is hidden.
- :mod:`~companion.phone.serve` serves a built site on 127.0.0.1 (tests, the bench, trying a build).

Only ``app`` and ``storage`` ship inside the site; the rest runs on the machine that builds or tests it.
"""
