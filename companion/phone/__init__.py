"""The companion on a phone alone: the same app run by Pyodide in the phone's browser, installable and offline.

- :mod:`~companion.phone.build` writes the static site (``scripts/build_phone_app``): flet-web's client and Pyodide
  runtime, the pinned wheels listed in the site's own ``pyodide-lock.json``, the app archive, a service worker.
- :mod:`~companion.phone.boot` is the site's first Python: it keeps the compiled bytecode in IndexedDB, then starts
  :mod:`~companion.phone.app`, the entry point: the store in IndexedDB, the phone's language, the owner's powers,
  no LAN screens.
- :mod:`~companion.phone.storage` keeps the store's folder in IndexedDB (Emscripten's IDBFS) and syncs it after
  every save and when the app is hidden.
- :mod:`~companion.phone.serve` serves a built site on 127.0.0.1 (tests, the bench, trying a build).

Only ``boot``, ``app`` and ``storage`` ship inside the site; the rest runs on the machine that builds or tests it.
"""
