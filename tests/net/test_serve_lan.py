"""``companion serve --lan --host 127.0.0.1``: the printed join link and QR code work (issue 10, item 1)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from companion.net.gate import COOKIE
from tests.support.browser import free_port

LINK = re.compile(r"http://127\.0\.0\.1:(\d+)/join\?code=([A-HJKMNP-Z2-9]{6})\b")


def _serve(data_dir: Path, port: int) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([sys.executable, "-m", "companion.cli", "--data-dir", str(data_dir), "serve", "--lan",
                                "--host", "127.0.0.1", "--port", str(port), "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    printed = ""
    deadline = time.monotonic() + 60
    while "keep it to yourself" not in printed and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        printed += line
    return process, printed


def _stop(process: subprocess.Popen[str]) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(5)


def test_the_printed_link_and_qr_code_let_a_phone_join(tmp_path):
    port = free_port()
    process, printed = _serve(tmp_path, port)
    try:
        link = LINK.search(printed)
        assert link and int(link.group(1)) == port, printed
        assert "▀" in printed or "▄" in printed  # the QR code, drawn in the terminal
        assert "host" in printed and f"http://127.0.0.1:{port}/join?code=" in printed
        deadline = time.monotonic() + 30
        while True:
            try:
                response = httpx.get(link.group(0), timeout=10)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
        assert response.status_code == 200 and COOKIE in response.cookies
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 401
    finally:
        _stop(process)
    assert process.returncode is not None
