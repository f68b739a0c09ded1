"""Endeavor: Deep Sea final scoring and the co-op/solo goal check (OTHER_GAMES.md, seed 003).

Scoring categories are entered as points (tracks, impact hexes, journals, senior tier-5 specialists), plus
(leftover research + staging-area discs) ÷ 3 rounded down, plus mission goals: ``points_per`` × count and the
leader bonuses, exactly as the seed rules them:

- several players tied for 1st all earn the 1st-place bonus, and no 2nd-place bonus is awarded;
- one player 1st and several tied for 2nd: all of them earn the 2nd-place bonus;
- a player who meets none of the goal's criteria (count 0) cannot claim a leader bonus.

>>> g = EndeavorGoal(name="Conservation", points_per=1, first=7, second=3, counts={"A": 4, "B": 4, "C": 2})
>>> leader_bonuses(g, ["A", "B", "C"])
{'A': 7, 'B': 7, 'C': 0}
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.i18n import t
from companion.scoring.ranking import rank

LEFTOVER_DIVISOR = 3


class EndeavorPlayer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    tracks: int = Field(default=0, ge=0)
    impact: int = Field(default=0, ge=0)
    journals: int = Field(default=0, ge=0)
    specialists: int = Field(default=0, ge=0)
    research: int = Field(default=0, ge=0)
    staging_discs: int = Field(default=0, ge=0)


class EndeavorGoal(BaseModel):
    """A scenario mission goal: ``points_per`` for each counted item, leader bonuses ``first`` and ``second``;
    ``counts`` maps a player's name to their count (a missing player counts 0)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    points_per: int = Field(default=0, ge=0)
    first: int = Field(default=0, ge=0)
    second: int = Field(default=0, ge=0)
    counts: dict[str, int] = Field(default_factory=dict)


class GoalLine(BaseModel):
    model_config = ConfigDict(frozen=True)

    goal: str
    count: int
    points: int
    bonus: int


class EndeavorScore(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    score: int
    rank: int
    winner: bool
    tracks: int
    impact: int
    journals: int
    specialists: int
    leftover: int  # research + staging discs
    leftover_points: int
    goals: tuple[GoalLine, ...]
    goal_points: int
    tie_break: str | None


class EndeavorResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    players: tuple[EndeavorScore, ...]
    winners: tuple[str, ...]
    warnings: tuple[str, ...] = ()


def leader_bonuses(goal: EndeavorGoal, names: Sequence[str]) -> dict[str, int]:
    """The leader bonus each player earns on ``goal`` (seed 003, "Many goals offer leader bonuses")."""
    counts = {n: goal.counts.get(n, 0) for n in names}
    bonus = dict.fromkeys(names, 0)
    qualified = sorted({c for c in counts.values() if c > 0}, reverse=True)
    if not qualified:
        return bonus
    firsts = [n for n in names if counts[n] == qualified[0]]
    for n in firsts:
        bonus[n] = goal.first
    if len(firsts) == 1 and len(qualified) > 1:
        for n in names:
            if counts[n] == qualified[1]:
                bonus[n] = goal.second
    return bonus


def score_endeavor(players: Sequence[EndeavorPlayer], goals: Sequence[EndeavorGoal] = ()) -> EndeavorResult:
    """Score a competitive game; equal totals share the victory (seed 003)."""
    if not players:
        raise ValueError(t("A table needs at least one player"))
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError(t("Each player needs a different name"))
    warnings = []
    bonuses = {}
    for g in goals:
        if any(c < 0 for c in g.counts.values()):
            raise ValueError(t("Goal {goal}: counts can't be negative", goal=g.name))
        # A count for someone not among the players still competes for the leader bonus (the table counted
        # them), but is reported: it may be a misspelt name.
        unknown = sorted(set(g.counts) - set(names))
        if unknown:
            warnings.append(t("Goal {goal} counts {who}, who is not among the players", goal=g.name,
                              who=", ".join(unknown)))
        bonuses[g.name] = leader_bonuses(g, [*names, *unknown])
    rows = []
    for p in players:
        lines = tuple(GoalLine(goal=g.name, count=g.counts.get(p.name, 0),
                               points=g.points_per * g.counts.get(p.name, 0), bonus=bonuses[g.name][p.name])
                      for g in goals)
        leftover = p.research + p.staging_discs
        goal_points = sum(line.points + line.bonus for line in lines)
        total = p.tracks + p.impact + p.journals + p.specialists + leftover // LEFTOVER_DIVISOR + goal_points
        rows.append((p, lines, leftover, goal_points, total))
    placings = rank([(-total,) for *_, total in rows], [])
    scores = tuple(EndeavorScore(name=p.name, score=total, rank=pl.rank, winner=pl.rank == 1, tracks=p.tracks,
                                 impact=p.impact, journals=p.journals, specialists=p.specialists, leftover=leftover,
                                 leftover_points=leftover // LEFTOVER_DIVISOR, goals=lines, goal_points=goal_points,
                                 tie_break=pl.tie_break)
                   for (p, lines, leftover, goal_points, total), pl in zip(rows, placings, strict=True))
    return EndeavorResult(players=scores, winners=tuple(s.name for s in scores if s.winner),
                          warnings=tuple(warnings))


class Difficulty(StrEnum):
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    LEGENDARY = "legendary"


GOALS_NEEDED = {Difficulty.BEGINNER: 4, Difficulty.INTERMEDIATE: 5, Difficulty.EXPERT: 6, Difficulty.LEGENDARY: 7}
MAX_GOALS = 7  # the scenario's goals plus 3 bonus goals drawn from the stack


class CoopGoal(BaseModel):
    """A co-op/solo goal: either ``achieved`` as ticked by the table, or a ``threshold`` the team's combined
    ``counts`` must reach (seed 003: "the team's combined amount must meet that goal")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    achieved: bool | None = None
    threshold: int | None = Field(default=None, ge=0)
    counts: dict[str, int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _decidable(self) -> CoopGoal:
        if self.achieved is None and self.threshold is None:
            raise ValueError(t("Goal {goal} needs achieved or a threshold", goal=self.name))
        return self

    def met(self) -> bool:
        if self.achieved is not None:
            return self.achieved
        return sum(self.counts.values()) >= (self.threshold or 0)


class CoopResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    difficulty: Difficulty
    goals_met: tuple[str, ...]
    goals_missed: tuple[str, ...]
    needed: int
    won: bool


def check_coop(difficulty: Difficulty | str, goals: Sequence[CoopGoal]) -> CoopResult:
    """Co-op/solo: the team wins by meeting enough goals for its difficulty (Beginner 4 … Legendary all 7).

    >>> check_coop("beginner", [CoopGoal(name=str(i), achieved=i < 4) for i in range(7)]).won
    True
    """
    level = Difficulty(difficulty)
    if len(goals) > MAX_GOALS:
        raise ValueError(t("A scenario has at most {n} goals with its bonus goals", n=MAX_GOALS))
    flags = [g.met() for g in goals]
    met = tuple(g.name for g, ok in zip(goals, flags, strict=True) if ok)
    missed = tuple(g.name for g, ok in zip(goals, flags, strict=True) if not ok)
    needed = GOALS_NEEDED[level]
    return CoopResult(difficulty=level, goals_met=met, goals_missed=missed, needed=needed, won=len(met) >= needed)
