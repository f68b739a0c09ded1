"""Autosave cost with an empty store and with 1,000 finished games stored (issue 4: at most 2x).

    .venv/bin/python bench/autosave.py [--games 1000] [--saves 300]

Prints the median time of one autosave (``Store.save_game`` of a game in progress, after each action) in both
stores, and their ratio; also what opening and listing the big store costs. Real files, real fsyncs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules.game import Game
from companion.store import Store, open_store
from tests.store.games import autosaves, fresh_game, played_game


def _median_autosave(store: Store, saves: list[Game], count: int) -> float:
    times = []
    for i in range(count):
        game = saves[i % len(saves)]
        start = time.perf_counter()
        store.save_game(game)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--saves", type=int, default=300)
    args = parser.parse_args()

    in_progress = [g for g in autosaves(fresh_game(("Ada", "Bo", "Cy"))) if not g.finished]
    finished = played_game()
    with tempfile.TemporaryDirectory() as root:
        empty = open_store(Path(root) / "empty")
        full = open_store(Path(root) / "full")
        for _ in range(args.games):
            full.save_game(finished.model_copy(update={"id": uuid.uuid4().hex}))

        # Interleave the two so that a busy machine slows both alike.
        baseline, loaded = [], []
        for _ in range(5):
            baseline.append(_median_autosave(empty, in_progress, args.saves // 5))
            loaded.append(_median_autosave(full, in_progress, args.saves // 5))
        base, big = statistics.median(baseline), statistics.median(loaded)

        start = time.perf_counter()
        reopened = open_store(Path(root) / "full")
        opened = time.perf_counter() - start
        start = time.perf_counter()
        listed = len(reopened.list_games())
        listing = time.perf_counter() - start

    print(f"autosave, empty store:            {base * 1000:8.3f} ms (median of {args.saves})")
    print(f"autosave, {args.games} finished games: {big * 1000:8.3f} ms (median of {args.saves})")
    print(f"ratio:                            {big / base:8.2f}x (target: at most 2x)")
    print(f"open the store with {args.games} games:  {opened * 1000:8.1f} ms (checks every file)")
    print(f"list {listed} games:                {listing * 1000:8.1f} ms")
    return 0 if big / base <= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
