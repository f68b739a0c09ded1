"""Issue 37: stopping the host while it starts. Before the server takes Ctrl+C and SIGTERM over (loading, opening
the data folder), Ctrl+C printed a traceback of 50–68 lines and exited -2, and a SIGTERM ended it without a word
(-15). Both now say the one goodbye line a stop of the running host says, and exit 0."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from filelock import FileLock

from tests.support.browser import free_port

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="finds the waiting start in /proc")]


def _waits_for(pid: int, path: Path, seconds: float) -> bool:
    """Whether process ``pid`` opens ``path`` within ``seconds`` (it does while it tries to take a lock on it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") == str(path) for fd in os.listdir(f"/proc/{pid}/fd")):
                return True
        except OSError:  # an fd closed between the listing and the look
            continue
    return False


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_host_stopped_while_it_starts_says_goodbye_and_exits_0(tmp_path, signum):
    data = tmp_path / "data"
    data.mkdir()
    busy = FileLock(data / ".lock")  # the store's own lock, held as another copy saving would: the start waits
    with busy, (tmp_path / "serve.log").open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "--data-dir", str(data), "serve", "--lan", "--host", "127.0.0.1",
             "--port", str(free_port()), "--no-browser"],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": ""})  # English
        try:
            assert _waits_for(server.pid, (data / ".lock").resolve(), 9), "the start never opened the data folder"
            os.killpg(server.pid, signum)  # Ctrl+C reaches the whole foreground group; a shutdown sends SIGTERM
            returncode = server.wait(30)
        finally:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(10)
    printed = (tmp_path / "serve.log").read_text(errors="replace")
    assert returncode == 0, printed[-3000:]
    assert printed.strip().splitlines() == ["Stopped. Every game is saved."], printed[-3000:]  # one line, no trace
