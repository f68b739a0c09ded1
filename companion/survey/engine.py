"""One door for every change of a campaign: :func:`apply` makes a typed action (:mod:`companion.survey.actions`)
with its move in :mod:`companion.survey.play`, as :func:`companion.rules.engine.apply` does a table's.

A move that breaks a rule raises :class:`~companion.rules.errors.RuleViolation` and the campaign passed in is never
changed. A changed campaign is stamped (``updated``) strictly after the one it came from, so each version of a
campaign has a stamp of its own: a journal line names the version it follows by it.

>>> from companion.survey.actions import CatchFish, StartWeek
>>> from companion.survey.play import new_campaign
>>> c = apply(apply(new_campaign("Doc"), StartWeek()), CatchFish(name="Sheepshead"))
>>> c.current_week.held_ids
['sheepshead']
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from companion.survey import play
from companion.survey.actions import (
    CampaignAction,
    CatchFish,
    Discard,
    Haul,
    NextDay,
    Rename,
    ReopenHaul,
    SetNotes,
    StartWeek,
    UndoCatch,
    Unlock,
    UseItem,
)
from companion.survey.models import Campaign

_TICK = timedelta(microseconds=1)

def apply(campaign: Campaign, action: CampaignAction) -> Campaign:
    """``campaign`` after ``action``; ``RuleViolation`` naming the rule when the rules refuse it."""
    return restamped(_made(campaign, action), campaign.updated)


def restamped(campaign: Campaign, after: datetime) -> Campaign:
    """``campaign`` stamped now, and strictly ``after`` the stamp it follows (a coarse clock, or one set back:
    still a stamp of its own)."""
    return campaign.model_copy(update={"updated": max(datetime.now(UTC), after + _TICK)})


def _made(c: Campaign, action: CampaignAction) -> Campaign:
    match action:
        case StartWeek():
            return play.start_week(c)
        case NextDay():
            return play.next_day(c)
        case CatchFish(name=name):
            return play.catch_fish(c, name)
        case UndoCatch(fish_id=fish_id):
            return play.undo_catch(c, fish_id)
        case Discard(fish_id=fish_id):
            return play.discard_held(c, fish_id)
        case UseItem(item_id=item_id, used=used):
            return play.set_item_used(c, item_id, used)
        case Haul(regret_value=regret, jettison=jettison):
            return play.haul(c, regret, jettison)
        case ReopenHaul():
            return play.reopen_haul(c)
        case Unlock(purchases=purchases, dinks=dinks):
            return play.unlock(c, purchases, dinks)
        case Rename(name=name):
            return play.rename_campaign(c, name)
        case SetNotes(notes=notes):
            return play.set_notes(c, notes)
