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
from dataclasses import replace

from companion.i18n import t
from companion.session.base import Outcome, Refused
from companion.session.journaled import Journaled, Log
from companion.session.said import campaign_said
from companion.session.saver import Saver
from companion.store import campaign_journal
from companion.store.records import describe_campaign
from companion.survey import Campaign
from companion.survey.actions import CampaignAction
from companion.survey.timeline import Timeline

log = logging.getLogger(__name__)


class CampaignSession(Journaled[Campaign]):
    """An Ocean Survey campaign: a move is a typed action (:mod:`companion.survey.actions`), made by
    :func:`companion.survey.engine.apply`; undo and redo replay the session's
    :class:`~companion.survey.timeline.Timeline`.

    With ``log`` (the store's :meth:`~companion.store.Store.save_campaign_change`) each change is one line appended
    to the campaign's log and fsynced before anyone is told of it (:mod:`companion.store.campaign_journal`), and
    ``compact`` (``Store.compact_campaign``) folds the log into the record as a game's is folded
    (:class:`~companion.session.journaled.Journaled`). A fold empties the log but not the phones' Undo, which
    reaches back :data:`~companion.survey.timeline.KEEP` steps.
    """

    def __init__(self, campaign: Campaign, write: Callable[[Campaign], None] | None, saver: Saver | None = None,
                 log: Log[Campaign] | None = None, compact: Callable[[str], None] | None = None) -> None:
        super().__init__(campaign.id, campaign, write, saver, log, compact)
        self._timeline = Timeline(campaign)
        self._folded_steps = 0  # the timeline's steps (Timeline.made) already in the record, not in the log

    def apply(self, action: CampaignAction, *, seen: int) -> Outcome[Campaign]:
        """Make ``action`` on the campaign shown at version ``seen``; a ``RuleViolation`` refuses it and changes
        nothing."""
        def make(campaign: Campaign) -> tuple[Campaign, bool]:
            self._timeline.apply(action)
            self._line = campaign_journal.applied(campaign, action)
            return self._timeline.value, False

        before = self.current.value
        outcome = self._change(seen, make)  # said: the move in one line (companion.session.said)
        return replace(outcome, said=campaign_said(before, action, outcome.current.value)) if outcome.ok else outcome

    def undo(self, *, seen: int) -> Outcome[Campaign]:
        """Take back the last move; ``said`` names it: "Undone: Sunfish catalogued: a new slot on the sheet"."""
        with self._lock:
            before, done = self.current.value, self._timeline.done
            step = done[-1] if done else None
            outcome = super().undo(seen=seen)
            line = campaign_said(outcome.current.value, step.action, before) if outcome.ok and step else None
        return replace(outcome, said=t("Undone: {move}", move=line)) if line else outcome

    def redo(self, *, seen: int) -> Outcome[Campaign]:
        """Put back the move last taken back; ``said`` names it: "Redone: …"."""
        with self._lock:
            before, undone = self.current.value, self._timeline.undone
            step = undone[-1] if undone else None
            outcome = super().redo(seen=seen)
            line = campaign_said(before, step.action, outcome.current.value) if outcome.ok and step else None
        return replace(outcome, said=t("Redone: {move}", move=line)) if line else outcome

    def replace(self, make: Callable[[Campaign], Campaign], *, seen: int) -> Outcome[Campaign]:
        """Refused: a campaign changes by action only, so that every change is in its journal."""
        raise TypeError("a campaign changes by CampaignSession.apply(action)")

    def describe(self) -> str:
        return describe_campaign(self._value.model_dump(mode="json"), self.key)

    def _mark(self) -> Callable[[], None]:
        back, timeline, folded = super()._mark(), self._timeline.copy(), self._folded_steps

        def put_back() -> None:
            back()
            self._timeline, self._folded_steps = timeline, folded

        return put_back

    def _folded(self) -> None:
        self._folded_steps = self._timeline.made

    def _can_undo(self) -> bool:
        return self._timeline.can_undo

    def _can_redo(self) -> bool:
        return self._timeline.can_redo

    def _undone(self, value: Campaign) -> tuple[Campaign, bool]:
        if not self._timeline.can_undo:
            raise Refused(t("Nothing to undo"))
        self._timeline.undo()
        after = self._timeline.value
        in_record = self._timeline.made < self._folded_steps  # the step taken back was folded: its line says where to
        self._line = campaign_journal.undone(value, after if in_record else None)
        self._folded_steps = min(self._folded_steps, self._timeline.made)
        return after, False

    def _redone(self, value: Campaign) -> tuple[Campaign, bool]:
        if not self._timeline.can_redo:
            raise Refused(t("Nothing to redo"))
        step = self._timeline.redo()
        self._line = campaign_journal.redone(value, step.action)
        return self._timeline.value, False
