"""The companion on a phone alone: the same app run by Pyodide in the phone's browser, installable and offline.

- :mod:`~companion.phone.app` is the entry point: the store in IndexedDB, the phone's language, the owner's powers,
  no LAN screens.
- :mod:`~companion.phone.storage` keeps the store's folder in IndexedDB (Emscripten's IDBFS) and syncs it after
  every save and when the app is hidden.

The static site that ships them is built by ``phone_site`` beside this package (``scripts/build_phone_app``).
"""
