"""Who is at each tab of one server: the pass its socket came in with, and its browser's ``Accept-Language``.

The gate puts the socket's pass in :data:`current_pass` (and its ``Accept-Language`` in :data:`current_accept`)
while Flet handles that socket: the context of that one socket, not a record of the server. :meth:`Tabs.remember`
(Flet's ``before_main``) keeps them with the tab's Flet session, so handlers running later still find them. The
composition root (:func:`companion.app.build_app`) builds one :class:`Tabs` over the server's codes and hands it to
the gate and to each tab's entry point; nothing here is kept in a module global.

>>> from types import SimpleNamespace
>>> class Session: ...
>>> tabs, tab = Tabs(None), SimpleNamespace(session=Session())
>>> token = current_accept.set("it-IT,it;q=0.9")
>>> tabs.remember(tab)
>>> current_accept.reset(token)
>>> tabs.accept_language(tab), tabs.accept_language(SimpleNamespace(session=Session()))
('it-IT,it;q=0.9', None)
"""

from __future__ import annotations

import weakref
from contextvars import ContextVar
from typing import Any

from companion.net.codes import Keys, Pass, Role

current_pass: ContextVar[Pass | None] = ContextVar("companion_pass", default=None)
current_accept: ContextVar[str | None] = ContextVar("companion_accept_language", default=None)
# The Flet sessions the socket being handled opened (the gate expires them when it ends: flet_fixes.forget_session).
current_sessions: ContextVar[list[Any] | None] = ContextVar("companion_socket_sessions", default=None)


class Tabs:
    """The tabs of one server and the pass each was opened with, looked up in ``keys`` (``None``: the local mode,
    where the one browser is the host)."""

    def __init__(self, keys: Keys | None) -> None:
        self.keys = keys
        self._passes: weakref.WeakKeyDictionary[Any, Pass] = weakref.WeakKeyDictionary()
        self._accepts: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()

    @property
    def served(self) -> bool:
        """Whether phones join this server (codes and passes), rather than the local mode's one screen."""
        return self.keys is not None

    def remember(self, page: Any) -> None:
        """Keep the pass and the ``Accept-Language`` of the socket being handled with ``page``'s session (Flet's
        ``before_main`` hook)."""
        opened = current_sessions.get()
        if opened is not None:
            opened.append(page.session)
        self.hold(page, current_pass.get(), current_accept.get())

    def hold(self, page: Any, holder: Pass | None, accept: str | None) -> None:
        """Keep ``holder`` (the tab's pass) and ``accept`` (its languages, as an ``Accept-Language`` value) with
        ``page``'s session: what the gate found on the tab's socket, or what an app with no gate gives its one tab
        (the phone app: the owner's pass, the device's locales)."""
        if holder is not None:
            self._passes[page.session] = holder
        if accept is not None:
            self._accepts[page.session] = accept

    def session_owner(self, session_id: str | None) -> str | None:
        """The id of the pass whose tab opened the Flet session ``session_id`` (``None``: none known, or no id)."""
        if not session_id:
            return None
        for session, holder in list(self._passes.items()):
            if getattr(session, "id", None) == session_id:
                return holder.token_id
        return None

    def accept_language(self, page: Any) -> str | None:
        """The ``Accept-Language`` header the tab showing ``page`` opened its socket with (``None``: none sent)."""
        try:
            return self._accepts.get(page.session)
        except TypeError:  # a session that can't be weakly referenced was never remembered
            return None

    def pass_of(self, page: Any) -> Pass:
        """The pass of the tab showing ``page``, as it stands now: a dropped or unknown pass is a guest's, never
        the host's.

        >>> from types import SimpleNamespace
        >>> Tabs(None).pass_of(SimpleNamespace(session=SimpleNamespace())).is_host
        False
        """
        try:
            holder = self._passes.get(page.session)
        except TypeError:  # a session that can't be weakly referenced was never remembered
            holder = None
        if holder is None:
            return Pass("", Role.GUEST)
        if self.keys is None or holder.token_id == "local":
            return holder
        return self.keys.by_id(holder.token_id) or Pass(holder.token_id, Role.GUEST)
