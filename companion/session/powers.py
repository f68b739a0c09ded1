"""What only the host may do, refused at the verb itself: each host-only method of a tab's sessions
(:class:`~companion.session.door.Door`) and each host-only service function calls :func:`require_host` before it
changes anything. Authorisation sits here, beside the verbs, not in the screens, the transport or a wrapper.

Screens may hide host-only buttons from guests (ask ``ctx.sessions.viewer.host``), but the refusal lives in the
verb, so a screen that forgets still can't export, import, delete or restore for a guest. Every verb a screen can
call is declared here as the host's (:data:`HOST_ONLY`) or open to guests (:data:`GUEST_VERBS`):
``tests/session/test_door.py`` fails on a verb in neither list, and calls each host-only one as a guest.

>>> from companion.session.seats import Viewer
>>> require_host(Viewer("host-pass", host=True), "records.export")
>>> require_host(Viewer("guest-pass", host=False), "plays.delete")
Traceback (most recent call last):
...
companion.session.seats.HostOnly: Only the host can delete a play.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.i18n import t
from companion.session.seats import HostOnly, Viewer, host_starts_games

__all__ = ["GUEST_VERBS", "HOST_ONLY", "HostOnly", "require_host"]


def _export() -> str:
    return t("Only the host can export.")


def _import() -> str:
    return t("Only the host can import.")


# The host's verbs, each with the refusal it gives a guest: the door's methods by name, the verbs of what it hands
# out as ``<door attribute>.<verb>`` (``ctx.sessions.records``: companion/session/service.py; ``.plays``: plays.py).
HOST_ONLY: dict[str, Callable[[], str]] = {
    "set_setting": lambda: t("Only the host can change the app's settings."),
    "start_game": host_starts_games,
    "delete_campaign": lambda: t("Only the host can delete a campaign."),
    "hand_seat": lambda: t("Only the host can hand a seat to another phone."),
    "keep_seats": lambda: t("Only the host can change which phones keep their seats."),
    "records.export": _export,
    "records.plays_as_csv": _export,
    "records.import_document": _import,
    "records.import_clashes": _import,
    "records.restore": lambda: t("Only the host can restore a backup."),
    "plays.delete": lambda: t("Only the host can delete a play."),
    "plays.undo": lambda: t("Only the host can change a recorded play."),
    "plays.set_start_player": lambda: t("Only the host can change a recorded play."),
    # the roster names the anglers of every recorded play (statistics, History's filter): the host's alone
    "plays.rename": lambda: t("Only the host can rename or merge players."),
    "plays.merge": lambda: t("Only the host can rename or merge players."),
}

# Every other verb a screen can call, named as in HOST_ONLY (and the functions of catches.py): open to a guest's
# tab, whose games and drafts are still seen and checked through its seat.
GUEST_VERBS = frozenset({
    "viewer", "keeps", "plays", "records", "setting", "flush", "game", "campaign", "start_campaign", "draft",
    "saved_games", "in_progress", "saved_campaigns",
    "my_seat", "seats_held", "newest_game", "place", "take_seat", "follow_seats",
    "records.copy_due", "records.last_copy", "records.data_folder", "records.repairs",
    "records.backup_groups", "records.kept_aside",
    "plays.listed", "plays.roster", "plays.opened", "plays.has_play", "plays.recorded", "plays.record_result",
    "plays.can_undo", "plays.last_change",
    "plays.suggested_names", "plays.remember",
    "catches.catch_draft",
})


def require_host(viewer: Viewer, verb: str) -> None:
    """Refuse the host-only ``verb`` (a name in :data:`HOST_ONLY`) to a guest's tab: :class:`HostOnly`, its
    message naming what only the host may do. Called by each host-only verb before it changes anything."""
    if not viewer.host:
        raise HostOnly(HOST_ONLY[verb]())
