"""Kill the saving process with SIGKILL at random moments while several "phones" record catches on one Ocean Survey
campaign, restart on the same data folder, and count, for every kill, the changes a phone was shown that the store
lost (``lost``) and the changes stored beyond what was shown or being tapped (``phantom``): :mod:`bench.kills` for a
campaign's journal (issue 36).

    .venv/bin/python -m bench.campaign_kills [--kills 100] [--phones 4]

Each phone is a thread of the child process owning one Fish: it catches it, then discards it (a card made it go;
it stays catalogued and can be caught again), and so on, through the campaign's session (the Week screen's tap
path). Every change adds one to ``held + 2 × discarded`` of the week, the count compared; a change counts as shown
when the session tells its subscribers. The log is folded into the record every 64 changes meanwhile, so kills
land in folds too. ``tests/session/test_campaign_kills.py`` runs a few kills in CI.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from bench.kills import shown_before_kill
from companion.session import Sessions
from companion.store import open_store
from companion.survey import Campaign
from companion.survey.play import new_campaign, start_week

FISH = ("Sheepshead", "Barracuda", "Eyefish", "Sockeye Salmon", "Tiger Shark", "Hammerhead Shark")

_CHILD = """
import sys, threading
from companion.session import Saver, Sessions
from companion.store import open_store
from companion.survey.actions import CatchFish, Discard
from companion.survey.sea import solo_sea
session = Sessions(open_store(sys.argv[1]), Saver()).campaign(sys.argv[2])
fish = sys.argv[3].split(",")
lock = threading.Lock()
def shown(snapshot):
    week = snapshot.value.weeks[-1]
    with lock:
        sys.stdout.write(f"{len(week.held) + 2 * len(week.discarded)}\\n")
        sys.stdout.flush()
session.subscribe(shown)
print("ready", flush=True)
def tap(name):
    fish_id = solo_sea().find(name).id
    while True:
        held = fish_id in session.current.value.weeks[-1].held_ids
        action = Discard(fish_id=fish_id) if held else CatchFish(name=name)
        outcome = session.apply(action, seen=session.version)
        assert outcome.ok or outcome.stale, outcome.message
for name in fish:
    threading.Thread(target=tap, args=(name,), daemon=True).start()
threading.Event().wait()
"""


def count(campaign: Campaign) -> int:
    """The changes the phones made: each catch adds one held Fish, each discard turns one into two."""
    week = campaign.weeks[-1]
    return len(week.held) + 2 * len(week.discarded)


def kill_once(data_dir: Path, campaign_id: str, phones: int, rng: random.Random) -> tuple[int, int]:
    """``(shown, stored)`` for one kill."""
    shown = shown_before_kill(_CHILD, [str(data_dir), campaign_id, ",".join(FISH[:phones])], rng)
    return shown, count(open_store(data_dir).load_campaign(campaign_id))


def run(data_dir: Path, kills: int, phones: int, seed: int = 1) -> list[tuple[int, int, int]]:
    """``(lost, phantom, shown)`` for each kill of a new campaign's first week."""
    assert phones <= len(FISH)
    campaign = start_week(new_campaign("Kills"))
    Sessions(open_store(data_dir)).start_campaign(campaign)
    rng = random.Random(seed)
    counts = []
    for _ in range(kills):
        shown, stored = kill_once(data_dir, campaign.id, phones, rng)
        counts.append((max(0, shown - stored), max(0, stored - shown - phones), shown))
    return counts


def main() -> None:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--phones", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        counts = run(Path(folder), args.kills, args.phones)
        stored = open_store(Path(folder)).list_campaigns()
    lost, phantom = sum(c[0] for c in counts), sum(c[1] for c in counts)
    print(f"{args.kills} SIGKILLs, {args.phones} phones recording catches, {len(stored)} campaign stored, "
          f"{counts[-1][2] if counts else 0} changes shown before the last kill")
    print(f"changes shown and lost: {lost}   changes stored beyond what was shown or in flight: {phantom}")


if __name__ == "__main__":
    main()
