"""Wrong codes are counted per address, so guessing a room code is hopeless.

>>> limit = WrongCodeLimit(per_minute=2)
>>> limit.wait("10.0.0.9", now=0.0), limit.failed("10.0.0.9", now=1.0), limit.failed("10.0.0.9", now=2.0)
(0, 0, 59)
>>> limit.wait("10.0.0.9", now=30.0), limit.wait("10.0.0.9", now=61.5)
(31, 0)
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque

WRONG_CODES_PER_MINUTE = 10
_WINDOW = 60.0


class WrongCodeLimit:
    """At most ``per_minute`` wrong codes from one address in any minute; then it waits."""

    def __init__(self, per_minute: int = WRONG_CODES_PER_MINUTE) -> None:
        self.per_minute = per_minute
        self._wrong: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._wrong.get(address, deque())
        while times and times[0] <= now - _WINDOW:
            times.popleft()
        if times:
            self._wrong[address] = times
        else:
            self._wrong.pop(address, None)
        return times

    def wait(self, address: str, now: float | None = None) -> int:
        """Seconds ``address`` must wait before its next try (0: it may try now)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            times = self._recent(address, now)
            if len(times) < self.per_minute:
                return 0
            return max(1, math.ceil(times[0] + _WINDOW - now))

    def failed(self, address: str, now: float | None = None) -> int:
        """Count a wrong code from ``address``; returns the wait it now has (0 if it may try again now)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            self._recent(address, now)
            self._wrong.setdefault(address, deque()).append(now)
        return self.wait(address, now)
