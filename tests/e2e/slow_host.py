"""``python -m tests.e2e.slow_host DELAY_MS ARGS…``: ``companion ARGS…`` on a host as slow as a loaded two-core
machine: it handles the events the phones send one at a time, each ``DELAY_MS`` late (Flet's
``Session.dispatch_event``), while what a phone types reaches its field at once (Flet applies a field's new text as
it arrives): the host's answers come after the phone has typed on."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from flet.messaging.session import Session

from companion.cli import main


def slowed(delay_s: float) -> None:
    """Make the host handle every Flet event in turn, each ``delay_s`` late."""
    dispatch = Session.dispatch_event
    busy = asyncio.Lock()  # one busy host: the next event waits for the last one

    async def late(self: Session, *args: Any, **kwargs: Any) -> None:
        async with busy:
            await asyncio.sleep(delay_s)
            await dispatch(self, *args, **kwargs)

    Session.dispatch_event = late  # type: ignore[method-assign]


if __name__ == "__main__":
    slowed(int(sys.argv[1]) / 1000)
    sys.exit(main(sys.argv[2:]))
