"""What a game's and a campaign's sessions share: every change is one line of the record's log, appended and fsynced
before anyone is told of it, and the log is folded into the record later (:mod:`companion.store.journal`,
:mod:`companion.store.campaign_journal`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from companion.session.base import Session, Snapshot
from companion.session.saver import Saver
from companion.store.errors import StoreError
from companion.store.schema import JsonObject

T = TypeVar("T")
log = logging.getLogger(__name__)
# Changes appended to a log before it is folded into the record on the tap that made the last of them (after the
# phones were told): one tap in this many pays for a whole record's write.
COMPACT_AFTER = 64
Log = Callable[[T, JsonObject, int], int]  # Store.save_game_change, Store.save_campaign_change


class Journaled(Session[T]):
    """A session whose changes go to its record's log: with ``log`` each change's line (set in :attr:`_line` by the
    move, under the lock) is appended, fsynced, before anyone is told; ``compact`` folds the log into the record
    (``write`` writes a whole record: a new one) every :data:`COMPACT_AFTER` changes, when the last tab leaves,
    and on :meth:`compact`."""

    def __init__(self, key: str, value: T, write: Callable[[T], None] | None, saver: Saver | None,
                 log: Log[T] | None, compact: Callable[[str], None] | None) -> None:
        super().__init__(key, value, write, saver)
        self._log, self._compact = log, compact
        self._line: JsonObject | None = None  # the change being made (set under the lock, saved by _save)
        self._logged = 0  # changes in the log, not yet in the record

    def subscribe(self, listener: Callable[[Snapshot[T]], None]) -> Callable[[], None]:
        """As :meth:`Session.subscribe`; when the last tab showing the record stops following it (a quiet moment),
        its log is folded into the record."""
        stop = super().subscribe(listener)

        def stop_then_compact() -> None:
            stop()
            if not self.subscribers:
                self.compact()

        return stop_then_compact

    def compact(self) -> None:
        """Fold the changes saved in the log into the record. Nothing is lost if it fails (the log stays, and is
        folded in at the next start), so a failure is only logged. Made under the session's lock, so no change is
        made between the fold and what the session notes of it (:meth:`_folded`)."""
        compact = self._compact
        if compact is None or not self._logged:
            return

        def fold(key: str) -> None:
            try:
                compact(key)
            except (OSError, StoreError):
                log.exception("could not fold the log of %s into its record", key)
                return
            self._logged = 0
            self._folded()

        with self._lock:
            self._saver.save(self.key, self.key, fold)

    def _folded(self) -> None:
        """The log was just folded into the record (nothing to note, as it stands)."""

    def _save(self, value: T, version: int) -> None:
        line, self._line = self._line, None
        save = self._log
        if line is None or save is None:  # a new record: written whole
            super()._save(value, version)
            return

        def logged(saved: T) -> None:
            self._logged = save(saved, line, version)

        self._saver.save(self.key, value, logged)

    def _settle(self) -> None:
        if self._logged >= COMPACT_AFTER:
            self.compact()
