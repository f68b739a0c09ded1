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
from typing import TYPE_CHECKING, Any

import pytest

from companion.rules import actions as act
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.store import open_store
from tests.support.browser import PHONE, FletPage, chromium_for_tests, free_port
from tests.views.tables import all_passed_on_the_last_day, play

if TYPE_CHECKING:
    from playwright.sync_api import Locator

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
    with chromium_for_tests() as browser:
        yield browser


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    served = Host(tmp_path).start()
    yield served
    served.stop()


# Every phone's browser context, closed after its test: a phone left open keeps reconnecting to its killed host
# (timers, sockets, Flutter frames) and starves the next tests' page loads on a 2-core machine.
_OPEN: list[Any] = []


@pytest.fixture(autouse=True)
def _phones_put_away() -> Iterator[None]:
    yield
    while _OPEN:
        _OPEN.pop().close()


def _phone(chromium: Any, host: Host, locale: str | None = None) -> FletPage:
    context = chromium.new_context(viewport=PHONE, **({"locale": locale} if locale else {}))
    _OPEN.append(context)
    return FletPage(context.new_page(), host.url)


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
    banner, _noticed = _banner_up(guest, "Reconnecting")
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


def _seated_phones(chromium: object, data_dir: Path, game: Game, seats: int) -> tuple[Host, list[FletPage]]:
    """A table serving ``game`` (saved before it starts), with ``seats`` phones each joined through ``/join``,
    sat at angler 0, 1, … and showing the table."""
    store = open_store(data_dir)
    store.save_game(game)
    del store
    host = Host(data_dir).start()
    phones = []
    for seat in range(seats):
        phone = _phone(chromium, host)
        _join_by_typing(phone, host, host.room_code)
        phone.tap(f"seat-angler-{seat}")
        phone.page.wait_for_url(re.compile(rf"/player\?game=[^&]+&seat={seat}$"))
        phone.open(f"/table?game={game.id}")
        phone.wait_id("player-card-0")
        phones.append(phone)
    return host, phones


# Watches, in the phone's own page, for the identified node to read ``pattern``; keeps the time (ms since the
# epoch, the machine's clock) it first did in ``window.companionSeen``. Polling from here would add Playwright's
# round trips to the figure.
WATCH = """([id, pattern]) => {
  const re = new RegExp(pattern);
  window.companionSeen = null;
  const look = () => {
    const n = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    const text = n ? (n.innerText || n.textContent || n.getAttribute('aria-label') || '').trim() : '';
    if (re.test(text)) window.companionSeen = Date.now(); else setTimeout(look, 5);
  };
  look();
}"""


def _delays_after_tap(tapper: FletPage, identifier: str, others: list[FletPage], shown: str,
                      pattern: str) -> list[float]:
    """Seconds from a tap on ``identifier`` until each of ``others`` showed ``pattern`` at ``shown``."""
    x, y = _centre(tapper, identifier)
    for phone in others:
        phone.page.evaluate(WATCH, [shown, pattern])
    tapped = time.time() * 1000
    tapper.page.mouse.click(x, y)
    seen = [phone.page.wait_for_function("window.companionSeen", timeout=10_000).json_value() for phone in others]
    return [(at - tapped) / 1000 for at in seen]


def test_a_regret_added_on_one_phone_shows_on_the_others_within_a_second(chromium, tmp_path):
    host, (ann, bo, cy) = _seated_phones(chromium, tmp_path, _three_anglers(), 3)
    try:
        for round_ in (1, 2, 3):
            delays = _delays_after_tap(ann, "regret-plus-0", [bo, cy], "regret-0", rf"^{round_}\b")
            print(f"Regret {round_} on the other phones after {', '.join(f'{d:.3f}' for d in delays)} s")
            assert max(delays) < 1.0
    finally:
        host.stop()


def _whole_table(chromium: object, host: Host) -> FletPage:
    """A phone joined as the whole table (the table-wide moves are its and the host's), showing the table."""
    phone = _phone(chromium, host)
    _join_by_typing(phone, host, host.room_code)
    phone.tap("seat-table")
    phone.page.wait_for_url(re.compile(r"/table\?game=[^&]+$"))
    phone.wait_id("player-card-0")
    return phone


def test_a_seats_regret_value_stays_off_another_seats_phone(chromium, tmp_path):
    host, (ann, bo) = _seated_phones(chromium, tmp_path, _last_day_with_regrets(), 2)
    try:
        assert not ann.has_id("end-game")  # a table-wide move: the whole table's phone's and the host's (issue 25)
        table = _whole_table(chromium, host)
        table.tap("end-game", then="end-game-question")  # asked first (issue 12)
        table.tap("end-game")
        bo.wait_text("Regret value not entered yet")
        ann.wait_id("reveal-0")
        assert not bo.has_id("reveal-0")
        ann.type_into("reveal-0", "3")
        ann.tap("reveal-ok-0")
        bo.wait_text("Regret value entered")
        assert not bo.has_id("reveal-0") and "3" not in bo.screen_text().split()
        assert ann.value("reveal-0") == "3"
    finally:
        host.stop()


def test_a_tap_while_the_host_is_down_is_applied_once_or_refused(chromium, tmp_path):
    game = _three_anglers()
    host, (ann, bo) = _seated_phones(chromium, tmp_path, game, 2)
    try:
        plus = _centre(ann, "regret-plus-0")
        host.stop()
        # At once, before the phone notices: the tap is either queued by the client or lands on the banner.
        ann.page.mouse.click(*plus)
        banner = ann.page.locator("#companion-reconnecting")
        banner.wait_for(state="attached", timeout=15_000)
        host.start()
        banner.wait_for(state="detached", timeout=30_000)
        regrets = ann.wait_value("regret-0", re.compile(r"^[01]\b"), timeout_ms=15_000)
        time.sleep(1.0)  # a queued tap delivered late would show by now
        regrets = ann.value("regret-0")
        saved = open_store(tmp_path).load_game(game.id).state.players[0].regret_cards
        print(f"tap while down: phone shows {regrets!r}, saved {saved}")
        assert regrets.startswith(str(saved)) and saved in (0, 1)  # never doubled; the phone shows what is kept
        bo.wait_value("regret-0", re.compile(rf"^{saved}\b"), timeout_ms=15_000)
        ann.tap("regret-plus-0")  # and the phone plays on: one tap, one Regret
        bo.wait_value("regret-0", re.compile(rf"^{saved + 1}\b"), timeout_ms=5_000)
    finally:
        host.stop()


def test_a_tap_into_a_silent_drop_is_refused_with_a_notice_and_never_doubled(chromium, tmp_path):
    """Wi-Fi that drops without closing anything: the host frozen (SIGSTOP) keeps every socket open and answers
    nothing. The phone must notice by itself, and say that the tap made into the dead link may be lost."""
    game = _three_anglers()
    host, (ann, bo) = _seated_phones(chromium, tmp_path, game, 2)
    assert host.process is not None
    try:
        plus = _centre(ann, "regret-plus-0")
        os.killpg(host.process.pid, signal.SIGSTOP)
        frozen = time.monotonic()
        try:
            ann.page.mouse.click(*plus)  # the client sends it into the socket and hears nothing back
            banner, noticed_at = _banner_up(ann, "Reconnecting", timeout_ms=10_000)
            noticed = noticed_at - frozen
        finally:
            os.killpg(host.process.pid, signal.SIGCONT)
        print(f"silent drop noticed after {noticed:.1f} s")
        banner.wait_for(state="detached", timeout=30_000)
        notice = ann.page.locator("#companion-unsent")
        notice.wait_for(state="attached", timeout=15_000)
        assert "may not have reached the host" in notice.inner_text()
        time.sleep(1.0)  # the tap, if the frozen host read it after all, shows by now
        saved = open_store(tmp_path).load_game(game.id).state.players[0].regret_cards
        print(f"tap into a silent drop: saved {saved}")
        assert saved in (0, 1)  # applied once or not at all, and the phone said to check
        ann.wait_value("regret-0", re.compile(rf"^{saved}\b"), timeout_ms=15_000)
        bo.wait_value("regret-0", re.compile(rf"^{saved}\b"), timeout_ms=15_000)
        assert not bo.page.locator("#companion-unsent").count()  # Bo tapped nothing: nothing to tell him
        ann.tap("regret-plus-0")  # and the phone plays on: one tap, one Regret
        bo.wait_value("regret-0", re.compile(rf"^{saved + 1}\b"), timeout_ms=5_000)
    finally:
        host.stop()


def _banner_up(phone: FletPage, says: str, timeout_ms: int = 15_000) -> tuple[Locator, float]:
    """The reconnect banner saying ``says`` once its "Reconnect now" shows (when the link has been gone 0.7 s),
    and when it was first put up (``time.monotonic()``)."""
    banner = phone.page.locator("#companion-reconnecting")
    banner.wait_for(state="attached", timeout=timeout_ms)
    put_up = time.monotonic()
    phone.page.locator("#companion-reconnect-now").wait_for(state="visible")
    assert says in banner.inner_text()
    return banner, put_up


def _centre(phone: FletPage, identifier: str) -> tuple[float, float]:
    box = phone.wait_id(identifier).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _three_anglers() -> Game:
    """Ann, Bo and Cy, nothing done yet."""
    return new_game(GameSetup(players=[PlayerSetup(name=n, colour=c) for n, c in
                                       (("Ann", "amber"), ("Bo", "cyan"), ("Cy", "teal"))],
                              ruleset=build_ruleset("anglers-guide"), seed=11))


def _last_day_with_regrets() -> Game:
    """Two anglers, all passed on the last Day (the game can end, A p.22), the first holding two Regret cards."""
    return play(all_passed_on_the_last_day(), act.DrawRegret(player=0), act.DrawRegret(player=0))


def test_the_join_page_and_the_reconnect_banner_speak_the_phones_language(chromium, host):
    phone = _phone(chromium, host, locale="it-IT")
    phone.page.goto(host.url + "/")
    assert phone.page.locator("h1").inner_text() == "Unisciti al tavolo"
    _join_by_typing(phone, host, host.room_code)
    phone.wait_id("seat-none")
    host.stop()
    _banner_up(phone, "Riconnessione…")
    assert phone.page.locator("#companion-reconnect-now").inner_text() == "Riconnetti ora"


def _host_screen(chromium: Any, host: Host) -> FletPage:
    """The host's own browser, joined with the host code, on the Phones screen."""
    screen = _phone(chromium, host)
    screen.page.goto(f"{host.url}/join?code={host.host_code}")
    screen.page.wait_for_url(re.compile(r"/phones$"))
    _semantics_on(screen)
    screen.wait_id("phones-code")
    return screen


def test_a_second_phone_is_refused_a_held_seat_until_the_host_hands_it_over(chromium, tmp_path):
    """Issue 25 finding 1: a second phone sat as Ann and was shown her hand; nobody consented, nobody was told."""
    store = open_store(tmp_path)
    store.save_game(_three_anglers())
    del store
    host = Host(tmp_path).start()
    try:
        host_screen = _host_screen(chromium, host)
        ann, second = _phone(chromium, host), _phone(chromium, host)
        _join_by_typing(ann, host, host.room_code)
        ann.tap("seat-angler-0")
        ann.page.wait_for_url(re.compile(r"/player\?game=[^&]+&seat=0$"))
        _join_by_typing(second, host, host.room_code)
        second.wait_text("Ann (held by another phone)")
        second.tap("seat-angler-0")
        second.wait_text("The host can hand it to you on the Phones screen")
        assert second.page.url.endswith("/seat")
        host_screen.wait_text("Ann: phone 1")
        host_screen.tap("phones-hand-0-2")
        host_screen.wait_text("Ann: phone 2")
        ann.page.wait_for_url(re.compile(r"/seat\?moved=1$"))  # the phone that held it is told
        ann.wait_text("The host handed your seat to another phone")
        second.tap("seat-angler-0")
        second.page.wait_for_url(re.compile(r"/player\?game=[^&]+&seat=0$"))
        second.wait_text("Ann")
    finally:
        host.stop()


def test_an_undo_on_one_phone_cannot_take_back_another_phones_later_move(chromium, tmp_path):
    """Issue 25 finding 6: Ann's Undo took back Chen's Refresh, made after Ann's last move; nobody was told."""
    game = _three_anglers()
    host, (ann, bo) = _seated_phones(chromium, tmp_path, game, 2)
    try:
        ann.tap("regret-plus-0")
        bo.wait_value("regret-0", re.compile(r"^1\b"))
        bo.tap("regret-plus-1")
        ann.wait_value("regret-1", re.compile(r"^1\b"))
        ann.tap("undo")
        ann.wait_text("Bo's Regret draw came after your last move")
        time.sleep(0.5)  # an undo that went through would show by now
        assert ann.value("regret-1").startswith("1") and bo.value("regret-1").startswith("1")
        bo.tap("undo")  # Bo's own move, still the table's last
        ann.wait_value("regret-1", re.compile(r"^0\b"))
        ann.tap("undo")
        bo.wait_value("regret-0", re.compile(r"^0\b"))
    finally:
        host.stop()


def test_a_second_game_offers_every_phone_its_seat(chromium, tmp_path):
    """Issue 25 finding 8: when the host started a new game, seated phones kept opening the finished one."""
    first = _three_anglers()
    host, (ann, bo) = _seated_phones(chromium, tmp_path, first, 2)
    try:
        host_screen = _host_screen(chromium, host)
        host_screen.open("/new")
        host_screen.type_into("player-name-0", "Dee")
        host_screen.type_into("player-name-1", "Eve")
        host_screen.tap("start-game")
        host_screen.wait_id("regret-plus-0")
        for phone, seat in ((ann, 0), (bo, 1)):
            phone.wait_text("A new game has started: pick your angler")
            phone.wait_text("Dee")
            phone.tap(f"seat-angler-{seat}")
            phone.page.wait_for_url(re.compile(rf"/player\?game=[^&]+&seat={seat}$"))
        ann.wait_text("Dee")
        new_game_id = ann.page.url.split("game=")[1].split("&")[0]
        assert new_game_id != first.id and f"game={new_game_id}" in bo.page.url
    finally:
        host.stop()
