"""The tap profile for ``bench.phone_app``: Python's time per phase of each tap in the phone app, asked for by the
page's address (``?profile=taps``), posted to the page after each tap (``prestart.html`` keeps them).

A tap's phases, each counted without the phases inside it: the event (Flet's dispatch and the app's handler, the
move and its save), the render (the components' functions run again), the patch (Flet's bookkeeping of a patch:
its message, the controls mounted and unmounted), the diff (the old tree against the new), the send (the patch
packed with msgpack and posted to the page). A tap's record covers everything from its event to
the next tap's."""

from __future__ import annotations

import asyncio
import functools
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

# How long after a tap its record is posted if no other tap comes first (its updates are done well before).
POST_AFTER_S = 0.5


class Phases:
    """Exclusive time per phase: a wrapped call's time less the wrapped calls made inside it."""

    def __init__(self, post: Callable[[dict[str, float]], None]) -> None:
        self.post = post
        self.totals: dict[str, float] = defaultdict(float)
        self._inner: list[float] = []
        self._timer: asyncio.TimerHandle | None = None

    def _enter(self) -> float:
        self._inner.append(0.0)
        return time.perf_counter()

    def _leave(self, name: str, start: float) -> None:
        elapsed = time.perf_counter() - start
        self.totals[name] += (elapsed - self._inner.pop()) * 1000
        if self._inner:
            self._inner[-1] += elapsed

    def timed(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = self._enter()
            try:
                return function(*args, **kwargs)
            finally:
                self._leave(name, start)

        return wrapper

    def tap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` (a coroutine function: a tap's dispatch) timed as ``name``, starting a new record."""
        @functools.wraps(function)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.flush()
            start = self._enter()
            try:
                return await function(*args, **kwargs)
            finally:
                self._leave(name, start)
                self._timer = asyncio.get_running_loop().call_later(POST_AFTER_S, self.flush)

        return wrapper

    def flush(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.totals:
            self.post(dict(self.totals))
            self.totals.clear()


def _post(record: dict[str, float]) -> None:
    import js  # type: ignore[import-not-found]  # Pyodide's own modules: the worker's global scope
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    js.postMessage(to_js({"perfTap": record}, dict_converter=js.Object.fromEntries))


def asked() -> bool:
    """Whether the page was opened to profile taps (in Pyodide only)."""
    if sys.platform != "emscripten":
        return False
    import flet_js  # type: ignore[import-not-found]  # Flet's worker: the page's address

    return "profile=taps" in str(getattr(flet_js, "documentUrl", ""))


def install(post: Callable[[dict[str, float]], None] = _post) -> Phases:
    """Wrap Flet's tap phases (for this Python process) with a :class:`Phases` posting each tap's record."""
    from flet.components.component import Renderer
    from flet.messaging import session
    from flet.messaging.pyodide_connection import PyodideConnection

    phases = Phases(post)
    session.Session.dispatch_event = phases.tap("event", session.Session.dispatch_event)  # type: ignore[method-assign]
    Renderer.render = phases.timed("render", Renderer.render)  # type: ignore[method-assign]
    session.Session.patch_control = phases.timed("patch", session.Session.patch_control)  # type: ignore[method-assign]
    diff = session.ObjectPatch.from_diff
    session.ObjectPatch.from_diff = staticmethod(phases.timed("diff", diff))  # type: ignore[method-assign]
    PyodideConnection.send_message = phases.timed("send", PyodideConnection.send_message)  # type: ignore[method-assign]
    return phases
