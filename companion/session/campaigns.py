"""An Ocean Survey campaign's session: typed actions, a journal, undo and redo by replay, as a game's.

>>> from companion.survey.actions import CatchFish, StartWeek
>>> from companion.survey.play import new_campaign
>>> session = CampaignSession(new_campaign("Doc"), write=None)
>>> session.apply(StartWeek(), seen=0).ok, session.apply(CatchFish(name="Sheepshead"), seen=1).ok
(True, True)
>>> session.undo(seen=2).ok, session.current.value.current_week.held, session.current.can_redo
(True, [], True)
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from companion.i18n import t
from companion.session.base import Outcome, Refused, Session, Snapshot
from companion.session.games import COMPACT_AFTER, Log
from companion.session.saver import Saver
from companion.store import campaign_journal
from companion.store.errors import StoreError
from companion.store.schema import JsonObject
from companion.survey import Campaign
from companion.survey.actions import CampaignAction
from companion.survey.timeline import Timeline

log = logging.getLogger(__name__)


class CampaignSession(Session[Campaign]):
    """An Ocean Survey campaign: a move is a typed action (:mod:`companion.survey.actions`), made by
    :func:`companion.survey.engine.apply`; undo and redo replay the session's
    :class:`~companion.survey.timeline.Timeline`.

    With ``log`` (the store's :meth:`~companion.store.Store.save_campaign_change`) each change is one line appended
    to the campaign's log and fsynced before anyone is told of it (:mod:`companion.store.campaign_journal`), and
    ``compact`` (``Store.compact_campaign``) folds the log into the record as a game's is folded: every
    :data:`COMPACT_AFTER` changes, when the last tab leaves the campaign, and on :meth:`compact`. A fold empties
    the log but not the phones' Undo, which reaches back :data:`~companion.survey.timeline.KEEP` steps.
    """

    def __init__(self, campaign: Campaign, write: Callable[[Campaign], None] | None, saver: Saver | None = None,
                 log: Log[Campaign] | None = None, compact: Callable[[str], None] | None = None) -> None:
        super().__init__(campaign.id, campaign, write, saver)
        self._timeline = Timeline(campaign)
        self._log, self._compact = log, compact
        self._line: JsonObject | None = None  # the change being made (set under the lock, saved by _save)
        self._logged = 0  # changes in the log, not yet in the record
        self._folded = 0  # the timeline's steps (Timeline.made) already in the record, not in the log

    def _save_failed(self, problem: Exception) -> str:
        return t("Could not save the campaign: {problem}", problem=problem)

    def apply(self, action: CampaignAction, *, seen: int) -> Outcome[Campaign]:
        """Make ``action`` on the campaign shown at version ``seen``; a ``RuleViolation`` refuses it and changes
        nothing."""
        def make(campaign: Campaign) -> tuple[Campaign, bool]:
            self._timeline.apply(action)
            self._line = campaign_journal.applied(campaign, action)
            return self._timeline.value, False

        return self._change(seen, make)

    def replace(self, make: Callable[[Campaign], Campaign], *, seen: int) -> Outcome[Campaign]:
        """Refused: a campaign changes by action only, so that every change is in its journal."""
        raise TypeError("a campaign changes by CampaignSession.apply(action)")

    def compact(self) -> None:
        """Fold the changes saved in the campaign's log into its record (a failure is only logged: the log stays,
        and is folded in at the next start). Made under the session's lock, so the session knows which of its
        steps the record holds."""
        compact = self._compact
        if compact is None or not self._logged:
            return

        def fold(key: str) -> None:
            try:
                compact(key)
            except (OSError, StoreError):
                log.exception("could not fold the log of campaign %s into its record", key)
                return
            self._logged, self._folded = 0, self._timeline.made

        with self._lock:
            self._saver.save(self.key, self.key, fold)

    def subscribe(self, listener: Callable[[Snapshot[Campaign]], None]) -> Callable[[], None]:
        """As :meth:`Session.subscribe`; when the last tab showing the campaign stops following it, its log is
        folded into the record."""
        stop = super().subscribe(listener)

        def stop_then_compact() -> None:
            stop()
            if not self.subscribers:
                self.compact()

        return stop_then_compact

    def _can_undo(self) -> bool:
        return self._timeline.can_undo

    def _can_redo(self) -> bool:
        return self._timeline.can_redo

    def _undone(self, value: Campaign) -> tuple[Campaign, bool]:
        if not self._timeline.can_undo:
            raise Refused(t("Nothing to undo"))
        self._timeline.undo()
        after = self._timeline.value
        in_record = self._timeline.made < self._folded  # the step taken back was folded: the line says where to
        self._line = campaign_journal.undone(value, after if in_record else None)
        self._folded = min(self._folded, self._timeline.made)
        return after, False

    def _redone(self, value: Campaign) -> tuple[Campaign, bool]:
        if not self._timeline.can_redo:
            raise Refused(t("Nothing to redo"))
        step = self._timeline.redo()
        self._line = campaign_journal.redone(value, step.action)
        return self._timeline.value, False

    def _save(self, value: Campaign) -> None:
        line, self._line = self._line, None
        save = self._log
        if line is None or save is None:  # a new campaign: its whole record
            super()._save(value)
            return
        version = self._version

        def logged(campaign: Campaign) -> None:
            self._logged = save(campaign, line, version)

        self._saver.save(self.key, value, self._saving(logged))

    def _settle(self) -> None:
        if self._logged >= COMPACT_AFTER:
            self.compact()
