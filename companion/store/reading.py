"""The store reads only regular files, and only so much of one (issue 45 item 5).

An entry of the wrong kind in the data folder (a directory, a named pipe, a device, a symbolic link, which may
point out of the folder, at ``/dev/zero`` or at itself) is never opened: opening a named pipe waits for a writer
forever, reading ``/dev/zero`` never ends. :func:`read_bounded` looks at the entry itself first (``lstat``), opens
it without following a link or waiting, and reads at most one byte more than the caller's limit.

>>> import tempfile; from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "a.json").write_bytes(b"12345")
5
>>> read_bounded(folder / "a.json", 3)
b'1234'
>>> read_bounded(folder, 3)
Traceback (most recent call last):
...
companion.store.reading.NotAFile: a folder, not a file
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from companion.i18n import t

# Not every platform has them (Windows); there the lstat before the open is the guard.
_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
_CHUNK = 1 << 20


class NotAFile(OSError):
    """An entry that is not a regular file; ``str`` says what it is instead."""


def kind_of(mode: int) -> str | None:
    """What an entry of ``mode`` (``lstat``'s) is when it isn't a regular file; ``None`` when it is one."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return t("a link, not a file")
    if stat.S_ISDIR(mode):
        return t("a folder, not a file")
    if stat.S_ISFIFO(mode):
        return t("a named pipe, not a file")
    return t("a device or other special entry, not a file")


def read_bounded(path: Path, limit: int) -> bytes:
    """The first ``limit + 1`` bytes (at most) of the regular file ``path``: more than ``limit`` is the caller's
    to refuse. ``FileNotFoundError`` when there is no entry; :class:`NotAFile` for an entry of another kind."""
    odd = kind_of(os.lstat(path).st_mode)
    if odd is not None:
        raise NotAFile(odd)
    fd = os.open(path, _FLAGS)
    try:
        odd = kind_of(os.fstat(fd).st_mode)  # replaced between the lstat and the open
        if odd is not None:
            raise NotAFile(odd)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0 and (chunk := os.read(fd, min(left, _CHUNK))):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def odd_folder(path: Path) -> bool:
    """Whether ``path`` is there but is no folder the store can use (a file, a link in a loop or to nothing). A link
    to a folder is one: the user may keep the backups on another disk."""
    return os.path.lexists(path) and not path.is_dir()
