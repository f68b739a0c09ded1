"""Every main screen as a screen reader meets it, in English, Italian and Traditional Chinese (issue 38).

The names read here are the ones Chromium computes and hands to assistive technology (CDP
``Accessibility.getFullAXTree``), not the ``aria-label`` of some wrapper: a label on a group around a button is not
the button's name. One app is served for the module, seeded as the layout test seeds it (a 4-angler game in
progress, a finished one, two plays, a survey campaign); each screen is opened in a tab of a browser context per
language and wheeled from top to bottom (Flutter builds the semantics of what is near the screen only). On each screen:

- every interactive control (a button, link, field, switch, checkbox, radio, slider, tab, or a tappable node) has
  a name;
- no two interactive controls of the same role share a name inside groups of the same name (three anglers' "+"
  each say whose, or sit in a group named after the angler);
- the order Tab and a screen reader's swipes reach the controls in (the semantics DOM's document order; Tab, measured
  here, follows it, skipping what cannot take the keyboard) follows the screen: top to bottom, left to right within
  a row, at every stop of the wheel, counting only controls shown whole (not scrolled under the app bar) and, when a
  dialog or bottom sheet is open, only its own (tolerance: ``SLACK``). Flutter orders a group's children by where
  they are, so what this catches is a group read as one block beside something that should come between its lines;
- of the buttons used as one choice among several (``Screen.choices``), exactly one says it is the current one;
- after each tap in ``Screen.taps`` one announcement (Flutter's ``flt-announcement-*`` hosts, where live regions
  and announcements are read from) names what changed: whose, what and the new number, with what the move asks of
  the table (the Table's steps) and the Madness row a Regret card moved the angler to, not two in a row.

A last test checks that the first Tab reaches the button that turns screen reader support on, and that the phone
keeps it on. The module runs in about 5 minutes here (one browser, one served app for every screen and language).
Running the module prints the counts (unnamed, ambiguous, out of order) per screen and language.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.i18n import t, tn, use_language
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.madness import madness_tier
from companion.rules.ruleset import build_ruleset
from companion.store import open_store
from companion.survey.play import catch_fish, haul, new_campaign, next_day, start_week
from tests.e2e.test_layout import Seeded, seed
from tests.net.test_phones_browser import Host
from tests.support.browser import COVERED, PHONE, VISIBLE_AREA, FletPage, ServedApp, companion_command, free_port
from tests.support.hearing import HEAR, Ear

LOCALES = {"en": "en-US", "it": "it-IT", "zh_Hant": "zh-TW"}
# The roles a screen reader offers as something to act on.
INTERACTIVE = {"button", "link", "textbox", "searchbox", "spinbutton", "switch", "checkbox", "radio", "slider",
               "combobox", "tab", "menuitem", "option", "togglebutton", "menuitemcheckbox", "menuitemradio"}

# The roles of a group whose name tells the controls inside it from those of another (an angler's card).
GROUPS = {"group", "region", "list", "listitem", "article", "form"}

@dataclass(frozen=True)
class Tap:
    """A tap on ``target`` (an identifier, or what gives it on the screen as it is), after which the node ``shown``
    changes and something is announced that contains every one of the words ``said`` gives (in the tab's language)
    for what ``shown`` then shows."""
    target: str | Callable[[FletPage], str]
    shown: str
    said: Callable[[str], list[str]]


def _count(said: Callable[[int], list[str]]) -> Callable[[str], list[str]]:
    """The words for the number a counter shows ("$3" → 3)."""
    return lambda shown: said(int(re.search(r"\d+", shown).group()))  # type: ignore[union-attr]


def _regret_drawn(n: int) -> list[str]:
    """Ann drew her ``n``-th Regret card: the step, the new count, and the Madness row when she has just entered it
    (the seeded game's rules: ``test_layout.four_anglers``), all in one announcement."""
    tier = madness_tier(n, build_ruleset("anglers-guide", (), False))
    return ["Ann", tn("Regret card", "Regret cards", n), str(n),
            tn("{name}: draw a Regret card", "{name}: draw {n} Regret cards", 1, name="Ann"),
            *([tier.label] if tier.min_cards == n else [])]


def _fishbucks_moved(n: int) -> list[str]:
    """Ann moved her Fishbuck tracker to ``n``: the step and the new count."""
    return ["Ann", t("Fishbucks"), f"${n}", t("{name}: move your Fishbuck tracker to ${n}", name="Ann", n=n)]


def _whose_turn(tab: FletPage) -> str:
    """The Pass button of the angler whose turn it is."""
    return next(f"pass-{seat}" for seat in range(4) if tab.has_id(f"pass-{seat}"))


@dataclass(frozen=True)
class Screen:
    name: str
    route: str
    ready: str
    taps: tuple[Tap, ...] = ()
    # Buttons used as one choice among several, by identifier prefix (and one of them, to scroll to): exactly one
    # of each says it is the current one (Flutter's selected flag: aria-current, which Chromium hands on as "current").
    choices: tuple[tuple[str, str], ...] = ()


SCREENS = [
    Screen("home", "/", "home-new-game"),
    Screen("new-game", "/new", "player-name-0", choices=(
        ("colour-0-", "colour-0-amber"), ("colour-1-", "colour-1-amber"), ("preset-", "preset-anglers-guide"))),
    Screen("table", "/table?game={game}", "day-banner", (
        Tap("regret-plus-0", "regret-0", _count(_regret_drawn)),
        Tap("fishbucks-minus-0", "fishbucks-0", _count(_fishbucks_moved)),
        Tap(_whose_turn, "turn-indicator", lambda shown: [shown]))),  # the next angler's turn
    Screen("angler", "/player?game={game}&seat=1", "player-summary"),
    Screen("port", "/port?game={game}&seat=1", "port-fishbucks", (
        Tap("buy-price-plus", "buy-price", _count(lambda n: [t("printed price"), f"${n}"])),)),
    Screen("scorer", "/score", "scorer-ruleset", (
        Tap("scorer-fishbucks-plus-1", "scorer-fishbucks-1",
            _count(lambda n: [t("Angler {n}", n=2), t("Fishbucks"), f"${n}"])),)),
    Screen("results", "/score?game={finished}", "scorer-rank-0"),
    Screen("shallow-scorer", "/score/shallow", "shallow-add-player"),
    Screen("endeavor-scorer", "/score/endeavor", "endeavor-add-player"),
    Screen("survey-campaign", "/survey/campaign?c={campaign}", "survey-status"),
    Screen("survey-sheet", "/survey/sheet?c={campaign}", "survey-slot-sunfish"),
    Screen("survey-week", "/survey/week?c={campaign}", "survey-day"),
    Screen("history", "/history", "history-play-first"),
    Screen("play", "/history/play?play=first", "play-summary"),
    Screen("statistics", "/stats", "stats-plays"),
    Screen("settings", "/settings", "settings-theme", choices=(
        ("theme-", "theme-dark"), ("language-", "language-en"), ("text-size-", "text-size-0"))),
    Screen("data", "/data", "data-folder"),
]



def _interactive(cdp: Any) -> list[dict[str, Any]]:
    """The interactive nodes of the page's accessibility tree now, in document order (the order Tab and a screen
    reader's swipes reach them): role, computed name, DOM id, where, and the nearest element with an id (a text
    field's ``<input>`` has none; its semantics node does)."""
    tree = cdp.send("Accessibility.getFullAXTree")["nodes"]
    dom = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    by_backend: dict[int, tuple[dict[str, str], str | None, str | None]] = {}

    def walk(node: dict[str, Any], tag: str | None, anchor: str | None) -> None:
        attrs = node.get("attributes", [])
        attributes = dict(zip(attrs[::2], attrs[1::2], strict=True))
        here = attributes.get("flt-semantics-identifier") or tag
        anchor = attributes.get("id") or anchor
        by_backend[node["backendNodeId"]] = (attributes, tag, anchor)  # in document order: Tab's
        for child in node.get("children", []):
            walk(child, here, anchor)

    walk(dom, None, None)
    order = {backend: place for place, backend in enumerate(by_backend)}
    parents = {child: node["nodeId"] for node in tree for child in node.get("childIds", [])}
    by_id = {node["nodeId"]: node for node in tree}

    def group(node: dict[str, Any]) -> str:
        """The name of the nearest named group around ``node`` (a screen reader says it on entering)."""
        up = parents.get(node["nodeId"])
        while up is not None:
            around = by_id[up]
            if around.get("role", {}).get("value") in GROUPS and around.get("name", {}).get("value"):
                return " ".join(str(around["name"]["value"]).split())
            up = parents.get(up)
        return ""

    found = []
    for node in tree:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value", "")
        attributes, tag, anchor = by_backend.get(node.get("backendDOMNodeId", -1), ({}, None, None))
        tappable = "flt-tappable" in attributes
        if role not in INTERACTIVE and not tappable:
            continue
        name = " ".join(str(node.get("name", {}).get("value", "")).split())
        found.append({"role": role if role in INTERACTIVE else f"{role or 'generic'}(tappable)", "name": name,
                      "id": attributes.get("id", str(node.get("backendDOMNodeId"))),
                      "where": attributes.get("flt-semantics-identifier") or tag or "?", "group": group(node),
                      "anchor": anchor or "", "order": order.get(node.get("backendDOMNodeId", -1), -1)})
    return sorted(found, key=lambda n: n["order"])


def scan(tab: FletPage, steps: int = 8) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Every interactive node met while wheeling from the top to the bottom of the screen, by DOM id, and the places
    where the order Tab reaches them in does not follow the screen (at any of the wheel's stops)."""
    cdp = tab.page.context.new_cdp_session(tab.page)
    tab.scroll_to_top()
    seen: dict[str, dict[str, Any]] = {}
    disorder: dict[str, None] = {}  # once each, in order
    last: list[str] | None = None
    for _ in range(steps):  # each wheel waits for the screen to stand still (FletPage.settle)
        now = _interactive(cdp)
        for node in now:
            seen.setdefault(node["id"], node)
        disorder.update(dict.fromkeys(out_of_order(_in_view(tab, now))))
        place = [n["id"] for n in now]
        if place == last:
            break
        last = place
        tab._wheel(int(PHONE["height"] * 0.7))
    cdp.detach()
    return seen, list(disorder)


# Two controls are in one row when their heights overlap by more than this (in CSS pixels); a control whose box ends
# within this of where the one before it starts is not "above" it. Flutter's semantics boxes of neighbours can touch
# or overlap by a pixel or two (an ink well around a button, a text field's padding).
SLACK = 4


def _in_view(tab: FletPage, nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Those of ``nodes`` (in document order) shown whole where they can be seen now, each with its box: inside the
    scroll views around them and not under anything at the top, middle or bottom of their vertical midline (content
    scrolled up under the app bar is in the semantics tree still, at the app bar's height); when a dialog or bottom
    sheet is open, only those inside it (the screen behind it is out of reach)."""
    boxes = tab.page.evaluate("""ids => {
        const area = """ + VISIBLE_AREA + """, covered = """ + COVERED + """;
        const modal = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [aria-modal="true"]')]
            .filter(d => d.getBoundingClientRect().height > 0).pop();
        return ids.map(id => {
            const n = document.getElementById(id);
            if (!n || (modal && !modal.contains(n))) return null;
            const r = n.getBoundingClientRect(), a = area(n);
            const x = (r.left + r.right) / 2;
            const whole = r.width > 0 && r.height > 0 && r.top >= a.top - 1 && r.bottom <= a.bottom + 1
                && r.left >= a.left - 1 && r.right <= a.right + 1
                && ![r.top + 3, (r.top + r.bottom) / 2, r.bottom - 3].some(y => covered(n, x, y));
            return whole ? {top: r.top, bottom: r.bottom, left: r.left, right: r.right} : null;
        });
    }""", [n["anchor"] for n in nodes])
    return [{**node, **box} for node, box in zip(nodes, boxes, strict=True) if box]


def out_of_order(placed: list[dict[str, Any]]) -> list[str]:
    """Where the next control Tab reaches (in ``placed``' order) is above the one before it, or in the same row
    (heights overlapping) and wholly left of it: reading order is top to bottom, left to right within a row. A
    control beside a column of others (a card's button beside its lines) shares a row with each, so comes after the
    column or between its lines without counting as out of order."""
    found = []
    for a, b in itertools.pairwise(placed):
        same_row = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > SLACK
        if (b["right"] <= a["left"] + SLACK) if same_row else (b["bottom"] <= a["top"] + SLACK):
            found.append(f"Tab goes from {a['role']} {a['name']!r} ({a['where']}) to {b['role']} {b['name']!r} "
                         f"({b['where']}), {'left of it in its row' if same_row else 'above it'}")
    return found


def problems(nodes: dict[str, dict[str, str]]) -> tuple[list[str], list[str]]:
    """The unnamed controls and the names two or more controls of one role share inside groups of one name (a
    group named after each angler tells their "+" apart: a screen reader says the group's name on entering it)."""
    unnamed = [f"unnamed {n['role']} in {n['where']}" for n in nodes.values() if not n["name"]]
    shared: dict[tuple[str, str, str], list[str]] = {}
    for n in nodes.values():
        if n["name"]:
            shared.setdefault((n["role"], n["name"], n["group"]), []).append(n["where"])
    ambiguous = [f"{len(places)}× {role} {name!r}{f' in group {group!r}' if group else ''} "
                 f"(in {', '.join(sorted(set(places)))})"
                 for (role, name, group), places in shared.items() if len(places) > 1]
    return unnamed, ambiguous


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Seeded]:
    data_dir = tmp_path_factory.mktemp("a11y") / "data"
    data_dir.mkdir()
    seeded = seed(data_dir)
    # The layout test's two other games in progress have the same anglers as the first, saved the same minute: rows
    # no one could tell apart, on screen or by ear. One game in progress and one finished game stay.
    store = open_store(data_dir)
    for game_id in (seeded.day_end, seeded.rewards):
        store.delete_game(game_id)
    return data_dir, seeded


@pytest.fixture(scope="module")
def app(browser: object, seeded: tuple[Path, Seeded]) -> Iterator[ServedApp]:
    port = free_port()
    with ServedApp.start(companion_command(seeded[0], port), port) as served:
        yield served


@pytest.fixture(scope="module")
def contexts(browser: Any) -> Iterator[dict[str, Any]]:
    """A browser context per language (its Accept-Language), made when first asked for."""
    made: dict[str, Any] = {}
    yield made
    for context in made.values():
        context.close()


COUNTS: dict[str, tuple[int, int, int]] = {}


@pytest.fixture(scope="module", autouse=True)
def report_counts() -> Iterator[None]:
    yield
    if COUNTS:
        print("\naccessibility counts (unnamed, ambiguous, out of order):")
        for where, counts in COUNTS.items():
            print(f"  {where}: {', '.join(map(str, counts))}")
        print(f"  total: {', '.join(str(sum(c[i] for c in COUNTS.values())) for i in range(3))}")


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("shown", SCREENS, ids=[s.name for s in SCREENS])
def test_every_control_is_named_and_told_apart(shown: Screen, language: str, app: ServedApp, browser: Any,
                                               contexts: dict[str, Any], seeded: tuple[Path, Seeded]) -> None:
    if language not in contexts:
        contexts[language] = browser.new_context(viewport=PHONE, locale=LOCALES[language])
        contexts[language].add_init_script(HEAR)
    tab = FletPage(contexts[language].new_page(), app.url)
    try:
        tab.open(shown.route.format(**asdict(seeded[1])))
        tab.wait_id(shown.ready)
        seen, disorder = scan(tab)
        unnamed, ambiguous = problems(seen)
        COUNTS[f"{shown.name} [{language}]"] = (len(unnamed), len(ambiguous), len(disorder))
        unchosen = [f"{len(current)} of the {prefix}… buttons say they are the current one: {current}"
                    for prefix, one in shown.choices if len(current := _current(tab, prefix, one)) != 1]
        unheard = [missing for tap in shown.taps if (missing := _unheard(tab, tap, language))]
        report = unnamed + ambiguous + disorder + unchosen + unheard
        assert not report, f"{shown.name} in {language}:\n" + "\n".join(report)
    finally:
        tab.page.close()


def _current(tab: FletPage, prefix: str, one: str) -> list[str]:
    """The identifiers starting with ``prefix`` whose node says it is the current (selected) choice (``one`` of
    them scrolled to first: Flutter leaves out the semantics of what is far off screen)."""
    tab.wait_id(one)
    return tab.page.evaluate("""p => [...document.querySelectorAll(`[flt-semantics-identifier^="${p}"]`)]
        .filter(e => e.getAttribute('aria-current') === 'true').map(e => e.getAttribute('flt-semantics-identifier'))""",
                             prefix)


def _unheard(tab: FletPage, tap: Tap, language: str, seconds: float = 3.0) -> str | None:
    """None when a tap on ``tap.target`` is followed by an announcement naming every one of ``tap.said``."""
    before = tab.value(tap.shown)
    target = tap.target if isinstance(tap.target, str) else tap.target(tab)
    tab.page.evaluate("window.__said = []")
    tab.tap(target)
    deadline = time.monotonic() + seconds
    while tab.value(tap.shown) == before and time.monotonic() < deadline:
        time.sleep(0.05)
    with use_language(language):
        words = tap.said(tab.value(tap.shown))
    said: list[str] = []
    while time.monotonic() < deadline:
        said = tab.page.evaluate("window.__said")
        if any(all(re.search(re.escape(w), s, re.IGNORECASE) for w in words) for s in said):
            return None
        time.sleep(0.1)
    return f"after a tap on {target!r} nothing naming {words} was announced (said: {said})"


def test_tab_first_reaches_screen_reader_support_and_the_phone_keeps_it(app: ServedApp, browser: Any) -> None:
    """Flutter's own "Enable accessibility" button is out of Tab's reach (focus went to the canvas): the first Tab
    lands on the app's button, in the phone's language; Enter turns the accessibility tree on, and the phone keeps
    it on for the next visit without a tap."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["it"])
    try:
        page = context.new_page()
        page.goto(app.url + "/")
        page.locator("flt-semantics-placeholder").wait_for(state="attached")
        # Flutter focuses its view once it has started (and keeps Tab for itself there): Tab from there. A Flutter
        # still starting may take the focus back at once; then the next Tab reaches the button.
        page.wait_for_function("() => document.activeElement.tagName === 'FLUTTER-VIEW'")
        for _ in range(2):
            page.keyboard.press("Tab")
            time.sleep(0.5)
            focused = page.evaluate("() => [document.activeElement.tagName, document.activeElement.textContent]")
            if focused[0] == "BUTTON":
                break
        with use_language("it"):
            assert focused == ["BUTTON", t("Turn on screen reader support")]
        assert not page.locator('[flt-semantics-identifier="home-new-game"]').count()  # off until asked for
        page.keyboard.press("Enter")
        page.locator('[flt-semantics-identifier="home-new-game"]').wait_for(state="attached")
        page.reload()
        page.locator('[flt-semantics-identifier="home-new-game"]').wait_for(state="attached")
        assert not page.locator("#companion-screen-reader").count()
    finally:
        context.close()


def test_tab_past_the_screen_reader_button_goes_on_through_the_screen(app: ServedApp, browser: Any) -> None:
    """Flutter's own "Enable accessibility" placeholder turned the tree on (as a screen reader exploring the page
    may do), so the app's button is still there: Tab, at a brisk pace, goes from it through the screen's controls
    and does not come back to it (it took the focus back each time 0.4 s after a Tab: its check for Flutter taking
    the focus back counted the user's own Tab away)."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    try:
        tab = FletPage(context.new_page(), app.url).open("/")
        tab.wait_id("home-new-game")
        focused = []
        for _ in range(6):
            tab.page.keyboard.press("Tab")
            time.sleep(0.25)
            focused.append(tab.page.evaluate("""() => document.activeElement.closest('[flt-semantics-identifier]')
                ?.getAttribute('flt-semantics-identifier') || document.activeElement.id
                || document.activeElement.tagName"""))
        assert focused[0] == "companion-screen-reader"
        assert "companion-screen-reader" not in focused[1:], focused
        assert "home-new-game" in focused, focused  # past the games in progress, in the screen's order
    finally:
        context.close()


def test_after_a_language_switch_and_a_reload_each_move_is_said_in_that_language_alone(
        app: ServedApp, browser: Any, seeded: tuple[Path, Seeded]) -> None:
    """Issue 46: a phone whose browser asks for English switched to Italian in Settings, then reloaded the table.
    The first draw was English (the remembered language is read after it), the redraw in Italian cut off a scroll
    Flutter was still answering, and the late answer ("Control with ID … is not registered") dropped the socket:
    the phone reconnected over and over, each fresh start reading out the last move's English steps and a summary
    of the whole table. Now each move says its own line, in Italian, and the host logs no such error."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    context.add_init_script(HEAR)
    try:
        tab = FletPage(context.new_page(), app.url).open("/settings")
        tab.tap("language-it")
        tab.page.wait_for_function("""() => Object.keys(localStorage).some(
            k => k.endsWith('companion.language') && localStorage[k].includes('it'))""")
        tab.open(f"/table?game={seeded[1].game}")
        with use_language("it"):
            tab.wait_value("phase", t("Action"))
        moves = (Tap("regret-plus-0", "regret-0", _count(_regret_drawn)),
                 Tap("fishbucks-plus-0", "fishbucks-0", _count(_fishbucks_moved)))
        said: list[str] = []
        unheard = []
        for move in moves:  # what was said since the reload, and after each move
            said += tab.page.evaluate("window.__said")
            unheard += [missing] if (missing := _unheard(tab, move, "it")) else []
        said += tab.page.evaluate("window.__said")
        english = [line for line in said if re.search(r"Regret card|Fishbuck|draw", line)]
        others = [line for line in said if re.search(r"Bartholomew|Cy:|Di:", line)]  # the table read out whole
        log = app.log()
        errors = [line for line in log.splitlines() if "is not registered" in line or "Receive loop error" in line]
        assert not unheard and not english and not others and not errors, (unheard, english, others, errors[:3])
    finally:
        context.close()


def test_a_closed_tab_is_not_spoken_to(app: ServedApp, browser: Any, seeded: tuple[Path, Seeded]) -> None:
    """Issue 46: a tab closed while the table plays on heard of each move until its session ended, and the task
    that would say it to a socket no longer there raised ``AttributeError`` in the host's log."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    try:
        table = FletPage(context.new_page(), app.url).open(f"/table?game={seeded[1].game}")
        gone = FletPage(context.new_page(), app.url).open(f"/table?game={seeded[1].game}")
        gone.wait_id("day-banner")
        gone.page.close()
        before = table.number("regret-0")
        for _ in range(3):
            table.tap("regret-plus-0")
        table.wait_value("regret-0", re.compile(rf"^{before + 3}\b"))
        table.tap("regret-minus-0")
        table.wait_value("regret-0", re.compile(rf"^{before + 2}\b"))
        assert "AttributeError" not in app.log()
    finally:
        context.close()


def test_a_fresh_die_is_a_checkbox_and_choosing_it_is_said(app: ServedApp, browser: Any,
                                                           seeded: tuple[Path, Seeded]) -> None:
    """Issue 46: the Fresh dice on an angler's card had no state in the tree (only a separate "Selected: …" line)
    and said nothing when chosen: each is now a checkbox, ticked while chosen, and the choice is said."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    context.add_init_script(HEAR)
    try:
        tab = FletPage(context.new_page(), app.url).open(f"/player?game={seeded[1].game}&seat=1")
        die = tab.wait_id("fresh-die-0")
        name = tab.value("fresh-die-0")
        assert (die.get_attribute("role"), die.get_attribute("aria-checked")) == ("checkbox", "false")
        for ticked, said in (("true", t("Selected: {dice}", dice=name)),
                             ("false", t("Selected: {dice}", dice=t("none")))):
            tab.page.evaluate("window.__said = []")
            tab.tap("fresh-die-0")
            tab.page.wait_for_function("""([id, ticked]) => document.querySelector(
                `[flt-semantics-identifier="${id}"]`)?.getAttribute('aria-checked') === ticked""",
                                       arg=["fresh-die-0", ticked])
            tab.page.wait_for_function("said => window.__said.some(s => s.includes(said))", arg=said)
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_finished_games_result_is_said_as_it_opens(language: str, app: ServedApp, browser: Any,
                                                    seeded: tuple[Path, Seeded]) -> None:
    """Issue 46: the game's end was silent: the Results screen's winner and ranking are now said as it opens
    (what the screen shows, in the phone's language), in one announcement."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES[language])
    context.add_init_script(HEAR)
    try:
        tab = FletPage(context.new_page(), app.url).open(f"/score?game={seeded[1].finished}")
        shown = [tab.value("scorer-winners"), tab.value("scorer-rank-0"), tab.value("scorer-rank-1")]
        tab.page.wait_for_function("shown => window.__said.some(s => shown.every(w => s.includes(w)))", arg=shown)
    finally:
        context.close()


def test_tab_reaches_the_colour_buttons_and_enter_picks_one(app: ServedApp, browser: Any) -> None:
    """Issue 46, item 3: on New game, Tab never reached an angler's colour buttons (a plain tap target takes no
    focus); now it does, in the screen's order, and Enter picks the colour."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    context.add_init_script(HEAR)
    focused = """() => document.activeElement.closest('[flt-semantics-identifier]')
        ?.getAttribute('flt-semantics-identifier') || ''"""
    current = """id => document.querySelector(`[flt-semantics-identifier="${id}"]`)
        ?.getAttribute('aria-current') === 'true'"""
    try:
        tab = FletPage(context.new_page(), app.url).open("/new")
        tab.wait_id("colour-0-green")
        Ear(tab).settle()  # the whole form drawn before Tab walks it (the first angler's row last, under load)
        reached = ""
        for _ in range(40):
            tab.page.keyboard.press("Tab")
            Ear(tab).settle(100)  # Flutter's focus has followed (see _tab_to)
            reached = tab.page.evaluate(focused)
            if reached.startswith("colour-"):
                break
        assert reached.startswith("colour-0-"), reached  # the first angler's, before anything further down
        if tab.page.evaluate(current, reached):
            tab.page.keyboard.press("Tab")
            reached = tab.page.evaluate(focused)
        Ear(tab).settle()
        tab.page.keyboard.press("Enter")
        tab.page.wait_for_function(current, arg=reached)
    finally:
        context.close()


def test_a_switch_is_one_stop_and_a_sell_button_names_its_fish(app: ServedApp, browser: Any,
                                                                 seeded: tuple[Path, Seeded]) -> None:
    """Issue 46, item 4: every switch was followed by a button of the same name (its caption), heard twice; now the
    switch alone carries the name, its node spanning the caption. "Sell $2" did not say which Fish: it is said
    "Sell Sunfish for $2" (the short caption is still what is drawn)."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    try:
        tab = FletPage(context.new_page(), app.url).open("/new")
        short = re.compile("^" + re.escape(t("Short game: start on Tuesday")))
        switch = tab.page.get_by_role("switch", name=short)
        switch.wait_for(state="attached")
        assert switch.count() == 1 and tab.page.get_by_role("button", name=short).count() == 0
        box = switch.bounding_box()
        assert box is not None and box["width"] > 200, box  # the caption's lines, not the switch's 52 px alone
        game = open_store(seeded[0]).load_game(seeded[1].game)
        seat = next(i for i, p in enumerate(game.state.players) if p.hand)
        tab.open(f"/port?game={seeded[1].game}&seat={seat}")
        tab.wait_id("sell-0")
        sell = tab.page.get_by_role("button", name=re.compile(r"Sell Sunfish for \$\d+$"))
        assert sell.count() == 1, tab.page.get_by_role("button").all_inner_texts()
    finally:
        context.close()


def _focused_id(tab: FletPage) -> str:
    return tab.page.evaluate("""() => document.activeElement.closest('[flt-semantics-identifier]')
        ?.getAttribute('flt-semantics-identifier') || ''""")


def _tab_to(tab: FletPage, identifier: str, key: str = "Tab", presses: int = 80) -> None:
    """Tab (or Shift+Tab), only, until ``identifier`` has the keyboard's focus. Each press waits for the screen to
    stand still (the page's context has :data:`HEAR`): Flutter's own focus follows the page's a moment later, and
    can pull it back, so the stop read before then is not yet where a person's next Tab starts."""
    reached = []
    for _ in range(presses):
        tab.page.keyboard.press(key)
        Ear(tab).settle(100)
        reached.append(_focused_id(tab))
        if reached[-1] == identifier:
            return
    raise AssertionError(f"{key} never reached {identifier!r}: {reached}")


HOST = {"width": 1280, "height": 800}


def _two_anglers(data_dir: Path) -> str:
    """A new game of Kit and Lou at Monday's Refresh, saved for the served app (a table of its own: the seeded
    one is played on by the other tests)."""
    game = new_game(GameSetup(players=[PlayerSetup(name="Kit", colour="green"), PlayerSetup(name="Lou", colour="blue")],
                              ruleset=build_ruleset("anglers-guide", (), False), seed=3))
    open_store(data_dir).save_game(game)
    return game.id


def test_tab_reaches_a_stepper_and_enter_and_space_step_it(app: ServedApp, browser: Any,
                                                          seeded: tuple[Path, Seeded]) -> None:
    """Issue 46, item 3: the Table's − and + were out of Tab's reach (typing the number worked); now Tab reaches
    them in the screen's order and Enter or Space steps the number."""
    game = _two_anglers(seeded[0])
    context = browser.new_context(viewport=HOST, locale=LOCALES["en"])
    context.add_init_script(HEAR)  # its watch of the tree: a key waits for the screen to stand still
    try:
        tab = FletPage(context.new_page(), app.url).open(f"/table?game={game}")
        tab.wait_id("regret-plus-0")
        before = tab.number("regret-0")
        _tab_to(tab, "regret-plus-0")
        _key_until(tab, "Enter", lambda: tab.number("regret-0") == before + 1)
        _tab_to(tab, "regret-minus-0", "Shift+Tab")
        _key_until(tab, "Space", lambda: tab.number("regret-0") == before)
    finally:
        context.close()


def _key_until(tab: FletPage, key: str, done: Callable[[], bool], seconds: float = 6.0, at: str = "") -> None:
    """Press ``key`` in the control Tab reached, until ``done()``. Each press waits for the screen to stand still:
    Chromium moves the page's focus at once, Flutter's own focus follows a moment later, and a key pressed in
    between (the test's pace, not a person's) went to the control before (an Undo, the angler screen's button). A
    press that took is seen before the next, so none is made twice. With ``at``, focus that left that control (its
    node redrawn under it) is brought back by Tab before the next press, as a keyboard user would."""
    for _ in range(3):
        if at and _focused_id(tab) != at:
            _reach(tab, at)
        Ear(tab).settle()
        tab.page.keyboard.press(key)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if done():
                return
            time.sleep(0.1)
    raise AssertionError(f"{key} on {_focused_id(tab)!r} changed nothing")


def _reach(tab: FletPage, identifier: str) -> None:
    """Tab to ``identifier`` (or, when it lies behind the focus, Shift+Tab)."""
    try:
        _tab_to(tab, identifier, presses=60)
    except AssertionError:
        _tab_to(tab, identifier, "Shift+Tab", presses=120)


def _press(tab: FletPage, identifier: str, done: Callable[[], bool], key: str = "Enter") -> None:
    """Reach ``identifier`` by Tab (or, when it lies behind the focus, Shift+Tab), once it can be used (a button
    the table enables once the last move is drawn), and press ``key`` on it until ``done()``."""
    tab.wait_id(identifier)
    tab.page.wait_for_function("""id => document.querySelector(`[flt-semantics-identifier="${id}"]`)
        ?.getAttribute('aria-disabled') !== 'true'""", arg=identifier)
    _key_until(tab, key, done, at=identifier)


def test_a_host_plays_a_day_by_keyboard_alone(app: ServedApp, browser: Any, seeded: tuple[Path, Seeded]) -> None:
    """Issue 46, item 3: a host's Refresh → a move → Pass → the next Day, by Tab, Shift+Tab, Enter and Space
    alone (no click, no tap): each control the Day needs is in the keyboard's reach and works from it."""
    game = _two_anglers(seeded[0])
    context = browser.new_context(viewport=HOST, locale=LOCALES["en"])
    context.add_init_script(HEAR)  # its watch of the tree: a key waits for the screen to stand still
    ticked = """id => document.querySelector(`[flt-semantics-identifier="${id}"]`)
        ?.getAttribute('aria-checked') === 'true'"""
    try:
        tab = FletPage(context.new_page(), app.url).open(f"/table?game={game}")
        tab.wait_value("day-name", t("Monday"))
        for seat in (0, 1):  # A p.8: each angler refreshes, the app rolling
            _press(tab, f"refresh-{seat}", lambda s=seat: not tab.has_id(f"refresh-{s}"))
        thrower = tab.page.locator('[flt-semantics-identifier^="throw-lp-"]').first
        thrower.wait_for(state="attached")
        throw = thrower.get_attribute("flt-semantics-identifier") or ""
        _press(tab, throw, lambda: not tab.has_id(throw))
        # Monday: straight to the Action phase, everyone at Sea (A p.8)
        _press(tab, "advance-phase", lambda: tab.value("phase") == t("Action"))
        before = tab.number("regret-0")
        _press(tab, "regret-plus-0", lambda: tab.number("regret-0") == before + 1, "Space")  # Kit draws a Regret
        for _ in (0, 1):
            turn = _whose_turn(tab)
            _press(tab, turn, lambda p=turn: tab.has_id(p.replace("pass-", "passed-")))
        tab.wait_id("day-effects")
        boxes = [n for n in range(8) if tab.has_id(f"effect-{n}")]
        for n in boxes:  # the table's own checklist, ticked by Space
            _press(tab, f"effect-{n}", lambda k=n: tab.page.evaluate(ticked, f"effect-{k}"), "Space")
        assert all(tab.page.evaluate(ticked, f"effect-{n}") for n in boxes)  # no later key unticked one
        _press(tab, "advance-day", lambda: tab.has_id("day-name") and tab.value("day-name") == t("Tuesday"))
    finally:
        context.close()


def test_an_unlock_that_costs_too_much_is_marked_disabled_and_says_why(app: ServedApp, browser: Any,
                                                                       seeded: tuple[Path, Seeded]) -> None:
    """Issue 46, item 4: an Ocean Survey unlock beyond what is left to spend said only its name and price; it is
    a checkbox marked disabled whose name says why (A p.26)."""
    campaign = catch_fish(start_week(new_campaign("Tern")), "Flounder")  # value 2: too little for a rod
    for _ in range(4):
        campaign = next_day(campaign)
    campaign = haul(campaign, 0, [])
    open_store(seeded[0]).save_campaign(campaign)
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    try:
        tab = FletPage(context.new_page(), app.url).open(f"/survey/end?c={campaign.id}")
        tab.wait_id("survey-budget")
        box = tab.page.get_by_role("checkbox", name=re.compile(r"Split Bamboo Pole · \d+ · more than is left$"))
        box.wait_for(state="attached")
        assert box.get_attribute("aria-disabled") == "true"
    finally:
        context.close()


def test_the_scorers_fields_say_whose_and_which_slot(app: ServedApp, browser: Any) -> None:
    """Issue 46, item 4: the scorer's "Regret value", "Hand", "Slot 1", "Fair" were named alike on every angler's
    card (only the card's group told them apart); each now says whose, and the typed value which place it goes to."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    try:
        tab = FletPage(context.new_page(), app.url).open("/score")
        tab.wait_id("scorer-name-1")
        tab.type_into("scorer-name-1", "Bo")
        tab.page.keyboard.press("Tab")
        role = tab.page.get_by_role
        role("textbox", name=re.compile(r"^Bo: Regret value$")).wait_for(state="attached")
        tab.tap("scorer-target-1-1")
        for kind, name in (("textbox", r"^Bo: Fish in Slot 1, Value$"), ("button", r"^Bo: Hand$"),
                           ("button", r"^Bo: Fair$")):
            found = role(kind, name=re.compile(name))
            found.first.wait_for(state="attached")
            assert found.count() == 1, (kind, name)
    finally:
        context.close()


def test_no_stray_back_is_said_on_the_way_to_port(app: ServedApp, browser: Any, seeded: tuple[Path, Seeded]) -> None:
    """Issue 46, item 4: a stray "Back" was announced on some screens, and the Back arrow's tooltip stuck on Port
    (the pointer left where the last tap was lies over the next screen's Back arrow: its hover tooltip is said)."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    context.add_init_script(HEAR)
    try:
        tab = FletPage(context.new_page(), app.url).open(f"/table?game={seeded[1].game}")
        tab.wait_id("port-1")
        tab.tap("port-1", then="port-fishbucks")
        tab.tap("back", then="day-banner")
        tab.tap("port-1", then="port-fishbucks")
        back = tab.by_id("back").bounding_box()
        assert back is not None
        tab.page.mouse.move(back["x"] + back["width"] / 2, back["y"] + back["height"] / 2)
        time.sleep(2.5)  # a hover tooltip shows after a moment: long enough for it to be said, if it is
        said = tab.page.evaluate("window.__said")
        assert not [line for line in said if line.strip() == t("Back")], said
    finally:
        context.close()


def test_the_phones_screens_room_code_and_join_address_are_named(browser: Any, tmp_path: Path) -> None:
    """Issue 46, item 4: on the host's Phones screen a field (the join address, selectable so it can be copied)
    had no name; each control there is named, the room code said with what it is."""
    host = Host(tmp_path).start()
    context = browser.new_context(viewport=PHONE, locale=LOCALES["en"])
    try:
        screen = FletPage(context.new_page(), host.url)
        screen.page.goto(f"{host.url}/join?code={host.host_code}")
        screen.page.wait_for_url(re.compile(r"/phones$"))
        placeholder = screen.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached")
        placeholder.dispatch_event("click")
        screen.wait_id("phones-code")
        cdp = context.new_cdp_session(screen.page)
        found = _interactive(cdp)
        assert not [n for n in found if not n["name"]], found
        link = next(n for n in found if n["where"] == "phones-link")
        assert link["name"] == t("or open {address} and type the code", address=host.url + "/"), link
    finally:
        context.close()
        host.stop()
