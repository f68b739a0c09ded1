"""A campaign's changes as its log's lines name them; the log itself is kept, read and replayed as a game's
(:mod:`companion.store.journal`), in ``campaigns/<id>.log``, and the record keeps its recent steps as a game's keeps
its log (:mod:`companion.survey.timeline`), so a replayed undo takes back a step the record or the log holds.

A line of an older version may carry more: an undo of a step its record did not keep carries the campaign it gave
back (``campaign``), and a redo carries its action; both still replay.

>>> from companion.survey.actions import StartWeek
>>> from companion.survey.play import new_campaign
>>> record = new_campaign("Doc")
>>> after = CAMPAIGN.made(record, StartWeek(), None)
>>> line = {**CAMPAIGN.applied(record, StartWeek(), None), "updated": after.updated.isoformat()}
>>> CAMPAIGN.replay(record, [line]).value == after
True
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from companion.i18n import t
from companion.store.journal import Changes, stamp
from companion.store.schema import JsonObject
from companion.survey import timeline
from companion.survey.actions import CAMPAIGN_ACTION, CampaignAction
from companion.survey.models import Campaign


class CampaignChanges(Changes[Campaign, CampaignAction]):
    """A campaign's changes: typed actions (:mod:`companion.survey.actions`), undone and redone from the steps its
    record keeps."""

    folder = "campaigns"

    def made(self, value: Campaign, action: CampaignAction, by: int | None, at: datetime | None = None) -> Campaign:
        return timeline.made(value, action, at)

    def undone(self, value: Campaign, at: datetime | None = None) -> Campaign:
        return timeline.undone(value, at)

    def redone(self, value: Campaign, at: datetime | None = None) -> Campaign:
        return timeline.redone(value, at)

    def can_undo(self, value: Campaign) -> bool:
        return timeline.can_undo(value)

    def can_redo(self, value: Campaign) -> bool:
        return timeline.can_redo(value)

    def action_data(self, action: CampaignAction) -> Any:
        return CAMPAIGN_ACTION.dump_python(action, mode="json")

    def action(self, data: Any) -> CampaignAction:
        return CAMPAIGN_ACTION.validate_python(data)

    def not_following(self) -> str:
        return t("the saved changes do not follow from the saved campaign")

    def not_stored(self) -> str:
        return t("its campaign is not stored")

    def set_aside(self, record_id: str, reason: str, moved: str) -> str:
        return t("The changes saved since campaign {id} was last written could not be replayed ({reason}); "
                 "they were moved to {moved}.", id=record_id, reason=reason, moved=moved)

    def changed(self, value: Campaign, line: JsonObject) -> Campaign:
        if line["op"] == "undo" and "campaign" in line:  # an older version's undo of a step its record did not keep
            back = Campaign.model_validate(line["campaign"]).alone()
            if back.id != value.id:
                raise ValueError(self.not_following())
            return back.model_copy(update={"updated": stamp(line["updated"])})
        if line["op"] == "undo" and not timeline.can_undo(value):
            raise ValueError(t("an undo of a change the log does not hold"))
        if line["op"] == "redo" and "action" in line and not timeline.can_redo(value):  # an older version's
            return self.made(value, self.action(line["action"]), None, stamp(line["updated"]))
        return super().changed(value, line)


CAMPAIGN = CampaignChanges()
