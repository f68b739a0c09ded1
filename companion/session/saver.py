"""Saves on the tap's own path: each change is written, in the caller's thread, before anyone is shown it.

A phone that showed a change can lose it to nothing short of a lost disk: the session writes the change (a game or
a campaign appends one line to its log and fsyncs it, :mod:`companion.store.journal`; a draft has its whole file
written, fsynced and renamed over the old one)
and only then tells the tabs. No thread is started, so the same
code saves in the phone app under Pyodide, where ``threading.Thread.start`` raises.

>>> saved = []
>>> saver = Saver()
>>> saver.save("g1", "v1", saved.append)
>>> saved
['v1']
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Saver:
    """Writes one record at a time, at once: the writes of every session go to the store in the order made."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def save(self, key: str, value: object, write: Callable[[Any], None]) -> None:
        """Write ``value`` with ``write`` before returning, after any write under way in another thread (``key``
        names the record, whatever it is: one lock orders every write); its error is raised to the session, which
        puts itself back and shows nobody the change (:meth:`~companion.session.base.Session._change`)."""
        with self._lock:
            write(value)

    def flush(self) -> None:
        """Wait until a write under way in another thread is done (every save is written before it returns)."""
        with self._lock:
            return
