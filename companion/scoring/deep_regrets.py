"""Deep Regrets end-of-game scoring, exactly as docs/rules.md §7 (A p.22) under a table's :class:`Ruleset`.

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
from companion.rules.cards import check_fish, fish_value, no_sale_or_mount
from companion.rules.catalog import CatalogFish
from companion.rules.constants import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    REGRET_CARDS_IN_BOX,
    REGRET_VALUE_MAX,
    REGRET_VALUE_MIN,
    REGRETS_PER_PLAYER,
)
from companion.rules.errors import RuleViolation
from companion.rules.expansions import ExpansionId, box_problem, table_problem
from companion.rules.fish import FISH_WORDS, FishRef, FishType, Size
from companion.rules.madness import madness_tier
from companion.rules.names import check_names
from companion.rules.ruleset import Ruleset, build_ruleset
from companion.rules.sources import cited
from companion.scoring.errors import TableError
from companion.scoring.ranking import rank

CLOCHE_MULTIPLIER = 2  # the Cloche Supply: "an extra ×2 mount" for one small Fish (D: one port's card text)
CLOCHE_HOLDS: Size = "small"  # ... the size of Fish that card takes (docs/rules.md §10)


def cloche_problem(card: CatalogFish) -> str | None:
    """Why the catalog Fish ``card`` can't go on the Cloche, or ``None`` when it can: the Cloche holds one small
    Fish (docs/rules.md §10). The scorer screen, the scorer's table input and :func:`score_deep_regrets` ask here.

    >>> from companion.rules.catalog import load_catalog
    >>> cloche_problem(load_catalog().fish("Lanternfish")) is None
    True
    >>> cloche_problem(load_catalog().fish("Sunfish"))
    'the Cloche holds a small Fish; Sunfish is large'
    """
    if card.size == CLOCHE_HOLDS:
        return None
    return t("the Cloche holds a small Fish; {name} is {size}", name=card.name, size=t(FISH_WORDS[card.size]))


class DeepRegretsPlayer(BaseModel):
    """One angler at the end: their Regrets, Lifeboat, Fishbucks, hand and mounts.

    ``regret_value`` is the total printed on their Regret cards; the Lifeboat's +10 is added by the scorer.
    ``mounted[i]`` is the Fish on mount slot ``i + 1`` (``None`` for an empty slot); ``cloche`` the Fish mounted
    on a Cloche Supply card, if the player has one (it scores ×2, but the penalty takes only from the slots,
    docs/rules.md §10); ``displayed`` the Fish kept face up in front of the player, scored like Fish in hand (A p.27).
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
    displayed: tuple[FishRef, ...] = ()

    @model_validator(mode="after")
    def _regret_value_fits_the_cards(self) -> DeepRegretsPlayer:
        if self.regret_value > REGRET_VALUE_MAX * self.regret_cards:
            raise ValueError(t("{cards} Regret cards can't add up to {value}: each card is worth {low} to {high}",
                               cards=self.regret_cards, value=self.regret_value, low=REGRET_VALUE_MIN,
                               high=REGRET_VALUE_MAX))
        return self


PenaltyBy = Literal["scored", "printed"]  # which value picks the Fish the penalty takes (docs/rules.md §9)


class FishLine(BaseModel):
    """How one Fish scored: printed value, Madness modifier, mount multiplier, points."""

    model_config = ConfigDict(frozen=True)

    place: Literal["hand", "displayed", "mount", "cloche"]
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
    """The highest-Regret penalty as it hit one player (A p.22). What it did is kept as keys and put in words
    where it is shown (:func:`penalty_text`), in the reader's language: a play is read later, on other phones.
    ``reason``: the words plays recorded before issue 37 kept instead, in their scorer's language."""

    model_config = ConfigDict(frozen=True)

    slot: int | None  # the mount slot discarded; None when the player had no Fish on a slot
    place: Literal["mount"] | None = None  # None: nothing was discarded
    points_lost: int
    discards: Literal["lowest", "highest"] | None = None  # which mounted Fish; None: none to discard
    by: PenaltyBy | None = None  # chosen by scored or printed value (docs/rules.md §9)
    players: int | None = Field(default=None, ge=2, le=MAX_PLAYERS)
    reason: str | None = None


def penalty_text(penalty: Penalty) -> str:
    """What the highest-Regret penalty did, in the reader's language (a play recorded before issue 37: its words)."""
    if penalty.by is None:
        return penalty.reason or ""
    if penalty.discards is None or penalty.players is None:
        return t("Highest Regret total, but no mounted Fish to discard")
    return t("Highest Regret total: discards the {which}-valued mounted Fish by {by} ({players} players)",
             which=_which(penalty.players), by=_by(penalty.by), players=penalty.players)


def _which(players: int) -> str:
    return t("lowest") if players == 2 else t("highest")  # A p.22: with 2 players the lowest


def _by(by: PenaltyBy) -> str:
    return t("scored value") if by == "scored" else t("printed value")


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
    expansions: tuple[ExpansionId, ...] = ()  # the boxes on the table, named in the history (docs/rules.md §11)


def _lines(player: DeepRegretsPlayer, ruleset: Ruleset) -> list[FishLine]:
    tier = madness_tier(player.regret_cards, ruleset)

    def line(fish: FishRef, place: Literal["hand", "displayed", "mount", "cloche"], slot: int | None,
             multiplier: int) -> FishLine:
        value = fish_value(tier, fish)
        fixed = value != tier.fish_value(fish.value, fish.foul)  # a card whose value no Madness changes
        return FishLine(place=place, slot=slot, name=fish.name, type=fish.type, printed=fish.value,
                        modifier=0 if fixed else tier.modifier(fish.foul), value=value, multiplier=multiplier,
                        points=value * multiplier)

    lines = [line(fish, "hand", None, 1) for fish in player.hand]
    lines += [line(fish, "displayed", None, 1) for fish in player.displayed]
    lines += [line(fish, "mount", slot, ruleset.multiplier(slot))
              for slot, fish in enumerate(player.mounted, start=1) if fish is not None]
    if player.cloche is not None:
        lines.append(line(player.cloche, "cloche", None, CLOCHE_MULTIPLIER))
    return lines


def _penalty_target(mounts: list[FishLine], ruleset: Ruleset, lowest: bool) -> FishLine:
    """The mounted Fish the penalty discards.

    By scored value (A p.22) equal values score equally, so the first slot is taken. By printed value (variant C),
    a tie between equal printed values goes the angler's way, with 2 players and with more: the angler picks among
    equally-valued Fish, so keeps the one that scores more and discards the one that scores less (docs/rules.md §9).
    """
    def printed(line: FishLine) -> int:
        return line.printed or 0

    if ruleset.penalty_by == "scored":
        return (min if lowest else max)(mounts, key=lambda line: line.points)
    if lowest:
        return min(mounts, key=lambda line: (printed(line), line.points))
    return max(mounts, key=lambda line: (printed(line), -line.points))


def _apply_penalty(lines: list[FishLine], ruleset: Ruleset, players: int) -> tuple[list[FishLine], Penalty]:
    mounts = [line for line in lines if line.place == "mount"]  # never the Cloche (docs/rules.md §10)
    lowest = players == 2
    if not mounts:
        return lines, Penalty(slot=None, points_lost=0, by=ruleset.penalty_by, players=players)
    target = _penalty_target(mounts, ruleset, lowest)
    kept = [line.model_copy(update={"discarded": True, "points": 0}) if line is target else line for line in lines]
    return kept, Penalty(slot=target.slot, place=target.place, points_lost=target.points,
                         discards="lowest" if lowest else "highest", by=ruleset.penalty_by, players=players)


def penalty_rule(players: int, ruleset: Ruleset, highest: int | None = None) -> str:
    """The highest-Regret penalty that applies at a table of ``players``, in words (A p.22); ``highest``: the
    highest Regret total, once known (0: nobody has Regrets to lose, docs/rules.md §7.2)."""
    if players < 2:
        return t("Solo: no highest-Regret penalty")
    if highest == 0:
        return t("Every Regret total is 0: nobody has Regrets to lose, so no mounted Fish is discarded")
    return t("Highest Regret total discards its {which}-valued mounted Fish, by {by}", which=_which(players),
             by=_by(ruleset.penalty_by))


def _check_fish(players: Sequence[DeepRegretsPlayer], ruleset: Ruleset) -> None:
    """Every Fish is a card that exists, once, where it can be (docs/rules.md §10), from a box on the table (§11)."""
    seen: dict[str, str] = {}
    for seat, p in enumerate(players):
        places: list[tuple[str, FishRef | None, bool]] = [(f"hand[{j}]", f, False) for j, f in enumerate(p.hand)]
        places += [(f"displayed[{j}]", f, False) for j, f in enumerate(p.displayed)]
        places += [(f"mounted[{j}]", f, True) for j, f in enumerate(p.mounted)]
        places.append(("cloche", p.cloche, True))
        for where, fish, mount in places:
            if fish is None:
                continue
            field = f"players[{seat}].{where}"
            try:
                card = check_fish(fish, field)
                if mount:
                    no_sale_or_mount(fish, t("mounted"))
            except RuleViolation as e:
                raise TableError(field, str(e)) from None
            if card is None:
                continue
            problem = box_problem(fish, ruleset.expansions)
            if problem:
                raise TableError(field, cited(problem, "docs/rules.md §11"))
            problem = cloche_problem(card) if where == "cloche" else None
            if problem:
                raise TableError(field, problem)
            if card.name in seen:
                raise TableError(field, cited(t("there is one {name} card, and it is already at {other}",
                                                name=card.name, other=seen[card.name]), "docs/rules.md §10"))
            seen[card.name] = field


def regret_deck(players: int) -> int:
    """The Regret cards a table of ``players`` plays with: 10 per player (A p.6), every card in the box solo (A p.23).

    >>> regret_deck(4), regret_deck(1)
    (40, 60)
    """
    return REGRETS_PER_PLAYER * players if players > 1 else REGRET_CARDS_IN_BOX


def _check_player(seat: int, p: DeepRegretsPlayer, players: int, ruleset: Ruleset) -> None:
    """Numbers no table can reach: more Regret cards than the deck, Fishbucks over the cap, too many mounts."""
    deck = regret_deck(players)
    if p.regret_cards > deck:
        raise TableError(f"players[{seat}].regret_cards", cited(t("{n} players have a Regret deck of {deck} cards",
                                                               n=players, deck=deck), "A p.6") if players > 1 else
                         cited(t("solo uses every Regret card: {deck}", deck=deck), "A p.23"))
    cap = ruleset.money_cap
    if cap is not None and p.fishbucks > cap:
        raise TableError(f"players[{seat}].fishbucks", cited(t("at most ${cap} under this ruleset", cap=cap),
                                                          ruleset.sources["money_cap"]))
    slots = len(ruleset.mount_multipliers)
    if len(p.mounted) > slots:
        raise TableError(f"players[{seat}].mounted", t("{name} has {n} mounts, but an angler board has {slots} slots",
                                                    name=p.name, n=len(p.mounted), slots=slots))


def _check_regret_deck(players: Sequence[DeepRegretsPlayer]) -> None:
    """The table's Regret cards together come from one deck: 10 per player (A p.6), every card solo (A p.23)."""
    deck = regret_deck(len(players))
    held = sum(p.regret_cards for p in players)
    if held > deck:
        raise TableError("players", cited(t("{held} Regret cards in all, but {n} players have a Regret deck of "
                                            "{deck} cards", held=held, n=len(players), deck=deck), "A p.6"))


def score_deep_regrets(players: Sequence[DeepRegretsPlayer], ruleset: Ruleset | None = None) -> DeepRegretsResult:
    """Score a finished table (docs/rules.md §7). Players are ranked; a shared rank means a shared win.

    Raises :class:`TableError` (a ``ValueError``) naming the field for a table that can't exist: no players or
    more than 5, a blank or repeated name, more mounts than slots, more Regret cards than the deck, Fishbucks
    over the cap, a Fish no card prints, a card twice, a card mounted that can't be (docs/rules.md §10), an expansion
    the table is too small for or a Fish from an expansion it doesn't play (docs/rules.md §11).
    """
    ruleset = ruleset or build_ruleset()
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise TableError("players", t("A table has {min} to {max} players, not {n}", min=MIN_PLAYERS,
                                      max=MAX_PLAYERS, n=len(players)))
    try:
        check_names([p.name for p in players])
    except ValueError as e:
        field, _, message = str(e).partition(": ")
        raise TableError(field, message) from None
    problem = table_problem(ruleset.expansions, len(players))
    if problem:
        raise TableError("expansions", problem)
    for seat, p in enumerate(players):
        _check_player(seat, p, len(players), ruleset)
    _check_regret_deck(players)
    _check_fish(players, ruleset)

    totals = [p.regret_value + (ruleset.lifeboat_regret_value if p.lifeboat_flipped else 0) for p in players]
    highest = max(totals)
    rows = []
    for p, total in zip(players, totals, strict=True):
        lines = _lines(p, ruleset)
        penalty = None
        if len(players) > 1 and total == highest > 0:  # a total of 0 has nothing to punish (docs/rules.md §7.2)
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
                             penalty_rule=penalty_rule(len(players), ruleset, highest), expansions=ruleset.expansions)
