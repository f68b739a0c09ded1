"""Who is at this tab: the pass its socket came in with, for screens to ask ``is_host(page)`` and ``seat``.

The gate puts the socket's pass in :data:`current_pass` while Flet handles that socket; ``remember(page)`` (run
as Flet's ``before_main``) keeps it with the tab's Flet session, so handlers running later still find it. The
socket's ``Accept-Language`` travels the same way (:data:`current_accept`, :func:`accept_language`).
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
_passes: weakref.WeakKeyDictionary[Any, Pass] = weakref.WeakKeyDictionary()
_accepts: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
_keys: Keys | None = None


def use_keys(keys: Keys | None) -> None:
    """Look passes up in ``keys`` from now on (``None``: the local mode, where the one browser is the host)."""
    global _keys
    _keys = keys


def keys() -> Keys | None:
    """The codes and passes in use (``None`` in the local mode)."""
    return _keys


def remember(page: Any) -> None:
    """Keep the pass and the ``Accept-Language`` of the socket being handled with ``page``'s session (Flet's
    ``before_main`` hook)."""
    holder, accept, opened = current_pass.get(), current_accept.get(), current_sessions.get()
    if opened is not None:
        opened.append(page.session)
    if holder is not None:
        _passes[page.session] = holder
    if accept is not None:
        _accepts[page.session] = accept


def session_owner(session_id: str | None) -> str | None:
    """The id of the pass whose tab opened the Flet session ``session_id`` (``None``: none known, or no id)."""
    if not session_id:
        return None
    for session, holder in list(_passes.items()):
        if getattr(session, "id", None) == session_id:
            return holder.token_id
    return None


def accept_language(page: Any) -> str | None:
    """The ``Accept-Language`` header the tab showing ``page`` opened its socket with (``None``: none sent).

    >>> from types import SimpleNamespace
    >>> class Session: ...
    >>> tab = SimpleNamespace(session=Session())
    >>> token = current_accept.set("it-IT,it;q=0.9")
    >>> remember(tab)
    >>> current_accept.reset(token)
    >>> accept_language(tab), accept_language(SimpleNamespace(session=Session()))
    ('it-IT,it;q=0.9', None)
    """
    try:
        return _accepts.get(page.session)
    except TypeError:  # a session that can't be weakly referenced was never remembered
        return None


def pass_of(page: Any) -> Pass:
    """The pass of the tab showing ``page``, as it stands now: a dropped or unknown pass is a guest's with no
    seat, never the host's.

    >>> from types import SimpleNamespace
    >>> pass_of(SimpleNamespace(session=SimpleNamespace())).is_host
    False
    """
    try:
        holder = _passes.get(page.session)
    except TypeError:  # a session that can't be weakly referenced was never remembered
        holder = None
    if holder is None:
        return Pass("", Role.GUEST)
    if _keys is None or holder.token_id == "local":
        return holder
    return _keys.by_id(holder.token_id) or Pass(holder.token_id, Role.GUEST)


def is_host(page: Any | None) -> bool:
    """Whether this tab may export, import, delete, restore and change the room code or app-wide settings: in
    the local mode (nothing to join) the one screen is the host's; while phones are served, only a host's pass
    (never code drawing with no page)."""
    if _keys is None:
        return True
    return page is not None and pass_of(page).is_host
