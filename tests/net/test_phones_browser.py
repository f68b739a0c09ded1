"""Phones in headless Chromium, each its own browser context joined through ``/join`` (issue 10, items 1, 2, 6, 8).

The table is ``companion serve --lan --host 127.0.0.1`` in a subprocess, so it can be killed and started again.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import PHONE, FletPage, browser_missing, free_port, launch_chromium

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.e2e
LINKS = re.compile(r"http://127\.0\.0\.1:\d+/join\?code=([A-Z0-9]+)")


class Host:
    """``companion serve --lan`` on 127.0.0.1 with a fixed port and data folder, restartable."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir, self.port = data_dir, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[str] | None = None
        self.room_code = self.host_code = ""

    def start(self) -> Host:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "--data-dir", str(self.data_dir), "serve", "--lan", "--host",
             "127.0.0.1", "--port", str(self.port), "--no-browser"], cwd=REPO, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, start_new_session=True)
        printed = ""
        while "keep it to yourself" not in printed:
            line = self.process.stdout.readline()
            assert line, f"the server exited:\n{printed}"
            printed += line
        self.room_code, self.host_code = LINKS.findall(printed)[:2]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2)
            except urllib.error.HTTPError:
                return self
            except OSError:
                time.sleep(0.1)
        raise TimeoutError("the table never answered")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)  # a crash, not a polite stop
            self.process.wait(10)


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    reason = browser_missing()
    if reason:
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail(f"COMPANION_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
        pytest.skip(f"browser tests skipped: {reason}")
    with launch_chromium() as browser:
        yield browser


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    served = Host(tmp_path).start()
    yield served
    served.stop()


def _phone(chromium: object, host: Host) -> FletPage:
    return FletPage(chromium.new_context(viewport=PHONE).new_page(), host.url)


def _join_by_typing(phone: FletPage, host: Host, code: str) -> None:
    phone.page.goto(host.url + "/")
    phone.page.fill("#code", code)
    phone.page.click("button[type=submit]")
    phone.page.wait_for_url(re.compile(r"/seat$"))
    _semantics_on(phone)


def _semantics_on(phone: FletPage) -> None:
    placeholder = phone.page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached")
    placeholder.dispatch_event("click")


def test_the_host_sees_the_code_a_phone_types_it_and_picks_a_seat(chromium, host):
    host_screen = _phone(chromium, host)
    host_screen.page.goto(f"{host.url}/join?code={host.host_code}")
    host_screen.page.wait_for_url(re.compile(r"/phones$"))
    _semantics_on(host_screen)
    assert host_screen.value("phones-code") == host.room_code
    guest = _phone(chromium, host)
    _join_by_typing(guest, host, host.room_code.lower())
    guest.wait_id("seat-none")  # "No game in progress": the seat picker, as a guest
    host_screen.wait_value("phones-joined", "1", timeout_ms=5_000)  # no tap on the host's screen
    guest.open("/data")
    guest.wait_text("Only the host can open this screen.")


def test_a_wrong_code_on_the_join_page_says_so(chromium, host):
    guest = _phone(chromium, host)
    guest.page.goto(host.url + "/")
    guest.page.fill("#code", "ABCDEF" if host.room_code != "ABCDEF" else "ABCDEG")
    guest.page.click("button[type=submit]")
    assert "not this table" in guest.page.locator("[role=alert]").inner_text()


def test_a_phone_shows_reconnecting_while_the_host_is_down_and_comes_back_joined(chromium, host):
    guest = _phone(chromium, host)
    _join_by_typing(guest, host, host.room_code)
    guest.wait_id("seat-none")
    host.stop()
    banner = guest.page.locator("#companion-reconnecting")
    banner.wait_for(state="attached", timeout=15_000)
    assert "Reconnecting" in banner.inner_text()
    assert guest.page.locator("#companion-reconnect-now").is_visible()
    # The banner covers the app: a tap made now lands on it, not on a button that would be queued.
    hit = guest.page.evaluate("() => document.elementFromPoint(195, 400).closest('#companion-reconnecting') !== null")
    assert hit
    host.start()  # same port, same data folder: the pass is still good
    banner.wait_for(state="detached", timeout=30_000)
    guest.wait_id("seat-none")
    assert "/join" not in guest.page.url


def test_each_phone_takes_its_seat_and_another_anglers_card_stays_off_it(chromium, host):
    host_screen = _phone(chromium, host)
    host_screen.page.goto(f"{host.url}/join?code={host.host_code}")
    host_screen.page.wait_for_url(re.compile(r"/phones$"))
    _semantics_on(host_screen)
    host_screen.wait_id("phones-code")
    host_screen.screenshot("phones")
    host_screen.open("/")  # a reload: the same Flet session, now on Home
    host_screen.tap("home-new-game")
    host_screen.type_into("player-name-0", "Ann")
    host_screen.type_into("player-name-1", "Bo")
    host_screen.tap("start-game")
    host_screen.wait_id("regret-plus-0")
    ann, bo = _phone(chromium, host), _phone(chromium, host)
    for phone, seat in ((ann, 0), (bo, 1)):
        _join_by_typing(phone, host, host.room_code)
        phone.tap(f"seat-angler-{seat}")
        phone.page.wait_for_url(re.compile(rf"/player\?game=[^&]+&seat={seat}$"))
    ann.wait_text("Ann")
    ann.screenshot("seat_player")
    game_route = ann.page.url.removeprefix(host.url)
    bo.open(game_route)  # Ann's card, on Bo's phone
    bo.wait_text("stays on their own phone")
    # A new tab on Bo's phone (a fresh Flet session, as after the OS killed the tab) opens on Bo's card.
    again = FletPage(bo.page.context.new_page(), host.url).open("/")
    again.page.wait_for_url(re.compile(r"/player\?game=[^&]+&seat=1$"), wait_until="commit")
    again.wait_text("Bo")
