"""What a form's tap costs against a game move, same run (issue 47 item 4): a die chosen for a catch (the catch
draft changed, kept before it is shown) beside ``GameSession.apply`` of one move, with a real store on this
machine's disk, fsyncs included, while four other tables' drafts are kept too (scorers filled in on other phones).

    .venv/bin/python -m bench.form_tap [--taps 300]

Only the sessions' public verbs are used, so the same script measures an older checkout too
(``PYTHONPATH=<checkout> .venv/bin/python bench/form_tap.py``), where drafts were settings in ``settings.json``.
Die and move taps alternate in rounds, so a busy machine slows both alike. Then a few more of each are counted
(fsyncs, renames and links, and the bytes written, per tap): what a tap asks of the disk, whatever the load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.tap_write import taps
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.scoring.draft import PlayerDraft, TableDraft
from companion.session import Saver, Sessions
from companion.session.catches import CatchDraft, catch_draft
from companion.session.door import DraftDoor, tab_sessions
from companion.session.seats import Viewer
from companion.store import open_store

OTHER_TABLES = 4
NAMES = ("Alba", "Hugo", "Isla", "Bert", "Fred")


def other_tables(sessions: Sessions) -> None:
    """Four scorers' tables half filled in, kept beside the catch."""
    for n in range(OTHER_TABLES):
        draft = sessions.draft(f"scorer-bench-{n}")
        table = TableDraft(players=[PlayerDraft(name=name, regret_cards=3, fishbucks=7) for name in NAMES])
        assert draft.reset(table, seen=draft.version).ok


def die_taps(draft: DraftDoor[CatchDraft], count: int, into: list[float]) -> None:
    for _ in range(count):
        dice = [] if draft.current.value.dice else [0]  # the first Fresh die selected, then put back

        def chosen(catch: CatchDraft, dice: list[int] = dice) -> CatchDraft:
            return catch.model_copy(update={"dice": dice})

        start = time.perf_counter()
        outcome = draft.change(chosen, seen=draft.version)
        into.append((time.perf_counter() - start) * 1000)
        assert outcome.ok, outcome.message


@contextmanager
def counted() -> Iterator[Counter[str]]:
    """Count the calls that reach the disk (``os.fsync``, ``os.replace``, ``os.link``) and the bytes ``os.write``
    writes, while inside."""
    counts: Counter[str] = Counter()
    real = {name: getattr(os, name) for name in ("fsync", "replace", "link", "write")}

    def counting(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            result = call(*args, **kwargs)
            counts[name] += 1
            if name == "write":
                counts["bytes"] += int(result)
            return result
        return wrapped

    for name, call in real.items():
        setattr(os, name, counting(name, call))
    try:
        yield counts
    finally:
        for name, call in real.items():
            setattr(os, name, call)


def per_tap(label: str, counts: Counter[str], taps: int) -> str:
    return (f"{label:<18}" + "".join(f"{counts[name] / taps:8.1f} {name}" for name in ("fsync", "replace", "link"))
            + f"{counts['bytes'] / taps:9.0f} bytes")


def figures(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"{label:<18}{statistics.median(ordered):8.2f}ms{p95:9.2f}ms{statistics.fmean(ordered):9.2f}ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=300)
    args = parser.parse_args()
    game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=7))
    dice: list[float] = []
    moves: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        sessions = Sessions(open_store(Path(folder)), Saver())
        other_tables(sessions)
        session = sessions.start_game(game)
        draft = catch_draft(tab_sessions(sessions, Viewer("host", host=True)), game.id, 0)
        for _ in range(10):
            die_taps(draft, args.taps // 10, dice)
            taps(session, args.taps // 10, moves)
        with counted() as die_counts:
            die_taps(draft, 20, [])
        with counted() as move_counts:
            taps(session, 20, [])
    print(f"{args.taps} taps each, {OTHER_TABLES} other tables' drafts kept")
    print(f"{'':<18}{'median':>10}{'p95':>11}{'mean':>11}")
    print(figures("a die chosen", dice))
    print(figures("a game move", moves))
    print(f"a die costs {statistics.median(dice) / statistics.median(moves):.1f}× a move (medians)")
    print("per tap, on the disk:")
    print(per_tap("a die chosen", die_counts, 20))
    print(per_tap("a game move", move_counts, 20))


if __name__ == "__main__":
    main()
