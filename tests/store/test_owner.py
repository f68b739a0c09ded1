"""The data folder's owner lock (issue 35 item 1), within one machine: held for a block, refused to a second
holder with the first one named, free again once the block ends; a process that dies lets it go."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from companion.store import StoreError
from companion.store.owner import HOLDER_FILE, LOCK_FILE, FolderHeld, hold_folder


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


def _odd(path, kind: str, tmp_path) -> None:
    if kind == "folder":
        path.mkdir()
    elif kind == "link":
        target = tmp_path / "elsewhere"
        target.write_text("someone else's file")
        path.symlink_to(target)
    elif kind == "nothing":
        path.symlink_to(tmp_path / "gone" / "here")  # into a folder that is not there either
    elif kind == "loop":
        path.symlink_to(path.name)
    else:
        os.mkfifo(path)


@pytest.mark.parametrize("kind", ["folder", "link", "nothing", "loop", "pipe"])
def test_a_lock_file_that_cant_be_locked_refuses_naming_it(tmp_path, kind):
    """Issue 45 item 4: the folder lock is never skipped; the refusal names the file and what to do."""
    data = tmp_path / "data"
    data.mkdir()
    _odd(data / LOCK_FILE, kind, tmp_path)
    with pytest.raises(StoreError) as refused, hold_folder(data, "http://127.0.0.1:8550/"):
        pytest.fail("held a folder whose lock could not be taken")
    assert str(data / LOCK_FILE) in str(refused.value) and "Remove it" in str(refused.value)
    assert not isinstance(refused.value, FolderHeld)


def test_the_holder_is_never_written_through_a_link(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    _odd(data / HOLDER_FILE, "link", tmp_path)
    with hold_folder(data, "http://127.0.0.1:8550/"):
        assert (tmp_path / "elsewhere").read_text() == "someone else's file"
        holder = data / HOLDER_FILE
        assert holder.is_file() and not holder.is_symlink()
        assert holder.read_text().startswith("http://127.0.0.1:8550/")


@pytest.mark.parametrize("kind", ["folder", "nothing", "loop", "pipe", "garbage"])
def test_a_damaged_holder_file_never_stops_a_start(tmp_path, kind):
    data = tmp_path / "data"
    data.mkdir()
    if kind == "garbage":
        (data / HOLDER_FILE).write_bytes(bytes(range(256)) * 1000)
    else:
        _odd(data / HOLDER_FILE, kind, tmp_path)
    with hold_folder(data, "http://127.0.0.1:8550/"), pytest.raises(FolderHeld) as refused, \
            hold_folder(data, "companion stats", wait=0.1):
        pass
    assert len(str(refused.value).splitlines()) == 1
    assert "http://127.0.0.1:8550/" in refused.value.holder or kind == "folder"
