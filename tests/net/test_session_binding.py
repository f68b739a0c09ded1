"""A Flet session belongs to the pass that opened it (issue 25, finding 5): flet-web reattaches a tab to a session
by the id its register frame names (plus the address and user agent), so a guest that sent the host's session id
from the same address and browser was handed the host's session, Data screen and all. The raw register frame, as
the Flutter client sends it."""

from __future__ import annotations

import asyncio

import websockets
from flet_wire import register, registered_session_id

from companion.net.gate import CLOSE_REFUSED, COOKIE

HOST_ONLY_TEXT = b"Export everything"  # the Data screen, the host's alone


def _cookie(table, client, code: str) -> str:
    return f"{COOKIE}={client().get('/join', params={'code': code}).cookies[COOKIE]}"


async def _open_and_leave(table, url: str, cookie: str, origin: str) -> str:
    """Open a session on /data, see it drawn, and close the socket (the session waits for its tab to come back)."""
    open_before = table.gate.connected()
    async with websockets.connect(url, origin=origin, additional_headers={"Cookie": cookie}) as socket:
        await socket.send(register("/data"))
        session_id = ""
        received = b""
        while HOST_ONLY_TEXT not in received:
            frame = await asyncio.wait_for(socket.recv(), 15)
            if isinstance(frame, bytes):
                session_id = session_id or registered_session_id(frame)
                received += frame
    # The gate lets go of the socket once flet-web's handler ended, having marked the session waiting for its client
    deadline = asyncio.get_running_loop().time() + 30
    while table.gate.connected() > open_before:
        assert asyncio.get_running_loop().time() < deadline, "the server never noticed the tab had left"
        await asyncio.sleep(0.02)
    return session_id


async def _reattach(url: str, cookie: str, origin: str, session_id: str,
                    until: bytes | None = None) -> tuple[list[bytes], int | None]:
    """The binary frames sent in 4 s (or until a frame holding ``until``) to a socket whose register frame names
    ``session_id``, and its close code (``None``: still open)."""
    frames: list[bytes] = []
    async with websockets.connect(url, origin=origin, additional_headers={"Cookie": cookie}) as socket:
        await socket.send(register("/data", session_id))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 4
        try:
            while loop.time() < deadline:
                frame = await asyncio.wait_for(socket.recv(), deadline - loop.time())
                if isinstance(frame, bytes):  # the gate's heartbeat is text
                    frames.append(frame)
                    if until is not None and until in frame:
                        break
        except TimeoutError:
            pass
        except websockets.ConnectionClosed as closed:
            return frames, closed.rcvd.code if closed.rcvd else None
    return frames, None


def test_a_register_frame_naming_the_hosts_session_is_refused_to_a_guest(table, client):
    url = f"ws://127.0.0.1:{table.port}/ws"
    host, guest = _cookie(table, client, table.keys.host_code), _cookie(table, client, table.room_code)
    session_id = asyncio.run(_open_and_leave(table, url, host, table.base_url))
    assert session_id
    frames, code = asyncio.run(_reattach(url, guest, table.base_url, session_id))
    assert not any(HOST_ONLY_TEXT in frame for frame in frames)  # before: the host's Data screen, sent whole
    assert code == CLOSE_REFUSED


def test_the_host_comes_back_to_its_own_session(table, client):
    url = f"ws://127.0.0.1:{table.port}/ws"
    host = _cookie(table, client, table.keys.host_code)
    session_id = asyncio.run(_open_and_leave(table, url, host, table.base_url))
    frames, code = asyncio.run(_reattach(url, host, table.base_url, session_id, until=HOST_ONLY_TEXT))
    assert code is None
    assert registered_session_id(frames[0]) == session_id
    assert any(HOST_ONLY_TEXT in frame for frame in frames)
