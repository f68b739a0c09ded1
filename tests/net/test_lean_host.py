"""Issue 28 item 3: 1,000 guest sockets opened and closed (half before their register frame, half right after the
answer to it) leave nothing behind in the served app: no task (a Flet handler waiting forever, a heartbeat), no
Flet session, no phone the Phones screen calls connected, no Python objects, and the host's memory back within what
the allocator keeps. Before: 4,000 tasks more, five phones "connected" that weren't, and +73 MB.

Run in a child process (``bench.lean_host --inside``): Flet evicts sessions on the first server's loop of a
process, which an earlier test's server would own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SOCKETS = 1000
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # bench-sized: about a minute on 2 cores
def test_a_thousand_closed_guest_sockets_leave_nothing_behind():
    run = subprocess.run([sys.executable, "-m", "bench.lean_host", "--inside", "--sockets", str(SOCKETS)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    c = json.loads(run.stdout.strip().splitlines()[-1])
    assert c["tasks"] <= c["tasks_before"] + 2, f"{c['tasks'] - c['tasks_before']} tasks more on the server"
    assert c["sessions"] <= c["sessions_before"], f"{c['sessions'] - c['sessions_before']} Flet sessions kept"
    assert (c["connected"], c["sockets"]) == (0, 1), "guests shown connected, sockets open: the host's tab only"
    assert c["objects"] - c["objects_before"] < SOCKETS, f"{c['objects'] - c['objects_before']} objects more"
    assert c["rss_mb"] - c["rss_mb_before"] < 50, f"the host grew {c['rss_mb'] - c['rss_mb_before']:.0f} MB"


@pytest.mark.slow
def test_five_hundred_sockets_whose_first_frame_is_not_a_register_frame_leave_nothing_behind():
    """Issue 35 item 6: before, 500 such sockets left +23 MB, 2,092 tasks and phones shown connected."""
    run = subprocess.run([sys.executable, "-m", "bench.lean_host", "--inside", "--junk", "--sockets", "500"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "Traceback" not in run.stderr, run.stderr[-3000:]  # the host's console stays readable
    c = json.loads(run.stdout.strip().splitlines()[-1])
    assert c["tasks"] <= c["tasks_before"] + 2, f"{c['tasks'] - c['tasks_before']} tasks more on the server"
    assert c["sessions"] <= c["sessions_before"], f"{c['sessions'] - c['sessions_before']} Flet sessions kept"
    assert (c["connected"], c["sockets"]) == (0, 1), "guests shown connected, sockets open: the host's tab only"
    assert c["rss_mb"] - c["rss_mb_before"] < 15, f"the host grew {c['rss_mb'] - c['rss_mb_before']:.0f} MB"
