"""The data folder's owner lock (issue 35 item 1), within one machine: held for a block, refused to a second
holder with the first one named, free again once the block ends; a process that dies lets it go."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from companion.store.owner import HOLDER_FILE, FolderHeld, hold_folder


def test_a_second_holder_is_refused_naming_the_first_then_may_hold_it(tmp_path):
    with hold_folder(tmp_path, "http://192.168.1.5:8550/"), pytest.raises(FolderHeld) as refused, \
            hold_folder(tmp_path, "companion stats", wait=0.1):
        pass
    assert refused.value.holder.startswith("http://192.168.1.5:8550/")
    assert "http://192.168.1.5:8550/" in str(refused.value) and str(tmp_path) in str(refused.value)
    with hold_folder(tmp_path, "companion stats"):
        assert (tmp_path / HOLDER_FILE).read_text().startswith("companion stats")


def test_a_killed_holder_leaves_no_stale_lock(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; from companion.store.owner import "
         "hold_folder\nwith hold_folder(Path(sys.argv[1]), 'child'):\n print('held', flush=True); time.sleep(60)",
         str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(FolderHeld), hold_folder(tmp_path, "me", wait=0.1):
            pass
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(10)
    with hold_folder(tmp_path, "me"):  # the OS let the dead one's lock go
        pass
