"""What only the host may do, enforced where it happens: the service functions check the tab's viewer beside each
host-only verb (:func:`require_host`), and the store (and the shared sessions) a guest's tab is given refuse those
verbs too. Authorisation sits here, beside the verbs, not in the screens or the transport.

Screens may hide host-only buttons from guests (ask ``ctx.sessions.viewer.host``), but the refusal lives here, so a
screen that forgets still can't export, import, delete or restore for a guest. The composition root gives each tab
its sessions through :func:`tab_sessions`: who is at the tab (its :class:`~companion.session.seats.Viewer`) is
handed down with them, never looked up in a module global.

>>> class Store:
...     def list_games(self): return ["g1"]
...     def delete_game(self, game_id): raise AssertionError("a guest deleted a game")
>>> guest = GuestStore(Store())
>>> guest.list_games()
['g1']
>>> guest.delete_game("g1")
Traceback (most recent call last):
...
companion.session.seats.HostOnly: Only the host can delete a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.i18n import t
from companion.session.seated import SeatedSessions
from companion.session.seats import HostOnly, Viewer, host_starts_games


def _export() -> str:
    return t("Only the host can export.")


# Store (and Sessions) verbs a guest's tab may not call, with the refusal each gives.
HOST_ONLY: dict[str, Callable[[], str]] = {
    "export_all": _export, "export_game": _export, "export_campaign": _export, "export_plays": _export,
    "save_export": _export,
    "import_data": lambda: t("Only the host can import."),
    "import_clashes": lambda: t("Only the host can import."),
    "restore_backup": lambda: t("Only the host can restore a backup."),
    "delete_game": lambda: t("Only the host can delete a game."),
    "delete_campaign": lambda: t("Only the host can delete a campaign."),
    "delete_play": lambda: t("Only the host can delete a play."),
    "set_setting": lambda: t("Only the host can change the app's settings."),
    "start_game": host_starts_games,
}


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


def guard(store: Any, host: bool) -> Any:
    """``store`` itself for the host, a :class:`GuestStore` over it for a guest (``None`` stays ``None``)."""
    return store if store is None or host else GuestStore(store)


def tab_sessions(shared: Any, viewer: Viewer) -> SeatedSessions:
    """The shared sessions as the tab of ``viewer`` is given them: seen through its seat, and, on a guest's tab,
    over a :class:`GuestStore` (a host-only verb reached any other way is refused as well)."""
    return SeatedSessions(guard(shared, viewer.host), viewer)


def require_host(viewer: Viewer, verb: str) -> None:
    """Refuse the host-only ``verb`` (a name in :data:`HOST_ONLY`) to a guest's tab: :class:`HostOnly`, its
    message naming what only the host may do. Called by each service function before it changes anything."""
    if not viewer.host:
        raise HostOnly(HOST_ONLY[verb]())
