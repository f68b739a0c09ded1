"""Time replaying a whole game log: a 6-Day, 5-player game of about 600 actions must replay in under 50 ms.

The baseline, measured in the same run, is the time pydantic takes just to validate the same actions from their
JSON form: if the machine is noisy, both figures move together. Run: ``.venv/bin/python bench/replay.py``.
"""

from __future__ import annotations

import random
import statistics
import time

from companion.rules import GameSetup, PlayerSetup, RuleViolation, apply, build_ruleset, replay
from companion.rules import actions as a
from companion.rules.actions import ACTION_ADAPTER
from companion.rules.engine import initial_state
from companion.rules.fish import FishRef
from companion.rules.phases import TURN_ACTIONS
from companion.rules.state import GameState

TARGET_MS = 50.0
RUNS = 15


def _turn_move(s: GameState, rng: random.Random, acted: int) -> a.Action:
    """What a plausible angler does on their turn: fish or give up at Sea; sell, buy or mount at Port."""
    i, p = s.turn, s.players[s.turn]
    if acted >= rng.randint(7, 12) or (p.at_sea and not p.fresh):
        return a.Pass(player=i)
    if p.at_sea:
        if p.depth < 3 and len(p.fresh) > 2 and rng.random() < 0.2:
            return a.DropSinkers(player=i, dice=[0])
        if rng.random() < 0.2:
            return a.GiveUp(player=i, die=0)
        dice = list(range(len(p.fresh)))[: rng.randint(1, min(2, len(p.fresh)))]
        total = sum(p.fresh[d].face or 0 for d in dice)
        fish = FishRef(value=rng.randint(0, 8), type=rng.choice(["fair", "foul"]))
        if rng.random() < 0.4:  # Fish without a Difficulty cost no dice (A p.10)
            return a.Fish(player=i, fish=fish, depth=rng.randint(1, p.depth))
        return a.Fish(player=i, fish=fish, depth=rng.randint(1, p.depth), difficulty=rng.randint(0, total),
                      dice=dice, overfished=rng.random() < 0.03)
    if p.hand and rng.random() < 0.6:
        if None in p.mounted and rng.random() < 0.3:
            return a.Mount(player=i, fish=p.hand[0], slot=p.mounted.index(None))
        return a.Sell(player=i, fish=[p.hand[0]])
    colours = [c for c in ("green", "blue", "orange") if s.tackle_available(c) and s.ruleset.market_die_prices[c]
               <= p.fishbucks]
    if colours:
        return a.Buy(player=i, shop="tackle", colour=colours[0])
    return a.Pass(player=i)


def _free_move(s: GameState, rng: random.Random) -> a.Action:
    """Moves that are not actions: abilities drawing Regrets and Dinks, eating, the Can of Worms."""
    i, p = s.turn, s.players[s.turn]
    roll = rng.random()
    if p.at_sea and p.can_of_worms and roll < 0.3:
        return a.UseCanOfWorms(player=i)
    if p.hand and roll < 0.4:
        return a.EatFish(player=i, fish=p.hand[-1])
    if roll < 0.6 and s.regrets_in_piles:
        return a.DrawRegret(player=i)
    if roll < 0.7 and p.regret_cards:
        return a.DiscardRegret(player=i)
    if roll < 0.85:
        return a.DrawDink(player=i)
    return a.AdjustFishbucks(player=i, amount=rng.randint(1, 2))


def _next(s: GameState, rng: random.Random, acted: dict[int, int]) -> a.Action:
    if s.phase == "refresh":
        waiting = [i for i, p in enumerate(s.players) if not p.refreshed]
        if waiting:
            return a.Refresh(player=waiting[0])
        if not s.life_preserver_thrown:
            thrower = s.life_preserver_thrower
            return a.ThrowLifePreserver(player=thrower, to=(thrower + 1 + rng.randrange(4)) % 5)
    if s.phase == "declaration" and s.turn is not None:
        port = rng.random() < 0.5
        return a.Declare(player=s.turn, location="port" if port else "sea")
    if s.phase == "action" and s.turn is not None:
        if rng.random() < 0.7:
            return _free_move(s, rng)
        return _turn_move(s, rng, acted.get(s.turn, 0))
    return a.AdvancePhase()


def build_log(setup: GameSetup, seed: int = 11) -> list[a.Action]:
    """A realistic log: every Day refreshed, thrown, declared and played out until the game ends."""
    rng = random.Random(seed)
    s = initial_state([(p.name, p.colour) for p in setup.players], setup.ruleset, setup.seed)
    log: list[a.Action] = []
    acted: dict[int, int] = {}
    while not s.finished:
        action = _next(s, rng, acted)
        try:
            new = apply(s, action)
        except RuleViolation:
            new = apply(s, a.Pass(player=s.turn)) if s.turn is not None and s.phase == "action" else None
            if new is None:
                raise
            action = a.Pass(player=s.turn)
        if action.type == "advance_phase" and new.day != s.day:
            acted = {}
        elif s.phase == "action" and action.type in TURN_ACTIONS:
            acted[s.turn] = acted.get(s.turn, 0) + 1
        log.append(action)
        s = new
    return log


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
    verdict = "OK" if replay_med < TARGET_MS else "TOO SLOW"
    print(f"log: {len(log)} actions, {final.ruleset.days} Days, {len(final.players)} players, "
          f"finished={final.finished}")
    print(f"replay:   median {replay_med:7.2f} ms, best {replay_best:7.2f} ms, CPU median {replay_cpu:7.2f} ms "
          f"over {RUNS} runs (target < {TARGET_MS:.0f} ms): {verdict}")
    print(f"baseline: median {base_med:7.2f} ms, best {base_best:7.2f} ms, CPU median {base_cpu:7.2f} ms "
          f"to validate the same actions from JSON")
    print(f"replay / baseline: median {replay_med / base_med:.1f}x, CPU {replay_cpu / base_cpu:.1f}x "
          f"(a steady ratio with moving figures means a noisy machine)")

if __name__ == "__main__":
    main()
