"""Time replaying a whole game log: a 6-Day, 5-player game of about 600 actions, played by the seeded autopilot,
must replay in under 20 ms and within 5x the baseline.

The baseline, measured in the same run, is the time pydantic takes just to validate the same actions from their
JSON form: if the machine is noisy, both figures move together. Both are printed as wall and CPU time; the verdicts
use CPU time, which other processes on a shared machine disturb far less. Run: ``.venv/bin/python bench/replay.py``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

from companion.rules import GameSetup, PlayerSetup, build_ruleset, replay
from companion.rules import actions as a
from companion.rules.actions import ACTION_ADAPTER
from companion.rules.autopilot import autopilot_log

TARGET_MS = 20.0
TARGET_RATIO = 5.0
RUNS = 15


def build_log(setup: GameSetup, seed: int = 13) -> list[a.Action]:
    """A realistic log: the seeded autopilot plays every Day (refresh, throw, declare, fish, sell, buy, mount, free
    moves, pass) until the game ends."""
    state = replay(setup, [])
    return autopilot_log(state, lambda s: s.finished, random.Random(seed))


def _timings_ms(fn, runs: int = RUNS) -> tuple[float, float, float]:
    """(median wall, best wall, median CPU) time of ``fn`` in milliseconds; CPU time shrugs off other processes."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(wall), min(wall), statistics.median(cpu)


def main() -> None:
    setup = GameSetup(players=[PlayerSetup(name=f"Angler {i + 1}", colour=c)
                               for i, c in enumerate(["red", "blue", "green", "yellow", "purple"])],
                      ruleset=build_ruleset(), seed=2024)
    log = build_log(setup)
    final = replay(setup, log)
    dumped = [x.model_dump(mode="json") for x in log]
    replay_med, replay_best, replay_cpu = _timings_ms(lambda: replay(setup, log))
    base_med, base_best, base_cpu = _timings_ms(lambda: [ACTION_ADAPTER.validate_python(d) for d in dumped])
    ratio, ratio_cpu = replay_med / base_med, replay_cpu / base_cpu
    # Verdicts on CPU time: on a shared 2-core machine wall time mostly measures the other processes.
    time_ok, ratio_ok = replay_cpu < TARGET_MS, ratio_cpu < TARGET_RATIO
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(Counter(x.type for x in log).items(), key=lambda kv: -kv[1]))
    print(f"log: {len(log)} actions, {final.ruleset.days} Days, {len(final.players)} players, "
          f"finished={final.finished}")
    print(f"     {kinds}")
    print(f"replay:   median {replay_med:7.2f} ms, best {replay_best:7.2f} ms, CPU median {replay_cpu:7.2f} ms "
          f"over {RUNS} runs (target: CPU < {TARGET_MS:.0f} ms): {'OK' if time_ok else 'TOO SLOW'}")
    print(f"baseline: median {base_med:7.2f} ms, best {base_best:7.2f} ms, CPU median {base_cpu:7.2f} ms "
          f"to validate the same actions from JSON")
    print(f"replay / baseline: median {ratio:.1f}x, CPU {ratio_cpu:.2f}x (target: CPU < {TARGET_RATIO:.0f}x): "
          f"{'OK' if ratio_ok else 'TOO SLOW'} (a steady ratio with moving figures means a noisy machine)")


if __name__ == "__main__":
    main()
