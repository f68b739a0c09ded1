"""Marks on the phone app's start for ``bench.phone_app``'s start profile: each is a ``performance.mark`` on the
page (posted from Python's worker, which the page's ``prestart.html`` turns into one), timed by the worker's clock
in milliseconds since the epoch, the same clock as the page's. Outside the browser nothing is marked."""

from __future__ import annotations

import sys


def mark(name: str) -> None:
    """Mark ``name`` now on the page's performance timeline (in Pyodide only)."""
    if sys.platform != "emscripten":
        return
    import js  # type: ignore[import-not-found]  # Pyodide's own modules: the worker's global scope
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    now = js.performance.timeOrigin + js.performance.now()
    js.postMessage(to_js({"perfMark": name, "t": now}, dict_converter=js.Object.fromEntries))
