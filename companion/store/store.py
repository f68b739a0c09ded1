"""The store: games, Ocean Survey campaigns and settings in the user's data folder.

>>> import tempfile
>>> store = open_store(tempfile.mkdtemp())
>>> store.set_setting("theme", "dark"); store.get_setting("theme")
'dark'
>>> store.list_games(), store.recovery_notes
([], [])
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from platformdirs import user_data_dir
from pydantic import BaseModel, TypeAdapter
from tinydb import Query

from companion.history.roster import SETTING as ROSTER
from companion.history.summary import PlaySummary, describe_play, play_summary, validate_play
from companion.i18n import t
from companion.rules.errors import RuleViolation
from companion.store import drafts, journal, records
from companion.store.backup_list import BackupGroup, backup_groups, kept_aside_title
from companion.store.campaign_journal import CAMPAIGN
from companion.store.collection import Collection, Kind, NoticeMaker
from companion.store.errors import DamagedFile, NotFound, NotSaved, StoreError
from companion.store.failures import not_saved, partly_saved
from companion.store.files import TMP_SUFFIX, atomic_write, fsync_dir, move_aside, open_db, read_envelope
from companion.store.reading import kind_of, odd_folder
from companion.store.recovery import RecoveryNotice, settings_notice
from companion.store.schema import JsonObject
from companion.store.transfer import ImportPlan, ImportReport, check_import, export_document, plan_import

APP_NAME = "deep-regrets-companion"
ENV_VAR = "COMPANION_DATA_DIR"
_KEY = Query()
log = logging.getLogger(__name__)

GAMES = Kind(name="game", folder="games", validate=records.validate_game, check=records.check_game,
             summary=records.GameSummary, summarize=records.game_summary, describe=records.describe_game,
             indexes=("games", "finished"), index_of=lambda s: "finished" if s["finished"] else "games")
CAMPAIGNS = Kind(name="campaign", folder="campaigns", validate=records.validate_campaign,
                 check=records.validate_campaign, summary=records.CampaignSummary,
                 summarize=records.campaign_summary, describe=records.describe_campaign, indexes=("campaigns",),
                 index_of=lambda s: "campaigns")
PLAYS = Kind(name="play", folder="plays", validate=validate_play, check=validate_play, summary=PlaySummary,
             summarize=play_summary, describe=describe_play, indexes=("plays",), index_of=lambda s: "plays")
FOLDERS = ("games", "campaigns", "plays", "index", "exports", drafts.FOLDER, "backups", *(f"backups/{k}" for k in (
    "games", "campaigns", "plays", "settings")))  # the folders the store writes into, parents first
_CHANGES: dict[str, journal.Changes[Any, Any]] = {"games": journal.GAME, "campaigns": CAMPAIGN}  # by folder
UNDO_KEEP = 50  # play edits and deletes that can be taken back
_SUMMARIES = TypeAdapter(list[PlaySummary])


def resolve_data_dir(data_dir: Path | str | None = None) -> Path:
    """``data_dir``, else ``$COMPANION_DATA_DIR``, else the platform's user data folder."""
    chosen = data_dir or os.environ.get(ENV_VAR) or user_data_dir(APP_NAME, appauthor=False)
    return Path(chosen).expanduser()


@dataclass(frozen=True)
class BackupInfo:
    """A backup (or a damaged file kept aside) the Data screen lists."""

    path: Path
    folder: str  # "games", "campaigns", "settings" or "damaged"
    saved: datetime
    size: int
    title: str = ""  # a play backup or a damaged file: what it is, as a player knows it (``kept_aside_title``)


class Store:
    """Games, campaigns and settings; open it with :func:`open_store`.

    Every write is atomic and holds an inter-process lock; ``recovery_notes`` lists what opening (or a later
    load) had to repair, for the user to read.
    """

    def __init__(self, data_dir: Path, lock_timeout: float = 10.0, keep_backups: int = 3) -> None:
        # Called after every write, failed ones too (a damaged file may have been set aside): the phone app copies
        # the folder to IndexedDB then (companion.phone.storage).
        self.on_write: Callable[[], None] | None = None
        self.data_dir = data_dir
        self.keep_backups = keep_backups
        self.recovery_notes: list[str] = []
        self._notices: list[NoticeMaker] = []  # the same repairs in plain words, detail apart
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(t("Cannot use the data folder {path}: {reason}", path=str(data_dir),
                               reason=e.strerror or str(e))) from e
        self._entry_aside(Path(".lock"))  # opened with O_TRUNC: through a link it would empty the link's target
        self._lock = FileLock(data_dir / ".lock", timeout=lock_timeout)
        self.games = Collection(data_dir, GAMES, keep_backups, self.recovery_notes, self._notices)
        self.campaigns = Collection(data_dir, CAMPAIGNS, keep_backups, self.recovery_notes, self._notices)
        self.plays = Collection(data_dir, PLAYS, keep_backups, self.recovery_notes, self._notices)
        self._plays_cache: tuple[tuple[int, ...], list[PlaySummary]] | None = None
        self._settings_path = data_dir / "settings.json"
        self._logged: dict[Path, int] = {}  # changes appended to each log by this process since it was folded
        self._torn: dict[Path, int] = {}  # where a log's last saved line ends, when a failed append left more
        with self._locked():
            self._folders_aside()
            for folder in (data_dir, data_dir / "index", data_dir / drafts.FOLDER):
                for tmp in folder.glob(f".*{TMP_SUFFIX}"):
                    tmp.unlink(missing_ok=True)  # an unfinished write: never a completed save
            self._check_settings()
            self._drafts_aside()
            self._drafts_out_of_settings()
            self.games.check()
            self.campaigns.check()
            self.plays.check()
            # what a crash left in the logs goes into the records before anyone reads them (a full disk: later)
            self._fold_logs(self.games)
            self._fold_logs(self.campaigns)

    def _folders_aside(self) -> None:
        # A folder the store writes into that is a file, or a link to nothing or in a loop, would stop every save
        # (and the fold of a waiting log at this start): it is set aside, and made afresh when next written.
        for name in FOLDERS:
            path = self.data_dir / name
            if odd_folder(path):
                moved = move_aside(path, self.data_dir / "damaged", Path(name))
                self.recovery_notes.append(t("{name} in the data folder was not a folder; it was moved to {moved}.",
                                             name=name, moved=str(moved)))

    def _entry_aside(self, name: Path) -> None:
        # A file the store opens itself that is no regular file (a link, a folder, a pipe) is set aside, unread.
        path = self.data_dir / name
        if os.path.lexists(path) and kind_of(os.lstat(path).st_mode) is not None:
            moved = move_aside(path, self.data_dir / "damaged", name)
            self.recovery_notes.append(t("{name} in the data folder was not a file; it was moved to {moved}.",
                                         name=str(name), moved=str(moved)))

    @property
    def recovery_notices(self) -> list[RecoveryNotice]:
        """What opening (or a later load) repaired, in plain words and in the language of whoever reads it: the
        store opens once for every phone, each reads the notices in its own."""
        return [make() for make in self._notices]

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the store's lock for one write (every write holds it), then call :attr:`on_write`."""
        try:
            with self._lock:
                yield
        except Timeout as e:
            raise StoreError(t("Another copy of the app is busy saving; try again in a moment.")) from e
        except OSError as e:  # the lock file or a repair could not be written: say what, never crash the caller
            log.warning("could not write in %s", self.data_dir, exc_info=True)
            raise not_saved(e) from e
        finally:
            self._written()

    def _written(self) -> None:
        if self.on_write is not None:
            self.on_write()

    # -- games and campaigns: records kept with their history, and a log of the changes since -----------------
    def list_games(self) -> list[records.GameSummary]:
        """Every stored game, most recently updated first (a game's log is folded in first: the list is up to date)."""
        self._compact_all(self.games)
        return sorted(map(records.GameSummary.model_validate, self._summaries(self.games)), key=_recency,
                      reverse=True)

    def list_campaigns(self) -> list[records.CampaignSummary]:
        """Every stored Ocean Survey campaign, most recently updated first (their logs folded in first)."""
        self._compact_all(self.campaigns)
        return sorted(map(records.CampaignSummary.model_validate, self._summaries(self.campaigns)), key=_recency,
                      reverse=True)

    def load_game(self, game_id: str) -> Any:
        """The ``Game`` stored as ``game_id``, its log replayed; ``NotFound`` if there is none."""
        return self._load_logged(self.games, game_id)

    def load_campaign(self, campaign_id: str) -> Any:
        """The ``Campaign`` stored as ``campaign_id``, its log replayed; ``NotFound`` if there is none."""
        return self._load_logged(self.campaigns, campaign_id)

    def save_game(self, game: BaseModel | JsonObject) -> None:
        self.save("games", game)

    def save_campaign(self, campaign: BaseModel | JsonObject) -> None:
        self.save("campaigns", campaign)

    def delete_game(self, game_id: str) -> None:
        self.delete("games", game_id)

    def delete_campaign(self, campaign_id: str) -> None:
        self.delete("campaigns", campaign_id)

    def save(self, folder: str, value: BaseModel | JsonObject) -> None:
        """Store the whole game or campaign ``value`` in ``folder`` ("games", "campaigns"): a new one, or one that
        replaces the stored one with its log of changes."""
        record, collection = _as_record(value), self._logged_kind(folder)
        with self._locked():
            collection.save(record)
            self._drop_log(self._log_path(collection, record["id"]))

    def save_change(self, folder: str, value: journal.Recorded, change: JsonObject, version: int) -> int:
        """Append one change (:meth:`journal.Changes.applied`, :meth:`~journal.Changes.undo_line`,
        :meth:`~journal.Changes.redo_line`) to the log of ``value``, the game or campaign after it, fsynced: call it
        after every applied action, undo and redo, before anyone is shown it. Returns how many changes this process
        appended since the log was last folded into the record (:meth:`compact`, the caller's to call when it is
        quiet or the log long)."""
        collection = self._logged_kind(folder)
        line = {**change, "updated": value.updated.isoformat(), "v": version}
        path = self._log_path(collection, value.id)
        with self._locked():
            end = self._torn.pop(path, None)
            end = journal.end_of(path) if end is None else end
            try:
                journal.append(path, line, end)
            except NotSaved:
                self._torn[path] = end
                raise
            self._logged[path] = self._logged.get(path, 0) + 1
            return self._logged[path]

    def compact(self, folder: str, record_id: str) -> None:
        """Fold the log of the game or campaign ``record_id`` into its record (written atomically, the old one kept
        as a backup, the list updated), then remove the log."""
        with self._locked():
            self._compact(self._logged_kind(folder), record_id)

    def delete(self, folder: str, record_id: str) -> None:
        """Remove a game or campaign from its list; its last version (its log folded in) stays among the backups."""
        collection = self._logged_kind(folder)
        with self._locked():
            self._compact(collection, record_id)
            collection.delete(record_id)

    def _logged_kind(self, folder: str) -> Collection:
        return {"games": self.games, "campaigns": self.campaigns}[folder]

    # -- plays (the history) -------------------------------------------------------------------------------
    def list_plays(self) -> list[PlaySummary]:
        """Every recorded play, newest first, from the plays index alone (no play file is opened).

        The list is kept until the index file changes (a save here or by another process replaces the file, so its
        inode, size or time differ): opening History or Statistics again reads nothing.
        """
        index = self.data_dir / "index" / "plays.json"
        try:
            stat = index.stat()
            stamp: tuple[int, ...] | None = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
        except FileNotFoundError:
            stamp = None
        if stamp is not None and self._plays_cache is not None and self._plays_cache[0] == stamp:
            return list(self._plays_cache[1])
        found = _SUMMARIES.validate_python(self._summaries(self.plays))
        found.sort(key=lambda s: (s.played.timestamp(), s.id), reverse=True)
        self._plays_cache = (stamp, found) if stamp is not None else None
        return list(found)

    def load_play(self, play_id: str) -> Any:
        """The ``Play`` stored as ``play_id``; ``NotFound`` if there is none."""
        return self._load(self.plays, play_id)

    def has_play(self, play_id: str) -> bool:
        return self.plays.path(play_id).exists()

    def save_play(self, play: BaseModel | JsonObject) -> None:
        """Store a play; replacing a stored one is an edit, which :meth:`undo_play_change` can take back."""
        record = _as_record(play)
        validate_play(record)
        with self._locked():
            before = self._existing("plays", record["id"])
            if before == record:
                return
            if before is not None:
                self._journal(record["id"], before or None, "edit")
            try:
                self.plays.save(record)
            except NotSaved:
                if before is not None:  # no edit was made: History must not offer to undo one
                    self._unjournal()
                raise

    def delete_play(self, play_id: str) -> None:
        """Remove a play from the history; :meth:`undo_play_change` brings it back."""
        with self._locked():
            before = self._record(self.plays, play_id)
            self._journal(play_id, before, "delete")
            self.plays.delete(play_id)

    def undo_play_change(self) -> str | None:
        """Take back the latest edit or delete of a play; the id of the play put back, ``None`` if nothing to undo."""
        with self._locked():
            try:
                entries = self._undo_entries()
            except DamagedFile as e:  # a damaged undo list is set aside: nothing to take back, every play kept
                self._undo_aside(e)
                return None
            if not entries:
                return None
            last = entries[-1]
            if last["before"] is not None:
                self.plays.save(last["before"])
            self._undo_table().remove(doc_ids=[last.doc_id])
            return str(last["play_id"])

    def play_changes(self) -> list[JsonObject]:
        """The play edits and deletes that can be undone, oldest first: ``{"play_id", "what"}``."""
        try:
            return [{"play_id": e["play_id"], "what": e["what"]} for e in self._undo_entries()]
        except DamagedFile:
            return []

    def _journal(self, play_id: str, before: JsonObject | None, what: str) -> None:
        try:
            self._undo_entries()
        except DamagedFile as e:  # a damaged undo list is set aside and started afresh; the play is still saved
            self._undo_aside(e)
        table = self._undo_table()
        table.insert({"play_id": play_id, "before": before, "what": what})
        ids = sorted(d.doc_id for d in table.all())
        if len(ids) > UNDO_KEEP:
            table.remove(doc_ids=ids[:-UNDO_KEEP])

    def _unjournal(self) -> None:
        # Takes back the undo entry just added, as far as the disk lets it (left, its undo puts back the same play).
        table = self._undo_table()
        with contextlib.suppress(StoreError):
            table.remove(doc_ids=[max(d.doc_id for d in table.all())])

    def _undo_table(self) -> Any:
        db = open_db(self.data_dir / "index" / "play-changes.json", "undo")
        return db.table("changes", cache_size=0)

    def _undo_entries(self) -> list[Any]:
        """The undo list, oldest first, each entry checked (the play it puts back validated); ``DamagedFile``."""
        entries = sorted(self._undo_table().all(), key=lambda e: e.doc_id)
        for entry in entries:
            try:
                records.check_id(entry.get("play_id"))
                if entry.get("what") not in ("edit", "delete") or "before" not in entry:
                    raise ValueError(t("an undo entry without its play"))
                if entry["before"] is not None:
                    self.plays.kind.check(entry["before"])
            except (ValueError, StoreError) as e:
                raise DamagedFile(self.data_dir / "index" / "play-changes.json", str(records.refusal("", e))) from e
        return entries

    def _undo_aside(self, damage: DamagedFile) -> None:
        if os.path.lexists(damage.path):  # a link to nothing is set aside too
            move_aside(damage.path, self.data_dir / "damaged", Path(damage.path.name))
        self.recovery_notes.append(t("The list of play changes to undo could not be read ({reason}); it was set "
                                     "aside, every play is kept.", reason=damage.reason))

    def save_roster(self, roster: JsonObject) -> None:
        """Keep the roster of players (:mod:`companion.history.roster`) with the settings. It is history, not one
        of the host's settings: a guest's saved play or New game adds its names, as a guest's play is saved."""
        self.set_setting(ROSTER, roster)

    def export_plays(self) -> JsonObject:
        """A JSON-ready document holding every play of the history."""
        return export_document(plays=[self._record(self.plays, s.id) for s in self.list_plays()])

    def _summaries(self, collection: Collection) -> list[JsonObject]:
        # A list damaged while running is set aside and rebuilt from the saved files, as on start-up, and reported;
        # so is one a failed write left behind its records.
        if collection.stale:
            with self._locked():
                collection.check()
            collection.stale = False
        try:
            return collection.summaries(strict=True)
        except DamagedFile:
            with self._locked():
                collection.check()
            return collection.summaries()

    def _load(self, collection: Collection, record_id: str) -> Any:
        try:
            record = collection.read(record_id)
        except DamagedFile as e:
            return collection.kind.validate(self._recovered(collection, record_id, e))
        try:
            return collection.kind.validate(record)
        except (ValueError, RuleViolation) as e:  # pydantic's ValidationError is a ValueError
            damage = DamagedFile(collection.path(record_id), str(records.refusal("", e)))
            return collection.kind.validate(self._recovered(collection, record_id, damage))

    def _recovered(self, collection: Collection, record_id: str, damage: DamagedFile) -> JsonObject:
        with self._locked():
            restored = collection.recover(record_id, damage)
        if restored is None:
            raise StoreError(self.recovery_notes[-1]) from damage
        return restored

    # -- settings ------------------------------------------------------------------------------------------
    def get_setting(self, key: str, default: Any = None) -> Any:
        """The value stored for ``key``, or ``default``."""
        try:
            found = self._settings().get(_KEY.key == key)
        except DamagedFile:
            return default
        return default if found is None else found["value"]

    def set_setting(self, key: str, value: Any) -> None:
        """Store a JSON-friendly ``value`` under ``key``."""
        with self._locked():
            try:
                self._settings().upsert({"key": key, "value": value}, _KEY.key == key)
            except DamagedFile:  # damaged while running: set aside and restored as on start, then saved
                self._check_settings()
                self._settings().upsert({"key": key, "value": value}, _KEY.key == key)

    def _write_settings(self, changes: dict[str, Any]) -> None:
        # Every imported setting in one write of the file (an upsert each would rewrite it once per key); an
        # imported draft (an export made before drafts had files) goes to its own file.
        changes, imported, _ = drafts.split(changes)
        for key, value in imported.items():
            drafts.write(drafts.path_of(self.data_dir, key), value)
        try:
            current = self.settings()
        except DamagedFile:  # damaged while running: set aside and restored as on start, then written
            self._check_settings()
            current = self.settings()
        self._settings_file({**current, **changes})

    def _settings_file(self, settings: dict[str, Any]) -> None:
        db = open_db(self._settings_path, "settings", self.data_dir / "backups" / "settings", self.keep_backups)
        db.storage.write({"settings": {str(n): {"key": key, "value": value}
                                       for n, (key, value) in enumerate(settings.items(), start=1)}})

    def settings(self) -> dict[str, Any]:
        """Every stored setting."""
        return {doc["key"]: doc["value"] for doc in self._settings().all()}

    def _settings(self) -> Any:
        db = open_db(self._settings_path, "settings", self.data_dir / "backups" / "settings", self.keep_backups)
        return db.table("settings", cache_size=0)

    def _check_settings(self) -> None:
        path = self._settings_path
        if not os.path.lexists(path):  # a link to nothing or in a loop is set aside as damage is
            return
        try:
            read_envelope(path, "settings")
        except DamagedFile as e:
            moved = move_aside(path, self.data_dir / "damaged", Path(path.name))
            backups = self.data_dir / "backups" / "settings"
            for n in range(1, self.keep_backups + 1):
                candidate = backups / f"settings.{n}.json"
                try:
                    read_envelope(candidate, "settings")
                except DamagedFile:
                    continue
                atomic_write(path, candidate.read_bytes())
                self.recovery_notes.append(t("Your settings could not be read ({reason}); a backup was restored. "
                                             "The damaged file was moved to {moved}.", reason=e.reason,
                                             moved=str(moved)))
                self._notices.append(partial(settings_notice, True, self.recovery_notes[-1]))
                return
            self.recovery_notes.append(t("Your settings could not be read ({reason}) and no backup was found; "
                                         "the defaults are used. The damaged file was moved to {moved}.",
                                         reason=e.reason, moved=str(moved)))
            self._notices.append(partial(settings_notice, False, self.recovery_notes[-1]))

    # -- drafts (companion.store.drafts) ---------------------------------------------------------------------
    def get_draft(self, key: str) -> Any:
        """The draft kept as ``key``, ``None`` when none is (or its file was damaged: it is set aside, kept, and
        the form starts afresh)."""
        path = drafts.path_of(self.data_dir, key)
        try:
            return drafts.read(path)
        except FileNotFoundError:  # not moved out of the settings yet (a settings backup restored while running)
            return self.get_setting(key + drafts.SETTING_SUFFIX)
        except DamagedFile as e:
            with self._locked():
                if os.path.lexists(path):
                    move_aside(path, self.data_dir / "damaged", Path(drafts.FOLDER) / path.name)
            log.warning("a damaged draft was set aside: %s", e)
            return None

    def set_draft(self, key: str, value: Any) -> None:
        """Keep the JSON-friendly ``value`` as the draft ``key``: its own small file, written atomically."""
        path = drafts.path_of(self.data_dir, key)
        with self._locked():
            drafts.write(path, value)

    def all_drafts(self) -> dict[str, Any]:
        """Every kept draft, by key (a damaged one left out)."""
        found: dict[str, Any] = {}
        for path in sorted((self.data_dir / drafts.FOLDER).glob("*.json")):
            with contextlib.suppress(DamagedFile, FileNotFoundError):
                found[path.stem] = drafts.read(path)
        return found

    def _drafts_aside(self) -> None:
        # A draft's file that is no regular file (a folder, a pipe, a link) is set aside, unread, as settings.json
        # would be: the form it held starts afresh.
        folder = self.data_dir / drafts.FOLDER
        if folder.is_dir():
            for entry in sorted(os.listdir(folder)):
                self._entry_aside(Path(drafts.FOLDER) / entry)

    def _drafts_out_of_settings(self) -> None:
        # Drafts were settings named "<key>-draft": each is moved to its own file (one kept there already is newer),
        # then the settings are written without them (the file as it was becomes the newest settings backup). A
        # draft setting whose key can name no file is dropped; every other setting is kept as it was.
        try:
            current = self.settings()
        except DamagedFile:
            return
        kept, found, dropped = drafts.split(current)
        if not found and not dropped:
            return
        try:
            for key, value in found.items():
                path = drafts.path_of(self.data_dir, key)
                if not os.path.lexists(path):
                    drafts.write(path, value)
            self._settings_file(kept)
        except StoreError:  # a full disk: they stay settings, read from there (get_draft) until the next start
            log.warning("the drafts could not be moved out of the settings", exc_info=True)
            return
        if dropped:
            log.warning("draft settings no file can be named by were dropped: %s", [k[:60] for k in dropped])

    # -- export and import ---------------------------------------------------------------------------------
    def export_game(self, game_id: str) -> JsonObject:
        """A JSON-ready document holding one game, for :meth:`import_data` here or on another device."""
        self.compact("games", game_id)
        return export_document(games=[self._record(self.games, game_id)])

    def export_campaign(self, campaign_id: str) -> JsonObject:
        """A JSON-ready document holding one campaign."""
        self.compact("campaigns", campaign_id)
        return export_document(campaigns=[self._record(self.campaigns, campaign_id)])

    def export_all(self, phone: dict[str, Any] | None = None) -> JsonObject:
        """A JSON-ready document holding every game, campaign, play and setting, and ``phone``'s own choices."""
        self._compact_all(self.games)
        self._compact_all(self.campaigns)
        return export_document(games=[self._record(self.games, s.id) for s in self.list_games()],
                               campaigns=[self._record(self.campaigns, s.id) for s in self.list_campaigns()],
                               plays=[self._record(self.plays, s.id) for s in self.list_plays()],
                               settings={**self.settings(), **{key + drafts.SETTING_SUFFIX: value
                                                               for key, value in self.all_drafts().items()}},
                               phone=phone)

    def import_data(self, data: JsonObject | str | bytes, replace: bool = False) -> ImportReport:
        """Validate a whole export document (schema, and a replay of each game), then store it.

        A bad document raises :class:`~companion.store.errors.ImportRefused` naming the field at fault, and the
        store is left exactly as it was. A record whose id is already stored with different content is kept
        beside it under a new id, or with ``replace`` replaces it (the replaced version kept among the backups,
        where the Data screen restores it): what the user chose when :meth:`import_clashes` found some.
        """
        checked = check_import(data)  # outside the lock: replaying many games must not hold up another app's save
        with self._locked():
            self._compact_logs(self.games)  # a stored record is compared with the import as its phones last saw it
            self._compact_logs(self.campaigns)
            plan = plan_import(checked, self._existing, replace)
            try:
                self.games.save_many(plan.games)
                self.campaigns.save_many(plan.campaigns)
                self.plays.save_many(plan.plays)
                if plan.settings:
                    self._write_settings(plan.settings)
            except NotSaved as failed:
                raise self._unfinished(plan, failed) from failed
        return plan.report

    def _unfinished(self, plan: ImportPlan, failed: NotSaved) -> NotSaved:
        # An import stopped by a failed write: "not saved" only if none of its records was written.
        written = [r for folder, found in (("games", plan.games), ("campaigns", plan.campaigns),
                                           ("plays", plan.plays)) for r in found
                   if self._existing(folder, r["id"]) == r]
        if not written or not isinstance(failed.__cause__, OSError):
            return failed
        return partly_saved(failed.__cause__)

    def import_clashes(self, data: JsonObject | str | bytes) -> int:
        """How many records of an export document differ from one stored under the same id (nothing is written but
        the games' logs folded); ``ImportRefused`` as :meth:`import_data` would."""
        checked = check_import(data)
        with self._locked():
            self._compact_logs(self.games)
            self._compact_logs(self.campaigns)
            return plan_import(checked, self._existing).report.clashes

    def _existing(self, folder: str, record_id: str) -> JsonObject | None:
        collection = {"games": self.games, "campaigns": self.campaigns, "plays": self.plays}[folder]
        try:
            return collection.read(record_id)
        except NotFound:
            return None
        except DamagedFile:
            return {}  # differs from anything imported, so the import is kept beside it under a new id

    def _record(self, collection: Collection, record_id: str) -> JsonObject:
        try:
            return collection.read(record_id)
        except DamagedFile as e:
            return self._recovered(collection, record_id, e)

    def save_export(self, document: JsonObject, name: str) -> Path:
        """Write an export document as ``exports/<name>`` in the data folder (atomically) and return its path."""
        path = self.data_dir / "exports" / Path(name).name
        try:
            atomic_write(path, json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8"))
        finally:
            self._written()
        return path

    # -- the logs of games and campaigns (journal.py) ---------------------------------------------------------
    def _compact_all(self, collection: Collection) -> None:
        if any(collection.folder.glob(f"*{journal.SUFFIX}")):
            with self._locked():
                self._fold_logs(collection)

    def _load_logged(self, collection: Collection, record_id: str) -> Any:
        # The record with its log folded in; on a disk that refuses the fold, with its log replayed here (the log
        # stays, and the next change follows it).
        path = self._log_path(collection, record_id)
        if path.exists():
            try:
                with self._locked():
                    self._compact(collection, record_id)
            except NotSaved:
                record = self._load(collection, record_id)
                return _CHANGES[collection.kind.folder].replay(record, journal.read(path).lines).value
        return self._load(collection, record_id)

    def _fold_logs(self, collection: Collection) -> None:
        # Every log folded that the disk lets be: one it refuses stays, replayed when its record is loaded.
        try:
            self._compact_logs(collection)
        except NotSaved as refused:
            log.warning("a log could not be folded into its record: %s", refused)

    # Every method below expects the store lock held.
    def _log_path(self, collection: Collection, record_id: str) -> Path:
        return collection.folder / f"{records.check_id(record_id)}{journal.SUFFIX}"

    def _compact_logs(self, collection: Collection) -> None:
        for path in sorted(collection.folder.glob(f"*{journal.SUFFIX}")):
            try:
                records.check_id(path.stem)
            except StoreError:
                continue  # not ours: leave it alone
            self._compact(collection, path.stem)

    def _compact(self, collection: Collection, record_id: str) -> None:
        path = self._log_path(collection, record_id)
        if path in self._torn:
            journal.cut_to(path, self._torn[path])
        try:
            read = journal.read(path)  # a torn last line is a change no phone was shown: left out
        except FileNotFoundError:
            return
        record = self._logged_record(collection, record_id)
        if record is None:
            self._log_aside(collection, path, _CHANGES[collection.kind.folder].not_stored())
            return
        replayed = _CHANGES[collection.kind.folder].replay(record, read.lines)
        if replayed.applied:
            collection.save(replayed.value.model_dump(mode="json"))
        problem = replayed.problem or read.problem
        if problem is not None:
            self._log_aside(collection, path, problem)
        else:
            self._drop_log(path)

    def _logged_record(self, collection: Collection, record_id: str) -> Any:
        # The record a log is replayed onto: the stored one, or its newest good backup when it is damaged.
        try:
            record: JsonObject | None = collection.read(record_id)
        except NotFound:
            return None
        except DamagedFile as e:
            record = collection.recover(record_id, e)
        if record is None:
            return None
        validate = collection.kind.validate
        try:
            return validate(record)
        except (ValueError, RuleViolation) as e:
            damage = DamagedFile(collection.path(record_id), str(records.refusal("", e)))
            restored = collection.recover(record_id, damage)
            return None if restored is None else validate(restored)

    def _drop_log(self, path: Path) -> None:
        self._logged.pop(path, None)
        self._torn.pop(path, None)
        if path.exists():
            path.unlink()
            fsync_dir(path.parent)

    def _log_aside(self, collection: Collection, path: Path, reason: str) -> None:
        self._logged.pop(path, None)
        self._torn.pop(path, None)
        moved = move_aside(path, self.data_dir / "damaged", path.relative_to(self.data_dir))
        note = _CHANGES[collection.kind.folder].set_aside(path.stem, reason, str(moved))
        self.recovery_notes.append(note)

    # -- backups -------------------------------------------------------------------------------------------
    def restore_backup(self, path: Path | str) -> ImportReport:
        """Bring back the game or campaign in a backup file (a deleted one, or an earlier version of one).

        It goes through :meth:`import_data`: checked in full, and kept beside a different stored version under a
        new id rather than over it.
        """
        path = Path(path)
        folder = path.parent.name
        kinds = {"games": "game", "campaigns": "campaign", "plays": "play"}
        if path.parent != self.data_dir / "backups" / folder or folder not in kinds:
            raise StoreError(t("{path} is not a backup of a game, campaign or play", path=str(path)))
        try:
            record = read_envelope(path, kinds[folder])["tables"].get(kinds[folder], {}).get("1")
        except DamagedFile as e:
            raise StoreError(t("This backup can't be read: {reason}", reason=e.reason)) from e
        found = [record]
        return self.import_data(export_document(games=found) if folder == "games" else export_document(campaigns=found))

    def backup_groups(self) -> list[BackupGroup]:
        """The backups of each game and campaign, grouped, with players, dates and which can be restored (see
        :func:`companion.store.backup_list.backup_groups`)."""
        return backup_groups(self)

    def backups(self) -> list[BackupInfo]:
        """Backups and damaged files kept aside, newest first."""
        found = []
        for folder, root in (("damaged", self.data_dir / "damaged"), ("backups", self.data_dir / "backups")):
            for path in root.rglob("*.json"):
                try:
                    stat = path.lstat()  # the entry itself: a link is never followed
                except FileNotFoundError:  # rotated away by a save meanwhile
                    continue
                kind = folder if folder == "damaged" else path.parent.name
                title = kept_aside_title(path, kind) if kind in ("plays", "damaged") else ""
                found.append(BackupInfo(path, kind, datetime.fromtimestamp(stat.st_mtime, UTC), stat.st_size, title))
        return sorted(found, key=lambda b: b.saved, reverse=True)


def _recency(summary: records.GameSummary | records.CampaignSummary) -> float:
    return summary.updated.timestamp() if summary.updated else 0.0


def _as_record(model: BaseModel | JsonObject) -> JsonObject:
    record = model.model_dump(mode="json") if isinstance(model, BaseModel) else dict(model)
    records.check_id(record.get("id"))
    return record


def open_store(data_dir: Path | str | None = None, lock_timeout: float = 10.0) -> Store:
    """Open (creating if needed, repairing if damaged) the store in ``data_dir`` (see :func:`resolve_data_dir`)."""
    return Store(resolve_data_dir(data_dir), lock_timeout=lock_timeout)
