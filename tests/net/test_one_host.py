"""One host per data folder (issue 35 item 1): a second ``serve`` on the folder, on any port, is refused at once
naming the running host; a command that writes the folder is refused too; a killed host leaves no stale lock."""

from __future__ import annotations

import subprocess
import sys
import time

import companion.cli.history as cli_history
from companion.cli import main
from tests.support.browser import free_port
from tests.support.serving import ServeProcess


def _serve(data_dir, port: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", "--data-dir", str(data_dir), "serve", "--lan",
                           "--host", "127.0.0.1", "--port", str(port), "--no-browser"],
                          capture_output=True, text=True, timeout=60, env={"LANG": "C.UTF-8", "PATH": ""})


def test_a_second_host_on_the_folder_is_refused_and_a_killed_one_leaves_no_lock(tmp_path, monkeypatch, capsys):
    data = tmp_path / "data"
    first = ServeProcess(data, tmp_path / "first.log", free_port())
    first.start()
    try:
        for port in (free_port(), first.port):  # another port, and the running host's own
            started = time.monotonic()
            second = _serve(data, port)
            assert second.returncode == 1, second
            assert f"http://127.0.0.1:{first.port}/" in second.stderr  # the running host, named
            assert "in use by another copy of the app" in second.stderr
            assert "Traceback" not in second.stderr + second.stdout
            assert "room code" not in second.stdout and "join?code=" not in second.stdout  # refused before codes
            assert time.monotonic() - started < 30

        monkeypatch.setattr(cli_history, "OWNER_WAIT", 0.2)
        assert main(["--data-dir", str(data), "history"]) == 1  # a command that folds logs is a writer too
        refused = capsys.readouterr().err
        assert refused.startswith("companion history: ") and f"http://127.0.0.1:{first.port}/" in refused
    finally:
        first.kill()  # SIGKILL: nothing of it runs, the OS lets its lock go

    again = ServeProcess(data, tmp_path / "again.log", free_port())
    again.start()
    again.stop()
    assert main(["--data-dir", str(data), "history"]) == 0  # nobody holds it now
