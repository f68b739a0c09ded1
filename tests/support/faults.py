"""A disk that fails, SQLite's way: every call that changes a file (``os.open`` for writing, ``os.write``,
``os.fsync``, ``os.ftruncate``, ``os.replace``, ``os.rename``, ``os.link``, ``os.unlink``, ``os.mkdir``) is counted,
and the ``fail_at``-th fails with ``errno`` (``OSError``, as the kernel would): once (``persistent=False``: a
one-off error, or space freed at once), or from then on (``persistent=True``: a disk that stays full). The store
reaches the disk only through ``os`` (its own code, TinyDB's storage, filelock's lock file, ``pathlib``), so
patching ``os`` here is the one place every write of the store passes. A full disk still opens a file it has, and
lets a file be cut shorter or removed (that frees space); a read-only or failing one does none of these.

>>> with FailingDisk() as disk:
...     pass
>>> disk.calls, disk.injected
(0, 0)
"""

from __future__ import annotations

import errno as codes
import os
from collections.abc import Callable
from types import TracebackType
from typing import Any

_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_NAMES = ("open", "write", "fsync", "ftruncate", "replace", "rename", "link", "unlink", "mkdir")
_FREEING = ("ftruncate", "unlink")  # what a full disk still allows


class FailingDisk:
    """Patch ``os`` while in a ``with`` block; ``calls`` counts the writing calls made, ``injected`` the faults."""

    def __init__(self, fail_at: int = 0, errno: int = codes.ENOSPC, persistent: bool = False) -> None:
        self.fail_at, self.errno, self.persistent = fail_at, errno, persistent
        self.calls = 0
        self.injected = 0
        self._real: dict[str, Callable[..., Any]] = {}

    def __enter__(self) -> FailingDisk:
        for name in _NAMES:
            self._real[name] = getattr(os, name)
            setattr(os, name, self._wrapped(name, self._real[name]))
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        for name, real in self._real.items():
            setattr(os, name, real)

    def _wrapped(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if name == "open" and not (len(args) > 1 and args[1] & _WRITING):
                return real(*args, **kwargs)  # a read
            if name == "mkdir" and os.path.isdir(args[0]):
                return real(*args, **kwargs)  # the kernel says "exists" before anything else
            if name == "open" and self.errno == codes.ENOSPC and os.path.exists(args[0]):
                return real(*args, **kwargs)  # a full disk opens a file it has: only new bytes need space
            self._count(name)
            return real(*args, **kwargs)

        return call

    def _count(self, name: str) -> None:
        self.calls += 1
        if not self.fail_at or self.calls < self.fail_at:
            return
        if self.calls > self.fail_at and not self.persistent:
            return
        if self.persistent and self.errno == codes.ENOSPC and name in _FREEING:
            return
        self.injected += 1
        raise OSError(self.errno, os.strerror(self.errno))
