"""Issue 36 item 2: a campaign's undo and redo replay its steps (companion.survey.timeline), from the nearest kept
campaign, as far back as the timeline keeps; a new step after an undo drops the steps undone."""

from __future__ import annotations

import pytest

from companion.survey import timeline
from companion.survey.actions import SetNotes
from companion.survey.play import new_campaign
from companion.survey.timeline import Timeline


def test_undo_replays_back_as_far_as_kept_and_redo_and_a_new_branch_follow(monkeypatch):
    monkeypatch.setattr(timeline, "MARK_EVERY", 3)
    line = Timeline(new_campaign("Doc"), keep=7)
    shown = [line.value]
    for n in range(12):
        line.apply(SetNotes(notes=str(n)))
        shown.append(line.value)
    for back in range(1, 8):
        line.undo()
        assert line.value == shown[12 - back]
    with pytest.raises(IndexError):  # the oldest steps were folded into the start
        line.undo()
    for forward in range(1, 4):
        line.redo()
        assert line.value == shown[5 + forward]
    line.apply(SetNotes(notes="another way"))
    branch = line.value
    assert not line.can_redo
    line.undo()
    assert line.value == shown[8]
    line.redo()
    assert line.value == branch
