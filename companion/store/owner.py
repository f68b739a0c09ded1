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

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from companion.i18n import t
from companion.store.errors import StoreError

LOCK_FILE = ".owner.lock"
HOLDER_FILE = ".owner"  # who holds the lock: an address, or a command (the lock file itself is truncated on open)
MAX_HOLDER = 200  # characters of the holder read back: the file is the app's own, but a refusal stays one line


class FolderHeld(StoreError):
    """Another process serves or writes the data folder; ``holder`` says who (its address, or its command)."""

    def __init__(self, folder: Path, holder: str) -> None:
        self.folder, self.holder = folder, holder
        super().__init__(t("The data folder {folder} is in use by another copy of the app ({holder}): stop that "
                           "one first, or use another --data-dir.", folder=str(folder), holder=holder))


def _holder(folder: Path) -> str:
    try:
        text = (folder / HOLDER_FILE).read_bytes()[:MAX_HOLDER].decode("utf-8", "replace")
    except OSError:
        text = ""
    return " ".join(text.split()) or t("address unknown")


@contextmanager
def hold_folder(folder: Path, holder: str, wait: float = 0.0) -> Iterator[None]:
    """Own ``folder`` while the block runs, waiting up to ``wait`` seconds for another owner to end; ``FolderHeld``
    (naming that owner) if it does not. ``holder`` is what a refused one is told: this host's address, or the
    command."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StoreError(t("Cannot use the data folder {path}: {reason}", path=str(folder),
                           reason=e.strerror or str(e))) from e
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
        (folder / HOLDER_FILE).write_text(f"{holder} (pid {os.getpid()})", encoding="utf-8")
        yield
    finally:
        lock.release()
