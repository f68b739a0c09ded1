"""The background saver: each record is written a moment after its change, with its newest version, in order;
``flush`` writes what is queued at once; nothing queued is lost when the process ends."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.session import Saver


class Writes:
    """What a saver wrote (from its worker thread)."""

    def __init__(self) -> None:
        self.values: list[object] = []
        self.lock = threading.Lock()

    def __call__(self, value: object) -> None:
        with self.lock:
            self.values.append(value)


def test_a_burst_of_changes_is_one_write_of_the_newest_version_after_the_wait():
    writes, saver = Writes(), Saver(settle_s=30)
    for n in range(5):
        saver.save("game", n, writes)
    time.sleep(0.2)
    assert writes.values == []  # still waiting: the tap's answer goes first
    start = time.monotonic()
    saver.flush()
    assert writes.values == [4]
    assert time.monotonic() - start < 10  # flush did not sit out the 30 s wait


def test_each_record_keeps_its_own_newest_version():
    writes, saver = Writes(), Saver(settle_s=30)
    saver.save("game", "g1", writes)
    saver.save("campaign", "c1", writes)
    saver.save("game", "g2", writes)
    saver.flush()
    assert sorted(map(str, writes.values)) == ["c1", "g2"]


def test_changes_that_never_pause_are_still_written_as_they_go():
    """Taps faster than the wait must not put the save off for ever: each wait ends with a write."""
    writes, saver = Writes(), Saver(settle_s=0.05)
    deadline = time.monotonic() + 1.5
    n = 0
    while time.monotonic() < deadline:
        saver.save("game", n, writes)
        n += 1
        time.sleep(0.01)
    assert writes.values, "nothing was written while the changes went on"
    saver.flush()
    assert writes.values[-1] == n - 1


def test_a_save_still_waiting_when_the_process_ends_is_written(tmp_path: Path):
    out = tmp_path / "saved.txt"
    script = ("import sys; from pathlib import Path; from companion.session import Saver\n"
              "Saver(settle_s=0.5).save('game', 'the last tap', lambda v: Path(sys.argv[1]).write_text(v))\n")
    subprocess.run([sys.executable, "-c", script, str(out)], check=True, timeout=60)
    assert out.read_text() == "the last tap"
