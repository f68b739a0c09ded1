"""Every adaptation to flet / flet-web 1.0.5 in one package: each piece names the Flet behaviour it works around,
so the next Flet upgrade is this package to revisit (and what it points at). It imports none of the app's layers
(only :mod:`companion.i18n`, for the page's fonts), so every layer may use it (an import-linter contract says so);
only :mod:`~companion.flet_fixes.tabs` imports Flet, and only the screens and the app use that one.

- :mod:`~companion.flet_fixes.web_files`: flet-web serves its client uncompressed (about 14 MB for a first load)
  and with no ``Cache-Control``, lists fonts the app never draws with (Flutter fetches every one at start), and
  points Flutter's fallback fonts at ``assets/fonts/`` on the page's origin, where none is: the web files are
  compressed once and kept, the manifest trimmed, the CJK fallback answered with the bundled font.
- :mod:`~companion.flet_fixes.page_script`: the script put into ``index.html``. Flutter's client draws a white
  English-only "Working..." page the moment its socket closes, retries with a back-off that doubles without a cap
  on a LAN address, queues taps into a socket a silent Wi-Fi drop left "open", and froze when it re-attached to its
  old session: the script covers the app with the phone's own "Reconnecting…" layer, tells a dead link by the
  heartbeat, says when a tap may be lost, and makes every tab come back on a fresh session.
- :mod:`~companion.flet_fixes.memory`: a closed tab's page is a cycle of controls that only the oldest collector
  generation frees, after Flet's eviction (every 10 s): the host collects and trims its heap a moment later.
- :mod:`~companion.flet_fixes.tabs`: Flet never unmounts a closed tab's components (their subscriptions would
  live on), renders every queued update before it yields to the socket (the delays that keep the tapping tab's
  patch first), and closed the socket on a browser's answer for a control that had gone (a screen redrawn while
  it scrolled): a late answer is taken (:func:`~companion.flet_fixes.tabs.answer_late_calls`).

And here, for the gate and the sessions:

- :func:`short_repr`: Flet 1.0.5 formats every message it sends with ``repr()`` (an f-string, whatever the log
  level), and a component's props are in the messages that add it. A dataclass's own repr walks every field (a
  tab's handlers, through them its whole page) and took seconds of the server's loop: props keep theirs short.
- :func:`without_cors`: flet-web's ``CustomHeadersMiddleware`` adds ``Access-Control-Allow-Origin: *`` to every
  response; the gate takes it off (no other web page may read the app).
- :func:`heartbeat`: a silent Wi-Fi drop leaves Flet's socket "open" for tens of seconds (uvicorn pings every 20 s
  with a 20 s timeout) and the client queues taps into it; a tiny text frame every :data:`HEARTBEAT_SECONDS`,
  carrying how many frames the server received, lets the phone's script tell a dead link from a quiet table.
- :data:`SESSION_ID_KEY`: where the Flet web client keeps its session id; the page script forgets it on every
  close: flet-web reattaches a session by that id alone (plus the IP and user agent), so a tab comes back through
  the gate on a fresh session rather than onto one a dropped pass opened.
- :func:`forget_session`: flet-web keeps a closed socket's session ``FLET_SESSION_TIMEOUT`` (an hour) for its tab
  to come back to, but the injected script makes every tab come back on a fresh session: the kept session, its
  page and its handlers would be dead weight, so the gate expires it as its socket ends.
- :func:`end_unregistered`: flet-web's ``FletApp.handle`` awaits its send loop, which only a registered session's
  end stops: a socket closed before its register frame kept its handler (and the gate's count of it, "connected"
  on the Phones screen) for the life of the process. The gate cancels such a handler once its socket has ended.
- :func:`navigate_unless_gone`: Flet's ``page.navigate`` pushes the route in a task nobody awaits; on a tab whose
  socket closed meanwhile it raises ``RuntimeError("Session closed")``, logged as "Task exception was never
  retrieved" with a traceback that keeps the page alive (a guest who closed at once: one per such socket).
- :func:`is_register_frame`: flet-web's reader takes any first frame; one that is not a register frame raised
  there (a traceback per socket) and left the handler waiting: the gate closes such a socket at its first frame.
- :func:`register_session_id`: for the same reason as the script, the gate reads the session id a register frame
  names and refuses one that another pass's tab opened (flet-web would hand that tab's session, and its powers, over).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import msgpack

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEARTBEAT_SECONDS = 2.0
SESSION_ID_KEY = "_flet_session_id"  # where the Flet web client keeps its session id (sessionStorage)
_REGISTER_CLIENT = 1  # flet.messaging.protocol.MessageAction.REGISTER_CLIENT
# A Flet frame is [0x00][msgpack [action, body]]: a register frame starts 0x00, fixarray(2), action 1.
_REGISTER_PREFIX = bytes([0x00, 0x92, _REGISTER_CLIENT])


def short_repr(name: str, **shown: object) -> str:
    """A props object's repr as Flet may format it many times a second: its type and a few fields.

    >>> short_repr("AppContext", route="/table")
    "AppContext(route='/table')"
    """
    return f"{name}({', '.join(f'{k}={v!r}' for k, v in shown.items())})"


def without_cors(send: Send) -> Send:
    """``send`` without flet-web's ``Access-Control-Allow-Origin: *`` on the response."""
    async def strip(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [(k, v) for k, v in message.get("headers", [])
                                  if k.lower() != b"access-control-allow-origin"]
        await send(message)

    return strip


async def heartbeat(send: Send, received: Callable[[], int]) -> None:
    """Until cancelled or the socket is gone: the count of frames received, as text, every few seconds.

    A few bytes every 2 s per phone; sent at once too, so the phone's watch starts with the socket.
    """
    with contextlib.suppress(Exception):  # the socket closed under it: nothing left to tell
        while True:
            await send({"type": "websocket.send", "text": str(received())})
            await asyncio.sleep(HEARTBEAT_SECONDS)


async def forget_session(session: Any) -> None:
    """Expire a Flet session whose socket has ended: flet-web's own eviction (every 10 s) then closes it, which
    runs the page's ``on_close`` (the app stops following the games it showed)."""
    with contextlib.suppress(Exception):  # closed already
        await session.disconnect(0)


async def navigate_unless_gone(page: Any, route: str) -> None:
    """``page.push_route(route)``, nothing if the tab's socket closed before it went out."""
    try:
        await page.push_route(route)
    except RuntimeError:
        if page.session.connection is not None:
            raise


def end_unregistered(handler: asyncio.Future[None]) -> None:
    """Cancel the Flet ``handler`` of a socket that ended before its register frame (it would wait forever)."""
    asyncio.get_running_loop().call_soon(handler.cancel)


def is_register_frame(message: Message) -> bool:
    """Whether a socket's message is a Flet register frame (what a Flet client sends first, and alone may).

    flet-web hands any first frame to its reader: one that is not a register frame raised there (a traceback on
    the console for each such socket) and left the socket's handler and its tasks waiting for the register frame
    that never came.

    >>> is_register_frame({"bytes": b"\\x00" + msgpack.packb([1, {"session_id": "", "page": {}}])})
    True
    >>> is_register_frame({"bytes": b"\\x00" + msgpack.packb([5, {}])}), is_register_frame({"text": "hello"})
    (False, False)
    """
    frame = message.get("bytes")
    if not frame or not frame.startswith(_REGISTER_PREFIX):
        return False
    try:
        _action, body = msgpack.unpackb(frame[1:])
    except Exception:  # not msgpack, or not [action, body]
        return False
    return isinstance(body, dict)


def register_session_id(frame: bytes | None) -> str | None:
    """The Flet session id a client's register frame asks to be reattached to; ``None`` for any other frame, a
    register frame for a new session, or one that can't be read.

    >>> register_session_id(b"\\x00" + msgpack.packb([1, {"session_id": "abc", "page": {}}]))
    'abc'
    >>> register_session_id(b"\\x00" + msgpack.packb([1, {"session_id": ""}])), register_session_id(b"\\x00\\x92\\x05")
    (None, None)
    """
    if not frame or not frame.startswith(_REGISTER_PREFIX):
        return None
    try:
        _action, body = msgpack.unpackb(frame[1:])
    except Exception:  # not Flet's: Flet's own reader will refuse it
        return None
    session_id = body.get("session_id") if isinstance(body, dict) else None
    return session_id if isinstance(session_id, str) and session_id else None
