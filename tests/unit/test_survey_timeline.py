"""Issue 36 item 2, issue 47 item 2: a campaign's undo and redo replay the steps it keeps (companion.survey.timeline),
from the nearest kept campaign, as far back as it keeps them; a new step after an undo drops the steps undone."""

from __future__ import annotations

import pytest

from companion.rules.errors import RuleViolation
from companion.survey import timeline
from companion.survey.actions import SetNotes
from companion.survey.models import Campaign
from companion.survey.play import new_campaign


def sheet(campaign: Campaign) -> object:
    """What a phone shows of a campaign: all but its stamp and its steps."""
    return campaign.model_dump(exclude={"updated", "steps"})


def test_undo_replays_back_as_far_as_kept_and_redo_and_a_new_branch_follow(monkeypatch):
    monkeypatch.setattr(timeline, "MARK_EVERY", 3)
    monkeypatch.setattr(timeline, "KEEP", 7)
    campaign = new_campaign("Doc")
    shown = [campaign]
    for n in range(12):
        campaign = timeline.made(campaign, SetNotes(notes=str(n)))
        shown.append(campaign)
    for back in range(1, 8):
        later = campaign
        campaign = timeline.undone(campaign)
        assert sheet(campaign) == sheet(shown[12 - back]) and campaign.updated > later.updated
    with pytest.raises(RuleViolation):  # the oldest steps were folded into the start
        timeline.undone(campaign)
    for forward in range(1, 4):
        campaign = timeline.redone(campaign)
        assert sheet(campaign) == sheet(shown[5 + forward])
    campaign = timeline.made(campaign, SetNotes(notes="another way"))
    branch = campaign
    assert not timeline.can_redo(campaign)
    campaign = timeline.undone(campaign)
    assert sheet(campaign) == sheet(shown[8])
    assert sheet(timeline.redone(campaign)) == sheet(branch)


def test_the_steps_a_record_keeps_read_back_as_they_were_and_another_campaigns_are_refused():
    campaign = timeline.undone(timeline.made(timeline.made(new_campaign("Doc"), SetNotes(notes="a")),
                                             SetNotes(notes="b")))
    assert Campaign.model_validate(campaign.model_dump(mode="json")) == campaign
    other = campaign.model_dump(mode="json")
    other["steps"]["start"]["id"] = "someone-else"
    with pytest.raises(ValueError, match="not this campaign's"):
        Campaign.model_validate(other)
