"""The main screens at 360×640, 390×844 and 1024×768 with no text clipped (issue 12, item 7).

One app is served for the module with a data folder seeded through the rules engine and the store: a 4-angler game
mid-Monday (a long name, an angler at the $10 cap), the same table on Wednesday evening (the Day's end checklist)
and in a Three shops game (the passing rewards), a finished 4-angler game with every Regret value revealed (the
scorer shows a result), two plays in History and an Ocean Survey campaign in its first week. Each screen is opened
once and drawn at each size in turn; the page is wheeled from top to bottom and every semantics node that carries
text is checked where it is wholly on screen:

- it lies inside the viewport horizontally;
- it lies inside the card around it (the nearest enclosing node with a ``Semantics`` identifier);
- it is at least one line of the app's smallest text high;
- its box is as wide as its longest word at the app's smallest text size (no word broken over two lines, "$1" over
  "0"), and a box one line high is as wide as its whole text at that size (a label cut off or ellipsised);
- a button's box is high enough for the lines its label needs at Material's button text size, and wide enough for
  its longest word there inside its padding ("Itali / ano" at the largest Text size);
- an app bar's title (a heading) fills a whole number of lines at some size (no smaller than the app's smallest
  text), each wide enough for the words wrapped into it (an ellipsised title is one line too few).

Widths are measured in the page with the fonts the app draws with (the web client's Roboto, and the Chinese font the
app ships: never a system font, which a fresh machine may not have), at the smallest size a text can have there: a
lower bound, so a failure is a real cut. On 1024×768 the table's angler cards sit two side by side.
A screenshot of each screen at each size goes to ``<screenshots>/<screen>-<width>x<height>.png``.

The same checks run on the main screens at the largest Text size on a 360×640 phone in each language (issue 38),
and the light theme's pixels are compared with the palette the contrast test checks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.history import record_play
from companion.i18n import FONTS, t, use_language
from companion.rules import actions as act
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.scoring.table import score_table
from companion.session import TEXT_SIZE_NAMES
from companion.store import open_store
from companion.survey.play import catch_fish, new_campaign, start_week
from companion.views import theme
from tests.support.browser import FletPage, ServedApp, companion_command, free_port
from tests.views.tables import SUNFISH, play

VIEWPORTS = [(360, 640), (390, 844), (1024, 768)]
LONG_NAME = "Bartholomew Fitzgerald-Smythe"
ANGLERS = [("Ann", "amber"), (LONG_NAME, "cyan"), ("Cy", "green"), ("Di", "pink")]
LINE = 1.17  # Roboto's line height, in ems (ascent + descent)
SLACK = 1.5  # px: sub-pixel rounding between Flutter's layout and the browser's measure


def seat(number: int | None) -> int:
    """The angler the state names (whose turn it is, who throws): there is one at the points these games reach."""
    assert number is not None
    return number


def four_anglers(preset: str = "anglers-guide") -> Game:
    """Monday's Action phase: the long-named angler holds the Life Preserver, 2 Regret cards and $10 (the cap)."""
    game = new_game(GameSetup(players=[PlayerSetup(name=n, colour=c) for n, c in ANGLERS],
                              ruleset=build_ruleset(preset, (), False), seed=7))
    game = play(game, *(act.Refresh(player=i, faces=[3, 2, 1]) for i in range(len(ANGLERS))))
    game = play(game, act.ThrowLifePreserver(player=seat(game.state.life_preserver_thrower), to=1), act.AdvancePhase(),
                act.DrawRegret(player=1), act.DrawRegret(player=1), act.AdjustFishbucks(player=1, amount=10),
                act.AdjustFishbucks(player=0, amount=4))
    return game.apply(act.Fish(player=seat(game.state.current_player), fish=SUNFISH, depth=1, difficulty=2, dice=[0]))


def all_passed(game: Game) -> Game:
    """Everyone passes, in turn: the Day's end (its checklist) is next."""
    while not all(p.passed for p in game.state.players):
        game = game.apply(act.Pass(player=seat(game.state.current_player)))
    return game


def passed_until(game: Game, day: int) -> Game:
    """``game`` played on with everyone passing every Day until the evening of ``day`` (0: Monday)."""
    game = all_passed(game)
    while game.state.day < day:
        game = game.apply(act.AdvancePhase())
        game = play(game, *(act.Refresh(player=i) for i in range(len(ANGLERS))))
        thrower = seat(game.state.life_preserver_thrower)
        game = play(game, act.ThrowLifePreserver(player=thrower, to=(thrower + 1) % len(ANGLERS)),
                    act.AdvancePhase())
        game = play(game, *(act.Declare(player=i, location="sea") for i in game.state.turn_order()))
        game = all_passed(game.apply(act.AdvancePhase()))
    return game


def ended(game: Game) -> Game:
    """``game`` played to its last Day, ended, and every Regret value revealed (A p.22)."""
    game = passed_until(game, game.state.ruleset.days - 1).apply(act.EndGame())
    return play(game, *(act.RevealRegrets(player=i, value=2 if p.regret_cards else 0)
                       for i, p in enumerate(game.state.players)))


@dataclass
class Seeded:
    game: str
    day_end: str
    rewards: str
    finished: str
    campaign: str


def seed(data_dir: Path) -> Seeded:
    store = open_store(data_dir)
    game = four_anglers()
    store.save_game(game)
    done = ended(four_anglers())
    day_end = passed_until(four_anglers(), 2)  # Wednesday evening: Thursday hands out dice
    rewards = four_anglers("three-shops")
    for saved in (done, day_end, rewards):
        store.save_game(saved)
    record_play(store, score_table({"game": "deep-regrets", "players": [
        {"name": LONG_NAME, "regret_cards": 3, "regret_value": 4, "fishbucks": 10,
         "hand": [{"value": 3, "type": "fair"}], "mounted": [{"slot": 1, "value": 4, "type": "foul"}]},
        {"name": "Ann", "regret_cards": 2, "regret_value": 2, "fishbucks": 2}]}), play_id="first")
    record_play(store, score_table({"game": "deep-regrets", "players": [
        {"name": "Ann", "regret_cards": 1, "regret_value": 1, "fishbucks": 6},
        {"name": LONG_NAME, "regret_cards": 5, "regret_value": 9, "fishbucks": 1}]}), play_id="second")
    campaign = start_week(new_campaign("Halley's very long expedition to the trench"))
    for fish in ("Sunfish", "Swordfish", "Flounder"):
        campaign = catch_fish(campaign, fish)
    store.save_campaign(campaign)
    return Seeded(game.id, day_end.id, rewards.id, done.id, campaign.id)


@dataclass(frozen=True)
class Screen:
    name: str
    route: str
    ready: str  # an identifier the screen shows once drawn


# Routes with the seeded ids in braces (the fields of ``Seeded``).
SCREENS = [
    Screen("home", "/", "home-new-game"),
    Screen("new-game", "/new", "player-name-0"),
    Screen("table", "/table?game={game}", "day-banner"),
    Screen("day-end", "/table?game={day_end}", "advance-day"),
    Screen("rewards", "/table?game={rewards}", "day-banner"),
    Screen("angler", "/player?game={game}&seat=1", "player-summary"),
    Screen("port", "/port?game={game}&seat=1", "port-fishbucks"),
    Screen("scorer", "/score?game={finished}", "scorer-rank-0"),
    Screen("survey-sheet", "/survey/sheet?c={campaign}", "survey-slot-sunfish"),
    Screen("history", "/history", "history-play-first"),
    Screen("statistics", "/stats", "stats-plays"),
    Screen("data", "/data", "data-folder"),
    Screen("phones", "/phones", "phones-local"),  # served on 127.0.0.1 only: the host's own page
]


def catch_panel(tab: FletPage) -> None:
    """The angler whose turn it is picks a Fish still in the Sea (the Sunfish's one card is in a hand): the catch
    panel's switches show."""
    tab.type_into("catch-search", "Swordfish")
    tab.tap("catch-pick-swordfish", then="catch-secret")


def jettison_rows(tab: FletPage) -> None:
    """A Regret value typed and the jettison proposed: one row per Fish held."""
    tab.type_into("survey-regret-value", "6")
    tab.tap("survey-propose", then="survey-jettison-sunfish")


@dataclass(frozen=True)
class State:
    """A screen in a state a tap or two brings up (``reach``), once ``ready`` is drawn; ``part`` is the card with
    the long labels, at the top of its screenshot."""
    name: str
    route: str
    ready: str
    part: str
    reach: Callable[[FletPage], None] | None = None
    # Captions (the identifier of the node that draws one, and its message) on one line of small text.
    short: tuple[tuple[str, str], ...] = ()


# The screens whose long labels were cut off in the game night of issue 26, in each language at phone sizes.
STATES = [
    State("new-game-variants", "/new", "player-name-0", "new-game-variants"),
    # The change by hand's caption took four lines in Chinese beside the reason field (issue 37).
    State("catch-panel", "/player?game={game}&seat=1", "catch-search", "fishing", catch_panel,
          short=(("catch-adjust", "Difficulty adjusted by hand"),)),
    State("day-end-checklist", "/table?game={day_end}", "day-effects", "day-effects"),
    State("scorer-expansions", "/score", "scorer-ruleset", "scorer-ruleset"),
    State("survey-jettison", "/survey/end?c={campaign}", "survey-regret-value", "survey-jettison", jettison_rows),
]
LOCALES = {"en": "en-US", "it": "it-IT", "zh_Hant": "zh-TW"}


# JavaScript: a function measuring a text's width at a size, in the fonts the app ships and draws with (whatever the
# machine has): Roboto (as family ``font``), and for Chinese the app's own Noto Sans TC subset (served at ``cjk``).
# A system font found for Chinese instead (or none: 計 measured 12 px wide at 32 px) measured other widths.
_PEN = """async (font, cjk) => {
    for (const [family, url] of [[font, '/assets/fonts/roboto.woff2'], [font + 'CJK', cjk]]) {
        if (![...document.fonts].some(f => f.family === family)) {
            document.fonts.add(await new FontFace(family, `url(${url})`).load());
        }
    }
    const pen = document.createElement('canvas').getContext('2d');
    return (s, size) => { pen.font = `${size}px ${font}, ${font}CJK`; return pen.measureText(s).width; };
}"""
# The fonts the layout checks measure with (_PEN's arguments).
MEASURED_WITH = {"font": "LayoutRoboto", "cjk": "/" + FONTS["zh_Hant"][1]}

# Every flt-semantics node that carries text: its box, the scroll view around it (a node is judged only where it
# is wholly inside it: Flutter cuts a node's box at its scroll view's edge), its card's box, and the widths its
# text needs in Roboto at the smallest size (whole, and its longest word).
_COLLECT = """async ({small, headingLine, headingRows, fit, button, font, cjk, touch, controls}) => {
    const need = await (""" + _PEN + """)(font, cjk);
    const heading = el => /^H[1-6]$/.test(el.tagName);
    // Where a line may break: at spaces, after a hyphen, and on either side of a Chinese character or punctuation
    // mark (Flutter breaks Chinese text between any two of them).
    const pieces = w => w.split(/(?<=-)/)
        .flatMap(w => w.split(/(?<=[\u2E80-\u9FFF\u3000-\u303F\uFF00-\uFFEF])/))
        .flatMap(w => w.split(/(?=[\u2E80-\u9FFF\u3000-\u303F\uFF00-\uFFEF])/)).filter(w => w);
    const words = s => s.split(/\\s+/).flatMap(pieces);
    // Lines ``text`` takes at ``size`` in ``width`` px, wrapped at spaces (Infinity: a word is wider than the box).
    const wrapped = (text, size, width) => {
        let rows = 0;
        for (const part of text.split('\\n')) {
            let row = -1;
            rows += 1;
            for (const spaced of part.split(/\\s+/).filter(w => w)) {
                // A space before a word, none between the pieces of one (Chinese characters, after a hyphen)
                for (const [k, word] of pieces(spaced).entries()) {
                    const w = need(word, size);
                    if (w > width + 1.5) return Infinity;
                    const gap = k === 0 ? need(' ', size) : 0;
                    if (row >= 0 && row + gap + w <= width + 1.5) { row += gap + w; continue; }
                    if (row >= 0) rows += 1;
                    row = w;
                }
            }
        }
        return rows;
    };
    const out = [], clips = new Map();
    for (const n of document.querySelectorAll(
            'flt-semantics-host flt-semantics, flt-semantics-host :is(h1, h2, h3, h4, h5, h6)')) {
        const control = controls[n.getAttribute('role')];  // a switch, checkbox or radio: named by aria-label
        const named = heading(n) ? n.textContent.trim() : control ? (n.getAttribute('aria-label') || '').trim()
            : [...n.childNodes]
            .filter(c => c.nodeType === 3 || (c.nodeType === 1 && !c.tagName.startsWith('FLT-') && !heading(c)))
            .map(c => c.textContent).join('').trim();
        // A button named with whose it is ("Ann, Bo" then "Resume", issue 38) says that on lines of its own before
        // its caption, for a screen reader: only the caption, its last line, is drawn.
        const text = n.getAttribute('role') === 'button' ? named.split('\\n').pop().trim() : named;
        const r = n.getBoundingClientRect();
        if (!text || !r.width || !r.height) continue;
        // An icon button (a stepper's − or +, Back, Undo): its text is the name a screen reader says, not drawn on
        // screen. A square touch target, larger at a large Text size (the app bar's are 56 px there).
        if (n.getAttribute('role') === 'button' && r.width <= touch * 1.5 && Math.abs(r.width - r.height) < 2) continue;
        if (n.getAttribute('role') === 'button' && r.width <= touch && r.height <= touch) continue;
        // Flutter cuts a node's box at the edge of every clipping (scrolling) node around it.
        let top = 0, bottom = innerHeight, card = null, inside = true;
        for (let a = n.parentElement; a; a = a.parentElement) {
            if (a.tagName !== 'FLT-SEMANTICS') continue;
            if (!clips.has(a)) clips.set(a, getComputedStyle(a).overflowY !== 'visible');
            if (clips.get(a)) {
                const c = a.getBoundingClientRect();
                top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
                inside = false;  // a card outside the scroll view says nothing of the node's place in it
            }
            if (inside && !card && a.hasAttribute('flt-semantics-identifier')) card = a;
        }
        const c = card && card.getBoundingClientRect();
        const within = b => b.top > top + 0.5 && b.bottom < bottom - 0.5;  // touching an edge: perhaps cut by it
        const size = small;
        const lines = text.split('\\n');
        out.push({
            text, kind: heading(n) ? 'heading' : control ? 'toggle' : n.getAttribute('role') === 'button' ? 'button'
                : 'text',
            role: n.getAttribute('role'), control: control || 0,
            left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height,
            whole: within(r),
            card: card ? card.getAttribute('flt-semantics-identifier') : null,
            cardBox: c && within(c) ? {left: c.left, right: c.right, top: c.top, bottom: c.bottom} : null,
            lines: lines.length, size,
            lineWidth: Math.max(...lines.map(l => need(l, size))),
            wordWidth: Math.max(0, ...words(text).map(w => need(w, size))),
            buttonWidth: need(text, button),
            buttonWord: Math.max(0, ...words(text).map(w => need(w, button))),
            // A title of k lines (its box k lines high at some size): the lines its words take at that size in a
            // box a little wider, and in one as much narrower as Flutter's Roboto is wider than the page's.
            wraps: heading(n) ? headingRows.map(k => [r.height / (k * headingLine)].map(s =>
                    [s, wrapped(text, s, r.width * (1 + fit[0])), wrapped(text, s, r.width * (1 - fit[1]))])[0])
                : control ? [wrapped(text, size, r.width - control)] : [],
        });
    }
    return {nodes: out, width: innerWidth};
}"""
# An app bar's title (the headings on screen) is drawn in Material's titleLarge style, whose line is 28/22 of its
# size, in at most four lines: its box is k such lines high at some size, no smaller than the app's smallest text,
# and its words take k lines at that size (an ellipsised title is one line too few; a word cut, too wide).
HEADING_LINE, HEADING_ROWS = 28 / 22, [1, 2, 3, 4]
# How much wider, and narrower, the page's Roboto may measure a line than Flutter draws it: "Score Deep" at 32 px
# measures 148 px here and took two lines of a 160 px title in Flutter (about 8 % wider there).
FIT = (0.02, 0.15)
# A button's label: 14 px, 20 px a line, and at least 14 px of padding either side (a chip's 12 and its 2 px border;
# a Material 3 button has 16).
BUTTON_TEXT, BUTTON_LINE, BUTTON_PADDING = 14, 20, 14
# The width a switch, checkbox or radio takes beside its label (Material's, at the compact density Chromium on a
# desktop gets: lower bounds), and its height there. Flet draws a control's own ``label`` on one line in the
# control's box and cuts it with an ellipsis: a box one control high holds one line of its name, beside the control.
CONTROLS = {"switch": 52, "checkbox": 32, "radio": 32}
CONTROL_HEIGHT = 40
# Room beside a control in which no word of a name fits: the name is drawn elsewhere (merged with the control for a
# screen reader, its box is the control's padded box, a few px wider than the lower bounds above).
NO_WORD = 24


def problems(nodes: list[dict[str, Any]], width: int, scale: float = 1.0) -> list[str]:
    """What is cut off among the collected nodes, one line each naming the text (``scale``: the phone's Text size,
    which scales button captions)."""
    found = []
    for n in nodes:
        text = n["text"].replace("\n", " / ")
        line = LINE * n["size"]
        if n["left"] < -SLACK or n["right"] > width + SLACK:
            found.append(f"{text!r} runs out of the viewport: x {n['left']:.0f}–{n['right']:.0f} of {width}")
        if not n["whole"] and n["kind"] != "heading":  # an app bar's title: cut off by its bar, not a scroll view
            continue
        box = n["cardBox"]
        if box and (n["left"] < box["left"] - SLACK or n["right"] > box["right"] + SLACK
                    or n["top"] < box["top"] - SLACK or n["bottom"] > box["bottom"] + SLACK):
            found.append(f"{text!r} sticks out of its card {n['card']!r}")
        if n["kind"] == "toggle":
            found += toggle_problems(n, text, line)
            continue
        if n["kind"] == "heading":
            if not any(size >= theme.BASE_SIZES["SMALL"] - 0.5 and wide <= rows <= narrow
                       for rows, (size, wide, narrow) in zip(HEADING_ROWS, n["wraps"], strict=True)):
                found.append(f"title {text!r} is cut off: {n['width']:.0f}×{n['height']:.0f} px holds it in no "
                             f"whole number of lines at any size")
            continue
        if n["height"] < 0.9 * line:
            found.append(f"{text!r} is {n['height']:.0f} px high, less than one line ({line:.0f} px)")
        if n["wordWidth"] > n["width"] + SLACK:
            found.append(f"{text!r}: a word needs {n['wordWidth']:.0f} px, its box is {n['width']:.0f} px wide")
        elif n["height"] < 2 * line * n["lines"] and n["lineWidth"] > n["width"] + SLACK:
            found.append(f"{text!r} is one line high and needs {n['lineWidth']:.0f} px, its box is "
                         f"{n['width']:.0f} px wide")
        elif n["kind"] == "button" and n["buttonWord"] > n["width"] - 2 * BUTTON_PADDING + SLACK:
            found.append(f"button {text!r}: a word needs {n['buttonWord']:.0f} px, its caption has "
                         f"{n['width'] - 2 * BUTTON_PADDING:.0f} px")
        elif n["kind"] == "button" and n["lines"] == 1:
            room = n["width"] - 2 * BUTTON_PADDING
            rows = -(-n["buttonWidth"] // room) if room > 0 else 99
            if rows * BUTTON_LINE * scale > n["height"] + SLACK:
                found.append(f"button {text!r} needs {rows:.0f} lines, its box is {n['height']:.0f} px high")
    return found


def toggle_problems(n: dict[str, Any], text: str, line: float) -> list[str]:
    """A switch's, checkbox's or radio's name cut off: on one line in a box one control high, or wrapped into more
    lines than its box holds."""
    found = []
    room = n["width"] - n["control"]
    if room < NO_WORD:  # the name is a Text beside the control (views.widgets.toggles), judged as any text is
        return found
    if n["height"] <= CONTROL_HEIGHT + SLACK:  # the control's own label, on one line
        if n["lineWidth"] > room + SLACK:
            found.append(f"{n['role']} {text!r} is cut off: on its one line it needs {n['lineWidth']:.0f} px, "
                         f"{room:.0f} px are left beside the control")
    elif n["wraps"][0] * line > n["height"] + SLACK:
        found.append(f"{n['role']} {text!r} needs {n['wraps'][0]} lines of {room:.0f} px, its box is "
                     f"{n['height']:.0f} px high")
    return found


def survey(phone: FletPage, shot: str | None, steps: int = 5, scale: float = 1.0) -> list[str]:
    """Wheel from the top towards the bottom (at most ``steps`` times 80 % of a screen); the problems seen at Text
    size ``scale``. The top of the screen is saved as the screenshot ``shot`` (if any) on the way."""
    phone.scroll_to_top()
    found: list[str] = []
    last_place = None
    for step in range(steps):
        phone.settle()
        seen = phone.page.evaluate(_COLLECT, {"small": theme.BASE_SIZES["SMALL"] * scale,
                                              "headingLine": HEADING_LINE, "headingRows": HEADING_ROWS, "fit": FIT,
                                              "button": BUTTON_TEXT * scale, **MEASURED_WITH,
                                              "touch": theme.TOUCH, "controls": CONTROLS})
        found += [p for p in problems(seen["nodes"], seen["width"], scale) if p not in found]
        if step == 0 and shot:
            phone.screenshot(shot)
        place = [(n["text"], round(n["top"])) for n in seen["nodes"]]
        if place == last_place:  # the bottom: the wheel moved nothing
            break
        last_place = place
        phone._wheel(int((phone.page.viewport_size or {"height": 640})["height"] * 0.8))
    return found


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Seeded]:
    data_dir = tmp_path_factory.mktemp("layout") / "data"
    data_dir.mkdir()
    return data_dir, seed(data_dir)


@pytest.fixture(scope="module")
def layout_app(browser: object, seeded: tuple[Path, Seeded]) -> Iterator[ServedApp]:
    port = free_port()
    with ServedApp.start(companion_command(seeded[0], port), port) as app:
        yield app


@pytest.fixture(scope="module")
def browser_context(browser: Any) -> Iterator[Any]:
    """One browser context for every screen (the app's files load once)."""
    width, height = VIEWPORTS[0]
    context = browser.new_context(viewport={"width": width, "height": height})
    yield context
    context.close()


@pytest.fixture(scope="module")
def phones_by_language(browser: Any) -> Iterator[dict[str, Any]]:
    """A browser context per language (its Accept-Language), made when first asked for."""
    contexts: dict[str, Any] = {}
    yield contexts
    for context in contexts.values():
        context.close()


@pytest.fixture
def tab(browser_context: Any, layout_app: ServedApp) -> Iterator[FletPage]:
    """A new tab per screen: reloading one tab keeps its Flet session, and the route it showed before."""
    page = browser_context.new_page()
    yield FletPage(page, layout_app.url)
    page.close()


@pytest.mark.parametrize("shown", SCREENS, ids=[s.name for s in SCREENS])
def test_no_text_is_cut_off_at_phone_and_tablet_sizes(shown: Screen, tab: FletPage,
                                                        seeded: tuple[Path, Seeded]) -> None:
    name = shown.name
    tab.open(shown.route.format(**asdict(seeded[1])))
    tab.wait_id(shown.ready)
    report = []
    for width, height in VIEWPORTS:
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.settle()  # Flutter lays the new size out on the next frames
        found = survey(tab, f"{name}-{width}x{height}")
        report += [f"{name} at {width}×{height}: {p}" for p in found]
        if name == "table" and width >= 1024:
            report += side_by_side(tab, f"{name} at {width}×{height}")
    assert not report, "text cut off:\n" + "\n".join(report)


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("shown", STATES, ids=[s.name for s in STATES])
def test_no_long_label_is_cut_off_in_any_language(shown: State, language: str, layout_app: ServedApp,
                                                  phones_by_language: dict[str, Any], browser: Any,
                                                  seeded: tuple[Path, Seeded]) -> None:
    """The variants, the catch panel, the Day's end checklist, the scorer's expansions and the jettison rows in
    English, Italian and Traditional Chinese at phone sizes (issue 26): switch and checkbox labels included."""
    width, height = VIEWPORTS[0]
    if language not in phones_by_language:
        phones_by_language[language] = browser.new_context(viewport={"width": width, "height": height},
                                                           locale=LOCALES[language])
    page = phones_by_language[language].new_page()
    tab = FletPage(page, layout_app.url)
    try:
        tab.open(shown.route.format(**asdict(seeded[1])))
        tab.wait_id(shown.ready)
        if shown.reach:
            shown.reach(tab)
        report = []
        for width, height in VIEWPORTS[:2]:
            tab.page.set_viewport_size({"width": width, "height": height})
            tab.settle()
            where = f"{shown.name}-{language}-{width}x{height}"
            report += [f"{where}: {p}" for p in survey(tab, None)]
            if width == VIEWPORTS[0][0]:
                tab.bring_to_top(shown.part)
                tab.screenshot(where)
            report += [f"{where}: {p}" for p in wrapped_captions(tab, shown.short, language)]
        assert not report, "text cut off:\n" + "\n".join(report)
    finally:
        page.close()


def side_by_side(tab: FletPage, where: str) -> list[str]:
    """On a tablet the first two angler cards share a row (two columns), each in its own half."""
    tab.scroll_to_top()
    boxes = [tab.page.locator(f'[flt-semantics-identifier="player-card-{i}"]').first.bounding_box()
             for i in (0, 1)]
    if None in boxes:
        return [f"{where}: the first two angler cards are not both on screen"]
    a, b = boxes
    assert a is not None and b is not None
    if abs(a["y"] - b["y"]) > 2 or b["x"] < a["x"] + a["width"]:
        return [f"{where}: angler cards are not side by side (card 0 at {a}, card 1 at {b})"]
    return []


LARGEST = max(TEXT_SIZE_NAMES)  # "Largest" (Grandissimo), the last of Settings' Text sizes


def test_the_largest_text_size_cuts_nothing_off_the_table(layout_app: ServedApp, browser: Any,
                                                          seeded: tuple[Path, Seeded]) -> None:
    """Issue 37: at the largest Text size, on an Italian phone, the table's title "Lunedì · Azione" was cut off by
    the app bar and the "Un banco è stato svuotato" button's caption ran over its border."""
    width, height = VIEWPORTS[0]
    context = browser.new_context(viewport={"width": width, "height": height}, locale=LOCALES["it"])
    try:
        tab = FletPage(context.new_page(), layout_app.url)
        tab.open("/settings")
        tab.tap(f"text-size-{list(TEXT_SIZE_NAMES).index(LARGEST)}")
        # In the app, not by reloading: a reloaded table at this size stays on Flet's "Working..." page in headless
        # Chromium (the semantics are there, nothing is painted), before this change as after it.
        tab.tap("back", then=f"resume-{seeded[1].game}")
        tab.tap(f"resume-{seeded[1].game}", then="day-banner")
        tab.wait_text("Lunedì · Azione")
        report = survey(tab, f"table-largest-it-{width}x{height}", scale=LARGEST)
        assert not report, "text cut off:\n" + "\n".join(report)
    finally:
        context.close()


# Lines ``text`` takes at ``size`` px in the box of the node ``id`` (broken at spaces and between Chinese characters,
# as Flutter breaks them), measured with the fonts the layout checks use.
_LINES = """async ({id, text, size, font, cjk}) => {
    const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    if (!node) return null;
    const need = await (""" + _PEN + """)(font, cjk);
    const width = node.getBoundingClientRect().width;
    const chinese = /[\u2E80-\u9FFF\u3000-\u303F\uFF00-\uFFEF]/;
    const words = text.split(/\\s+/).flatMap(w => w.split(/(?<=[\u2E80-\u9FFF])|(?=[\u2E80-\u9FFF])/));
    let lines = 1, row = 0;
    for (const word of words.filter(w => w)) {
        const w = need(word, size);
        const gap = row && !chinese.test(word) ? need(' ', size) : 0;
        if (row && row + gap + w > width + 1.5) { lines += 1; row = w; } else { row += gap + w; }
    }
    return {lines, width};
}"""


def wrapped_captions(tab: FletPage, captions: tuple[tuple[str, str], ...], language: str) -> list[str]:
    """Each caption ``(identifier, message)``, in ``language``, wrapped in the box of the node ``identifier`` at
    the app's smallest text (a lower bound: what wraps here wraps on the phone)."""
    found = []
    for identifier, message in captions:
        with use_language(language):
            text = t(message)
        tab.wait_id(identifier)
        seen = tab.page.evaluate(_LINES, {"id": identifier, "text": text, "size": theme.BASE_SIZES["SMALL"],
                                          **MEASURED_WITH})
        assert seen is not None, f"{identifier!r} is not on the screen"
        if seen["lines"] > 1:
            found.append(f"{text!r} takes {seen['lines']} lines in {seen['width']:.0f} px")
    return found


# The main screens of issue 38 at the largest Text size: every screen above but the Phones screen, a solo week, the
# two other scorers and Settings. Neighbours show different identifiers once drawn (see go()).
LARGEST_SCREENS = [*(s for s in SCREENS if s.name != "phones"),
                   Screen("survey-week", "/survey/week?c={campaign}", "survey-day"),
                   Screen("shallow", "/score/shallow", "shallow-player-0"),
                   Screen("endeavor", "/score/endeavor", "endeavor-player-0"),
                   Screen("settings", "/settings", "text-size-0")]


def go(tab: FletPage, route: str, leaving: str) -> None:
    """Show ``route`` in the app, as the browser's Back and Forward do (a history entry and its popstate), and wait
    until the screen showing ``leaving`` is gone: a reload would draw the screen at the designed Text size first,
    and at this size a reloaded table stays on Flet's "Working..." page in headless Chromium."""
    old = tab.by_id(leaving).element_handle()
    tab.page.evaluate("""route => {
        history.pushState(history.state, '', route);
        window.dispatchEvent(new PopStateEvent('popstate', {state: history.state}));
    }""", route)
    tab.page.wait_for_function("node => !node.isConnected", arg=old)


@pytest.mark.parametrize("language", LOCALES)
def test_the_largest_text_size_cuts_nothing_off_the_main_screens(language: str, layout_app: ServedApp, browser: Any,
                                                                  seeded: tuple[Path, Seeded]) -> None:
    """Issue 38: Home, New game, the Table (and its Day's end and passing rewards), an angler's card, Port, the
    scorers and a result, the survey sheet and week, History, Statistics, Settings and Data at the largest Text
    size on a 360×640 phone, in each language."""
    width, height = VIEWPORTS[0]
    context = browser.new_context(viewport={"width": width, "height": height}, locale=LOCALES[language])
    report = []
    try:
        tab = FletPage(context.new_page(), layout_app.url)
        tab.open("/settings")
        tab.tap(f"text-size-{list(TEXT_SIZE_NAMES).index(LARGEST)}")
        leaving = "text-size-0"
        for shown in LARGEST_SCREENS:
            go(tab, shown.route.format(**asdict(seeded[1])), leaving)
            tab.wait_id(shown.ready)
            where = f"{shown.name}-largest-{language}-{width}x{height}"
            report += [f"{where}: {p}" for p in survey(tab, where, scale=LARGEST)]
            leaving = shown.ready
    finally:
        context.close()
    assert not report, "text cut off:\n" + "\n".join(report)


def pixels(path: Path) -> set[str]:
    """The colours of a screenshot's pixels, as ``#rrggbb``."""
    from PIL import Image

    with Image.open(path) as shot:
        return {"#" + bytes(rgb).hex() for _, rgb in shot.convert("RGB").getcolors(maxcolors=1 << 20) or []}


def test_the_light_theme_draws_the_light_palette(layout_app: ServedApp, browser_context: Any,
                                                 seeded: tuple[Path, Seeded]) -> None:
    """Issue 38: the colours the contrast test checks (tests/unit/test_contrast.py) are the ones on screen: once the
    host picks the light theme, the table is drawn on the light surfaces, each angler's card edged in the light
    theme's shade of their colour, none in the dark theme's; and back."""
    tab = FletPage(browser_context.new_page(), layout_app.url)
    tab.page.set_viewport_size({"width": 1024, "height": 1400})  # the four cards on one screen
    colours = [colour for _, colour in ANGLERS]
    try:
        tab.open("/settings")
        tab.tap("theme-light")
        go(tab, f"/table?game={seeded[1].game}", "theme-light")
        tab.wait_id("player-card-0")
        light = {theme.LIGHT.surface, theme.LIGHT.surface_container_high, *(theme.LIGHT.anglers[c] for c in colours)}
        dark = {theme.DARK.surface, *(theme.DARK.anglers[c] for c in colours)}
        deadline = time.monotonic() + tab.timeout_ms / 1000
        seen = pixels(tab.screenshot("table-light"))
        while not (light <= seen and not seen & dark) and time.monotonic() < deadline:  # the theme animates in
            seen = pixels(tab.screenshot("table-light"))
        assert {theme.LIGHT.surface, theme.LIGHT.surface_container_high} <= seen
        assert {theme.LIGHT.anglers[c] for c in colours} <= seen
        assert not seen & dark
    finally:
        go(tab, "/settings", "player-card-0")
        tab.tap("theme-dark")
        tab.page.close()
