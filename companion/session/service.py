"""What the Data screen does with the kept records, as functions of the session layer: every game exported, one
game or campaign, the history (JSON or CSV), a document imported, the backups listed and one restored, the data
folder and what start-up repaired. Screens call these with ``ctx.sessions``; none reaches the store.

Authorisation sits beside the verbs: export, import and restore are the host's
(:func:`~companion.session.powers.require_host`), refused as :class:`~companion.session.powers.HostOnly`, a
``StoreError``, which the screen shows like any other. Nothing here changes anything when it raises.

>>> import tempfile
>>> from companion.session import Sessions
>>> from companion.store import open_store
>>> sessions = Sessions(open_store(tempfile.mkdtemp()))
>>> made = export(sessions, "everything", stamp="20260101-000000")
>>> made.name, made.kept.parent.name
('deep-regrets-everything-20260101-000000.json', 'exports')
>>> made.summary()
'Exported 0 games and 0 campaigns. A copy is kept at ...'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from companion.history import plays_csv
from companion.i18n import t, tn
from companion.session.powers import require_host
from companion.session.seated import Tab, store_of
from companion.store.backup_list import BackupGroup
from companion.store.recovery import RecoveryNotice
from companion.store.store import BackupInfo
from companion.store.transfer import ImportReport, campaigns_count, games_count

What = Literal["everything", "game", "campaign", "plays"]
LAST_COPY = "last-copy"  # the setting: when everything was last exported (ISO date, UTC)
COPY_DUE = timedelta(days=7)  # the phone app reminds to send a copy after a week's end or a game once it is older


def _no_data() -> str:
    return t("The data folder could not be opened, so nothing can be exported or imported.")


def file_name(what: str, extension: str = "json", stamp: str | None = None) -> str:
    """``deep-regrets-<what>-<UTC time>.<extension>``: the name of an exported file."""
    stamp = stamp or datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return f"deep-regrets-{what}-{stamp}.{extension}"


@dataclass(frozen=True)
class Export:
    """An export document, the name it is offered under, and the copy kept in the data folder."""

    document: dict[str, Any]
    name: str
    kept: Path | None  # the copy in the data folder (None: the phone app, where it would only fill the storage)

    def summary(self) -> str:
        """One line for the screen: what was exported and where its copy is."""
        games, campaigns = games_count(len(self.document["games"])), campaigns_count(len(self.document["campaigns"]))
        text = (t("Exported {games} and {campaigns}.", games=games, campaigns=campaigns) if self.kept is None else
                t("Exported {games} and {campaigns}. A copy is kept at {path}.", games=games, campaigns=campaigns,
                  path=str(self.kept)))
        if "plays" in self.document:
            text += " " + tn("With {n} play of the history.", "With {n} plays of the history.",
                             len(self.document["plays"]))
        return text

    def data(self) -> bytes:
        """The document as the downloaded file holds it."""
        return json.dumps(self.document, ensure_ascii=False, indent=1).encode("utf-8")


def export(tab: Tab, what: What, record_id: str = "", stamp: str | None = None, keep_copy: bool = True,
           phone: dict[str, Any] | None = None) -> Export:
    """Export everything, one game or campaign (``record_id``), or the plays, as last saved (every queued save
    first); a copy is kept in the data folder with ``keep_copy`` (not in the phone app: its only copy leaves the
    phone). An export of everything is remembered as the last copy made (:func:`last_copy`) and carries ``phone``,
    the exporting phone's own language and Text size, which an import of it brings back."""
    require_host(tab.viewer, "service.export")
    store = store_of(tab, _no_data())
    tab.flush()
    if what == "game":
        document = store.export_game(record_id)
    elif what == "campaign":
        document = store.export_campaign(record_id)
    elif what == "plays":
        document = store.export_plays()
    else:
        document = store.export_all(phone=phone)
    name = file_name(what, stamp=stamp)
    made = Export(document, name, store.save_export(document, name) if keep_copy else None)
    if what == "everything":
        store.set_setting(LAST_COPY, datetime.now(UTC).isoformat())
    return made


def copy_due(tab: Tab, now: datetime | None = None) -> bool:
    """Whether a copy of everything is due: none made, or the last over :data:`COPY_DUE` ago."""
    last = last_copy(tab)
    return last is None or (now or datetime.now(UTC)) - last > COPY_DUE


def last_copy(tab: Tab) -> datetime | None:
    """When everything was last exported (None: never, or the setting is not a date with its time zone, as an
    imported settings file may bring)."""
    store = tab.store
    value = store.get_setting(LAST_COPY) if store is not None else None
    try:
        when = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return when if when is not None and when.tzinfo is not None else None


def plays_as_csv(tab: Tab) -> str:
    """The history as CSV, one row per player per play."""
    require_host(tab.viewer, "service.plays_as_csv")
    store = store_of(tab, _no_data())
    return plays_csv(store.load_play(s.id) for s in store.list_plays())


def import_document(tab: Tab, data: str | bytes, replace: bool = False) -> ImportReport:
    """Import an export document (every open session's pending saves written first); what it did (its
    ``message()`` is the line to show; its ``phone``, the exporting phone's own choices to bring back). A record
    that differs from the one stored under its id is kept beside it, or with ``replace`` replaces it (ask first:
    :func:`import_clashes`). ``ImportRefused`` names the field at fault, and nothing is changed."""
    require_host(tab.viewer, "service.import_document")
    store = store_of(tab, _no_data())
    tab.flush()
    report: ImportReport = store.import_data(data, replace=replace)
    return report


def import_clashes(tab: Tab, data: str | bytes) -> int:
    """How many records of an export document differ from one already here under the same id (a campaign
    exported, played on, and imported back): the screen asks whether to replace them or keep both."""
    require_host(tab.viewer, "service.import_clashes")
    store = store_of(tab, _no_data())
    tab.flush()
    clashes: int = store.import_clashes(data)
    return clashes


def restore(tab: Tab, path: Path) -> str:
    """Bring back the game or campaign in a backup file; the line to show. Open sessions are read afresh (one may
    be the record restored)."""
    require_host(tab.viewer, "service.restore")
    store = store_of(tab, _no_data())
    tab.flush()
    report = store.restore_backup(path)
    tab.forget_all()
    return str(report.message())


def data_folder(tab: Tab) -> Path:
    """Where everything is kept."""
    folder: Path = store_of(tab, _no_data()).data_dir
    return folder


def repairs(tab: Tab) -> list[RecoveryNotice]:
    """What start-up repaired, each in plain words with its technical detail."""
    return list(store_of(tab, _no_data()).recovery_notices)


def backup_groups(tab: Tab) -> list[BackupGroup]:
    """Each game's and campaign's backups, grouped, with which can be restored."""
    groups: list[BackupGroup] = store_of(tab, _no_data()).backup_groups()
    return groups


def kept_aside(tab: Tab) -> list[BackupInfo]:
    """The play backups and the damaged files kept aside, newest first."""
    return [b for b in store_of(tab, _no_data()).backups() if b.folder in ("plays", "damaged")]
