"""Atomic, versioned JSON files behind TinyDB, with rotating backups.

Every write goes to a temporary file in the same folder, is fsynced, renamed over the old file, and the folder is
fsynced: a crash leaves either the old file or the new one, never half of one. Before the rename the old file is
hard-linked into the backup folder (``name.1.json`` newest, up to ``keep`` of them), which costs a link and two
renames, whatever the size of the store.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import shutil
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage

from companion.i18n import t
from companion.problems import json_problem
from companion.store.errors import DamagedFile
from companion.store.failures import not_saved
from companion.store.limits import MAX_IMPORT_BYTES, JsonRefused, loads
from companion.store.reading import read_bounded
from companion.store.schema import JsonObject, SchemaError, envelope, migrate

TMP_SUFFIX = ".tmp"
log = logging.getLogger(__name__)


def fsync_dir(folder: Path) -> None:
    """Make a rename (or a new file) in ``folder`` durable against a power cut. It comes after the rename, which
    every later read sees: a failure here is logged, never reported as a change not saved. Not every platform can
    open a directory (Windows), which is fine there."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        log.warning("could not fsync the folder %s", folder, exc_info=True)
    finally:
        os.close(fd)


def backup_paths(path: Path, backup_dir: Path, keep: int) -> list[Path]:
    """The backups of ``path``, newest first (whether or not they exist)."""
    return [backup_dir / f"{path.stem}.{n}{path.suffix}" for n in range(1, keep + 1)]


def rotate(path: Path, backup_dir: Path, keep: int) -> None:
    """Shift the backups of ``path`` one older and make the current ``path`` the newest (a hard link)."""
    backups = backup_paths(path, backup_dir, keep)
    backup_dir.mkdir(parents=True, exist_ok=True)
    for older, newer in zip(reversed(backups), reversed(backups[:-1]), strict=False):
        if newer.exists():
            os.replace(newer, older)
    with contextlib.suppress(FileNotFoundError):
        backups[0].unlink()
    try:
        os.link(path, backups[0])
    except (OSError, AttributeError):  # a filesystem without hard links; Pyodide (the phone app) has no os.link
        shutil.copy2(path, backups[0])


def write_synced(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` and fsync it."""
    write_all(fd, data)
    os.fsync(fd)


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` (``os.write`` may write less than asked)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if not written:  # a disk that takes nothing and says nothing: never loop on it
            raise OSError(errno.EIO, "the disk took none of the bytes written")
        view = view[written:]


def atomic_write(path: Path, payload: bytes, backup_dir: Path | None = None, keep: int = 3) -> None:
    """Replace ``path`` by ``payload`` atomically; the old file becomes the newest backup when ``backup_dir``."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}{TMP_SUFFIX}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            write_synced(fd, payload)
        finally:
            os.close(fd)
        if backup_dir is not None and path.exists():
            rotate(path, backup_dir, keep)
        os.replace(tmp, path)
    except OSError as e:  # before the rename: the old file is as it was
        with contextlib.suppress(OSError):
            tmp.unlink()
        log.warning("could not write %s", path, exc_info=True)
        raise not_saved(e) from e
    fsync_dir(path.parent)


def encode(data: JsonObject) -> bytes:
    """The bytes a file is written as (compact: TinyDB rewrites whole files, so size is time)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def read_envelope(path: Path, kind: str) -> JsonObject:
    """Read, check and migrate the file at ``path``; ``DamagedFile`` says what is wrong with it."""
    try:
        raw = read_bounded(path, MAX_IMPORT_BYTES)
    except OSError as e:
        raise DamagedFile(path, t("cannot be read ({reason})", reason=e.strerror or str(e))) from e
    if len(raw) > MAX_IMPORT_BYTES:
        raise DamagedFile(path, t("larger than {n} MB", n=MAX_IMPORT_BYTES // 2**20))
    if not raw.strip():
        raise DamagedFile(path, t("the file is empty"))
    try:
        data = loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        reason = json_problem(e) if isinstance(e, json.JSONDecodeError) else str(e)
        raise DamagedFile(path, t("not valid JSON, truncated or garbled ({reason})", reason=reason)) from e
    except JsonRefused as e:
        raise DamagedFile(path, str(e)) from e
    try:
        data = migrate(data, (kind,))
    except SchemaError as e:
        raise DamagedFile(path, str(e)) from e
    tables = data.get("tables")
    if not isinstance(tables, dict) or not all(_documents(v) for v in tables.values()):
        raise DamagedFile(path, t("its \"tables\" are missing or not JSON objects"))
    if kind == "settings" and not all(isinstance(d.get("key"), str) and "value" in d
                                      for table in tables.values() for d in table.values()):
        raise DamagedFile(path, t("a setting without its key or value"))
    return data


def _documents(table: object) -> bool:
    # What TinyDB needs of a table to read it: numbered documents, each a JSON object.
    return isinstance(table, dict) and all(k.isascii() and k.isdigit() and len(k) < 19 and isinstance(v, dict)
                                           for k, v in table.items())


class AtomicStorage(Storage):
    """A TinyDB storage: one versioned envelope per file, written atomically, old versions kept as backups."""

    def __init__(self, path: Path, kind: str, backup_dir: Path | None = None, keep: int = 3) -> None:
        self.path, self.kind, self.backup_dir, self.keep = Path(path), kind, backup_dir, keep

    def read(self) -> dict[str, dict[str, Any]] | None:
        if not os.path.lexists(self.path):  # a link to nothing is read, and refused, as any odd entry is
            return None
        tables: dict[str, dict[str, Any]] = read_envelope(self.path, self.kind)["tables"]
        return tables

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        atomic_write(self.path, encode(envelope(self.kind, tables=data)), self.backup_dir, self.keep)


def open_db(path: Path, kind: str, backup_dir: Path | None = None, keep: int = 3) -> TinyDB:
    """A TinyDB over ``path``; take its tables with ``cache_size=0`` (another process may have written since)."""
    db = TinyDB(path, kind=kind, backup_dir=backup_dir, keep=keep, storage=AtomicStorage)
    db.default_table_name = kind
    return db


def move_aside(path: Path, damaged_dir: Path, relative: Path) -> Path:
    """Move a damaged file into ``damaged_dir`` (kept, never deleted) and return where it went."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = damaged_dir / relative.parent / f"{relative.stem}.{stamp}{relative.suffix}"
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(path, target)
    fsync_dir(path.parent)
    return target
