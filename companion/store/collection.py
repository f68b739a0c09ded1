"""A folder of one-record files (games, or campaigns) plus small index files that list them.

Each record lives in its own TinyDB file, so an autosave rewrites one game, not the whole history. The index is
derived data: start-up rebuilds it from the record files whenever they disagree (a crash between the two writes).
Games are split over two indexes, in progress and finished, so that an autosave rewrites only the short one.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from tinydb import Query
from tinydb.table import Document, Table

from companion.i18n import N_, t
from companion.store.errors import DamagedFile, NotFound, StoreError
from companion.store.files import TMP_SUFFIX, backup_paths, fsync_dir, move_aside, open_db, read_envelope, rotate
from companion.store.records import check_id, refusal
from companion.store.recovery import (
    RecordKind,
    RecoveryNotice,
    lost_notice,
    rebuilt_notice,
    replaced_notice,
    restored_notice,
)
from companion.store.schema import JsonObject

_ENTRY = Query()
log = logging.getLogger(__name__)
NoticeMaker = Callable[[], RecoveryNotice]
# A kind of record in a sentence ("No campaign with id …"), by its Kind.name.
KIND_NAMES = {"game": N_("game"), "campaign": N_("campaign"), "play": N_("play")}


@dataclass(frozen=True)
class Kind:
    """What differs between games and campaigns."""

    name: str  # the file kind in the envelope, and the TinyDB table of the record
    folder: str
    validate: Callable[[JsonObject], Any]  # full validation; raises on a bad record
    check: Callable[[JsonObject], Any]  # every field checked, on each read (a game's log is replayed when it is loaded)
    summary: type[BaseModel]  # what the index keeps of each record
    summarize: Callable[[JsonObject], BaseModel]
    describe: Callable[[JsonObject | None, str], str]
    indexes: tuple[str, ...]  # the index files that list this kind
    index_of: Callable[[JsonObject], str]  # which of them lists a record, from its summary


def _when(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%d %H:%M UTC")


class Collection:
    """Records of one :class:`Kind` under ``root``; every method that writes expects the store lock held."""

    def __init__(self, root: Path, kind: Kind, keep: int, notes: list[str],
                 notices: list[NoticeMaker] | None = None) -> None:
        self.root, self.kind, self.keep, self.notes = root, kind, keep, notes
        # The same repairs in plain words (recovery.py), each written when it is read: in the reader's language.
        self.notices = notices if notices is not None else []
        self.folder = root / kind.folder
        self.backup_dir = root / "backups" / kind.folder
        self.damaged_dir = root / "damaged"
        self.stale = False  # a record was saved but its list could not be written

    # -- files ---------------------------------------------------------------------------------------------
    def path(self, record_id: str) -> Path:
        return self.folder / f"{check_id(record_id)}.json"

    def _index_path(self, name: str) -> Path:
        return self.root / "index" / f"{name}.json"

    def _record(self, path: Path) -> JsonObject:
        tables = read_envelope(path, self.kind.name)["tables"]
        record = tables.get(self.kind.name, {}).get("1")
        if not isinstance(record, dict) or record.get("id") != path.stem:
            raise DamagedFile(path, t("it does not hold the record its name says ({id})", id=path.stem))
        try:
            self.kind.check(record)
            self.kind.summarize(record)
        except Exception as e:  # any field the owner's model refuses makes the file damaged, never the reader crash
            raise DamagedFile(path, str(refusal("", e))) from e
        return record

    def _write(self, path: Path, record: JsonObject) -> None:
        # One read (which notices a damaged file) and one write; TinyDB's upsert would merge, not replace.
        table = open_db(path, self.kind.name, self.backup_dir, self.keep).table(self.kind.name, cache_size=0)
        if not path.exists() or not table.update(_replace_with(record), doc_ids=[1]):
            table.insert(Document(record, doc_id=1))

    # -- index ---------------------------------------------------------------------------------------------
    def _entries(self, name: str) -> list[Document]:
        try:
            return self._index_entries(name)
        except DamagedFile:
            return []  # start-up (check) rebuilds a damaged index; a list shown meanwhile just misses it

    def _index_entries(self, name: str) -> list[Document]:
        """The entries of index ``name``, each checked as a summary of this kind; ``DamagedFile`` if one isn't."""
        entries = self._index_table(name).all()
        for n, entry in enumerate(entries):
            try:
                self.kind.summary.model_validate(entry)
            except ValueError as e:  # pydantic's ValidationError
                raise DamagedFile(self._index_path(name), str(refusal(f"entries[{n}]", e))) from e
        return entries

    def _index_table(self, name: str) -> Table:
        return open_db(self._index_path(name), "index").table("entries", cache_size=0)

    def _index_put(self, summary: JsonObject) -> None:
        target = self.kind.index_of(summary)
        table = self._index_table(target)
        if not table.update(_replace_with(summary), _ENTRY.id == summary["id"]):
            # New, or moved between indexes (a game finished, or un-finished by an undo): the only time the
            # other, possibly long, index is read.
            table.insert(summary)
            self._index_drop(summary["id"], keep=target)

    def _index_drop(self, record_id: str, keep: str | None = None) -> None:
        for name in self.kind.indexes:
            if name != keep:
                table = self._index_table(name)
                if table.contains(_ENTRY.id == record_id):
                    table.remove(_ENTRY.id == record_id)

    def summaries(self, strict: bool = False) -> list[JsonObject]:
        """Every record's index entry; ``strict``: ``DamagedFile`` for a damaged index (else it lists nothing)."""
        read = self._index_entries if strict else self._entries
        return [dict(e) for name in self.kind.indexes for e in read(name)]

    # -- records -------------------------------------------------------------------------------------------
    def read(self, record_id: str) -> JsonObject:
        """The stored record; ``NotFound``, or ``DamagedFile`` for an unreadable file."""
        path = self.path(record_id)
        if not path.exists():
            raise NotFound(t("No {kind} with id {id}", kind=t(KIND_NAMES[self.kind.name]), id=record_id))
        return self._record(path)

    def save(self, record: JsonObject) -> None:
        path = self.path(record["id"])
        try:
            self._write(path, record)
        except DamagedFile as e:  # the new record is complete: keep the damaged one aside, then write
            self._note_damaged(e, self.kind.describe(record, record["id"]))
            self._write(path, record)
            detail = self.notes[-1]
            self.notices.append(lambda: replaced_notice(self.kind.name, record["id"],
                                                        self.kind.describe(record, record["id"]), detail))
        self._index(record)

    def _index(self, record: JsonObject) -> None:
        # The record is saved: its list is derived data, never a reason to say it was not.
        try:
            self._index_put(self.kind.summarize(record).model_dump(mode="json"))
        except DamagedFile:  # a damaged list is set aside and rebuilt from the records
            self.check()
        except StoreError:  # not written: rebuilt from the records before it is next read (Store), or at a start
            log.warning("the list of %s could not be written", self.kind.folder, exc_info=True)
            self.stale = True

    def save_many(self, records: list[JsonObject]) -> None:
        """Save several records (an import), rewriting each index once instead of once per record.

        A crash midway leaves some record files without their index lines: the next start lists them (the index is
        derived data, :meth:`check`).
        """
        if not records:
            return
        for record in records:
            path = self.path(record["id"])
            try:
                self._write(path, record)
            except DamagedFile as e:
                self._note_damaged(e, self.kind.describe(record, record["id"]))
                self._write(path, record)
        fresh = {r["id"]: self.kind.summarize(r).model_dump(mode="json") for r in records}
        for name in self.kind.indexes:
            try:
                kept = [dict(e) for e in self._index_table(name).all() if e["id"] not in fresh]
            except DamagedFile:  # set aside and rebuilt from the record files, the new ones included
                self.check()
                return
            wanted = kept + [s for s in fresh.values() if self.kind.index_of(s) == name]
            try:
                open_db(self._index_path(name), "index").storage.write(
                    {"entries": {str(i): s for i, s in enumerate(wanted, start=1)}})
            except StoreError:  # the records are saved: their list is rebuilt from them (as in _index)
                log.warning("the list of %s could not be written", self.kind.folder, exc_info=True)
                self.stale = True

    def delete(self, record_id: str) -> None:
        path = self.path(record_id)
        if not path.exists():
            raise NotFound(t("No {kind} with id {id}", kind=t(KIND_NAMES[self.kind.name]), id=record_id))
        # The last version stays as the newest backup: Store.restore_backup (the Data screen) brings it back. The
        # record goes first: once it is gone, the delete is made, and a list that can't be written is rebuilt.
        rotate(path, self.backup_dir, self.keep)
        path.unlink()
        fsync_dir(path.parent)
        try:
            self._index_drop(record_id)
        except StoreError:
            log.warning("the list of %s could not be written", self.kind.folder, exc_info=True)
            self.stale = True

    # -- damage and recovery -------------------------------------------------------------------------------
    def _note_damaged(self, error: DamagedFile, what: str) -> Path:
        moved = move_aside(error.path, self.damaged_dir, error.path.relative_to(self.root))
        self.notes.append(t("{what} could not be read ({reason}). The damaged file was moved to {moved}.",
                            what=what, reason=error.reason, moved=str(moved)))
        return moved

    def good_backup(self, record_id: str) -> tuple[Path, JsonObject] | None:
        """The newest backup of ``record_id`` that passes full validation."""
        for backup in backup_paths(self.path(record_id), self.backup_dir, self.keep):
            if not backup.exists():
                continue
            try:
                record = read_envelope(backup, self.kind.name)["tables"].get(self.kind.name, {}).get("1")
                if isinstance(record, dict) and record.get("id") == record_id:
                    self.kind.validate(record)
                    return backup, record
            except Exception:  # a bad backup is skipped, never trusted; the next older one is tried
                continue
        return None

    def recover(self, record_id: str, error: DamagedFile | None, reason: str | None = None) -> JsonObject | None:
        """Move a damaged record aside and restore its newest good backup; say so in the notes either way."""
        moved = None
        if error is not None and os.path.lexists(error.path):  # a link to nothing too
            moved = move_aside(error.path, self.damaged_dir, error.path.relative_to(self.root))
        why = reason or (error.reason if error else t("its file is missing"))
        listed = next((e for e in self.summaries() if e.get("id") == record_id), None)  # what the list knew
        found = self.good_backup(record_id)
        name = self.kind.name
        kind: RecordKind = "game" if name == "game" else "campaign" if name == "campaign" else "play"
        if found is None:
            self._index_drop(record_id)
            where = t(" The damaged file is kept at {moved}.", moved=str(moved)) if moved else ""
            what = self.kind.describe(None, record_id)
            self.notes.append(t("{what} could not be read ({reason}) and no good backup was found.{where}",
                                what=what, reason=why, where=where))
            detail = self.notes[-1]
            self.notices.append(lambda: lost_notice(kind, record_id, self.kind.describe(None, record_id), detail))
            return None
        backup, record = found
        # Rewriting through the normal path puts the restored version back in place and in the index.
        self._write(self.path(record_id), record)
        restored = self.kind.summarize(record).model_dump(mode="json")
        self._index_put(restored)
        where = t(" The damaged file was moved to {moved}.", moved=str(moved)) if moved else ""
        what = self.kind.describe(record, record_id)
        self.notes.append(t("{what} could not be read ({reason}); the backup saved {when} was restored.{where}",
                            what=what, reason=why, when=_when(backup), where=where))
        saved = datetime.fromtimestamp(backup.stat().st_mtime, UTC)
        detail = self.notes[-1]
        self.notices.append(lambda: restored_notice(kind, record_id, self.kind.describe(record, record_id), detail,
                                                    listed, restored, saved))
        return record

    def check(self) -> None:
        """Start-up: remove stale temp files, repair damaged records, and bring the indexes in line with them."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for tmp in self.folder.glob(f".*{TMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                tmp.unlink()  # an unfinished write: never a completed save
        self._check_index_files()
        found: dict[str, JsonObject] = {}
        handled: set[str] = set()
        for path in sorted(self.folder.glob("*.json")):
            record_id = path.stem
            try:
                check_id(record_id)
            except StoreError:
                continue  # not ours: leave it alone
            handled.add(record_id)
            try:
                record: JsonObject | None = self._record(path)
            except DamagedFile as e:
                record = self.recover(record_id, e)
            if record is not None:
                found[record_id] = self.kind.summarize(record).model_dump(mode="json")
        listed = {e["id"] for name in self.kind.indexes for e in self._entries(name)}
        for record_id in sorted(listed - handled):
            record = self.recover(record_id, None)
            if record is not None:
                found[record_id] = self.kind.summarize(record).model_dump(mode="json")
        for name in self.kind.indexes:
            wanted = [s for s in found.values() if self.kind.index_of(s) == name]
            if not self._index_path(name).exists() or _canonical(self._entries(name)) != _canonical(wanted):
                db = open_db(self._index_path(name), "index")
                db.storage.write({"entries": {str(i): s for i, s in enumerate(wanted, start=1)}})

    def _check_index_files(self) -> None:
        for name in self.kind.indexes:
            path = self._index_path(name)
            if not os.path.lexists(path):  # a link to nothing or in a loop is set aside as damage is
                continue
            try:
                read_envelope(path, "index")
                self._index_entries(name)
            except DamagedFile as e:
                moved = move_aside(path, self.damaged_dir, path.relative_to(self.root))
                self.notes.append(t("The list of {folder} could not be read ({reason}); it was rebuilt from the "
                                    "saved files. The damaged list was moved to {moved}.",
                                    folder=self.kind.folder, reason=e.reason, moved=str(moved)))
                self.notices.append(partial(rebuilt_notice, self.kind.folder, self.notes[-1]))


def _replace_with(new: JsonObject) -> Callable[[MutableMapping[str, Any]], None]:
    def replace(doc: MutableMapping[str, Any]) -> None:
        doc.clear()
        doc.update(new)

    return replace


def _canonical(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    return sorted(json.dumps(dict(e), sort_keys=True) for e in entries)
