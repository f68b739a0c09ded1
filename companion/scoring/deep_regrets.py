"""Deep Regrets end-of-game scoring, exactly as RULES.md §7 (A p.22) under a table's :class:`Ruleset`.

>>> from companion.rules.fish import FishRef
>>> alba = DeepRegretsPlayer(name="Alba", regret_cards=14, regret_value=20, fishbucks=4,
...     hand=[FishRef(value=2, type="fair"), FishRef(value=3, type="foul")],
...     mounted=[FishRef(value=6, type="fair"), FishRef(value=6, type="foul"), FishRef(value=5, type="foul")])
>>> score_deep_regrets([alba]).players[0].score
53
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.i18n import t
from companion.rules.constants import MAX_PLAYERS, MIN_PLAYERS
from companion.rules.fish import FishRef, FishType
from companion.rules.madness import MadnessTier, card_value, madness_tier
from companion.rules.ruleset import Ruleset, build_ruleset
from companion.scoring.expansions import expansion_problem
from companion.scoring.ranking import rank

MAX_REGRET_CARD_VALUE = 3  # RULES.md §1: Regret cards print 0–3
CLOCHE_MULTIPLIER = 2  # the Cloche Supply: "an extra ×2 mount" for one small Fish (D: one port's card text)


class DeepRegretsPlayer(BaseModel):
    """One angler at the end: their Regrets, Lifeboat, Fishbucks, hand and mounts.

    ``regret_value`` is the total printed on their Regret cards; the Lifeboat's +10 is added by the scorer.
    ``mounted[i]`` is the Fish on mount slot ``i + 1`` (``None`` for an empty slot); ``cloche`` the Fish mounted
    on a Cloche Supply card, if the player has one (it scores ×2 and counts as mounted for the penalty).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    regret_cards: int = Field(ge=0)
    regret_value: int = Field(ge=0)
    lifeboat_flipped: bool = False
    fishbucks: int = Field(ge=0)
    hand: tuple[FishRef, ...] = ()
    mounted: tuple[FishRef | None, ...] = ()
    cloche: FishRef | None = None

    @model_validator(mode="after")
    def _regret_value_fits_the_cards(self) -> DeepRegretsPlayer:
        if self.regret_value > MAX_REGRET_CARD_VALUE * self.regret_cards:
            raise ValueError(t("{cards} Regret cards can't add up to {value}: each card is worth 0 to 3",
                               cards=self.regret_cards, value=self.regret_value))
        return self


class FishLine(BaseModel):
    """How one Fish scored: printed value, Madness modifier, mount multiplier, points."""

    model_config = ConfigDict(frozen=True)

    place: Literal["hand", "mount", "cloche"]
    slot: int | None  # 1-based mount slot (None in hand and on the Cloche)
    name: str | None
    type: FishType
    printed: int | None
    modifier: int
    value: int  # Madness-modified, floor 0; 0 for a Fish with no printed value
    multiplier: int
    points: int
    discarded: bool = False  # removed by the highest-Regret penalty: scores nothing


class Penalty(BaseModel):
    """The highest-Regret penalty as it hit one player (A p.22)."""

    model_config = ConfigDict(frozen=True)

    slot: int | None  # the mount slot discarded; None for the Cloche or when the player had no mounted Fish
    place: Literal["mount", "cloche"] | None = None  # None: nothing was discarded
    points_lost: int
    reason: str


class DeepRegretsScore(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    score: int
    rank: int
    winner: bool
    madness: str
    fair_modifier: int
    foul_modifier: int
    regret_cards: int
    regret_value: int
    lifeboat: int
    regret_total: int
    fish: tuple[FishLine, ...]
    fish_points: int
    fishbucks: int
    fishbucks_points: int
    penalty: Penalty | None
    tie_break: str | None


class DeepRegretsResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    ruleset: str
    variants: tuple[str, ...]
    players: tuple[DeepRegretsScore, ...]
    winners: tuple[str, ...]
    penalty_rule: str


def _value(tier: MadnessTier, fish: FishRef) -> tuple[int, int]:
    """(value, modifier) of a Fish at a Madness tier; a card that fixes its value takes no modifier (Nautilus)."""
    from companion.catalog import load_catalog  # the catalog imports the rules package

    try:
        fixed = fish.name is not None and load_catalog().fish(fish.name).fixed_value is not None
    except KeyError:
        fixed = False
    return card_value(tier, fish), 0 if fixed else tier.modifier(fish.foul)


def _lines(player: DeepRegretsPlayer, ruleset: Ruleset) -> list[FishLine]:
    tier = madness_tier(player.regret_cards, ruleset)
    lines = []
    for fish in player.hand:
        value, modifier = _value(tier, fish)
        lines.append(FishLine(place="hand", slot=None, name=fish.name, type=fish.type, printed=fish.value,
                              modifier=modifier, value=value, multiplier=1, points=value))
    for slot, fish in enumerate(player.mounted, start=1):
        if fish is None:
            continue
        value, modifier = _value(tier, fish)
        multiplier = ruleset.mount_multipliers[slot - 1]
        lines.append(FishLine(place="mount", slot=slot, name=fish.name, type=fish.type, printed=fish.value,
                              modifier=modifier, value=value, multiplier=multiplier,
                              points=value * multiplier))
    if player.cloche is not None:
        fish = player.cloche
        value, modifier = _value(tier, fish)
        lines.append(FishLine(place="cloche", slot=None, name=fish.name, type=fish.type, printed=fish.value,
                              modifier=modifier, value=value, multiplier=CLOCHE_MULTIPLIER,
                              points=value * CLOCHE_MULTIPLIER))
    return lines


def _penalty_target(mounts: list[FishLine], ruleset: Ruleset, lowest: bool) -> FishLine:
    """The mounted Fish the penalty discards.

    By scored value (A p.22) equal values score equally, so the first slot is taken. By printed value (variant C),
    a tie between equal printed values goes the player's way: the one that scores least when the highest must go,
    the one that scores most when the lowest must go — the player picks among equally-valued Fish.
    """
    def printed(line: FishLine) -> int:
        return line.printed or 0

    if ruleset.penalty_by == "scored":
        return (min if lowest else max)(mounts, key=lambda line: line.points)
    if lowest:
        return min(mounts, key=lambda line: (printed(line), -line.points))
    return max(mounts, key=lambda line: (printed(line), -line.points))


def _apply_penalty(lines: list[FishLine], ruleset: Ruleset, players: int) -> tuple[list[FishLine], Penalty]:
    mounts = [line for line in lines if line.place != "hand"]
    lowest = players == 2
    which = t("lowest") if lowest else t("highest")
    by = t("scored value") if ruleset.penalty_by == "scored" else t("printed value")
    if not mounts:
        return lines, Penalty(slot=None, points_lost=0,
                              reason=t("Highest Regret total, but no mounted Fish to discard"))
    target = _penalty_target(mounts, ruleset, lowest)
    reason = t("Highest Regret total: discards the {which}-valued mounted Fish by {by} ({players} players)",
               which=which, by=by, players=players)
    kept = [line.model_copy(update={"discarded": True, "points": 0}) if line is target else line for line in lines]
    return kept, Penalty(slot=target.slot, place=target.place, points_lost=target.points, reason=reason)


def penalty_rule(players: int, ruleset: Ruleset) -> str:
    """The highest-Regret penalty that applies at a table of ``players``, in words (A p.22)."""
    if players < 2:
        return t("Solo: no highest-Regret penalty")
    which = t("lowest") if players == 2 else t("highest")
    by = t("scored value") if ruleset.penalty_by == "scored" else t("printed value")
    return t("Highest Regret total discards its {which}-valued mounted Fish, by {by}", which=which, by=by)


def score_deep_regrets(players: Sequence[DeepRegretsPlayer], ruleset: Ruleset | None = None) -> DeepRegretsResult:
    """Score a finished table (RULES.md §7). Players are ranked; a shared rank means a shared win.

    Raises ``ValueError`` for an empty table, more than 5 players, repeated names, more mounts than slots, or a
    Fish or table the ruleset's expansions don't allow (RULES.md §11).
    """
    ruleset = ruleset or build_ruleset()
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(t("A table has {min} to {max} players, not {n}", min=MIN_PLAYERS, max=MAX_PLAYERS,
                           n=len(players)))
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError(t("Each player needs a different name"))
    slots = len(ruleset.mount_multipliers)
    for p in players:
        if len(p.mounted) > slots:
            raise ValueError(t("{name} has {n} mounts, but an angler board has {slots} slots",
                               name=p.name, n=len(p.mounted), slots=slots))
    problem = expansion_problem(players, ruleset)
    if problem:
        raise ValueError(problem)

    totals = [p.regret_value + (ruleset.lifeboat_regret_value if p.lifeboat_flipped else 0) for p in players]
    highest = max(totals)
    rows = []
    for p, total in zip(players, totals, strict=True):
        lines = _lines(p, ruleset)
        penalty = None
        if len(players) > 1 and total == highest:
            lines, penalty = _apply_penalty(lines, ruleset, len(players))
        fish_points = sum(line.points for line in lines)
        bucks = p.fishbucks // ruleset.fishbucks_per_point
        rows.append((p, total, lines, penalty, fish_points, bucks))

    placings = rank([(-(fp + b), total, p.regret_cards) for p, total, _, _, fp, b in rows],
                    [t("lower Regret value"), t("fewer Regret cards")])
    scores = []
    for (p, total, lines, penalty, fish_points, bucks), placing in zip(rows, placings, strict=True):
        tier = madness_tier(p.regret_cards, ruleset)
        scores.append(DeepRegretsScore(
            name=p.name, score=fish_points + bucks, rank=placing.rank, winner=placing.rank == 1,
            madness=tier.label, fair_modifier=tier.fair, foul_modifier=tier.foul,
            regret_cards=p.regret_cards, regret_value=p.regret_value, lifeboat=total - p.regret_value,
            regret_total=total, fish=tuple(lines), fish_points=fish_points, fishbucks=p.fishbucks,
            fishbucks_points=bucks, penalty=penalty, tie_break=placing.tie_break))
    return DeepRegretsResult(ruleset=ruleset.id, variants=ruleset.variants, players=tuple(scores),
                             winners=tuple(s.name for s in scores if s.winner),
                             penalty_rule=penalty_rule(len(players), ruleset))
