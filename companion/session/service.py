"""What the Data screen does with the kept records, as the verbs of :class:`Records` (a tab's
``ctx.sessions.records``): every game exported, one game or campaign, the history (JSON or CSV), a document
imported, the backups listed and one restored, the data folder and what start-up repaired. The store is the one the
app opened at its start, given by the tab's door when it is built; no screen reaches it.

Authorisation sits beside the verbs: export, import and restore are the host's
(:func:`~companion.session.powers.require_host`), refused as :class:`~companion.session.powers.HostOnly`, a
``StoreError``, which the screen shows like any other. Nothing here changes anything when it raises.

>>> import tempfile
>>> from companion.session import Sessions
>>> from companion.session.seats import LOCAL
>>> from companion.store import open_store
>>> sessions = Sessions(open_store(tempfile.mkdtemp()))
>>> made = Records(sessions.store, LOCAL, sessions).export("everything", stamp="20260101-000000")
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
from typing import Any, Literal, Protocol

from companion.history import plays_csv
from companion.i18n import t, tn
from companion.session.powers import require_host
from companion.session.seats import Viewer
from companion.store.backup_list import BackupGroup
from companion.store.errors import StoreError
from companion.store.recovery import RecoveryNotice
from companion.store.store import BackupInfo, Store
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


class Opened(Protocol):
    """The shared sessions as the records' verbs need them: the saves under way written first, and every open game and
    campaign read afresh after a restore."""

    def flush(self) -> None: ...

    def forget_all(self) -> None: ...


class Records:
    """The kept records in ``store`` (``None``: the data folder could not be opened) as the tab of ``viewer`` may use
    them; ``opened`` are the shared sessions over that store."""

    def __init__(self, store: Store | None, viewer: Viewer, opened: Opened) -> None:
        self._store = store
        self._viewer = viewer
        self._opened = opened

    def __repr__(self) -> str:
        return f"Records({self._viewer.holder!r})"

    def _kept(self) -> Store:
        if self._store is None:
            raise StoreError(_no_data())
        return self._store

    def export(self, what: What, record_id: str = "", stamp: str | None = None, keep_copy: bool = True,
               phone: dict[str, Any] | None = None) -> Export:
        """Export everything, one game or campaign (``record_id``), or the plays, as last saved (every queued save
        first); a copy is kept in the data folder with ``keep_copy`` (not in the phone app: its only copy leaves the
        phone). An export of everything is remembered as the last copy made (:meth:`last_copy`) and carries ``phone``,
        the exporting phone's own language and Text size, which an import of it brings back."""
        require_host(self._viewer, "records.export")
        store = self._kept()
        self._opened.flush()
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

    def copy_due(self, now: datetime | None = None) -> bool:
        """Whether a copy of everything is due: none made, or the last over :data:`COPY_DUE` ago."""
        last = self.last_copy()
        return last is None or (now or datetime.now(UTC)) - last > COPY_DUE

    def last_copy(self) -> datetime | None:
        """When everything was last exported (None: never, or the setting is not a date with its time zone, as an
        imported settings file may bring)."""
        store = self._store
        value = store.get_setting(LAST_COPY) if store is not None else None
        try:
            when = datetime.fromisoformat(value) if isinstance(value, str) else None
        except ValueError:
            return None
        return when if when is not None and when.tzinfo is not None else None

    def plays_as_csv(self) -> str:
        """The history as CSV, one row per player per play."""
        require_host(self._viewer, "records.plays_as_csv")
        store = self._kept()
        return plays_csv(store.load_play(s.id) for s in store.list_plays())

    def import_document(self, data: str | bytes, replace: bool = False) -> ImportReport:
        """Import an export document (every open session's pending saves written first); what it did (its
        ``message()`` is the line to show; its ``phone``, the exporting phone's own choices to bring back). A record
        that differs from the one stored under its id is kept beside it, or with ``replace`` replaces it (ask first:
        :meth:`import_clashes`). ``ImportRefused`` names the field at fault, and nothing is changed."""
        require_host(self._viewer, "records.import_document")
        store = self._kept()
        self._opened.flush()
        report: ImportReport = store.import_data(data, replace=replace)
        return report

    def import_clashes(self, data: str | bytes) -> int:
        """How many records of an export document differ from one already here under the same id (a campaign
        exported, played on, and imported back): the screen asks whether to replace them or keep both."""
        require_host(self._viewer, "records.import_clashes")
        store = self._kept()
        self._opened.flush()
        clashes: int = store.import_clashes(data)
        return clashes

    def restore(self, path: Path) -> str:
        """Bring back the game or campaign in a backup file; the line to show. Open sessions are read afresh (one may
        be the record restored)."""
        require_host(self._viewer, "records.restore")
        store = self._kept()
        self._opened.flush()
        report = store.restore_backup(path)
        self._opened.forget_all()
        return str(report.message())

    def data_folder(self) -> Path:
        """Where everything is kept."""
        folder: Path = self._kept().data_dir
        return folder

    def repairs(self) -> list[RecoveryNotice]:
        """What start-up repaired, each in plain words with its technical detail."""
        return list(self._kept().recovery_notices)

    def backup_groups(self) -> list[BackupGroup]:
        """Each game's and campaign's backups, grouped, with which can be restored."""
        groups: list[BackupGroup] = self._kept().backup_groups()
        return groups

    def kept_aside(self) -> list[BackupInfo]:
        """The play backups and the damaged files kept aside, newest first."""
        return [b for b in self._kept().backups() if b.folder in ("plays", "damaged")]
