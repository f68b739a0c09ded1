"""The app in Italian and Traditional Chinese, as a phone whose browser prefers the language opens it (issue 13).

Each phone is a browser context with its own locale (its ``Accept-Language``). Per language: the home screen, a
game started with two anglers, a Port purchase refused with its translated reason (on Monday's Refresh: buying is
an Action, A p.9), and a table scored on the scorer. Then two phones at one table read two
languages at once, and a phone's choice in Settings outlives a reload.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from tests.support.browser import PHONE, FletPage

# What each language shows; the words are the seeds' (B: Rimorso, Follia, Porto; C: 悔恨, 瘋狂, 港口).
WORDS = {
    "it-IT": {"suffix": "it", "new_game": "Nuova partita", "monday": "Lunedì", "regret_cards": "Carte Rimorso",
              "refused": "È possibile solo nella fase di Azione", "winner": "Vincitore: Ann"},
    "zh-TW": {"suffix": "zh", "new_game": "新遊戲", "monday": "週一", "regret_cards": "悔恨卡",
              "refused": "只能在行動階段這麼做", "winner": "贏家：Ann"},
}


@pytest.fixture
def phone_in(browser: object, companion_app: object) -> Iterator[Callable[[str], FletPage]]:
    contexts = []

    def open_phone(locale: str) -> FletPage:
        context = browser.new_context(viewport=PHONE, locale=locale)
        contexts.append(context)
        return FletPage(context.new_page(), companion_app.url).open()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.mark.parametrize("locale", list(WORDS))
def test_a_game_in_the_browsers_language(phone_in: Callable[[str], FletPage], locale: str) -> None:
    words = WORDS[locale]
    phone = phone_in(locale)
    phone.wait_text(words["new_game"])
    phone.screenshot(f"home_{words['suffix']}")

    phone.tap("home-new-game", then="player-name-0")
    phone.type_into("player-name-0", "Ann")
    phone.type_into("player-name-1", "Bo")
    phone.wait_value("player-name-1", "Bo")
    phone.tap("start-game", then="day-banner")
    phone.wait_value("day-name", words["monday"])
    phone.wait_text(words["regret_cards"])
    phone.screenshot(f"table_{words['suffix']}")

    phone.tap("port-0", then="port-fishbucks")
    phone.tap("buy-die-orange")
    refusal = phone.wait_value("error-line", re.compile(re.escape(words["refused"])))
    assert not re.search(r"\b(phase|Action|only)\b", refusal), refusal  # the whole reason is translated
    phone.scroll_to_top()
    phone.screenshot(f"port_refused_{words['suffix']}")

    phone.open("/score")
    phone.wait_id("scorer-name-0")
    phone.type_into("scorer-name-0", "Ann")
    phone.type_into("scorer-name-1", "Bo")
    phone.wait_value("scorer-name-1", "Bo")
    for seat in (0, 1):
        phone.type_into(f"scorer-regret-value-{seat}", "0")
        phone.wait_value(f"scorer-regret-value-{seat}", "0")
    for n in (1, 2):  # Ann: $2 = 1 point (docs/rules.md §7); Bo nothing
        phone.tap("scorer-fishbucks-plus-0")
        phone.wait_value("scorer-fishbucks-0", re.compile(rf"^\${n}\b"))
    phone.wait_value("scorer-winners", words["winner"])
    phone.scroll_to_top()
    phone.screenshot(f"scorer_{words['suffix']}")


def test_two_phones_two_languages_and_a_remembered_choice(phone_in: Callable[[str], FletPage]) -> None:
    italian, chinese = phone_in("it-IT"), phone_in("zh-TW")
    italian.wait_text(WORDS["it-IT"]["new_game"])
    chinese.wait_text(WORDS["zh-TW"]["new_game"])

    chinese.tap("home-settings", then="language-en")
    chinese.tap("language-en")
    chinese.wait_text("Settings")  # the screen redrew in English at once
    italian.page.reload()
    italian.open()
    italian.wait_text(WORDS["it-IT"]["new_game"])  # the other phone kept its own language

    chinese.open()
    chinese.wait_text("New game")  # the choice outlived the reload (the phone's local storage)
    assert WORDS["zh-TW"]["new_game"] not in chinese.screen_text()


def test_the_pages_own_texts_are_translated_and_drawn_with_the_chinese_font(
        browser: object, companion_app: object) -> None:
    """Issue 26, bug 2: the reconnect layer and its notices (HTML, outside Flutter) use the app's bundled font on a
    Chinese phone, loaded with the page (the host may be gone when they show), and Flutter's English start-up
    "Working..." is covered by the phone's own words until the app's first frame arrives."""
    context = browser.new_context(viewport=PHONE, locale="zh-TW")
    try:
        page = context.new_page()
        page.route(re.compile(r"/main\.dart\.(wasm|mjs|js)$"), lambda route: None)  # the app never starts
        page.goto(companion_app.url + "/")
        working = page.locator("#companion-working")
        working.wait_for(state="attached")
        assert working.inner_text() == "處理中…"
        assert "Companion Noto Sans TC" in working.evaluate("n => getComputedStyle(n).fontFamily")
        page.wait_for_function("() => document.fonts.check('18px \"Companion Noto Sans TC\"', '李美玲')")
        loaded = page.evaluate("() => [...document.fonts].filter(f => f.family.includes('Companion'))"
                               ".map(f => f.status)")
        assert loaded == ["loaded"]
    finally:
        context.close()
    phone = FletPage(browser.new_context(viewport=PHONE, locale="zh-TW").new_page(), companion_app.url).open()
    try:
        phone.page.locator("#companion-working").wait_for(state="detached")  # gone with the first frame
    finally:
        phone.page.context.close()


def test_an_english_phone_never_fetches_the_chinese_font(browser: object, companion_app: object) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    try:
        fetched: list[str] = []
        page = context.new_page()
        page.on("request", lambda request: fetched.append(request.url))
        phone = FletPage(page, companion_app.url).open()
        phone.page.locator("#companion-working").wait_for(state="detached")
        assert not [url for url in fetched if "NotoSansTC" in url]
    finally:
        context.close()


def test_flutters_own_words_are_heard_in_the_phones_language(phone_in: Callable[[str], FletPage]) -> None:
    """Issue 26: a field's counter was read aloud as "60 characters remaining" on an Italian phone."""
    phone = phone_in("it-IT")
    phone.open("/survey")
    phone.type_into("survey-new-name", "Hal")
    tree = phone.page.locator("flt-semantics-host").inner_html()
    assert "57 caratteri rimanenti" in tree and "characters remaining" not in tree
