"""Opening History and Statistics with 1,000 plays stored, against an empty store (issue 15: Statistics
≤ 300 ms at 1,000 plays).

    .venv/bin/python bench/history.py [--plays 1000] [--repeat 15]

"Opening" is what a tap on History or Statistics costs on the host: reading the plays index, computing the
figures, and drawing the screen's controls (its components rendered as Flet renders them). Also printed: the
statistics alone, and importing the plays (the Data screen's import, every play checked then written).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.app import RouteScreen
from companion.history import load_roster
from companion.history import statistics as compute
from companion.session import Sessions
from companion.session.door import tab_sessions
from companion.session.seats import LOCAL
from companion.store import Store, open_store
from companion.store.transfer import export_document
from companion.views.context import AppContext
from tests.support.components import Rendered
from tests.support.plays import generated_plays

TARGET_MS = 300


def _median_ms(work: Callable[[], object], repeat: int) -> float:
    work()  # warm: imports, first reads
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def _figures(store: Store, repeat: int) -> dict[str, float]:
    def open_screen(route: str, cold: bool = False) -> Callable[[], object]:
        def draw() -> object:
            if cold:
                store._plays_cache = None  # as just after a play was saved: the index is read again
            door = tab_sessions(Sessions(store), LOCAL)
            return Rendered(RouteScreen, AppContext(sessions=door, route=route), route).render()

        return draw

    return {
        "history": _median_ms(open_screen("/history"), repeat),
        "statistics": _median_ms(open_screen("/stats"), repeat),
        "history, index re-read": _median_ms(open_screen("/history", cold=True), repeat),
        "statistics, index re-read": _median_ms(open_screen("/stats", cold=True), repeat),
        "figures only": _median_ms(lambda: compute(store.list_plays(), load_roster(store).resolve), repeat),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as empty_dir, tempfile.TemporaryDirectory() as full_dir:
        empty = open_store(empty_dir)
        full = open_store(full_dir)
        plays = generated_plays(args.plays, seed=2026)
        start = time.perf_counter()
        full.import_data(export_document(plays=[p.model_dump(mode="json") for p in plays]))
        imported = time.perf_counter() - start
        full = open_store(full_dir)  # as the app finds it on the next start
        assert len(full.list_plays()) == args.plays
        base, big = _figures(empty, args.repeat), _figures(full, args.repeat)
    print(f"plays stored: {args.plays} ({sum(len(p.players) for p in plays)} seats); "
          f"import of all of them: {imported:.1f} s")
    print(f"{'median of ' + str(args.repeat):<32}{'empty store':>14}{f'{args.plays} plays':>14}{'ratio':>9}")
    for name in base:
        label = name if name == "figures only" else "open " + name
        print(f"{label:<32}{base[name]:>11.1f} ms{big[name]:>11.1f} ms{big[name] / base[name]:>8.1f}x")
    worst = big["statistics, index re-read"]
    verdict = "within" if worst <= TARGET_MS else "OVER"
    print(f"Statistics at {args.plays} plays, index re-read: {worst:.1f} ms — {verdict} the {TARGET_MS} ms target")
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
