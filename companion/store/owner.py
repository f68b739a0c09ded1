"""One process owns a data folder: the host that serves it, or the command that writes it (issue 35 item 1).

The store's own lock (``.lock``) is held for one operation; two hosts on one folder would each append to the same
game's log from their own version of it. So whoever serves or writes a folder holds ``.owner.lock`` for its whole
life: an OS lock (``flock``; Windows' byte-range lock), which the OS releases when the process ends, so a killed
host never leaves it stale. Who holds it is written beside it (``.owner``), for the next one's refusal to name.
The phone app, one process in one browser tab, never takes it.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> with hold_folder(folder, "http://127.0.0.1:8550/"):
...     try:
...         with hold_folder(folder, "companion history"):
...             pass
...     except FolderHeld as refused:
...         print(refused.holder.split()[0])
http://127.0.0.1:8550/
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from companion.i18n import t
from companion.store.errors import StoreError
from companion.store.reading import kind_of, read_bounded

LOCK_FILE = ".owner.lock"
HOLDER_FILE = ".owner"  # who holds the lock: an address, or a command (the lock file itself is truncated on open)
MAX_HOLDER = 200  # characters of the holder read back: the file is the app's own, but a refusal stays one line


class FolderHeld(StoreError):
    """Another process serves or writes the data folder; ``holder`` says who (its address, or its command)."""

    def __init__(self, folder: Path, holder: str) -> None:
        self.folder, self.holder = folder, holder
        super().__init__(t("The data folder {folder} is in use by another copy of the app ({holder}): stop that "
                           "one first, or use another --data-dir.", folder=str(folder), holder=holder))


class LockUnusable(StoreError):
    """The lock file is there but is no file the OS can lock (a folder, a link): no copy of the app holds it, and
    none may serve the folder until it is removed."""


def _holder(folder: Path) -> str:
    try:  # the entry itself, boundedly: a link, a folder or a pipe there reads as no one
        text = read_bounded(folder / HOLDER_FILE, MAX_HOLDER)[:MAX_HOLDER].decode("utf-8", "replace")
    except OSError:
        text = ""
    return " ".join(text.split()) or t("address unknown")


def _lock_in_place(path: Path) -> None:
    """Refuse a lock file that is a link (it may lead anywhere, or nowhere) or anything but a regular file."""
    try:
        odd = kind_of(os.lstat(path).st_mode)
    except FileNotFoundError:
        return
    if odd is not None:
        raise LockUnusable(t("The data folder's lock file {path} is {kind}: no copy of the app made it. Remove it, "
                             "then start again.", path=str(path), kind=odd))


def _write_holder(folder: Path, holder: str) -> None:
    """Say who holds the folder in ``.owner``, a regular file of the folder: written beside it and renamed over
    whatever is there (a link is replaced, never followed). Best effort: a ``.owner`` that is a folder only leaves
    the next refusal without an address."""
    tmp = folder / f"{HOLDER_FILE}.{os.getpid()}.part"
    with contextlib.suppress(OSError):
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            os.write(fd, f"{holder} (pid {os.getpid()})".encode())
        finally:
            os.close(fd)
        os.replace(tmp, folder / HOLDER_FILE)
    with contextlib.suppress(OSError):
        tmp.unlink()


@contextmanager
def hold_folder(folder: Path, holder: str, wait: float = 0.0) -> Iterator[None]:
    """Own ``folder`` while the block runs, waiting up to ``wait`` seconds for another owner to end; ``FolderHeld``
    (naming that owner) if it does not, ``StoreError`` naming the file when the lock can't be taken at all (a lock
    file that is a folder or a link, a folder that can't be written). ``holder`` is what a refused one is told:
    this host's address, or the command."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StoreError(t("Cannot use the data folder {path}: {reason}", path=str(folder),
                           reason=e.strerror or str(e))) from e
    _lock_in_place(folder / LOCK_FILE)
    # No soft fallback: a lock file a killed process leaves behind would refuse every start after it.
    lock = FileLock(folder / LOCK_FILE, timeout=wait, fallback_to_soft=False)
    try:
        lock.acquire()
    except Timeout as e:
        raise FolderHeld(folder, _holder(folder)) from e
    except OSError as e:
        raise StoreError(t("The data folder {path} can't be written: {reason}", path=str(folder),
                           reason=e.strerror or str(e))) from e
    try:
        _write_holder(folder, holder)
        yield
    finally:
        lock.release()
