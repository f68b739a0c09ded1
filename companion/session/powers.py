"""What only the host may do, enforced where it happens: the store (and the shared sessions) a guest's tab is
given refuse it. Authorisation sits here, beside the verbs, not in the screens or the transport.

Screens may hide host-only buttons from guests (ask :func:`is_host` ``(page)``), but the refusal lives here, so a
screen that forgets still can't export, import, delete or restore for a guest. The app wraps whatever a tab is
handed that can do those things: ``guard(sessions, holder)``.

Who is at a tab (its pass) is the transport's to know; the composition root (:mod:`companion.app`) tells this
layer how to ask with :func:`use_identity`. Until it does, the one screen is the host's (the local mode).

>>> class Store:
...     def list_games(self): return ["g1"]
...     def delete_game(self, game_id): raise AssertionError("a guest deleted a game")
>>> guest = GuestStore(Store())
>>> guest.list_games()
['g1']
>>> guest.delete_game("g1")
Traceback (most recent call last):
...
companion.session.powers.HostOnly: Only the host can delete a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from companion.i18n import t
from companion.store.errors import StoreError


def _export() -> str:
    return t("Only the host can export.")


# Store (and Sessions) verbs a guest's tab may not call, with the refusal each gives.
HOST_ONLY: dict[str, Callable[[], str]] = {
    "export_all": _export, "export_game": _export, "export_campaign": _export, "export_plays": _export,
    "save_export": _export,
    "import_data": lambda: t("Only the host can import."),
    "restore_backup": lambda: t("Only the host can restore a backup."),
    "delete_game": lambda: t("Only the host can delete a game."),
    "delete_campaign": lambda: t("Only the host can delete a campaign."),
    "delete_play": lambda: t("Only the host can delete a play."),
    "set_setting": lambda: t("Only the host can change the app's settings."),
}


class Holder(Protocol):
    """What a tab holds, as this layer needs it: the pass's id (``""``: none) and whether it is the host's."""

    @property
    def token_id(self) -> str: ...

    @property
    def is_host(self) -> bool: ...


class Identity(Protocol):
    """How to ask who is at a tab (``companion.net.identity`` is one)."""

    def pass_of(self, page: Any) -> Holder: ...

    def is_host(self, page: Any | None) -> bool: ...


@dataclass(frozen=True)
class _Local:
    """The local mode: nothing to join, the one screen is the host's."""

    token_id: str = ""
    is_host: bool = True



_LOCAL = _Local()
_identity: Identity | None = None


def use_identity(identity: Identity | None) -> None:
    """Ask ``identity`` who is at a tab from now on (``None``: the local mode). Called by the composition root."""
    global _identity
    _identity = identity


def holder_of(page: Any) -> Holder:
    """The pass of the tab showing ``page``, as it stands now (a dropped or unknown one is a guest's)."""
    return _LOCAL if _identity is None else _identity.pass_of(page)


def is_host(page: Any | None) -> bool:
    """Whether this tab may export, import, delete, restore and change the room code or app-wide settings."""
    return True if _identity is None else _identity.is_host(page)


class HostOnly(StoreError):
    """A guest asked for a host-only power; nothing was changed."""


class GuestStore:
    """A store (or ``Sessions``) as a guest's tab sees it: everything but :data:`HOST_ONLY`, which raises
    :class:`HostOnly`."""

    def __init__(self, store: Any) -> None:
        self._store = store

    def play_changes(self) -> list[Any]:
        """The play changes a guest can undo: none while the latest is the host's delete."""
        changes: list[Any] = self._store.play_changes()
        return [] if changes and changes[-1].get("what") == "delete" else changes

    def undo_play_change(self) -> str | None:
        """Take back the latest edit of a play; the host's delete (and what lies behind it) is the host's to undo."""
        if not self.play_changes() and self._store.play_changes():
            raise HostOnly(t("Only the host can undo the deletion of a play."))
        result: str | None = self._store.undo_play_change()
        return result

    def __getattr__(self, name: str) -> Any:
        if name == "store":  # the store behind a guest's sessions is a guest's too
            inner = self._store.store
            return None if inner is None else GuestStore(inner)
        if name in HOST_ONLY:
            message = HOST_ONLY[name]()

            def refused(*_args: object, **_kwargs: object) -> Any:
                raise HostOnly(message)

            return refused
        return getattr(self._store, name)


def guard(store: Any, holder: Holder) -> Any:
    """``store`` itself for the host, a :class:`GuestStore` over it for a guest (``None`` stays ``None``)."""
    return store if store is None or holder.is_host else GuestStore(store)
