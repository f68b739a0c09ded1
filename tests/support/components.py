"""Draw screens on real Flet pages with no browser, so a view test can read them, tap them and see them change.

A :class:`Phone` is one browser tab: a Flet session over a connection that encodes what Flet sends, as the socket
does, and keeps nothing else. Every phone runs on one event loop, in its own thread, as the server's phones do.
Flet renders, diffs, runs effects and schedules updates exactly as when serving; :func:`fire` runs a handler on
that loop in the tab's context, as a phone's event does, and :meth:`Rendered.render` waits until the tab has
nothing left to do and returns what it shows.

    screen = Rendered(TableScreen, ctx)
    tap(screen.render(), "regret-plus-0")
    assert text_of(screen.render(), "regret-0").startswith("1")
"""

from __future__ import annotations

import asyncio
import collections.abc
import contextvars
import dataclasses
import functools
import inspect
import sys
import threading
import typing
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import msgpack
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

SETTLE_TURNS = 50  # loop turns a tab is given to finish what a change set off (updates, effects, their updates)

_loop: asyncio.AbstractEventLoop | None = None
_encode = configure_encode_object_for_msgpack(ft.BaseControl)


def _event_loop() -> asyncio.AbstractEventLoop:
    global _loop
    if _loop is None:
        _loop = asyncio.new_event_loop()
        threading.Thread(target=_loop.run_forever, name="view-tests-loop", daemon=True).start()
    return _loop


def _on_loop_thread() -> bool:
    try:
        return asyncio.get_running_loop() is _loop
    except RuntimeError:
        return False


class _Socket(Connection):
    """The phone's end of the socket. Every message is encoded as flet-web encodes it (encoding is also where
    Flet notes what the phone was sent, which its next diff starts from); a crash report is kept."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.pubsubhub = PubSubHub(loop)
        self.crashes: list[str] = []
        self.sent: list[bytes] = []  # every frame, as the phone would receive it

    def send_message(self, message: Message) -> None:
        self.sent.append(msgpack.packb([message.action, message.body], default=_encode))
        if message.action == MessageAction.SESSION_CRASHED:
            self.crashes.append(str(message.body))


class Phone:
    """One phone's tab, whatever screen it shows: its Flet session and page. ``before_main(page)`` runs as
    flet-web runs the app's ``before_main`` (in the context the phone was made in: the gate's pass, say)."""

    def __init__(self, before_main: Callable[[ft.Page], None] | None = None) -> None:
        self._socket = _Socket(_event_loop())
        self._session = Session(self._socket)  # the page holds its session weakly; the server's index holds it
        self.page = self._session.page

        def register() -> None:
            if before_main is not None:
                before_main(self.page)
            self._socket.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
                session_id=self._session.id, page_patch=self._session.get_page_patch(), error="")))

        self.call(register)
        _open.add(self)

    def call(self, fn: Callable[[], Any]) -> Any:
        """``fn()`` on the loop in this tab's context (awaited when it is a coroutine), and its result; from a
        handler already on the loop, at once."""
        if _on_loop_thread():
            return fn()

        async def run() -> Any:
            result = fn()
            return await result if inspect.isawaitable(result) else result

        # run_task binds the caller's context to the page: a copy of it, so the test's own thread stays unbound.
        return contextvars.copy_context().run(self.page.run_task, run).result(timeout=30)

    def settle(self) -> None:
        """Give the loop turns until the tab's updates and effects are done; a crash fails the test."""
        async def turns() -> None:
            for _ in range(SETTLE_TURNS):
                await asyncio.sleep(0)

        if not _on_loop_thread():  # in a handler, the tap that called it settles afterwards
            self.call(turns)
        if self._socket.crashes:
            raise AssertionError("the screen crashed: " + "\n".join(self._socket.crashes))

    def show(self, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """Draw the screen ``fn(*args, **kwargs)`` (a component drawing an ``ft.View``) in place of any other."""
        self.call(lambda: self.page.render_views(_Tab, fn, args, kwargs))

    def clear(self) -> None:
        """Take the screen away (its components unmount, their effects' cleanups run)."""
        def close() -> None:
            self.page.views = []
            self.page.update()

        self.call(close)
        self.settle()

    def close(self) -> None:
        """The tab is closed: Flet stops its session (its scheduler, its calls still waiting for the phone)."""
        self.call(self._session.close)
        _open.discard(self)

    def received(self) -> list[str]:
        """Every string in every frame the phone was sent so far (texts, values, labels, routes), decoded as the
        phone decodes them."""
        found: list[str] = []

        def walk(item: Any) -> None:
            if isinstance(item, str):
                found.append(item)
            elif isinstance(item, dict):
                for key, value in item.items():
                    walk(key)
                    walk(value)
            elif isinstance(item, (list, tuple)):
                for value in item:
                    walk(value)

        for frame in list(self._socket.sent):
            walk(msgpack.unpackb(frame, raw=False, strict_map_key=False))
        return found

    def screen(self) -> Any:
        """The ``ft.View`` the tab shows."""
        return ft.unwrap_component(ft.unwrap_component(self.page.views)[0])


_open: weakref.WeakSet[Phone] = weakref.WeakSet()


def close_all() -> None:
    """Close every phone still open (a test's end: each session's scheduler would otherwise keep its screen)."""
    for phone in list(_open):
        phone.close()


@ft.component
def _Tab(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
    return [fn(*args, **kwargs)]


class Rendered:
    """The screen ``fn(*args, **kwargs)`` shown on ``phone`` (a new one unless given), kept between renders."""

    def __init__(self, fn: Callable[..., Any], *args: Any, phone: Phone | None = None, **kwargs: Any) -> None:
        self.phone = phone or Phone()
        self._screen = (fn, args, kwargs)
        self._shown = False
        self._bodies: dict[tuple[str, object], Any] | None = None  # what each component drew, once watched
        self.drawn: list[tuple[str, object]] = []  # (component, key) drawn since the last render, memo skips left out

    def watch(self) -> Rendered:
        """From now on each render sets :attr:`drawn` (a walk of the whole tree, so only for tests that read it)."""
        self._bodies = _bodies(self.phone.page.views) if self._shown else {}
        return self

    def render(self) -> Any:
        """Let the tab finish what the last change set off, and return its screen (the ``ft.View``)."""
        if not self._shown:
            self._shown = True
            self.phone.show(*self._screen)
        self.phone.settle()
        view = self.phone.screen()
        if id(view) not in _tabs:
            _tabs[id(view)] = (weakref.ref(view), weakref.ref(self.phone))
            weakref.finalize(view, _tabs.pop, id(view), None)
        if self._bodies is not None:
            bodies = _bodies(self.phone.page.views)
            self.drawn = [where for where, body in bodies.items() if self._bodies.get(where) is not body]
            self._bodies = bodies
        return view

    def unmount(self) -> None:
        """Take the screen away, as when the tab goes to another route."""
        if self._shown:
            self._shown = False
            self.phone.clear()


_tabs: dict[int, tuple[weakref.ref[Any], weakref.ref[Phone]]] = {}  # a screen drawn (by id) → its phone


def fire(root: object, handler: Callable[..., Any] | None, event: object = None) -> Any:
    """Call a control's ``handler`` (its ``on_click``, ``on_change``…) with ``event`` in the tab that drew
    ``root``, as the phone's event would, and let the tab settle; returns what the handler returned."""
    assert handler is not None, "the control has no such handler"
    view, tab = _tabs.get(id(root), (None, None))
    phone = tab() if tab is not None and view is not None and view() is root else None
    if phone is None:  # a widget drawn on its own, in no tab: a plain call
        return as_flet_calls(handler, event)
    result = phone.call(lambda: as_flet_calls(handler, event))
    phone.settle()
    return result


def as_flet_calls(handler: Callable[..., Any], event: object) -> Any:
    """``handler(event)`` as Flet's event dispatch calls it: Flet awaits only a coroutine function's result, so a
    plain function (a ``lambda``) that returns a coroutine fails here, as its work would never run on a phone."""
    result = handler(event)
    if inspect.isawaitable(result) and not inspect.iscoroutinefunction(handler):
        if inspect.iscoroutine(result):
            result.close()  # never run, as on a phone; closed so it warns no more
        raise AssertionError(f"{handler!r} returned an awaitable that Flet never awaits (make it an async def)")
    return result


def nodes(control: object) -> Iterator[ft.BaseControl]:
    """Every control and component under ``control`` (itself included), depth first; a component is followed by
    what it drew."""
    if isinstance(control, ft.BaseControl):
        yield control
        drawn = ft.unwrap_component(control)
        if drawn is not control:
            yield from nodes(drawn)
            return
        for name in _children(type(control)):
            yield from nodes(getattr(control, name, None))
    elif isinstance(control, (list, tuple)):
        for item in control:
            yield from nodes(item)


@functools.cache
def _children(kind: type) -> tuple[str, ...]:
    # The fields a control's children can be in: its public ones whose type may hold a control, the parent link
    # aside. A control has some 55 fields, nearly all colours, sizes and handlers: reading every one of them was
    # most of the time a screen test spent walking its screen.
    names: dict[str, Any] = dict(vars(ft))
    for k in reversed(kind.__mro__):
        names.update(vars(sys.modules[k.__module__]) if k.__module__ in sys.modules else {})
    return tuple(f.name for f in dataclasses.fields(kind) if not f.name.startswith("_") and f.name != "parent"
                 and _may_hold_control(f.type, names))


def _may_hold_control(hint: object, names: dict[str, Any]) -> bool:
    """Whether a field annotated ``hint`` may hold a control; when in doubt (a name it can't look up), it may."""
    if isinstance(hint, typing.ForwardRef):
        hint = hint.__forward_arg__
    if isinstance(hint, str):
        try:
            hint = eval(hint, names)  # the annotation as its module reads it
        except Exception:
            return True
    if hint is Any or hint is object or isinstance(hint, typing.TypeVar | str | typing.ForwardRef):
        return True
    if isinstance(hint, type) and not typing.get_args(hint):
        return issubclass(hint, ft.BaseControl)
    if typing.get_origin(hint) in (typing.Literal, collections.abc.Callable):
        return False  # a handler or a fixed word
    return any(_may_hold_control(arg, names) for arg in typing.get_args(hint))


def _bodies(root: object) -> dict[tuple[str, object], Any]:
    """Each component under ``root`` by (its function's name, its key), with what it drew."""
    return {(c.fn.__name__, c.key): ft.unwrap_component(c)  # type: ignore[attr-defined]
            for c in nodes(root) if ft.unwrap_component(c) is not c}
