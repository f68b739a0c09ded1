"""Just enough of Flet's WebSocket protocol to open a session on a route and read what the server draws."""

from __future__ import annotations

import asyncio

import msgpack
import websockets

REGISTER_CLIENT = 1


def register(route: str, session_id: str = "") -> bytes:
    """The first frame a Flet web client sends: register a new session showing ``route`` (or, naming a
    ``session_id``, ask to be reattached to that session, as a client back from a dropped socket does)."""
    body = {"session_id": session_id, "page_name": "", "page": {"route": route, "width": 390, "height": 844,
                                                       "platform": "android", "web": True}}
    return b"\x00" + msgpack.packb([REGISTER_CLIENT, body])


def registered_session_id(frame: bytes) -> str:
    """The session id in the server's answer to a register frame (the first binary frame it sends)."""
    action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    assert action == REGISTER_CLIENT, action
    return body["session_id"]


async def drawn(url: str, route: str, cookie: str, origin: str, until: bytes, seconds: float = 15) -> bytes:
    """Everything the server sent in ``seconds`` (or until ``until`` appeared) to a session opened on ``route``."""
    received = b""
    async with websockets.connect(url, origin=origin, additional_headers={"Cookie": cookie}) as socket:
        await socket.send(register(route))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while until not in received and loop.time() < deadline:
            try:
                frame = await asyncio.wait_for(socket.recv(), deadline - loop.time())
            except TimeoutError:
                break
            received += frame if isinstance(frame, bytes) else frame.encode()
    return received
