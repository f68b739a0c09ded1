"""Endeavor: Deep Sea final scoring and the co-op/solo goal check (docs/rules.md §13).

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
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.i18n import t
from companion.rules.names import check_names, name_key
from companion.scoring.errors import TableError
from companion.scoring.ranking import rank

LEFTOVER_DIVISOR = 3
MAX_PLAYERS = 5  # 1–4, 5 with the deluxe edition (docs/rules.md §13)
ROUNDS, SOLO_ROUNDS = 6, 7  # E: 6 rounds, solo 7
ENTRY_MAX = 99  # docs/rules.md §13: no entry of the final scoring reaches 100 (points, counts, research, discs)
Count = Annotated[int, Field(ge=0, le=ENTRY_MAX, strict=True)]
# The four attribute tracks, each scored by its marker's column (E, "Final Scoring": "all 4 tracks").
ATTRIBUTE_TRACKS = ("ingenuity", "inspiration", "coordination", "reputation")


class EndeavorPlayer(BaseModel):
    """One player's final-scoring entries, as points. The attribute tracks are entered one by one
    (:data:`ATTRIBUTE_TRACKS`); ``tracks`` is their total entered at once (an older draft, or a table that adds
    them up itself), and can't be combined with the separate tracks."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: str = Field(min_length=1)
    tracks: int = Field(default=0, ge=0, le=len(ATTRIBUTE_TRACKS) * ENTRY_MAX)
    ingenuity: int = Field(default=0, ge=0, le=ENTRY_MAX)
    inspiration: int = Field(default=0, ge=0, le=ENTRY_MAX)
    coordination: int = Field(default=0, ge=0, le=ENTRY_MAX)
    reputation: int = Field(default=0, ge=0, le=ENTRY_MAX)
    impact: int = Field(default=0, ge=0, le=ENTRY_MAX)
    journals: int = Field(default=0, ge=0, le=ENTRY_MAX)
    specialists: int = Field(default=0, ge=0, le=ENTRY_MAX)
    research: int = Field(default=0, ge=0, le=ENTRY_MAX)
    staging_discs: int = Field(default=0, ge=0, le=ENTRY_MAX)

    @model_validator(mode="after")
    def _tracks_once(self) -> EndeavorPlayer:
        if self.tracks and any(getattr(self, track) for track in ATTRIBUTE_TRACKS):
            raise ValueError(t("{name}: enter the attribute tracks one by one or as one total, not both",
                               name=self.name))
        return self

    @property
    def track_points(self) -> int:
        """The attribute tracks' points together."""
        return self.tracks + sum(getattr(self, track) for track in ATTRIBUTE_TRACKS)


class EndeavorGoal(BaseModel):
    """A scenario mission goal: ``points_per`` for each counted item, leader bonuses ``first`` and ``second``;
    ``counts`` maps a player's name to their count (a missing player counts 0)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: str = Field(min_length=1)
    points_per: int = Field(default=0, ge=0, le=ENTRY_MAX)
    first: int = Field(default=0, ge=0, le=ENTRY_MAX)
    second: int = Field(default=0, ge=0, le=ENTRY_MAX)
    counts: dict[str, Count] = Field(default_factory=dict)


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
    tracks: int  # the attribute tracks together; each one in ``attribute_tracks``
    attribute_tracks: dict[str, int]
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


def leader_bonuses(goal: EndeavorGoal, names: Sequence[str]) -> dict[str, int]:
    """The leader bonus each player earns on ``goal`` (E, "Many goals offer leader bonuses")."""
    counts = counts_by_name(goal, names)
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


def counts_by_name(goal: EndeavorGoal | CoopGoal, names: Sequence[str]) -> dict[str, int]:
    """Each player's count on ``goal``; a count is matched to its player ignoring case and surrounding spaces."""
    keyed = {name_key(who): c for who, c in goal.counts.items()}
    return {n: keyed.get(name_key(n), 0) for n in names}


def check_table(names: Sequence[str], most: int = MAX_PLAYERS) -> None:
    """1 to ``most`` players with distinct, non-blank names (the one name rule, docs/rules.md §1)."""
    if not 1 <= len(names) <= most:
        raise TableError("players", t("Endeavor: Deep Sea has 1 to {most} players, not {n}", most=most, n=len(names)))
    try:
        check_names(names)
    except ValueError as e:
        field, _, message = str(e).partition(": ")
        raise TableError(field, message) from None


def check_counts(goals: Sequence[EndeavorGoal | CoopGoal], names: Sequence[str]) -> None:
    """A goal count belongs to a player at the table: one for anyone else is refused, naming the goal."""
    keys = {name_key(n) for n in names}
    for i, g in enumerate(goals):
        for who, count in g.counts.items():
            if count < 0:
                raise TableError(f"goals[{i}].counts.{who}", t("Goal {goal}: counts can't be negative", goal=g.name))
            if name_key(who) not in keys:
                raise TableError(f"goals[{i}].counts.{who}", t("Goal {goal} counts {who}, who is not at the table",
                                                                goal=g.name, who=who))


def score_endeavor(players: Sequence[EndeavorPlayer], goals: Sequence[EndeavorGoal] = ()) -> EndeavorResult:
    """Score a competitive game; equal totals share the victory (E). Each goal is scored on its own, even
    when two share a name. Raises :class:`TableError` (a ``ValueError``) naming the field."""
    names = [p.name for p in players]
    check_table(names)
    check_counts(goals, names)
    counts = [counts_by_name(g, names) for g in goals]
    bonuses = [leader_bonuses(g, names) for g in goals]
    rows = []
    for p in players:
        lines = tuple(GoalLine(goal=g.name, count=count[p.name], points=g.points_per * count[p.name],
                               bonus=bonus[p.name])
                      for g, count, bonus in zip(goals, counts, bonuses, strict=True))
        leftover = p.research + p.staging_discs
        goal_points = sum(line.points + line.bonus for line in lines)
        total = p.track_points + p.impact + p.journals + p.specialists + leftover // LEFTOVER_DIVISOR + goal_points
        rows.append((p, lines, leftover, goal_points, total))
    placings = rank([(-total,) for *_, total in rows], [])
    scores = tuple(EndeavorScore(name=p.name, score=total, rank=pl.rank, winner=pl.rank == 1, tracks=p.track_points,
                                 attribute_tracks={track: getattr(p, track) for track in ATTRIBUTE_TRACKS},
                                 impact=p.impact, journals=p.journals, specialists=p.specialists, leftover=leftover,
                                 leftover_points=leftover // LEFTOVER_DIVISOR, goals=lines, goal_points=goal_points,
                                 tie_break=pl.tie_break)
                   for (p, lines, leftover, goal_points, total), pl in zip(rows, placings, strict=True))
    return EndeavorResult(players=scores, winners=tuple(s.name for s in scores if s.winner))


class Difficulty(StrEnum):
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    LEGENDARY = "legendary"


GOALS_NEEDED = {Difficulty.BEGINNER: 4, Difficulty.INTERMEDIATE: 5, Difficulty.EXPERT: 6, Difficulty.LEGENDARY: 7}
MAX_GOALS = 7  # the scenario's goals plus 3 bonus goals drawn from the stack


class CoopGoal(BaseModel):
    """A co-op/solo goal: either ``achieved`` as ticked by the table, or a ``threshold`` the team's combined
    ``counts`` must reach (E: "the team's combined amount must meet that goal")."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: str = Field(min_length=1)
    achieved: bool | None = None
    threshold: int | None = Field(default=None, ge=0, le=ENTRY_MAX * 5)
    counts: dict[str, Count] = Field(default_factory=dict)

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
    rounds: int  # 7 solo, 6 with a team (E)

    @property
    def outcome(self) -> str:
        """``"won"``, or ``"lost"`` for a game that ended short of its goals (E, "Solo / Co-op")."""
        return "won" if self.won else "lost"

    @property
    def verdict(self) -> str:
        """The result in words: won or lost, and how many goals against how many were needed.

        >>> check_coop("expert", [CoopGoal(name=str(i), achieved=i < 4) for i in range(7)]).verdict
        'Lost: 4 of the 6 goals needed were met (2 short)'
        """
        met = len(self.goals_met)
        if self.won:
            return t("Won: {met} goals met, {needed} needed", met=met, needed=self.needed)
        return t("Lost: {met} of the {needed} goals needed were met ({short} short)", met=met, needed=self.needed,
                 short=self.needed - met)


def check_coop(difficulty: Difficulty | str, goals: Sequence[CoopGoal], players: int = 2) -> CoopResult:
    """Co-op/solo: the team wins by meeting enough goals for its difficulty (Beginner 4 … Legendary all 7);
    ``players`` 1 is solo, played over 7 rounds instead of 6 (E).

    >>> r = check_coop("beginner", [CoopGoal(name=str(i), achieved=i < 4) for i in range(7)], players=1)
    >>> (r.won, r.rounds)
    (True, 7)
    """
    if not 1 <= players <= MAX_PLAYERS:
        raise TableError("players", t("Endeavor: Deep Sea has 1 to {most} players, not {n}", most=MAX_PLAYERS,
                                      n=players))
    level = Difficulty(difficulty)
    if len(goals) > MAX_GOALS:
        raise ValueError(t("A scenario has at most {n} goals with its bonus goals", n=MAX_GOALS))
    flags = [g.met() for g in goals]
    met = tuple(g.name for g, ok in zip(goals, flags, strict=True) if ok)
    missed = tuple(g.name for g, ok in zip(goals, flags, strict=True) if not ok)
    needed = GOALS_NEEDED[level]
    return CoopResult(difficulty=level, goals_met=met, goals_missed=missed, needed=needed, won=len(met) >= needed,
                      rounds=SOLO_ROUNDS if players == 1 else ROUNDS)
