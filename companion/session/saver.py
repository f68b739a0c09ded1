"""Saves off the tap's path: one worker thread, in order, each record written a moment after its first unwritten
change with the newest version it has by then (a burst of taps is one write).

>>> saved = []
>>> saver = Saver(background=False)
>>> saver.save("g1", "v1", saved.append)
>>> saved
['v1']
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

# A save waits this long after its change. Writing a game (about 3 ms, mostly holding Python's lock) at once ran
# beside the tap's own answer, the patch the server builds: over 4 alternated pairs of bench.ui_latency runs the
# table's tap took 47.3 ms at the median and 70.1 ms at p95 with saves at once, 45.0 and 66.6 ms with this wait.
# A save still queued when the app stops is written before the process ends.
SETTLE_S = 0.15


class Saver:
    """Ordered background saves, newest wins; ``background=False`` saves at once (tests, scripts)."""

    def __init__(self, background: bool = True, settle_s: float = SETTLE_S) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-save") if background else None
        self._settle_s = settle_s
        self._pending: dict[str, tuple[object, Callable[[Any], None]]] = {}
        self._lock = threading.Lock()
        self._hurry = threading.Event()

    def save(self, key: str, value: object, write: Callable[[Any], None]) -> None:
        """Write ``value`` (the newest version of record ``key``) with ``write``; errors go to ``write``'s caller
        through the session's ``on_error``, never silently."""
        if self._pool is None:
            write(value)
            return
        with self._lock:
            waiting = key in self._pending  # its write is queued already and will take this version
            self._pending[key] = (value, write)
        if not waiting:
            self._pool.submit(self._newest, key, time.monotonic() + self._settle_s)

    def _newest(self, key: str, due: float) -> None:
        self._hurry.wait(max(0.0, due - time.monotonic()))
        with self._lock:
            value, write = self._pending.pop(key)
        write(value)

    def flush(self) -> None:
        """Write every save queued so far, now, and wait until they are written."""
        if self._pool is not None:
            self._hurry.set()
            try:
                done: Future[None] = self._pool.submit(lambda: None)
                done.result()
            finally:
                self._hurry.clear()
