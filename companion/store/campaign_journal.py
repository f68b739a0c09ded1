"""A campaign's changes since its record was last written, as a game's are (:mod:`companion.store.journal`): one
JSON line each in ``campaigns/<id>.log``, appended and fsynced before any phone is shown the change, folded into the
record later (:meth:`Store.compact_campaign`).

A line names an action made (``apply``, the action), an undo, or a redo (the action made again), with the
campaign's stamp before it (``base``) and after it (``updated``). Replay goes through a
:class:`~companion.survey.timeline.Timeline` from the record: an undo replays the steps before the one it takes
back. The session keeps more to undo than the log holds (a fold empties the log, not the phone's Undo): the undo of
a step already folded into the record carries the campaign it gives back (``campaign``), which the replay starts
from again.

>>> from companion.survey.actions import StartWeek
>>> from companion.survey.play import new_campaign
>>> from companion.survey.engine import apply
>>> record = new_campaign("Doc")
>>> after = apply(record, StartWeek())
>>> line = {**applied(record, StartWeek()), "updated": after.updated.isoformat()}
>>> replay(record, [line]).value == after
True
"""

from __future__ import annotations

from typing import Any

from companion.i18n import t
from companion.rules.errors import RuleViolation
from companion.store.journal import Replay, stamp, stamp_of, start_of
from companion.store.schema import JsonObject
from companion.survey.actions import CAMPAIGN_ACTION, CampaignAction
from companion.survey.models import Campaign
from companion.survey.timeline import Timeline


def applied(before: Campaign, action: CampaignAction) -> JsonObject:
    """The line of ``action`` made on ``before``."""
    return {"op": "apply", "action": _action(action), "base": before.updated.isoformat()}


def undone(before: Campaign, back_to: Campaign | None) -> JsonObject:
    """The line of an undo of ``before``'s last step; ``back_to``: the campaign it gives back, when that step is
    already in the record (the log does not hold it)."""
    line: JsonObject = {"op": "undo", "base": before.updated.isoformat()}
    if back_to is not None:
        line["campaign"] = back_to.model_dump(mode="json")
    return line


def redone(before: Campaign, action: CampaignAction) -> JsonObject:
    """The line of a redo of ``action`` on ``before``."""
    return {"op": "redo", "action": _action(action), "base": before.updated.isoformat()}


def replay(campaign: Campaign, lines: list[JsonObject]) -> Replay[Campaign]:
    """``campaign`` with the lines of its log that came after it made, each stamped with the ``updated`` it had."""
    start = _start(campaign, lines)
    if start is None:
        return Replay(campaign, problem=t("the saved changes do not follow from the saved campaign"), skipped=lines)
    result, timeline = Replay(campaign), Timeline(campaign)
    for number, line in enumerate(lines[start:], start=start + 1):
        try:
            if stamp(line["base"]) != timeline.value.updated:
                raise ValueError(t("the saved changes do not follow from the saved campaign"))
            timeline = _changed(timeline, line)
        except (KeyError, TypeError, ValueError, RuleViolation) as e:  # pydantic's ValidationError is a ValueError
            result.problem = t("change {n} of the log: {error}", n=number, error=str(e)[:300])
            result.skipped = lines[number - 1:]
            return result
        result.value = timeline.value
        result.applied += 1
    return result


def _start(campaign: Campaign, lines: list[JsonObject]) -> int | None:
    # A log the record already holds whole (a fold that did not get to remove it) is not replayed at all: its undos
    # may reach back before the line whose stamp the record shares. A bad stamp in a line is no answer either way:
    # the replay stops at that line, keeping those before it (as a game's log does).
    if lines and stamp_of(lines[-1], "updated") == campaign.updated and stamp_of(lines[0], "base") != campaign.updated:
        return len(lines)
    return start_of(campaign.updated, lines)


def _changed(timeline: Timeline, line: JsonObject) -> Timeline:
    op, updated = line["op"], stamp(line["updated"])
    if op in ("apply", "redo"):
        timeline.apply(CAMPAIGN_ACTION.validate_python(line["action"]), updated)
    elif op == "undo" and "campaign" in line:
        back = Campaign.model_validate(line["campaign"])
        if back.id != timeline.value.id:
            raise ValueError(t("the saved changes do not follow from the saved campaign"))
        timeline = Timeline(back)
    elif op == "undo":
        if not timeline.can_undo:
            raise ValueError(t("an undo of a change the log does not hold"))
        timeline.undo()
    else:
        raise ValueError(repr(op)[:40])
    if timeline.value.updated != updated:
        raise ValueError(t("the saved changes do not follow from the saved campaign"))
    return timeline


def _action(action: CampaignAction) -> Any:
    return CAMPAIGN_ACTION.dump_python(action, mode="json")
