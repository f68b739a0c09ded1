"""A writer process for the crash and concurrency tests; prints each save's number once the save has returned.

    python writer.py DATA_DIR stream COUNT      saves one campaign COUNT times, its notes holding the count;
                                                writes go to disk 8 KB at a time, slowly, so a kill lands mid-write
    python writer.py DATA_DIR game              autosaves a game after each action (slow disk), printing its length
    python writer.py DATA_DIR many PREFIX COUNT saves COUNT campaigns and settings, and a shared campaign each time
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.store import open_store
from companion.survey.models import Campaign

PADDING = 200_000  # a big record makes a write slow enough to be killed in the middle of it


def notes(i: int) -> str:
    """The count, then a letter that changes with it: a torn mix of two saves can't pass for either."""
    return f"{i}:" + "abcdefghijklmnopqrstuvwxyz"[i % 26] * PADDING


def _slow_disk() -> None:
    write = os.write

    def slow_write(fd: int, data: bytes | memoryview) -> int:
        time.sleep(0.0005)
        return write(fd, data[:8192])

    os.write = slow_write


def stream(data_dir: str, count: int) -> None:
    store = open_store(data_dir)
    _slow_disk()
    for i in range(1, count + 1):
        store.save_campaign(Campaign(id="stream", name="Stream", notes=notes(i)))
        print(i, flush=True)


def game(data_dir: str) -> None:
    from tests.store.games import autosaves, fresh_game

    store = open_store(data_dir)
    _slow_disk()
    for later in autosaves(fresh_game(("Ada", "Bo", "Cy", "Di", "Ed"))):
        store.save_game(later)
        print(len(later.log), flush=True)


def many(data_dir: str, prefix: str, count: int) -> None:
    store = open_store(data_dir)
    for i in range(count):
        store.save_campaign(Campaign(id=f"{prefix}{i}", name=f"{prefix} {i}"))
        store.set_setting(f"{prefix}{i}", i)
        store.save_campaign(Campaign(id="shared", name=prefix, notes=prefix * 5000))
        print(i, flush=True)


if __name__ == "__main__":
    if sys.argv[2] == "stream":
        stream(sys.argv[1], int(sys.argv[3]))
    elif sys.argv[2] == "game":
        game(sys.argv[1])
    else:
        many(sys.argv[1], sys.argv[3], int(sys.argv[4]))
