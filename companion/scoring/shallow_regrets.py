"""Shallow Regrets scoring (docs/rules.md §12).

Sum each player's Fish points; whoever caught the most Foul Fish loses 2 (ties: each of them). Highest score
wins; tied → fewest Foul Fish; still tied → shared. Solo (public rulebook): only the human can take the −2,
and only by catching strictly more Foul Fish than the Frod; a tied score goes to the Frod.

>>> from companion.scoring.shallow_regrets import ShallowFish, ShallowPlayer
>>> a = ShallowPlayer(name="A", fish=[ShallowFish(points=3, type="fair"), ShallowFish(points=2, type="fair"),
...     ShallowFish(points=1, type="fair"), ShallowFish(points=-1, type="foul")])
>>> score_shallow_regrets([a, ShallowPlayer(name="B", fish=[])]).players[0].score
3
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from companion.i18n import t
from companion.rules.fish import FishType
from companion.rules.names import check_names, name_key
from companion.scoring.errors import TableError
from companion.scoring.needs import name_needs
from companion.scoring.ranking import rank

MOST_FOUL_PENALTY = 2
FROD = "Frod"
POINTS_MIN, POINTS_MAX = -9, 9  # docs/rules.md §12: a card prints one figure; the readable ones print -1 to 5
CARDS_IN_BOX = 18  # docs/rules.md §12: 18 Fish cards
CARDS_WITH_EXPANSION = 24  # the 4-player expansion "Lingering Remorse" adds 6 Fish
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # 2–3 on the cover, 4 with the expansion; solo is played against the Frod


class ShallowFish(BaseModel):
    """A caught Shallow Regrets card: its points (may be negative) and Fair/Foul; the name is optional."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    name: str | None = None
    points: int = Field(ge=POINTS_MIN, le=POINTS_MAX)
    type: FishType


class ShallowPlayer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    fish: tuple[ShallowFish, ...] = ()

    @property
    def foul(self) -> int:
        return foul_count(self.fish)


class ShallowScore(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    score: int
    rank: int
    winner: bool
    fish_points: int
    foul_fish: int
    penalty: int  # 0 or −2
    penalty_reason: str | None
    tie_break: str | None


class ShallowResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    solo: bool
    players: tuple[ShallowScore, ...]
    winners: tuple[str, ...]


def _result(players: Sequence[ShallowPlayer], penalised: set[str], keys: Sequence[tuple[int, ...]],
            tie_breaks: list[str], reason: str, solo: bool) -> ShallowResult:
    placings = rank(keys, tie_breaks)
    scores = []
    for p, placing in zip(players, placings, strict=True):
        points = fish_points(p.fish)
        penalty = -MOST_FOUL_PENALTY if p.name in penalised else 0
        scores.append(ShallowScore(name=p.name, score=points + penalty, rank=placing.rank, winner=placing.rank == 1,
                                   fish_points=points, foul_fish=p.foul, penalty=penalty,
                                   penalty_reason=reason if penalty else None, tie_break=placing.tie_break))
    return ShallowResult(solo=solo, players=tuple(scores), winners=tuple(s.name for s in scores if s.winner))


def shallow_needs(names: Sequence[str], solo: bool) -> list[str]:
    """What a Shallow Regrets table still needs before it is scored: names (see :func:`name_needs`), and 2 players
    unless it is solo against the Frod (docs/rules.md §12).

    >>> shallow_needs(["Ada"], solo=False), shallow_needs(["Ada"], solo=True)
    (['Shallow Regrets needs 2 players, or switch on solo'], [])
    """
    needs = name_needs(names)
    if not solo and len(names) < MIN_PLAYERS:
        needs.append(t("Shallow Regrets needs 2 players, or switch on solo"))
    return needs


def fish_points(fish: Sequence[ShallowFish]) -> int:
    """The points of the Fish caught, before the most-Foul penalty (docs/rules.md §12; S's example: 3 + 2 + 1 − 1).

    >>> fish_points([ShallowFish(points=3, type="fair"), ShallowFish(points=-1, type="foul")])
    2
    """
    return sum(f.points for f in fish)


def foul_count(fish: Sequence[ShallowFish]) -> int:
    """How many of the Fish are Foul: what the −2 penalty and the tie-break count (docs/rules.md §12)."""
    return sum(1 for f in fish if f.type == "foul")


def _check_cards(players: Sequence[ShallowPlayer], box: int) -> None:
    """A table holds at most the Fish cards in the box (docs/rules.md §12)."""
    caught = sum(len(p.fish) for p in players)
    if caught > box:
        raise TableError("players", t("{n} Fish caught, but the box has {box} Fish cards", n=caught, box=box))


def _check_names(names: Sequence[str]) -> None:
    try:
        check_names(names)
    except ValueError as e:
        field, _, message = str(e).partition(": ")
        raise TableError(field, message) from None


def score_shallow_regrets(players: Sequence[ShallowPlayer]) -> ShallowResult:
    """Score a 2–4 player table (docs/rules.md §12; solo is :func:`score_shallow_solo`), holding at most the cards
    in the box (24 with the 4-player expansion). Raises :class:`TableError` (a ``ValueError``) naming the field.

    Nobody with a Foul Fish → nobody loses points (docs/rules.md §12: the seed is silent; nobody "caught the most").
    """
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise TableError("players", t("Shallow Regrets has 2 to 4 players (solo plays against the Frod), not {n}",
                                      n=len(players)))
    names = [p.name for p in players]
    _check_names(names)
    _check_cards(players, CARDS_WITH_EXPANSION if len(players) == MAX_PLAYERS else CARDS_IN_BOX)
    most = max(p.foul for p in players)
    penalised = {p.name for p in players if most > 0 and p.foul == most}
    keys = []
    for p in players:
        total = fish_points(p.fish) - (MOST_FOUL_PENALTY if p.name in penalised else 0)
        keys.append((-total, p.foul))
    return _result(players, penalised, keys, [t("fewest Foul Fish")],
                   t("Caught the most Foul Fish ({n})", n=most), solo=False)


def score_shallow_solo(human: ShallowPlayer, frod: Sequence[ShallowFish]) -> ShallowResult:
    """Solo against the Frod: the Frod never takes the −2; the human takes it only with strictly more Foul Fish
    than the Frod; the Frod wins a tied score."""
    frod_player = ShallowPlayer(name=FROD, fish=tuple(frod))
    _check_names([human.name])
    if name_key(human.name) == name_key(FROD):
        raise TableError("players[0].name", t("The solo player can't be called {frod}", frod=FROD))
    _check_cards([human, frod_player], CARDS_IN_BOX)
    penalised = {human.name} if human.foul > frod_player.foul else set()
    human_total = fish_points(human.fish) - (MOST_FOUL_PENALTY if penalised else 0)
    frod_total = fish_points(frod_player.fish)
    # A tied score goes to the Frod: the human's second key loses every tie.
    keys = [(-human_total, 1), (-frod_total, 0)]
    return _result([human, frod_player], penalised, keys, [t("a tie goes to the Frod")],
                   t("Caught more Foul Fish than the Frod"), solo=True)
