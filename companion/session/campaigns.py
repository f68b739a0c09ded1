"""An Ocean Survey campaign's session: typed actions, a journal, undo and redo from the steps its record keeps, as
a game's replay its log.

>>> from companion.survey.actions import CatchFish, StartWeek
>>> from companion.survey.play import new_campaign
>>> session = CampaignSession(new_campaign("Doc"))
>>> session.apply(StartWeek(), seen=0).ok, session.apply(CatchFish(name="Sheepshead"), seen=1).ok
(True, True)
>>> session.undo(seen=2).ok, session.current.value.current_week.held, session.current.can_redo
(True, [], True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.i18n import t
from companion.session.base import Outcome
from companion.session.journaled import Journaled
from companion.session.said import campaign_said
from companion.session.saver import Saver
from companion.store.campaign_journal import CAMPAIGN
from companion.store.records import describe_campaign
from companion.store.store import Store
from companion.survey import Campaign
from companion.survey.actions import CampaignAction


class CampaignSession(Journaled[Campaign, CampaignAction]):
    """An Ocean Survey campaign: a move is a typed action (:mod:`companion.survey.actions`), made by
    :func:`companion.survey.engine.apply` and kept among the campaign's steps (:mod:`companion.survey.timeline`),
    which undo and redo replay; with a ``store`` each change is one line appended to the campaign's log and fsynced
    before anyone is told of it, as a game's (:class:`~companion.session.journaled.Journaled`)."""

    def __init__(self, campaign: Campaign, store: Store | None = None, saver: Saver | None = None) -> None:
        super().__init__(campaign.id, campaign, CAMPAIGN, store, saver)

    def apply(self, action: CampaignAction, *, seen: int) -> Outcome[Campaign]:
        """Make ``action`` on the campaign shown at version ``seen``; a ``RuleViolation`` refuses it and changes
        nothing."""
        before = self.current.value
        outcome = self._change(seen, lambda campaign: self._applied(campaign, action, None))  # said: one line
        return replace(outcome, said=campaign_said(before, action, outcome.current.value)) if outcome.ok else outcome

    def undo(self, *, seen: int) -> Outcome[Campaign]:
        """Take back the last move; ``said`` names it: "Undone: Sunfish catalogued: a new slot on the sheet"."""
        with self._lock:
            before = self.current.value
            step = before.steps.done[-1] if before.steps.done else None
            outcome = super().undo(seen=seen)
            line = campaign_said(outcome.current.value, step.action, before) if outcome.ok and step else None
        return replace(outcome, said=t("Undone: {move}", move=line)) if line else outcome

    def redo(self, *, seen: int) -> Outcome[Campaign]:
        """Put back the move last taken back; ``said`` names it: "Redone: …"."""
        with self._lock:
            before = self.current.value
            step = before.steps.undone[0] if before.steps.undone else None  # the next to redo first
            outcome = super().redo(seen=seen)
            line = campaign_said(before, step.action, outcome.current.value) if outcome.ok and step else None
        return replace(outcome, said=t("Redone: {move}", move=line)) if line else outcome

    def replace(self, make: Callable[[Campaign], Campaign], *, seen: int) -> Outcome[Campaign]:
        """Refused: a campaign changes by action only, so that every change is in its journal."""
        raise TypeError("a campaign changes by CampaignSession.apply(action)")

    def describe(self) -> str:
        return describe_campaign(self._value.model_dump(mode="json"), self.key)
