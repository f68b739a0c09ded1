"""Saves off the tap's path: one worker thread, in order, and a queued version that is no longer the newest of
its record is skipped (the newest one's own save is already queued behind it).

>>> saved = []
>>> saver = Saver(background=False)
>>> saver.save("g1", "v1", saved.append)
>>> saved
['v1']
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any


class Saver:
    """Ordered background saves, newest wins; ``background=False`` saves at once (tests, scripts)."""

    def __init__(self, background: bool = True) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-save") if background else None
        self._pending: dict[str, object] = {}
        self._lock = threading.Lock()

    def save(self, key: str, value: object, write: Callable[[Any], None]) -> None:
        """Write ``value`` (the newest version of record ``key``) with ``write``; errors go to ``write``'s caller
        through the session's ``on_error``, never silently."""
        if self._pool is None:
            write(value)
            return
        with self._lock:
            self._pending[key] = value
        self._pool.submit(self._latest, key, value, write)

    def _latest(self, key: str, value: object, write: Callable[[Any], None]) -> None:
        with self._lock:
            if self._pending.get(key) is not value:
                return
            del self._pending[key]
        write(value)

    def flush(self) -> None:
        """Wait until every save queued so far has been written."""
        if self._pool is not None:
            done: Future[None] = self._pool.submit(lambda: None)
            done.result()
