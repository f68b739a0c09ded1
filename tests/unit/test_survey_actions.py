"""Issue 36 item 1: every change of a campaign is a typed action made by one ``apply`` (docs/rules.md §8)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from companion.survey import play
from companion.survey.actions import (
    CAMPAIGN_ACTION,
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
from companion.survey.engine import apply
from companion.survey.models import CAN_OF_WORMS, Campaign


def without_stamp(campaign: Campaign) -> dict:
    return campaign.model_dump(mode="json", exclude={"updated"})


def fishing() -> Campaign:
    return play.catch_fish(play.start_week(play.new_campaign("Doc")), "Sheepshead")


def at_friday() -> Campaign:
    c = fishing()
    for _ in range(4):
        c = play.next_day(c)
    return c


CASES = [
    (play.new_campaign, "Doc", StartWeek(), play.start_week, ()),
    (fishing, None, NextDay(), play.next_day, ()),
    (fishing, None, CatchFish(name="Barracuda"), play.catch_fish, ("Barracuda",)),
    (fishing, None, UndoCatch(fish_id="sheepshead"), play.undo_catch, ("sheepshead",)),
    (fishing, None, Discard(fish_id="sheepshead"), play.discard_held, ("sheepshead",)),
    (fishing, None, UseItem(item_id=CAN_OF_WORMS), play.set_item_used, (CAN_OF_WORMS, True)),
    (at_friday, None, Haul(regret_value=0), play.haul, (0, [])),
    (fishing, None, Rename(name="Halley"), play.rename_campaign, ("Halley",)),
    (fishing, None, SetNotes(notes="the one that got away"), play.set_notes, ("the one that got away",)),
]


@pytest.mark.parametrize(("make", "arg", "action", "move", "args"), CASES)
def test_each_action_makes_its_move(make, arg, action, move, args):
    before = make(arg) if arg is not None else make()
    assert without_stamp(apply(before, action)) == without_stamp(move(before, *args))


def test_the_week_end_actions_make_their_moves_a_p26():
    hauled = play.haul(at_friday(), 0, [])
    assert without_stamp(apply(hauled, ReopenHaul())) == without_stamp(play.reopen_haul(hauled))
    assert without_stamp(apply(hauled, Unlock(purchases=[]))) == without_stamp(play.unlock(hauled, []))


def test_an_action_goes_to_json_and_back_unchanged():
    action = Haul(regret_value=4, jettison=["sheepshead"])
    assert CAMPAIGN_ACTION.validate_python(CAMPAIGN_ACTION.dump_python(action, mode="json")) == action


@pytest.mark.parametrize("data", [
    {"type": "haul", "regret_value": "3"},  # strict: a text is not a number
    {"type": "haul", "regret_value": 2**60},  # beyond any Regret value, and what a file may hold
    {"type": "set_notes", "notes": "x" * 10_001},
    {"type": "catch", "name": ""},
    {"type": "dig"},
])
def test_an_action_out_of_its_bounds_is_refused(data):
    with pytest.raises(ValidationError):
        CAMPAIGN_ACTION.validate_python(data)


def test_a_change_is_stamped_after_the_campaign_it_came_from_whatever_the_clock(monkeypatch):
    campaign = play.start_week(play.new_campaign("Doc"))
    stood_still = campaign.updated

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return stood_still.astimezone(tz or UTC)

    monkeypatch.setattr(play, "datetime", Clock)
    after = apply(campaign, NextDay())
    assert after.updated > campaign.updated
