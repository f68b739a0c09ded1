"""``companion serve --lan --host 127.0.0.1``: the printed join link and QR code work (issue 10, item 1)."""

from __future__ import annotations

import httpx

from companion.net.gate import COOKIE
from tests.support.browser import free_port
from tests.support.serving import LINK, ServeProcess


def test_the_printed_link_and_qr_code_let_a_phone_join(tmp_path):
    port = free_port()
    server = ServeProcess(tmp_path / "data", tmp_path / "serve.log", port)
    server.start()
    try:
        printed = server.printed
        link = LINK.search(printed)
        assert link and int(link.group(1)) == port, printed
        assert "▀" in printed or "▄" in printed  # the QR code, drawn in the terminal
        assert "host" in printed and f"http://127.0.0.1:{port}/join?code=" in printed
        response = httpx.get(link.group(0), timeout=10)
        assert response.status_code == 200 and COOKIE in response.cookies
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 401
    finally:
        server.stop()
    assert server.process is not None and server.process.returncode is not None
