"""The backups as the Data screen lists them (issue 12): grouped by game or campaign, each group named by its
players (or the campaign's name) and date, each version with its save time and a Restore that works
(:meth:`companion.store.Store.restore_backup` with the version's ``path``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from companion.history.summary import play_summary
from companion.i18n import t, tn
from companion.store import records
from companion.store.errors import DamagedFile
from companion.store.files import read_envelope
from companion.store.schema import JsonObject

if TYPE_CHECKING:
    from companion.store.store import Store

KINDS: dict[str, Literal["game", "campaign"]] = {"games": "game", "campaigns": "campaign"}


class BackupVersion(BaseModel):
    """One backup file of a record. ``restorable``: it can be read (a damaged backup is listed, not offered);
    ``label`` says when it was saved and how far the game or campaign had got."""

    model_config = ConfigDict(frozen=True)

    path: Path
    saved: datetime
    label: str
    restorable: bool
    actions: int | None = None  # games: moves in its log
    weeks: int | None = None  # campaigns
    problem: str | None = None  # why an unreadable backup can't be restored (technical detail)


class BackupGroup(BaseModel):
    """Every backup of one game or campaign, newest first. ``title``: the players (or the campaign's name) and
    the date it was started; ``current``: it is still in the games/campaigns list (else it was deleted, and a
    Restore brings it back)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["game", "campaign"]
    record_id: str
    title: str
    players: tuple[str, ...]
    started: datetime | None
    current: bool
    versions: tuple[BackupVersion, ...]


def _date(when: datetime | None) -> str:
    return when.strftime("%Y-%m-%d") if when else t("date unknown")


def _version(path: Path, kind: str) -> tuple[BackupVersion, JsonObject | None]:
    saved = datetime.fromtimestamp(path.lstat().st_mtime, UTC)  # the entry itself: a link is listed, unread
    when = saved.strftime("%Y-%m-%d %H:%M UTC")
    try:
        record = read_envelope(path, kind)["tables"].get(kind, {}).get("1")
        if not isinstance(record, dict):
            raise DamagedFile(path, t("it holds no {kind}", kind=kind))
        (records.check_game if kind == "game" else records.validate_campaign)(record)
        summary = records.game_summary(record) if kind == "game" else records.campaign_summary(record)
    except Exception as e:  # whatever is wrong with a backup, it is listed as one that can't be restored
        reason = e.reason if isinstance(e, DamagedFile) else str(records.refusal("", e))
        return BackupVersion(path=path, saved=saved, restorable=False, problem=reason,
                             label=t("Saved {when} · can't be read", when=when)), None
    if isinstance(summary, records.GameSummary):
        label = tn("Saved {when} · {n} move", "Saved {when} · {n} moves", summary.actions, when=when)
        return BackupVersion(path=path, saved=saved, label=label, restorable=True, actions=summary.actions), record
    label = tn("Saved {when} · {n} week", "Saved {when} · {n} weeks", summary.weeks, when=when)
    return BackupVersion(path=path, saved=saved, label=label, restorable=True, weeks=summary.weeks), record


def kept_aside_title(path: Path, folder: str) -> str:
    """What a play backup or a damaged file kept aside is, as a player knows it (never its file name): the play's
    anglers, the day it was played and which copy back it is (two copies of one play saved the same minute must
    still be told apart), or that it can't be read."""
    if folder == "plays":
        try:
            record = read_envelope(path, "play")["tables"].get("play", {}).get("1")
            play = play_summary(record if isinstance(record, dict) else {})
        except Exception:  # whatever is wrong with it, it is listed as a play that can't be read
            return t("A play that can't be read")
        number = path.name.split(".")[-2]  # <id>.N.json: the N-th copy back, 1 the newest
        return t("Play of {players} · {date} · backup {n}", players=", ".join(p.name for p in play.players),
                 date=_date(play.played), n=number if number.isdigit() else "?")
    return t("A file that could not be read")


def backup_groups(store: Store) -> list[BackupGroup]:
    """The backups of every game and campaign, one group per record, the group with the newest backup first.

    >>> import tempfile
    >>> from companion.store import open_store
    >>> backup_groups(open_store(tempfile.mkdtemp()))
    []
    """
    current = {"games": {s.id for s in store.list_games()}, "campaigns": {s.id for s in store.list_campaigns()}}
    groups = []
    for folder, kind in KINDS.items():
        by_id: dict[str, list[Path]] = {}
        for path in (store.data_dir / "backups" / folder).glob("*.json"):
            record_id = path.name.split(".")[0]
            by_id.setdefault(record_id, []).append(path)
        for record_id, paths in by_id.items():
            found = []
            for path in paths:
                try:
                    found.append(_version(path, kind))
                except FileNotFoundError:  # rotated away by a save meanwhile
                    continue
            if not found:
                continue
            found.sort(key=lambda v: v[0].saved, reverse=True)
            newest = next((r for _, r in found if r is not None), None)
            groups.append(_group(kind, record_id, newest, record_id in current[folder],
                                 tuple(v for v, _ in found)))
    return sorted(groups, key=lambda g: g.versions[0].saved, reverse=True)


def _group(kind: Literal["game", "campaign"], record_id: str, record: JsonObject | None, current: bool,
           versions: tuple[BackupVersion, ...]) -> BackupGroup:
    if record is None:
        title = (t("Game {id} (no readable copy)", id=record_id) if kind == "game" else
                 t("Campaign {id} (no readable copy)", id=record_id))
        return BackupGroup(kind=kind, record_id=record_id, players=(), started=None, current=current,
                           versions=versions, title=title)
    if kind == "game":
        game = records.game_summary(record)
        players = tuple(game.players)
        title = t("{players} · started {date}", players=", ".join(players), date=_date(game.created))
        started = game.created
    else:
        campaign = records.campaign_summary(record)
        players = ()
        title = t("“{name}” · started {date}", name=campaign.name, date=_date(campaign.created))
        started = campaign.created
    return BackupGroup(kind=kind, record_id=record_id, title=title, players=players, started=started,
                       current=current, versions=versions)
