"""What a game's and a campaign's sessions share: the value is a record kept with its history (a game's log, a
campaign's steps), so undo and redo are the record's own (:class:`companion.store.journal.Changes`) and survive a
restart; every change is one line of the record's log, appended and fsynced before anyone is told of it, and the log
is folded into the record later (:mod:`companion.store.journal`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Generic, TypeVar

from companion.i18n import t
from companion.session.base import Made, Refused, Session, Snapshot
from companion.session.saver import Saver
from companion.store.errors import StoreError
from companion.store.journal import Changes, Recorded
from companion.store.schema import JsonObject
from companion.store.store import Store

R = TypeVar("R", bound=Recorded)
A = TypeVar("A")
log = logging.getLogger(__name__)
# Changes appended to a log before it is folded into the record on the tap that made the last of them (after the
# phones were told): one tap in this many pays for a whole record's write.
COMPACT_AFTER = 64


class Journaled(Session[R], Generic[R, A]):
    """A session of a record of kind ``changes``: with a ``store`` each change's line (returned by the step that
    made it, :class:`~companion.session.base.Made`) is appended to the record's log, fsynced, before anyone is
    told; the log is folded into the record every :data:`COMPACT_AFTER` changes, when the last tab leaves, and on
    :meth:`compact`. A new record is written whole."""

    def __init__(self, key: str, value: R, changes: Changes[R, A], store: Store | None,
                 saver: Saver | None) -> None:
        super().__init__(key, value, None if store is None else partial(store.save, changes.folder), saver)
        self._changes, self._store = changes, store
        self._logged = 0  # changes in the log, not yet in the record

    def subscribe(self, listener: Callable[[Snapshot[R]], None]) -> Callable[[], None]:
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
        made between the fold and what the session notes of it."""
        store = self._store
        if store is None or not self._logged:
            return

        def fold(key: str) -> None:
            try:
                store.compact(self._changes.folder, key)
            except (OSError, StoreError):
                log.exception("could not fold the log of %s into its record", key)
                return
            self._logged = 0

        with self._lock:
            self._saver.save(self.key, self.key, fold)

    # --- the steps: each returns what it made, its line with it ----------------------------------------------

    def _applied(self, value: R, action: A, by: int | None) -> Made[R]:
        return Made(self._changes.made(value, action, by), self._changes.applied(value, action, by))

    def _undone(self, value: R) -> Made[R]:
        if not self._changes.can_undo(value):
            raise Refused(t("Nothing to undo"))
        return Made(self._changes.undone(value), self._changes.undo_line(value))

    def _redone(self, value: R) -> Made[R]:
        if not self._changes.can_redo(value):
            raise Refused(t("Nothing to redo"))
        return Made(self._changes.redone(value), self._changes.redo_line(value))

    def _can_undo(self) -> bool:
        return self._changes.can_undo(self._value)

    def _can_redo(self) -> bool:
        return self._changes.can_redo(self._value)

    def _save(self, value: R, version: int, line: JsonObject | None = None) -> None:
        store = self._store
        if line is None or store is None:  # a new record: written whole
            super()._save(value, version)
            return

        def logged(saved: R) -> None:
            self._logged = store.save_change(self._changes.folder, saved, line, version)

        self._saver.save(self.key, value, logged)

    def _settle(self) -> None:
        if self._logged >= COMPACT_AFTER:
            self.compact()
