"""Memory handed back to the system after phones come and go.

When a socket ends, the gate expires its Flet session and Flet evicts it within 10 s; its page is freed, but a
page's controls refer to each other, so only the cyclic collector frees them (its oldest generation runs rarely),
and glibc keeps the freed heap for later. So once no socket has ended for :data:`TRIM_AFTER_SECONDS`, the host
runs a full collection and ``malloc_trim(0)`` (a few milliseconds on a quiet loop). Where the C library has no
``malloc_trim`` (musl, macOS, Windows) nothing is done.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
from collections.abc import Callable

TRIM_AFTER_SECONDS = 12.0  # Flet's eviction runs every 10 s


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return getattr(libc, "malloc_trim", None)


class Trimmer:
    """Trims the heap :data:`TRIM_AFTER_SECONDS` after the last of a run of ended sockets (:meth:`soon`)."""

    def __init__(self) -> None:
        self._trim = _malloc_trim()
        self._pending: asyncio.TimerHandle | None = None
        self.trims = 0  # how many times the heap was trimmed (for tests and benches)

    def soon(self) -> None:
        """Trim once the sessions of the sockets ending now have been evicted. Call it on the server's loop."""
        if self._trim is None:
            return
        if self._pending is not None:
            self._pending.cancel()
        self._pending = asyncio.get_running_loop().call_later(TRIM_AFTER_SECONDS, self._run)

    def _run(self) -> None:
        self._pending = None
        assert self._trim is not None
        gc.collect()
        self._trim(0)
        self.trims += 1
