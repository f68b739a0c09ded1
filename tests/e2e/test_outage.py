"""Issue 37: a host outage as a phone sees it, from the first second: only the phone's own dark "Reconnecting…"
layer in its language, nothing of Flet's English "Working..." page, and on a Chinese phone every word in glyphs.

The table is ``companion serve --lan`` in a child process (:class:`tests.support.serving.ServeProcess`) with a game
stored before it starts; a zh-TW phone and an it-IT phone join through ``/join`` and take seats (each then shows its
angler), in a Chromium that finds no Chinese font on the system (as a phone without one: HTML text in a font that
lacks the characters is drawn as boxes there). Then the host is SIGKILLed (or frozen: a Wi-Fi drop that closes nothing).

Each phone's layer must be put up ≤ 1 s after the kill (timed in the page; for a frozen host, the heartbeat's
:data:`~companion.flet_fixes.page_script.QUIET_MS` plus its 1 s check and a second), and from then on it is checked
two ways:
- screenshot pixels: every pixel outside the layer's own texts is the layer's colour (so nothing of the page
  underneath shows, not Flutter's white page, its spinner or its "Working..."), at every screenshot for 3 s, while
  Flutter's client tries again every half second;
- the accessibility tree (what a screen reader reads): the layer's translated words, and no "Working".
Before the fix the layer waited 0.7 s at opacity 0, each failed retry made it transparent again, at full opacity it
let 18 % of the page through, and its button took the UA's font: a zh phone's button label was drawn as boxes.
The zh phone's layer is the screenshot ``outage-zh``.
"""

from __future__ import annotations

import io
import os
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.flet_fixes.page_script import QUIET_MS
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.store import open_store
from tests.support.browser import PHONE, FletPage, chromium_for_tests
from tests.support.glyphs import GLYPHS, no_chinese_system_font, width_per_character
from tests.support.serving import ServeProcess

pytestmark = pytest.mark.slow  # the served app killed mid-game, two phones reconnecting to nothing

# The layer's words in each phone's language (data/locale/*/messages.po): its heading and its button.
WORDS = {"zh-TW": ("重新連線中…", "立即重新連線"), "it-IT": ("Riconnessione…", "Riconnetti ora")}
WATCHED_S = 3.0  # after the first clean screen: six of the client's retries, each of which hid the old layer

# The layer, if it is up: its computed colour and the boxes of its parts that are drawn (the button is hidden for
# its first 0.7 s).
LAYER = """() => {
  const box = document.getElementById('companion-reconnecting');
  if (!box || !box.isConnected) return null;
  const drawn = [...box.children].filter(c => getComputedStyle(c).visibility === 'visible')
    .map(c => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });
  return {colour: getComputedStyle(box).backgroundColor, opacity: getComputedStyle(box).opacity, drawn};
}"""
# Keeps in the page the time (ms since the epoch, the machine's clock) the layer was first put up: a look from
# here (a screenshot) takes up to a second on a busy machine, so it can't time it.
WATCH_LAYER = """new MutationObserver(() => {
  if (!window.layerUp && document.getElementById('companion-reconnecting')) window.layerUp = Date.now();
}).observe(document, {childList: true, subtree: true});"""
# The box of the first ``count`` characters of a node's text, as drawn.
CHARACTERS = """([selector, count]) => {
  const text = document.querySelector(selector).firstChild, range = document.createRange();
  range.setStart(text, 0); range.setEnd(text, count);
  const r = range.getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: r.height};
}"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium_for_tests(no_chinese_system_font(tmp_path_factory.mktemp("fonts"))) as chromium:
        yield chromium


def _two_anglers() -> Game:
    players = [PlayerSetup(name=name, colour=colour) for name, colour in (("陳志豪", "amber"), ("Giulia", "cyan"))]
    return new_game(GameSetup(players=players, ruleset=build_ruleset("anglers-guide"), seed=5))


@pytest.fixture
def host(tmp_path: Path) -> Iterator[ServeProcess]:
    game = _two_anglers()
    open_store(tmp_path / "data").save_game(game)
    host = ServeProcess(tmp_path / "data", tmp_path / "serve.log")
    host.start()
    try:
        yield host
    finally:
        if host.process is not None and host.process.poll() is None:
            os.killpg(host.process.pid, signal.SIGCONT)  # a frozen host can't take its SIGKILL until it runs
        host.kill()


@pytest.fixture
def contexts() -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for context in opened:  # a phone left open would keep reconnecting to nothing through the next tests
        context.close()


def _seated(browser: Any, contexts: list[Any], host: ServeProcess, locale: str, seat: int) -> FletPage:
    """A phone in ``locale`` joined through ``/join``, sat at ``seat`` and showing its angler's screen."""
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.add_init_script(WATCH_LAYER)
    contexts.append(context)
    phone = FletPage(context.new_page(), host.base_url)
    phone.page.goto(f"{host.base_url}/join?code={host.room_code}")
    phone.page.wait_for_url(re.compile(r"/seat$"))
    placeholder = phone.page.locator("flt-semantics-placeholder")  # the accessibility tree on, as a screen reader
    placeholder.wait_for(state="attached")
    placeholder.dispatch_event("click")
    phone.tap(f"seat-angler-{seat}")
    phone.page.wait_for_url(re.compile(rf"/player\?game=[^&]+&seat={seat}$"))
    phone.wait_id("player-summary")
    return phone


def _not_only_the_layer(phone: FletPage) -> str | None:
    """Why the screen is not the layer alone (its colour everywhere but under its own texts), or None if it is."""
    layer = phone.page.evaluate(LAYER)
    if layer is None:
        return "no reconnect layer"
    shot = Image.open(io.BytesIO(phone.page.screenshot())).convert("RGB")
    after = phone.page.evaluate(LAYER) or layer  # the button may have been shown meanwhile: its box is the layer's
    channels = [float(c) for c in re.findall(r"[\d.]+", layer["colour"])]  # rgb(r, g, b) or rgba(r, g, b, a)
    if (len(channels) == 4 and channels[3] < 1) or layer["opacity"] != "1":
        return f"the layer lets the page through: {layer['colour']}, opacity {layer['opacity']}"
    solid = Image.new("RGB", shot.size, tuple(round(c) for c in channels[:3]))
    differs = ImageChops.difference(shot, solid).convert("L")
    differs = differs.point(lambda v: 255 if v > 3 else 0)
    own = ImageDraw.Draw(differs)
    for left, top, right, bottom in layer["drawn"] + after["drawn"]:
        own.rectangle((left - 2, top - 2, right + 2, bottom + 2), fill=0)
    seen = differs.getbbox()
    return None if seen is None else f"something else is drawn around {seen} (x0, y0, x1, y1)"


def _words_and_glyphs(phone: FletPage, locale: str) -> None:
    heading, button = WORDS[locale]
    reconnect = phone.page.locator("#companion-reconnect-now")
    reconnect.wait_for(state="visible", timeout=2_000)
    heard = phone.page.locator("body").aria_snapshot()
    assert heading in heard and button in heard, heard
    assert "Working" not in heard, heard  # Flutter's own page, under the layer, is kept from a screen reader too
    if locale == "zh-TW":  # boxes on this browser unless drawn with the app's font, loaded while the host was up
        for selector, text in (("#companion-reconnect-now", button), ("#companion-reconnecting p", heading[:-1])):
            clip = phone.page.evaluate(CHARACTERS, [selector, len(text)])
            figure = width_per_character(phone.page.screenshot(clip=clip), len(text))
            assert figure >= GLYPHS, f"{text!r} drawn as boxes: {figure:.2f} of a character's height per character"


@pytest.mark.parametrize("outage", ["killed", "frozen"])
def test_an_outage_shows_only_the_phones_own_layer_in_its_language(
        browser: Any, host: ServeProcess, contexts: list[Any], outage: str) -> None:
    phones = {locale: _seated(browser, contexts, host, locale, seat)
              for seat, locale in enumerate(WORDS)}
    chinese = phones["zh-TW"].page
    # The app's CJK font is fetched with the page, while the host is up: it is ready before any outage.
    chinese.wait_for_function("() => [...document.fonts].some(f => f.family.includes('Companion') "
                              "&& f.status === 'loaded')", timeout=10_000)
    assert host.process is not None
    went = time.time()
    if outage == "killed":
        host.kill()
        allowed = 1.0
    else:
        os.killpg(host.process.pid, signal.SIGSTOP)  # every socket stays open; nothing answers
        allowed = QUIET_MS / 1000 + 2.0  # the heartbeat's silence, its once-a-second check, and a second
    for locale, phone in phones.items():
        phone.page.wait_for_function("() => window.layerUp", timeout=int(allowed * 1000) + 5_000)
        up = phone.page.evaluate("() => window.layerUp") / 1000 - went
        print(f"{outage}: the {locale} phone's layer up {up:.2f} s after the host went")
        assert up <= allowed, f"{locale}: the layer was put up {up:.2f} s after the host went"
    watched = time.monotonic()  # from the moment it is up, the layer alone, whatever Flutter's client does under it
    while time.monotonic() - watched < WATCHED_S:
        for locale, phone in phones.items():
            problem = _not_only_the_layer(phone)
            assert problem is None, f"{locale}, {time.time() - went:.1f} s after the host went: {problem}"
    for locale, phone in phones.items():
        _words_and_glyphs(phone, locale)
    if outage == "killed":
        phones["zh-TW"].screenshot("outage-zh")


# Issue 48 W2: the words of a host stopped by Ctrl+C, everything saved (heading, then the second line).
CLOSED = {"zh-TW": ("主持人已結束今天的遊戲。", "所有內容都已儲存。"),
          "it-IT": ("L'host ha chiuso il tavolo per stasera.", "Tutto è stato salvato.")}
SHOWN = "() => [...document.querySelectorAll('#companion-reconnecting p')].map(p => p.textContent)"


def test_a_stopped_host_leaves_each_phone_saying_it_closed_the_table_and_saved_everything(
        browser: Any, host: ServeProcess, contexts: list[Any]) -> None:
    """Issue 48 W2: after Ctrl+C ("Stopped. Every game is saved.") every phone said "Reconnecting… taps wait until
    the host is back" for ever. Each now says, in its language, that the host closed the table and that
    everything was saved, with no "Reconnect now", and keeps saying it through the client's retries."""
    phones = {locale: _seated(browser, contexts, host, locale, seat) for seat, locale in enumerate(CLOSED)}
    assert host.process is not None
    os.killpg(host.process.pid, signal.SIGINT)
    assert host.process.wait(30) == 0
    for phone in phones.values():
        phone.page.wait_for_function("() => window.layerUp", timeout=10_000)
    watched = time.monotonic()
    while time.monotonic() - watched < WATCHED_S:  # Flutter's client tries again every half second meanwhile
        for locale, phone in phones.items():
            assert phone.page.evaluate(SHOWN) == list(CLOSED[locale]), locale
            assert not phone.page.locator("#companion-reconnect-now").is_visible(), locale
    for locale, phone in phones.items():
        heard = phone.page.locator("body").aria_snapshot()
        assert all(words in heard for words in CLOSED[locale]) and WORDS[locale][0] not in heard, heard
