"""Just enough of Flet's WebSocket protocol to open a session on a route and read what the server draws."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

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


PATCH_CONTROL, CONTROL_EVENT, INVOKE_METHOD = 2, 3, 5
_REPLACE, _ADD, _REMOVE, _MOVE = 0, 1, 2, 3


def decoded(frame: bytes) -> tuple[int, dict]:
    """``(action, body)`` of a binary frame from the server."""
    action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    return action, body


def click(target: int) -> bytes:
    """The frame a tap on control ``target`` (its ``_i``) sends."""
    return b"\x00" + msgpack.packb([CONTROL_EVENT, {"target": target, "name": "click", "data": None}])


def answer(call: dict) -> bytes:
    """The client's reply to a method the server invoked on it (``None``: a browser with nothing stored)."""
    return b"\x00" + msgpack.packb([INVOKE_METHOD, {"control_id": call["control_id"], "call_id": call["call_id"],
                                                    "result": None, "error": None}])


class Screen:
    """What a tab shows, kept as the Flutter client keeps it: the page from the register answer, every patch
    applied to the control it names (``_i``), JSON-patch style (each op's path read at the time it applies)."""

    def __init__(self, register_answer: bytes) -> None:
        action, body = decoded(register_answer)
        assert action == REGISTER_CLIENT, action
        self.page: dict = body["page_patch"]

    def apply(self, frame: bytes) -> bool:
        """Apply ``frame`` if it is a patch; whether it was."""
        action, body = decoded(frame)
        if action != PATCH_CONTROL:
            return False
        root = self.control(body["id"])
        if root is None:
            return True  # a control this tab no longer shows
        table, *ops = body["patch"]
        parents: dict[int, tuple[int, object]] = {}
        pending = [table]
        while pending:
            node = pending.pop()
            for key, child in (node[1] if len(node) > 1 else {}).items():
                parents[child[0]] = (node[0], key)
                pending.append(child)
        for op in ops:
            if op[0] == _MOVE:
                value = _take(_at(root, parents, op[1]), op[2])
                _put(_at(root, parents, op[3]), op[4], value, insert=True)
            elif op[0] == _REMOVE:
                _take(_at(root, parents, op[1]), op[2])
            else:
                _put(_at(root, parents, op[1]), op[2], op[3], insert=op[0] == _ADD)
        return True

    def control(self, control_id: int) -> dict | None:
        return next((c for c in _controls(self.page) if c.get("_i") == control_id), None)

    def tagged(self, identifier: str) -> dict | None:
        """The control a ``Semantics(identifier=...)`` wraps."""
        return next((c.get("content") for c in _controls(self.page) if c.get("identifier") == identifier), None)

    def text(self, identifier: str) -> str | None:
        """The first text drawn inside ``identifier``."""
        tagged = self.tagged(identifier)
        found = next((c for c in _controls(tagged) if c.get("_c") == "Text"), None) if tagged else None
        return found.get("value") if found else None


class Tab:
    """One phone's tab over the raw protocol: registered on a route, its :class:`Screen` kept as patches come, the
    methods the server invokes on the client answered. A closed socket raises ``websockets.ConnectionClosed``."""

    def __init__(self, socket: websockets.ClientConnection, screen: Screen) -> None:
        self.socket, self.screen = socket, screen

    @classmethod
    async def open(cls, url: str, route: str, cookie: str, origin: str, seconds: float = 30) -> Tab:
        # No keepalive ping and no cap on unread frames: a tab not read for a while (a test busy elsewhere) stays
        # open rather than be closed for a pong its full buffer kept it from reading.
        socket = await websockets.connect(url, origin=origin, additional_headers={"Cookie": cookie},
                                          open_timeout=seconds, ping_interval=None, max_queue=None)
        await socket.send(register(route))
        while not isinstance(frame := await asyncio.wait_for(socket.recv(), seconds), bytes):
            pass  # the gate's heartbeat (text) may come first
        return cls(socket, Screen(frame))

    async def until(self, shown: Callable[[Screen, bytes], bool], seconds: float) -> bool:
        """Read frames until ``shown(screen, frame)`` holds after one (``True``) or ``seconds`` pass (``False``)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while (left := deadline - loop.time()) > 0:
            try:
                frame = await asyncio.wait_for(self.socket.recv(), left)
            except TimeoutError:
                return False
            if not isinstance(frame, bytes):
                continue  # the gate's heartbeat
            action, body = decoded(frame)
            if action == INVOKE_METHOD:
                await self.socket.send(answer(body))
            elif self.screen.apply(frame) and shown(self.screen, frame):
                return True
        return False

    async def tap(self, identifier: str) -> None:
        """Tap the control ``identifier`` wraps."""
        control = self.screen.tagged(identifier)
        assert control is not None and not control.get("disabled"), f"{identifier} can't be tapped"
        await self.socket.send(click(control["_i"]))

    async def close(self) -> None:
        await self.socket.close()


def _controls(tree: object) -> Iterator[dict]:
    """Every dict in ``tree``, depth first."""
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            yield node
            pending.extend(reversed(list(node.values())))
        elif isinstance(node, list):
            pending.extend(reversed(node))


def _at(root: dict, parents: dict[int, tuple[int, object]], node: int) -> object:
    path = []
    while node in parents:
        node, key = parents[node]
        path.append(key)
    target: object = root
    for key in reversed(path):
        target = target[key]  # type: ignore[index]
    return target


def _take(container: object, key: object) -> object:
    if isinstance(container, list):
        return container.pop(key)  # type: ignore[arg-type]
    return container.pop(key)  # type: ignore[union-attr]


def _put(container: object, key: object, value: object, insert: bool) -> None:
    if isinstance(container, list) and insert:
        container.insert(key, value)  # type: ignore[arg-type]
    else:
        container[key] = value  # type: ignore[index]
