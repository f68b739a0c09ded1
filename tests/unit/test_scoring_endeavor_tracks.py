"""Endeavor: Deep Sea (docs/rules.md §13; seed 003 "Final Scoring", "Solo / Co-op"): the four attribute tracks
entered one by one, and a co-op game that ends short of its goals is lost (issue 12)."""

import pytest
from pydantic import ValidationError

from companion.scoring.endeavor import (
    ATTRIBUTE_TRACKS,
    CoopGoal,
    EndeavorPlayer,
    check_coop,
    score_endeavor,
)


def test_the_four_tracks_are_entered_separately_and_added_rules_md_13():
    a = EndeavorPlayer(name="A", ingenuity=4, inspiration=3, coordination=6, reputation=2, impact=5)
    [row] = score_endeavor([a]).players
    assert row.attribute_tracks == {"ingenuity": 4, "inspiration": 3, "coordination": 6, "reputation": 2}
    assert row.tracks == 15 and row.score == 20
    assert len(ATTRIBUTE_TRACKS) == 4


def test_a_total_entered_at_once_still_scores_rules_md_13():
    [row] = score_endeavor([EndeavorPlayer(name="A", tracks=15)]).players
    assert row.tracks == 15 and row.attribute_tracks == dict.fromkeys(ATTRIBUTE_TRACKS, 0)


def test_tracks_entered_both_ways_are_refused_naming_the_player_rules_md_13():
    with pytest.raises(ValidationError, match="A: enter the attribute tracks one by one or as one total"):
        EndeavorPlayer(name="A", tracks=10, reputation=2)


def test_a_track_below_zero_is_refused_naming_the_field_rules_md_13():
    with pytest.raises(ValidationError, match="coordination"):
        EndeavorPlayer(name="A", coordination=-1)


def test_co_op_short_of_its_goals_is_lost_rules_md_13():
    goals = [CoopGoal(name=f"G{i}", achieved=i < 5) for i in range(7)]
    result = check_coop("expert", goals, players=2)  # Expert needs 6 (seed 003)
    assert (result.won, result.outcome) == (False, "lost")
    assert result.verdict == "Lost: 5 of the 6 goals needed were met (1 short)"
    won = check_coop("intermediate", goals, players=2)  # 5 needed
    assert (won.outcome, won.verdict) == ("won", "Won: 5 goals met, 5 needed")


def test_too_few_goals_entered_for_legendary_is_a_loss_rules_md_13():
    result = check_coop("legendary", [CoopGoal(name="G", achieved=True)] * 4, players=1)
    assert result.outcome == "lost" and "3 short" in result.verdict
