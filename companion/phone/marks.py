"""Marks on the phone app's start for ``bench.phone_app``'s start profile: each is a ``performance.mark`` on the
page (posted from Python's worker, which the page's ``prestart.html`` turns into one), timed by the worker's clock
in milliseconds since the epoch, the same clock as the page's; and the other messages Python posts to the page.
Outside the browser nothing is marked or posted."""

from __future__ import annotations

import sys


def mark(name: str) -> None:
    """Mark ``name`` now on the page's performance timeline (in Pyodide only)."""
    if sys.platform != "emscripten":
        return
    import js  # type: ignore[import-not-found]  # Pyodide's own modules: the worker's global scope

    post_to_page({"perfMark": name, "t": js.performance.timeOrigin + js.performance.now()})


def post_to_page(message: dict[str, str | float]) -> None:
    """Send ``message`` from Python's worker to the page (``prestart.html`` reads it; in Pyodide only)."""
    if sys.platform != "emscripten":
        return
    import js  # (mypy reports the missing module once, at mark's import)
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    js.postMessage(to_js(message, dict_converter=js.Object.fromEntries))
