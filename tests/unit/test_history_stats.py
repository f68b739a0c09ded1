"""Statistics (issue 15, item 4) from a store of generated plays, checked against figures this test computes
itself from the plays' own results; and a small table worked out by hand."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from statistics import fmean

import pytest

from companion.history import load_roster, player_key, statistics
from companion.history.models import Play, PlayPlayer
from companion.store import open_store
from tests.support.plays import generated_plays

PLAYS = 80


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Play], object]:
    store = open_store(tmp_path_factory.mktemp("plays"))
    plays = generated_plays(PLAYS, seed=15)
    for play in plays:
        store.save_play(play)
    return plays, statistics(store.list_plays(), load_roster(store).resolve)


def _humans(play: Play) -> list[PlayPlayer]:
    return [p for p in play.players if not p.bot]


def _expected(plays: list[Play]) -> dict[str, dict]:
    """Each person's figures, straight from the plays' scored results (breakdowns as ``companion score`` gives)."""
    seats: dict[str, list[tuple[Play, PlayPlayer]]] = defaultdict(list)
    for play in plays:
        for p in _humans(play):
            seats[player_key(p.name)].append((play, p))
    out = {}
    for key, mine in seats.items():
        scores = [p.score for _, p in mine if p.score is not None]
        deep = [(play, p) for play, p in mine if play.game == "deep-regrets"]
        hand = [sum(f["points"] for f in p.breakdown["fish"] if f["place"] == "hand") for _, p in deep]
        mounted = [sum(f["points"] for f in p.breakdown["fish"] if f["place"] in ("mount", "cloche")) for _, p in deep]
        hit = [p.breakdown["penalty"] is not None for play, p in deep if len(_humans(play)) > 1]
        out[key] = {"plays": len(mine), "wins": sum(p.winner for _, p in mine),
                    "mean_score": fmean(scores) if scores else None, "best_score": max(scores, default=None),
                    "mean_regret": fmean(p.breakdown["regret_value"] for _, p in deep) if deep else None,
                    "mean_hand": fmean(hand) if hand else None, "mean_mounted": fmean(mounted) if mounted else None,
                    "mean_bucks": fmean(p.breakdown["fishbucks_points"] for _, p in deep) if deep else None,
                    "penalty_rate": sum(hit) / len(hit) if hit else None}
    return out


def test_the_generated_store_covers_every_game_and_mode(stored):
    plays, _ = stored
    assert {p.game for p in plays} == {"deep-regrets", "shallow-regrets", "endeavor-deep-sea"}
    assert {p.mode for p in plays} >= {"competitive", "solo", "co-op"}
    spellings = {p.name for play in plays for p in play.players if player_key(p.name) == "alba"}
    assert len(spellings) > 1  # the same person typed differently


def test_per_player_figures_agree_with_the_plays(stored):
    plays, stats = stored
    expected = _expected(plays)
    assert {player_key(p.name) for p in stats.players} == set(expected)
    for p in stats.players:
        want = expected[player_key(p.name)]
        assert (p.plays, p.wins, p.best_score) == (want["plays"], want["wins"], want["best_score"]), p.name
        assert p.win_rate == pytest.approx(want["wins"] / want["plays"])
        for figure in ("mean_score", "mean_regret", "mean_hand", "mean_mounted", "mean_bucks", "penalty_rate"):
            assert getattr(p, figure) == pytest.approx(want[figure]), (p.name, figure)


def test_head_to_head_and_player_counts_agree_with_the_plays(stored):
    plays, stats = stored
    h2h: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    counts: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    for play in plays:
        humans = _humans(play)
        for p in humans:
            c = counts[player_key(p.name), len(humans)]
            c[0] += 1
            c[1] += p.winner
            if play.mode == "co-op":
                continue
            for q in humans:
                if q is not p:
                    record = h2h[player_key(p.name), player_key(q.name)]
                    record[0] += 1
                    record[1 if p.rank < q.rank else 2 if p.rank > q.rank else 3] += 1
    for p in stats.players:
        for other, got in p.head_to_head.items():
            assert [got.plays, got.wins, got.losses, got.ties] == h2h[player_key(p.name), player_key(other)]
        assert sum(h.plays for h in p.head_to_head.values()) == sum(
            v[0] for (a, _), v in h2h.items() if a == player_key(p.name))
        for n, got in p.by_count.items():
            assert [got.plays, got.wins] == counts[player_key(p.name), n]


def test_one_game_only(stored):
    plays, _ = stored
    store_plays = [p for p in plays if p.game == "shallow-regrets"]
    from companion.history.summary import play_summary

    stats = statistics([play_summary(p.model_dump(mode="json")) for p in plays], game="shallow-regrets")
    assert stats.plays == len(store_plays)
    assert [g.game for g in stats.games] == ["shallow-regrets"]
    assert sum(p.plays for p in stats.players) == sum(len(_humans(p)) for p in store_plays)


def test_a_table_worked_out_by_hand(tmp_path: Path):
    """Three plays: Ada wins 2 of 3 (scores 10, 20, 5), Bo wins 1 (8, 12, 30); Cy plays once (co-op, won)."""
    store = open_store(tmp_path)

    def seat(name, score, rank):
        return PlayPlayer(name=name, score=score, rank=rank, winner=rank == 1)

    store.save_play(Play(id="a", game="shallow-regrets", played="2026-01-01T20:00:00Z",
                         players=[seat("Ada", 10, 1), seat("Bo", 8, 2)]))
    store.save_play(Play(id="b", game="endeavor-deep-sea", played="2026-01-02T20:00:00Z",
                         players=[seat("ada", 20, 1), seat("Bo", 12, 2)]))
    store.save_play(Play(id="c", game="shallow-regrets", played="2026-01-03T20:00:00Z",
                         players=[seat("ADA ", 5, 2), seat("Bo", 30, 1)]))
    store.save_play(Play(id="d", game="endeavor-deep-sea", mode="co-op", won=True, played="2026-01-04T20:00:00Z",
                         players=[PlayPlayer(name="Cy", winner=True), PlayPlayer(name="Bo", winner=True)]))
    stats = statistics(store.list_plays())
    ada, bo, cy = stats.player("Ada"), stats.player("Bo"), stats.player("Cy")
    assert (ada.plays, ada.wins, ada.mean_score, ada.best_score) == (3, 2, pytest.approx(35 / 3), 20)
    assert (bo.plays, bo.wins, bo.mean_score, bo.best_score) == (4, 2, pytest.approx(50 / 3), 30)
    assert (cy.plays, cy.wins, cy.win_rate, cy.mean_score) == (1, 1, 1.0, None)
    assert (ada.head_to_head["Bo"].wins, ada.head_to_head["Bo"].losses) == (2, 1)
    assert "Cy" not in bo.head_to_head  # a co-op game is no contest
    assert {n: (c.plays, c.wins) for n, c in bo.by_count.items()} == {2: (4, 2)}
    # Without a roster a person goes by their latest spelling ("ADA " of play c, its spaces dropped).
    assert stats.as_json() == {"players": [
        {"name": "Bo", "plays": 4, "wins": 2, "win_rate": 0.5, "mean_score": 16.67, "best_score": 30},
        {"name": "ADA", "plays": 3, "wins": 2, "win_rate": 0.6667, "mean_score": 11.67, "best_score": 20},
        {"name": "Cy", "plays": 1, "wins": 1, "win_rate": 1.0, "mean_score": None, "best_score": None}]}
