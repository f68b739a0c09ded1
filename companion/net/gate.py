"""The gate: a plain ASGI wrapper in front of Flet's app that every HTTP request and WebSocket handshake passes.

- Without a valid pass cookie a browser gets the join page and nothing else: no app files, no ``/ws``.
- ``/join`` with the right room (or host) code sets the pass: HttpOnly, SameSite=Strict.
- The socket's ``Origin`` must be this server's own, and the ``Host`` one of its own addresses (no other web
  page, and no DNS-rebound name, can open a session).
- Wrong codes are limited per address (:mod:`companion.net.limits`).
- Flet's ``Access-Control-Allow-Origin: *`` is taken off every response, and every response forbids framing.
- A Flet session belongs to the pass that opened it: a register frame naming another pass's session closes the
  socket (:func:`companion.flet_fixes.register_session_id`).
- Every app socket gets a heartbeat (:func:`companion.flet_fixes.heartbeat`): a tiny text frame every
  :data:`HEARTBEAT_SECONDS` carrying how many frames the server has received on it (Flet's own frames are
  binary). The phone's script (:mod:`companion.flet_fixes.page_script`) hides them from the client, tells a silent
  Wi-Fi drop from a quiet table by them, and knows from the count whether its last tap got through.

Starlette's ``BaseHTTPMiddleware`` skips WebSocket scopes, hence a plain ASGI callable.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.flet_fixes import (
    ASGIApp,
    Message,
    Receive,
    Scope,
    Send,
    end_unregistered,
    forget_session,
    heartbeat,
    is_register_frame,
    register_session_id,
    without_cors,
)
from companion.flet_fixes.memory import Trimmer
from companion.i18n import DEFAULT_LANGUAGE, match_language, t, use_language
from companion.net.codes import PASS_DAYS, Keys, Pass, Role
from companion.net.identity import Tabs, current_accept, current_pass, current_sessions
from companion.net.join_page import join_page, joined_page
from companion.net.limits import WrongCodeLimit

COOKIE = "companion_pass"
CLOSE_DROPPED = 4001  # WebSocket close code: the pass was dropped (the room code changed)
CLOSE_STOPPED = 4002  # WebSocket close code: the host closed the table (stopped), and did not find everything saved
CLOSE_STOPPED_SAVED = 4003  # ... the host closed the table, and everything was saved
CLOSE_REFUSED = 1008  # WebSocket close code (policy violation): a register frame named another pass's session
NO_FRAMING = [(b"content-security-policy", b"frame-ancestors 'none'"), (b"x-frame-options", b"DENY")]
# The host at its own screen: no gate, no code (``serve`` without ``--lan`` on a loopback address).
LOCAL_HOST = Pass("local", Role.HOST)
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Landing:
    """Where a browser lands once it has joined, by role: routes the app gives the gate (it names no screen)."""

    host: str = "/"
    guest: str = "/"


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _browser_language(headers: dict[str, str]) -> str:
    """The language of the gate's own pages: the browser's ``Accept-Language`` (pinned only around them, so the
    app's sessions keep each phone's own choice)."""
    return match_language(headers.get("accept-language")) or DEFAULT_LANGUAGE


def _cookie(headers: dict[str, str], name: str) -> str | None:
    jar = SimpleCookie()
    with contextlib.suppress(Exception):  # a malformed Cookie header counts as no cookie
        jar.load(headers.get("cookie", ""))
    morsel = jar.get(name)
    return morsel.value if morsel else None


async def _respond(send: Send, status: int, body: str, extra: Iterable[tuple[str, str]] = ()) -> None:
    payload = body.encode()
    headers = [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(payload)).encode()),
               (b"cache-control", b"no-store"), (b"referrer-policy", b"same-origin")]
    headers += [(k.encode(), v.encode()) for k, v in extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


async def _read_body(receive: Receive, limit: int = 4096) -> bytes:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if len(body) > limit or not message.get("more_body"):
            return body[:limit]


class Gate:
    """Wrap ``app`` so only joined browsers reach it.

    ``authorities`` are the ``host:port`` names this server answers to; ``keys`` ``None`` means the local
    mode (loopback only, the host alone): no pass needed, but ``Host``, ``Origin`` and CORS are checked all the
    same. ``tabs`` knows which pass opened each Flet session (the composition root's, shared with the app).
    """

    def __init__(self, app: ASGIApp, authorities: Iterable[str], keys: Keys | None = None,
                 limit: WrongCodeLimit | None = None, landing: Landing | None = None, tabs: Tabs | None = None
                 ) -> None:
        self.app = app
        self.tabs = tabs or Tabs(keys)
        self.landing = landing or Landing()
        self.authorities = {a.lower() for a in authorities}
        self.keys = keys
        self.limit = limit or WrongCodeLimit()
        self._sockets: dict[str, set[asyncio.Event]] = {}
        self.trimmer = Trimmer()  # the memory of ended sockets' sessions handed back (companion.flet_fixes.memory)
        self._loop: asyncio.AbstractEventLoop | None = None
        self.on_change: Callable[[], None] | None = None  # told when a socket opens or closes
        self._stopping: int | None = None  # the close code every socket gets once the host is stopping

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)  # lifespan: Flet's app manager starts and stops there
            return
        self._loop = asyncio.get_running_loop()
        if scope["type"] == "http":
            send = _never_framed(send)
        headers = _headers(scope)
        if headers.get("host", "").lower() not in self.authorities:
            await self._refuse(scope, receive, send, 421, t("This server does not answer to that name."))
            return
        origin = headers.get("origin")
        if (origin is not None or scope["type"] == "websocket") and not self._own_origin(origin, headers):
            await self._refuse(scope, receive, send, 403, t("Requests from other web pages are refused."))
            return
        if scope["type"] == "http" and scope["path"] == "/join":
            with use_language(_browser_language(headers)):
                await self._join(scope, receive, send)
            return
        holder = self._pass(headers)
        if holder is None:
            if scope["type"] == "websocket":
                await self._refuse(scope, receive, send, 403, "")
            else:
                with use_language(_browser_language(headers)):
                    await _respond(send, 401, join_page())
            return
        token, accept = current_pass.set(holder), current_accept.set(headers.get("accept-language"))
        try:
            if scope["type"] == "websocket":
                await self._socket(holder, scope, receive, send)
            else:
                await self.app(scope, receive, without_cors(send))
        finally:
            current_pass.reset(token)
            current_accept.reset(accept)

    def _own_origin(self, origin: str | None, headers: dict[str, str]) -> bool:
        if not origin:
            return False
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == headers.get("host", "").lower()

    def _pass(self, headers: dict[str, str]) -> Pass | None:
        if self.keys is None:
            return LOCAL_HOST
        return self.keys.check(_cookie(headers, COOKIE))

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, status: int, reason: str) -> None:
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})  # before accept: the handshake gets 403
            return
        await _respond(send, status, f"<!doctype html><p>{escape(reason)}</p>")

    async def _join(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.keys is None:  # local mode: there is nothing to join
            await _respond(send, 200, joined_page())
            return
        address = (scope.get("client") or ("?", 0))[0]
        if scope["method"] == "POST":
            code = parse_qs((await _read_body(receive)).decode("utf-8", "replace")).get("code", [""])[0]
        else:
            code = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("code", [""])[0]
        if not code:
            await _respond(send, 200, join_page())
            return
        wait = self.limit.wait(address)
        if wait:
            await _respond(send, 429, join_page(wait_seconds=wait), [("retry-after", str(wait))])
            return
        # scrypt: off the server's loop. A phone that joined already keeps its pass and seat.
        holder = await asyncio.to_thread(self.keys.join, code, _cookie(_headers(scope), COOKIE))
        if holder is None:
            wait = self.limit.failed(address)
            await _respond(send, 429 if wait else 403,
                           join_page(t("That code is not this table's. Check it on the host's screen."), wait))
            return
        cookie = (f"{COOKIE}={holder.token}; HttpOnly; SameSite=Strict; Path=/; "
                  f"Max-Age={PASS_DAYS * 24 * 3600}")
        landing = self.landing.host if holder.is_host else self.landing.guest
        await _respond(send, 200, joined_page(landing), [("set-cookie", cookie)])

    async def _socket(self, holder: Pass, scope: Scope, receive: Receive, send: Send) -> None:
        dropped = asyncio.Event()
        self._sockets.setdefault(holder.token_id, set()).add(dropped)
        self._changed()
        closed = False
        received = 0  # frames from the phone, told back to it by the heartbeat
        beat: asyncio.Task[None] | None = None
        abandoned = False  # the socket ended before its register frame: its Flet handler is cancelled
        opened: list[Any] = []  # the Flet sessions it opened, expired when it ends
        sessions_token = current_sessions.set(opened)

        async def gated_receive() -> Message:
            nonlocal closed, received
            if closed:
                return {"type": "websocket.disconnect", "code": CLOSE_DROPPED}
            incoming = asyncio.ensure_future(receive())
            waiter = asyncio.ensure_future(dropped.wait())
            await asyncio.wait({incoming, waiter}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            if incoming.done():
                message = incoming.result()
                if message["type"] == "websocket.receive" and not received and not is_register_frame(message):
                    code = CLOSE_REFUSED  # a socket becomes a phone by a register frame first, or not at all
                else:
                    received += message["type"] == "websocket.receive"
                    if message["type"] == "websocket.disconnect" and not received:
                        end_never_registered()
                    if self._may_register(holder, message):
                        return message
                    log.warning("a tab asked for a Flet session another pass opened: refused")
                    code = CLOSE_REFUSED
            else:
                incoming.cancel()
                code = self._stopping or CLOSE_DROPPED
            closed = True
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": code})
            if not received:
                end_never_registered()
            return {"type": "websocket.disconnect", "code": code}

        def end_never_registered() -> None:
            nonlocal abandoned
            abandoned = True
            end_unregistered(handler)

        async def gated_send(message: Message) -> None:
            nonlocal beat, closed
            if closed:
                return
            if message["type"] == "websocket.close" and beat is not None:
                beat.cancel()
            try:
                await send(message)
            except OSError:  # the phone went away mid-send (uvicorn's ClientDisconnected)
                # Flet's send loop would end on this error and never mark its session disconnected, so the
                # session would never expire: the frame is dropped instead, and the next receive ends the socket.
                closed = True
                return
            if message["type"] == "websocket.accept":
                beat = asyncio.create_task(heartbeat(gated_send, lambda: received))

        handler = asyncio.ensure_future(self.app(scope, gated_receive, gated_send))
        try:
            await handler
        except asyncio.CancelledError:
            if not abandoned:
                raise
        finally:
            current_sessions.reset(sessions_token)
            if beat is not None:
                beat.cancel()
            for session in opened:
                await forget_session(session)
            self.trimmer.soon()
            sockets = self._sockets.get(holder.token_id, set())
            sockets.discard(dropped)
            if not sockets:
                self._sockets.pop(holder.token_id, None)
            self._changed()

    def _may_register(self, holder: Pass, message: Message) -> bool:
        """A Flet session belongs to the pass that opened it: a register frame naming another's is refused."""
        if message["type"] != "websocket.receive":
            return True
        owner = self.tabs.session_owner(register_session_id(message.get("bytes")))
        return owner is None or owner == holder.token_id

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def change_room_code(self) -> str:
        """New room code; every guest pass is dropped and each guest's open socket closed. Any thread."""
        assert self.keys is not None, "the local mode has no room code"
        code = self.keys.change_room_code()
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._close_dropped)
        return code

    def _close_dropped(self) -> None:
        assert self.keys is not None
        for token_id, events in list(self._sockets.items()):
            if self.keys.by_id(token_id) is None:
                for event in events:
                    event.set()

    async def close_all(self, saved: bool, seconds: float = 2) -> None:
        """The host is stopping: close every open socket with the code by which its phone says that the host has
        closed the table (:data:`CLOSE_STOPPED_SAVED` when ``saved``, what the sessions' flush reported, else
        :data:`CLOSE_STOPPED`), and wait, up to ``seconds``, until each one has ended. A phone whose socket ended
        without it (a killed host, a lost Wi-Fi) keeps saying it is reconnecting."""
        self._stopping = CLOSE_STOPPED_SAVED if saved else CLOSE_STOPPED
        for events in list(self._sockets.values()):
            for event in events:
                event.set()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while self._sockets and loop.time() < deadline:
            await asyncio.sleep(0.02)

    def connected(self) -> int:
        """How many sockets (Flet sessions in a tab) are open now."""
        return sum(len(events) for events in self._sockets.values())

    def is_connected(self, token_id: str) -> bool:
        """Whether the pass ``token_id`` has a tab with an open socket now."""
        return bool(self._sockets.get(token_id))


def _never_framed(send: Send) -> Send:
    """Every page the gate lets out forbids other pages to frame it (no clickjacking of a tap or a code)."""
    async def add(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *NO_FRAMING]
        await send(message)

    return add
