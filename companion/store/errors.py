"""What can go wrong in the store, as exceptions whose ``str()`` is the one line a screen shows."""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """A store operation failed; nothing was changed. ``str(e)`` is a translated one-liner."""


class NotFound(StoreError, KeyError):
    """No game or campaign with that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class DamagedFile(StoreError):
    """A stored file is unreadable, empty, truncated, garbled or of a version this app cannot read."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class ImportRefused(StoreError):
    """An import file was refused before anything was written. ``where`` is the field path, e.g. ``games[0].log``."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


class NotSaved(StoreError):
    """A write failed and the change it carried is not on the disk (:func:`not_saved` words it by the error's
    ``errno``: what happened, and what to do). ``maybe``: the bytes may have reached the disk all the same (a
    failed fsync whose line could not be taken back)."""

    def __init__(self, message: str, code: int | None, maybe: bool = False, what: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.maybe = maybe
        self.what = what or message  # what happened, in a few words ("The host's disk is full")
