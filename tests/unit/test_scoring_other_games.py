"""Shallow Regrets and Endeavor: Deep Sea scoring (docs/rules.md §12–§13). Numbers worked by hand."""

from __future__ import annotations

import pytest

from companion.scoring.endeavor import (
    CoopGoal,
    EndeavorGoal,
    EndeavorPlayer,
    check_coop,
    leader_bonuses,
    score_endeavor,
)
from companion.scoring.shallow_regrets import ShallowFish, ShallowPlayer, score_shallow_regrets, score_shallow_solo


def catch(*fish: tuple[int, str]) -> tuple[ShallowFish, ...]:
    return tuple(ShallowFish(points=p, type=k) for p, k in fish)


def sp(name: str, *fish: tuple[int, str]) -> ShallowPlayer:
    return ShallowPlayer(name=name, fish=catch(*fish))


# --- Shallow Regrets (seed 001 "Winning the Game") ---------------------------------------------------------

def test_shallow_seed_example_sums_points() -> None:
    """Seed 001: "3+2+1-1=5 points" — the sum of the caught Fish (no Foul Fish, so no penalty here)."""
    result = score_shallow_regrets([sp("A", (3, "fair"), (2, "fair"), (1, "fair"), (-1, "fair")), sp("B")])
    assert result.players[0].score == 5


def test_shallow_most_foul_loses_two_and_ties_all_lose() -> None:
    """Seed 001: the player or players who caught the most Foul Fish each lose 2 points.
    A: 4 + 1 (2 Foul) = 5 − 2 = 3; B: 2 + 2 (2 Foul) = 4 − 2 = 2; C: 3 (1 Foul) = 3."""
    result = score_shallow_regrets([sp("A", (4, "foul"), (1, "foul")), sp("B", (2, "foul"), (2, "foul")),
                                    sp("C", (3, "foul"))])
    assert [p.score for p in result.players] == [3, 2, 3]
    assert [p.penalty for p in result.players] == [-2, -2, 0]


def test_shallow_tie_goes_to_fewest_foul_then_shared() -> None:
    """Seed 001: tie → the tied player with the fewest Foul Fish wins; still tied → shared.
    A: Fair 5 = 5; B: Fair 3 + Foul 4 = 7, the most Foul (1) → 7 − 2 = 5; A wins on fewer Foul Fish."""
    result = score_shallow_regrets([sp("A", (5, "fair")), sp("B", (3, "fair"), (4, "foul"))])
    assert [p.score for p in result.players] == [5, 5]
    assert result.winners == ("A",)
    assert result.players[0].tie_break == "fewest Foul Fish"
    shared = score_shallow_regrets([sp("A", (2, "fair")), sp("B", (2, "fair"))])
    assert shared.winners == ("A", "B") and {p.rank for p in shared.players} == {1}


def test_shallow_nobody_foul_no_penalty() -> None:
    """docs/rules.md §12: with no Foul Fish at the table, nobody loses points."""
    result = score_shallow_regrets([sp("A", (1, "fair")), sp("B", (2, "fair"))])
    assert [p.penalty for p in result.players] == [0, 0]


def test_shallow_solo_only_human_penalised_when_strictly_more_foul() -> None:
    """docs/rules.md §12 (solo): the human takes −2 only with more Foul than the Frod. Human 6 (2 Foul) vs Frod 3
    (1 Foul): 6 − 2 = 4 > 3, human wins. Equal Foul counts: no penalty for anyone."""
    result = score_shallow_solo(sp("Me", (3, "foul"), (3, "foul")), catch((3, "foul")))
    assert [(p.name, p.score) for p in result.players] == [("Me", 4), ("Frod", 3)]
    assert result.winners == ("Me",)
    even = score_shallow_solo(sp("Me", (3, "foul")), catch((1, "foul"), (1, "foul"), (1, "fair")))
    assert [p.penalty for p in even.players] == [0, 0]


def test_shallow_solo_tied_score_goes_to_the_frod() -> None:
    """docs/rules.md §12 (solo): a tied score goes to the Frod."""
    result = score_shallow_solo(sp("Me", (4, "fair")), catch((4, "foul")))
    assert result.winners == ("Frod",)


# --- Endeavor: Deep Sea (seed 003 final scoring) ---------------------------------------------------------

def test_endeavor_categories_and_leftover_divided_by_three() -> None:
    """Seed 003: tracks + impact + journals + specialists + (research + staging discs) ÷ 3 rounded down.
    15 + 6 + 4 + 3 + (5 + 2) // 3 = 28 + 2 = 30."""
    p = EndeavorPlayer(name="A", tracks=15, impact=6, journals=4, specialists=3, research=5, staging_discs=2)
    score = score_endeavor([p]).players[0]
    assert (score.score, score.leftover_points) == (30, 2)


def test_leader_bonus_tied_first_all_get_first_and_no_second() -> None:
    """Seed 003: several tied for 1st all earn the 1st-place bonus and no 2nd-place bonus is awarded."""
    g = EndeavorGoal(name="G", first=7, second=3, counts={"A": 4, "B": 4, "C": 2})
    assert leader_bonuses(g, ["A", "B", "C"]) == {"A": 7, "B": 7, "C": 0}


def test_leader_bonus_single_first_and_tied_seconds() -> None:
    """Seed 003: one player 1st and several tied for 2nd: all tied players earn the 2nd-place bonus."""
    g = EndeavorGoal(name="G", first=7, second=3, counts={"A": 5, "B": 2, "C": 2, "D": 1})
    assert leader_bonuses(g, ["A", "B", "C", "D"]) == {"A": 7, "B": 3, "C": 3, "D": 0}


def test_leader_bonus_needs_some_criteria_met() -> None:
    """Seed 003: a player who meets none of the goal's criteria (count 0) cannot claim a leader bonus —
    not even 2nd place when they are the only other player."""
    g = EndeavorGoal(name="G", first=7, second=3, counts={"A": 3})
    assert leader_bonuses(g, ["A", "B"]) == {"A": 7, "B": 0}
    assert leader_bonuses(EndeavorGoal(name="G", first=7, counts={}), ["A", "B"]) == {"A": 0, "B": 0}


def test_endeavor_goal_points_per_count_plus_bonus_and_shared_victory() -> None:
    """Seed 003: per-count points plus the leader bonus; a tie shares the victory.
    A: 10 + 4×1 + 7 (tied 1st) = 21; B: 10 + 4 + 7 = 21; C: 18 + 2 + 0 (no 2nd after a tied 1st) = 20."""
    players = [EndeavorPlayer(name="A", tracks=10), EndeavorPlayer(name="B", tracks=10),
               EndeavorPlayer(name="C", tracks=18)]
    goals = [EndeavorGoal(name="Conservation", points_per=1, first=7, second=3, counts={"A": 4, "B": 4, "C": 2})]
    result = score_endeavor(players, goals)
    assert [p.score for p in result.players] == [21, 21, 20]
    assert result.winners == ("A", "B")
    assert [p.rank for p in result.players] == [1, 1, 3]


def test_endeavor_goal_count_for_someone_not_at_the_table_is_refused() -> None:
    """Issue 11: a count for a name not at the table is refused (a misspelt name), not scored, naming the goal."""
    with pytest.raises(ValueError, match=r"goals\[0\]\.counts\.Zed: .*not at the table"):
        score_endeavor([EndeavorPlayer(name="A")], [EndeavorGoal(name="G", first=7, second=3,
                                                                 counts={"A": 3, "Zed": 5})])


@pytest.mark.parametrize(("difficulty", "met", "won"), [
    ("beginner", 4, True), ("beginner", 3, False), ("intermediate", 5, True), ("intermediate", 4, False),
    ("expert", 6, True), ("expert", 5, False), ("legendary", 7, True), ("legendary", 6, False),
])
def test_coop_goal_check_by_difficulty(difficulty: str, met: int, won: bool) -> None:
    """Seed 003 co-op/solo: Beginner any 4 goals, Intermediate 5, Expert 6, Legendary all 7."""
    goals = [CoopGoal(name=f"G{i}", achieved=i < met) for i in range(7)]
    result = check_coop(difficulty, goals)
    assert (result.won, len(result.goals_met)) == (won, met)


def test_coop_threshold_is_met_by_the_team_total() -> None:
    """Seed 003: "the team's combined amount must meet that goal" — 3 + 2 reaches a threshold of 5."""
    assert CoopGoal(name="G", threshold=5, counts={"A": 3, "B": 2}).met()
    assert not CoopGoal(name="G", threshold=6, counts={"A": 3, "B": 2}).met()
