"""What the store repaired, for the user to read (issue 12, Data screen): a plain-words ``message``, the
technical ``detail`` (file names, the reason the file couldn't be read) kept apart for a "Details" button, and
whether the copy brought back lacks the last change.

Backups rotate on every save (the newest backup is the version before the last save), so a copy restored from a
backup lacks the last save; when the games list still knew the lost version, the notice says how many moves.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from companion.i18n import N_, t, tn

FOLDER_NAMES = {"games": N_("games"), "campaigns": N_("campaigns"), "plays": N_("plays")}

RecordKind = Literal["game", "campaign", "play"]


class RecoveryNotice(BaseModel):
    """One repair. ``outcome``: ``restored`` (an earlier copy is back), ``lost`` (no good copy: the damaged file
    is kept aside), ``rebuilt`` (a list was rebuilt from the saved files; nothing lost), ``replaced`` (a damaged
    file was found while saving over it: the new save is complete, nothing lost), ``defaults`` (settings
    could not be read and no backup was found). ``lacks_last_change`` is ``True`` when the restored copy misses
    the last save, ``missing_moves`` how many moves (games only, when known)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["game", "campaign", "play", "settings", "index"]
    record_id: str | None
    outcome: Literal["restored", "lost", "rebuilt", "replaced", "defaults"]
    message: str
    detail: str
    lacks_last_change: bool = False
    missing_moves: int | None = None
    restored_from: datetime | None = None


def _missing(kind: str, listed: dict[str, Any] | None, restored: dict[str, Any]) -> tuple[bool, int | None]:
    """Whether the restored copy lacks the last save, and how many moves, from what the list knew of it."""
    if listed is None:
        return True, None  # a backup is always the version before the last save (files.rotate)
    if kind == "game":
        lost = int(listed.get("actions") or 0) - int(restored.get("actions") or 0)
        if lost > 0:
            return True, lost
    return listed != restored, None


def restored_notice(kind: RecordKind, record_id: str, what: str, detail: str,
                    listed: dict[str, Any] | None, restored: dict[str, Any], saved: datetime) -> RecoveryNotice:
    """The notice for a record brought back from a backup saved at ``saved``. ``listed`` is the record's line in
    the list before the repair (``None`` if the list didn't have it); ``restored`` the restored copy's line.

    >>> from datetime import datetime, UTC
    >>> n = restored_notice("game", "g1", "The game of Ada, Bo", "…", {"actions": 12}, {"actions": 10},
    ...                     datetime(2026, 12, 1, 9, 30, tzinfo=UTC))
    >>> (n.lacks_last_change, n.missing_moves, n.message.split(". ")[-1])
    (True, 2, 'It lacks the last 2 moves: play them again.')
    """
    lacks, moves = _missing(kind, listed, restored)
    when = saved.strftime("%Y-%m-%d %H:%M UTC")
    message = t("{what} was damaged, so the copy saved {when} was brought back.", what=what, when=when)
    if moves is not None:
        message += " " + tn("It lacks the last move: play it again.", "It lacks the last {n} moves: play them again.",
                            moves)
    elif lacks:
        message += " " + t("It lacks the last change made before the damage.")
    return RecoveryNotice(kind=kind, record_id=record_id, outcome="restored", message=message, detail=detail,
                          lacks_last_change=lacks, missing_moves=moves, restored_from=saved)


def lost_notice(kind: RecordKind, record_id: str, what: str, detail: str) -> RecoveryNotice:
    """The notice for a record that couldn't be read and has no good backup: the damaged file is kept."""
    message = t("{what} could not be opened and no earlier copy was found. The damaged file is kept in the data "
                "folder.", what=what)
    return RecoveryNotice(kind=kind, record_id=record_id, outcome="lost", message=message, detail=detail,
                          lacks_last_change=True)


def replaced_notice(kind: str, record_id: str, what: str, detail: str) -> RecoveryNotice:
    """The notice for a damaged file found while saving a new version over it: the save is complete."""
    return RecoveryNotice(kind="game" if kind == "game" else "campaign", record_id=record_id, outcome="replaced",
                          detail=detail, message=t("{what} had a damaged file; the version just saved replaced it. "
                                                   "Nothing was lost.", what=what))


def rebuilt_notice(folder: str, detail: str) -> RecoveryNotice:
    """The notice for a damaged list rebuilt from the saved files: nothing is lost."""
    return RecoveryNotice(kind="index", record_id=None, outcome="rebuilt", detail=detail,
                          message=t("The list of {folder} was damaged and has been rebuilt from the saved files. "
                                    "Nothing was lost.", folder=t(FOLDER_NAMES[folder])))


def settings_notice(restored: bool, detail: str) -> RecoveryNotice:
    """The notice for damaged settings: an earlier copy restored, or the defaults used."""
    if restored:
        return RecoveryNotice(kind="settings", record_id=None, outcome="restored", detail=detail,
                              lacks_last_change=True,
                              message=t("Your settings were damaged, so an earlier copy was brought back. The "
                                        "last setting you changed may need changing again."))
    return RecoveryNotice(kind="settings", record_id=None, outcome="defaults", detail=detail,
                          message=t("Your settings were damaged and no earlier copy was found, so the defaults "
                                    "are used."))
