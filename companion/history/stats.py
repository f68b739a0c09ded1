"""Statistics over the plays index: per player and per game, head-to-head, by player count, and the series the
charts draw. Pure functions over :class:`~companion.history.summary.PlaySummary` lines; no store, no Flet.

Definitions (what each figure counts):

- a player's *plays* and *wins* count every play they sat in (a co-op win is a win for each of the team);
  ``win_rate`` is wins ÷ plays;
- *mean/best score* are over the plays where they had a score (co-op plays have none);
- the Deep Regrets figures (*Regret value*, points from *hand*, *mounted* and *Fishbucks*) average their Deep
  Regrets plays; *penalty rate* is how often the highest-Regret penalty hit them, over their Deep Regrets plays
  with two or more anglers (solo has no penalty, A p.22);
- *head-to-head* compares two players' ranks in every competitive play they both sat in;
- *by player count* counts the people at the table (the Shallow Regrets Frod is not one of them).

>>> from companion.history.summary import PlaySummary
>>> line = lambda name, score, rank: {"name": name, "score": score, "rank": rank, "winner": rank == 1}
>>> plays = [PlaySummary(id=str(i), game="shallow-regrets", mode="competitive", played=f"2026-11-0{i}T20:00:00Z",
...          duration_min=None, won=None, players=[line("Alba", 9 - i, 1 + i % 2), line("Hugo", 5, 2 - i % 2)])
...          for i in (1, 2, 3)]
>>> s = statistics(plays)
>>> [(p.name, p.plays, p.wins, p.best_score) for p in s.players]
[('Hugo', 3, 2, 5), ('Alba', 3, 1, 8)]
>>> s.player("Alba").head_to_head["Hugo"]
HeadToHead(plays=3, wins=1, losses=2, ties=0)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from statistics import fmean

from companion.history.models import player_key
from companion.history.summary import PlayerLine, PlaySummary

Resolve = Callable[[str], str]


@dataclass(frozen=True)
class HeadToHead:
    plays: int = 0
    wins: int = 0  # plays where this player ranked above the other
    losses: int = 0
    ties: int = 0


@dataclass(frozen=True)
class CountResult:
    plays: int
    wins: int


@dataclass(frozen=True)
class PlayerStats:
    name: str
    plays: int
    wins: int
    win_rate: float
    mean_score: float | None
    best_score: int | None
    mean_regret: float | None
    penalty_rate: float | None
    mean_hand: float | None
    mean_mounted: float | None
    mean_bucks: float | None
    head_to_head: dict[str, HeadToHead]
    by_count: dict[int, CountResult]
    scores: list[tuple[datetime, int]]  # oldest first: the "score over time" chart


@dataclass(frozen=True)
class GameStats:
    game: str
    plays: int
    mean_winning_score: float | None
    best_score: int | None
    by_count: dict[int, int]  # people at the table → plays


@dataclass(frozen=True)
class Statistics:
    plays: int
    players: list[PlayerStats]
    games: list[GameStats]

    def player(self, name: str) -> PlayerStats:
        key = player_key(name)
        return next(p for p in self.players if player_key(p.name) == key)

    def as_json(self) -> dict:
        """The JSON ``companion stats --json`` prints: exactly the shape issue 15 gives scripts to rely on."""
        return {"players": [
            {"name": p.name, "plays": p.plays, "wins": p.wins, "win_rate": round(p.win_rate, 4),
             "mean_score": None if p.mean_score is None else round(p.mean_score, 2), "best_score": p.best_score}
            for p in self.players]}


def _mean(values: Sequence[float]) -> float | None:
    return fmean(values) if values else None


@dataclass
class _Tally:
    name: str
    plays: int = 0
    wins: int = 0
    scores: list[tuple[datetime, int]] = field(default_factory=list)
    regret: list[int] = field(default_factory=list)
    penalty: list[bool] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    mounted: list[int] = field(default_factory=list)
    bucks: list[int] = field(default_factory=list)
    h2h: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0, 0]))
    by_count: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))

    def done(self) -> PlayerStats:
        points = [s for _, s in self.scores]
        return PlayerStats(
            name=self.name, plays=self.plays, wins=self.wins, win_rate=self.wins / self.plays if self.plays else 0.0,
            mean_score=_mean(points), best_score=max(points) if points else None, mean_regret=_mean(self.regret),
            penalty_rate=_mean([float(p) for p in self.penalty]), mean_hand=_mean(self.hand),
            mean_mounted=_mean(self.mounted), mean_bucks=_mean(self.bucks),
            head_to_head={k: HeadToHead(*v) for k, v in sorted(self.h2h.items(), key=lambda kv: kv[0].casefold())},
            by_count={n: CountResult(*v) for n, v in sorted(self.by_count.items())},
            scores=sorted(self.scores))


def _humans(play: PlaySummary) -> list[PlayerLine]:
    return [p for p in play.players if not p.bot]


def _add_line(tally: _Tally, play: PlaySummary, line: PlayerLine, seats: int) -> None:
    tally.plays += 1
    tally.wins += line.winner
    count = tally.by_count[seats]
    count[0] += 1
    count[1] += line.winner
    if line.score is not None:
        tally.scores.append((play.played, line.score))
    if play.game == "deep-regrets":
        for values, value in ((tally.regret, line.regret), (tally.hand, line.hand),
                              (tally.mounted, line.mounted), (tally.bucks, line.bucks)):
            if value is not None:
                values.append(value)
        if seats >= 2 and line.penalty is not None:
            tally.penalty.append(line.penalty)


def _add_head_to_head(tallies: dict[str, _Tally], seated: list[tuple[str, PlayerLine]]) -> None:
    for key, line in seated:
        for other_key, other in seated:
            if other_key == key or line.rank is None or other.rank is None:
                continue
            record = tallies[key].h2h[tallies[other_key].name]
            record[0] += 1
            record[1 if line.rank < other.rank else 2 if line.rank > other.rank else 3] += 1


def filter_plays(plays: Iterable[PlaySummary], game: str | None = None, player: str | None = None,
                 resolve: Resolve | None = None) -> list[PlaySummary]:
    """The plays of ``game`` (all games when ``None``) in which ``player`` sat (anyone when ``None``)."""
    resolve = resolve or (lambda name: name)
    wanted = player_key(resolve(player)) if player else None
    return [p for p in plays if (game is None or p.game == game)
            and (wanted is None or any(player_key(resolve(s.name)) == wanted for s in p.players))]


def _tidy(name: str) -> str:
    return " ".join(name.split())


def statistics(plays: Iterable[PlaySummary], resolve: Resolve | None = None, game: str | None = None) -> Statistics:
    """Every figure of the Statistics screen; ``resolve`` maps a typed name to the roster's name for that person."""
    lookup = resolve or _tidy

    @cache  # a handful of people over a thousand seats: each spelling is looked up on the roster once
    def person(typed: str) -> tuple[str, str]:
        name = lookup(typed)
        return name, player_key(name)

    tallies: dict[str, _Tally] = {}
    per_game: dict[str, list[PlaySummary]] = defaultdict(list)
    total = 0
    for play in plays:
        if game is not None and play.game != game:
            continue
        total += 1
        per_game[play.game].append(play)
        humans = _humans(play)
        seated = []
        for line in humans:
            name, key = person(line.name)
            tally = tallies.setdefault(key, _Tally(name=name))
            _add_line(tally, play, line, len(humans))
            seated.append((key, line))
        if play.mode != "co-op":
            _add_head_to_head(tallies, seated)
    players = sorted((t.done() for t in tallies.values()), key=lambda p: (-p.plays, -p.wins, p.name.casefold()))
    return Statistics(plays=total, players=players, games=[_game_stats(g, ps) for g, ps in sorted(per_game.items())])


def _game_stats(game: str, plays: list[PlaySummary]) -> GameStats:
    winning = [p.score for play in plays for p in _humans(play) if p.winner and p.score is not None]
    scores = [p.score for play in plays for p in _humans(play) if p.score is not None]
    counts: dict[int, int] = defaultdict(int)
    for play in plays:
        counts[len(_humans(play))] += 1
    return GameStats(game=game, plays=len(plays), mean_winning_score=_mean(winning),
                     best_score=max(scores) if scores else None, by_count=dict(sorted(counts.items())))
