"""What saving costs on a tap's path: the time of ``GameSession.apply`` (rule, save, nothing to tell) with a real
store on this machine's disk, fsyncs included, for a game that already holds ``--moves`` moves.

    .venv/bin/python -m bench.tap_write [--taps 300] [--moves 200]

Only the session's public moves are used, so the same script measures an older checkout too
(``PYTHONPATH=<checkout> .venv/bin/python bench/tap_write.py``). The same taps are also timed with no store (rule
alone), in alternating rounds so a busy machine slows both alike; the difference is the save.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from companion.rules import actions as act
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import GameSession, Saver, Sessions
from companion.store import open_store


def mid_game(moves: int) -> Game:
    game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=7))
    for n in range(moves):
        game = game.apply(act.AdjustFishbucks(player=n % 2, amount=1 - 2 * (n // 2 % 2)), by=n % 2)
    return game


def taps(session: GameSession, count: int, into: list[float]) -> None:
    for _ in range(count):
        step = 1 - 2 * (session.version % 2)  # +1, −1, …: the money never goes below nothing
        start = time.perf_counter()
        outcome = session.apply(act.AdjustFishbucks(player=0, amount=step), seen=session.version)
        into.append((time.perf_counter() - start) * 1000)
        assert outcome.ok, outcome.message


def figures(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (f"{label:<18}{statistics.median(ordered):8.2f}ms{p95:9.2f}ms{ordered[-1]:9.2f}ms"
            f"{statistics.fmean(ordered):9.2f}ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    game = mid_game(args.moves)
    stored: list[float] = []
    alone: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        saved = Sessions(open_store(Path(folder)), Saver()).start_game(game)
        unsaved = Sessions(None).start_game(game)
        for _ in range(10):
            taps(saved, args.taps // 10, stored)
            taps(unsaved, args.taps // 10, alone)
    print(f"GameSession.apply, a game of {args.moves} moves, {args.taps} taps each")
    print(f"{'':<18}{'median':>10}{'p95':>11}{'max':>11}{'mean':>11}")
    print(figures("with the store", stored))
    print(figures("no store", alone))
    print(f"saving, per tap: {statistics.median(stored) - statistics.median(alone):.2f} ms (median difference)")


if __name__ == "__main__":
    main()
