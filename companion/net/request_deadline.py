"""A request must arrive whole within :data:`REQUEST_S`, or its connection is closed.

uvicorn times out only an idle connection between two requests (``timeout_keep_alive``, armed once a response has
gone); a connection that sent part of a request, or nothing, is kept for as long as the sender likes, and any byte
it sends cancels the keep-alive timer. 200 half-sent requests to ``companion serve --lan`` stayed open (12 s and
counting, issue 45 item 9): on a table's Wi-Fi anyone can hold the host's sockets and memory so. A phone sends a
request in one go (nothing here takes an upload: the one body is ``/join``'s code), so a short bound costs it
nothing.

:func:`bounded_http` is uvicorn's own HTTP protocol (h11's or httptools', whichever uvicorn picked) with a deadline
armed when the connection opens and again when each response is done. When it passes, a connection still waiting
for its request's head or body, with nothing answered, is closed; one whose request is being answered, or that has
become a WebSocket (the socket then belongs to another protocol), is left alone.
"""

from __future__ import annotations

import asyncio
from functools import cache
from typing import Any

REQUEST_S = 10.0  # from the connection (or the last response) to the request's last byte


class _RequestDeadline:
    """Mixed in before uvicorn's HTTP protocol (whose ``transport``, ``cycle`` and ``loop`` it reads)."""

    transport: asyncio.Transport
    cycle: Any  # uvicorn's RequestResponseCycle: None before the first request's head has arrived
    loop: asyncio.AbstractEventLoop
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]  # uvicorn's protocol, after this in the MRO
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._arm()  # the next request on this connection has as long

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)  # type: ignore[misc]

    def _arm(self) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self._deadline = self.loop.call_later(REQUEST_S, self._passed)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _passed(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed already, or a WebSocket now
        cycle = self.cycle
        if cycle is None or cycle.response_complete or (cycle.more_body and not cycle.response_started):
            self.transport.close()


@cache
def bounded_http() -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class with :data:`REQUEST_S`'s deadline (uvicorn's ``Config(http=...)``)."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    return type("BoundedHTTPProtocol", (_RequestDeadline, AutoHTTPProtocol), {})
