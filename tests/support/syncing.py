"""Waiting for the phone app's copy to IndexedDB (:class:`companion.phone.storage.Syncer`) by its state, not by a
guess of how long it takes: a loaded machine runs the copy's timer late."""

from __future__ import annotations

import asyncio
import time

from companion.phone.storage import START_AFTER_S, Syncer


async def settled(syncer: Syncer, timeout_s: float = 30) -> int:
    """How many copies ``syncer`` ran, once none waits to start or runs (on the syncer's event loop)."""
    deadline = time.monotonic() + timeout_s
    while syncer._timer is not None or syncer._running():
        assert time.monotonic() < deadline, f"the copy to IndexedDB was still under way after {timeout_s} s"
        await asyncio.sleep(START_AFTER_S / 10)
    return syncer.runs
