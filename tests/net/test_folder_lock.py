"""Issue 45 item 4: ``companion serve`` (and every command that writes the folder) never runs without the folder
lock: a lock file that is a folder or a link, or a data folder that can't be written, is refused in one line that
names the file and what to do, before any code is printed; no traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from companion.cli import main
from companion.store.owner import LOCK_FILE
from tests.support.browser import free_port


def _serve(data_dir: Path, *prefix: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, sys.executable, "-m", "companion.cli", "--data-dir", str(data_dir), "serve",
                           "--port", str(free_port()), "--no-browser"],
                          capture_output=True, text=True, timeout=120, env={"LANG": "C.UTF-8", "PATH": ""},
                          cwd=Path(__file__).parents[2])


def _refused_in_one_line(run: subprocess.CompletedProcess[str], *named: str) -> None:
    assert run.returncode == 1, run
    assert "Traceback" not in run.stderr + run.stdout, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert all(n in run.stderr for n in named), run.stderr
    assert "Deep Regrets Companion is at" not in run.stdout  # refused before it says where it serves


@pytest.mark.parametrize("kind", ["folder", "link", "nothing"])
def test_serve_refuses_a_lock_file_it_cant_lock(tmp_path, capsys, kind):
    data = tmp_path / "data"
    data.mkdir()
    lock = data / LOCK_FILE
    {"folder": lambda: lock.mkdir(), "link": lambda: lock.symlink_to(tmp_path / "other.lock"),
     "nothing": lambda: lock.symlink_to(tmp_path / "gone")}[kind]()
    if kind == "link":
        (tmp_path / "other.lock").write_text("")
    _refused_in_one_line(_serve(data), str(lock), "Remove it")
    assert main(["--data-dir", str(data), "history"]) == 1  # every writer refuses it too
    assert str(lock) in capsys.readouterr().err


def test_serve_says_in_one_line_that_a_read_only_folder_cant_be_written():
    # As root, permissions don't hold: the host runs as nobody, whom a folder of root's mode 555 refuses.
    setpriv = shutil.which("setpriv")
    if os.geteuid() == 0 and setpriv is None:
        pytest.skip("running as root without setpriv: a read-only folder can't be made")
    as_nobody = (setpriv, "--reuid=65534", "--regid=65534", "--clear-groups") if os.geteuid() == 0 else ()
    parent = Path(tempfile.mkdtemp())  # /tmp, which nobody may enter (pytest's tmp_path is root's alone)
    try:
        data = parent / "data"
        data.mkdir()
        parent.chmod(0o755)
        data.chmod(0o555)
        _refused_in_one_line(_serve(data, *as_nobody), str(data), "can't be written")
    finally:
        data.chmod(0o755)
        shutil.rmtree(parent)
