"""Kill the saving process with SIGKILL at random moments while several "phones" tap one game, restart on the same
data folder, and count, for every kill, the changes a phone was shown that the store lost (``lost``) and the
changes stored beyond what was shown or being tapped (``phantom``).

    .venv/bin/python -m bench.kills [--kills 100] [--phones 4]            # the session layer in a child process
    .venv/bin/python -m bench.kills --served [--kills 100] [--phones 4]   # the served app, phones on Flet's wire

Session layer: each phone is a thread of the child process tapping the game through its session (the tap path of
every screen); a change counts as shown when the session tells its subscribers, the moment a phone would draw it.
At most one tap per phone is in flight when the kill lands (written, not yet shown): it may be stored or not, never
more. ``tests/session/test_kills.py`` runs the same for a few kills in CI.

Served (``--served``, :mod:`bench.served_kills`): ``companion serve --lan`` in a child process, each phone a guest
seated at its own angler of a four-angler game, tapping that angler's Fishbucks + and − over Flet's WebSocket
protocol; a change counts as shown when a patch frame drawing the new number reached the phone.
``tests/net/test_kills_served.py`` runs it for 8 kills in CI.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions
from companion.store import open_store

_CHILD = """
import sys, threading
from companion.rules import actions as act
from companion.session import Saver, Sessions
from companion.store import open_store
session = Sessions(open_store(sys.argv[1]), Saver()).game(sys.argv[2])
phones = int(sys.argv[3])
lock = threading.Lock()
def shown(snapshot):
    with lock:
        sys.stdout.write(f"{len(snapshot.value.log)}\\n")
        sys.stdout.flush()
session.subscribe(shown)
print("ready", flush=True)
def tap(n):
    step = -1
    while True:
        step = -step  # +1, -1, ...: the money never goes below nothing
        outcome = session.apply(act.AdjustFishbucks(player=n % 2, amount=step), seen=session.version)
        while outcome.stale:
            outcome = session.apply(act.AdjustFishbucks(player=n % 2, amount=step), seen=session.version)
        assert outcome.ok, outcome.message
for n in range(phones):
    threading.Thread(target=tap, args=(n,), daemon=True).start()
threading.Event().wait()
"""


@dataclass
class Kill:
    shown: int  # the longest log any phone was shown
    stored: int  # the log found in the store after the kill


_ANGLERS = (("Ada", "amber"), ("Bo", "cyan"), ("Cy", "lime"), ("Di", "rose"))


def new_table(anglers: int = 2) -> Game:
    return new_game(GameSetup(players=[PlayerSetup(name=name, colour=colour) for name, colour in _ANGLERS[:anglers]],
                              ruleset=build_ruleset(), seed=7))


def shown_before_kill(script: str, args: list[str], rng: random.Random) -> int:
    """Run ``script`` (it prints "ready", then the count it shows after each change), SIGKILL it at a random
    moment, and return the last count it showed."""
    child = subprocess.Popen([sys.executable, "-c", script, *args],
                             stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready", "the tapping process did not start"
    time.sleep(rng.uniform(0.2, 0.8))
    child.send_signal(signal.SIGKILL)
    child.wait()
    lines = child.stdout.read().split()  # everything drawn before the kill landed
    child.stdout.close()
    return max((int(line) for line in lines), default=0)


def kill_once(data_dir: Path, game_id: str, phones: int, rng: random.Random) -> Kill:
    shown = shown_before_kill(_CHILD, [str(data_dir), game_id, str(phones)], rng)
    stored = len(open_store(data_dir).load_game(game_id).log)
    return Kill(shown, stored)


def run(data_dir: Path, kills: int, phones: int, seed: int = 1, game: Game | None = None) -> list[tuple[int, int]]:
    """``(lost, phantom)`` for each kill, tapping ``game`` (a new one by default)."""
    game = game or new_table()
    Sessions(open_store(data_dir)).start_game(game)
    rng = random.Random(seed)
    counts = []
    for _ in range(kills):
        kill = kill_once(data_dir, game.id, phones, rng)
        counts.append((max(0, kill.shown - kill.stored), max(0, kill.stored - kill.shown - phones)))
    return counts


def main() -> None:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--served", action="store_true", help="the served app, phones tapping over Flet's wire")
    args = parser.parse_args()
    if args.served:
        from bench.served_kills import main as served_main

        served_main(args.kills, args.phones)
        return
    with tempfile.TemporaryDirectory() as folder:
        game = new_table()
        counts = run(Path(folder), args.kills, args.phones, game=game)
        stored = len(open_store(Path(folder)).load_game(game.id).log)
    lost, phantom = sum(c[0] for c in counts), sum(c[1] for c in counts)
    print(f"{args.kills} SIGKILLs, {args.phones} phones tapping, {stored} changes stored at the end")
    print(f"changes shown and lost: {lost}   changes stored beyond what was shown or in flight: {phantom}")


if __name__ == "__main__":
    main()
