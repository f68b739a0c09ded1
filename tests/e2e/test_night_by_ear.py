"""A night played by ear (issue 46, item 6): a 3-angler short game (A p.6: Tuesday to Saturday) from New game to
the Results, through the accessibility tree alone, as a screen reader user plays it.

Every control is found by its role and the name Chromium computes for it (Playwright's ``get_by_role``; an angler's
buttons inside the group named after the angler), never by a test identifier or a place on the screen, wheeled to
and activated as a screen reader does (a click on its node; the pointer stays put; a text field is tapped to
type in it). After each move the announcement Flutter makes (its live regions, read as ``tests.support.hearing.HEAR``
keeps them) is waited for and checked against the words a player should hear, written out here as the screen
reader says them:

- New game: "New game. Ann, Bo, Cy. Tuesday. Refresh";
- a Refresh the app rolls ("Bo: Refresh. Fresh dice: Angler die 2, …") and one with typed faces ("Ann: Refresh.
  Fresh dice: Angler die 3, Angler die 3, Angler die 3", each face a button marked current once chosen);
- the Life Preserver's throw, by a button that says whose and to whom (A p.8);
- a die chosen (a checkbox, ticked), a catch naming the Fish and the die spent, Undo naming what it took back
  ("Undone: Ann's Catch"), Redo, and no stray tooltip ("Undo", "Redo") while the pointer rests on those buttons;
- each Pass, each Day's end ("Wednesday begins"), Make Port, a sale naming the Fish, a purchase naming the die;
- the game's end on the last Day and the Results' winner and ranking, said as the screen opens.

A shorter night in Italian and in Traditional Chinese (the browser's language) checks a typed Refresh, a catch and
the Results' announcement in that language, with the catalogs' own words.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import PHONE, TIMEOUT_MS, FletPage, ServedApp, companion_command, free_port
from tests.support.hearing import HEAR

ANGLERS = ("Ann", "Bo", "Cy")
DIE = r"Angler die [1-3]"
STRAY = {"Undo", "Redo", "Back"}  # an icon button's name said alone: its hover tooltip under a resting pointer


@pytest.fixture(scope="module")
def app(browser: object, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedApp]:
    data_dir = tmp_path_factory.mktemp("by-ear")
    port = free_port()
    with ServedApp.start(companion_command(data_dir, port), port) as served:
        yield served


class Ear:
    """A phone driven by role and name, each move's announcement heard."""

    def __init__(self, tab: FletPage) -> None:
        self.tab = tab
        self.page = tab.page
        self.said: list[str] = []  # every line said since the game began

    def node(self, role: str, name: str | re.Pattern[str], within: str | None = None) -> Any:
        """The control of ``role`` named ``name`` (exactly, or matching), inside the group of the angler
        ``within`` (named after the angler, then the card's title)."""
        scope = self.page.get_by_role("group", name=re.compile(rf"^{within}\b")) if within else self.page
        return scope.get_by_role(role, name=name, exact=True).first  # type: ignore[arg-type]

    def move(self, role: str, name: str | re.Pattern[str], hear: str | re.Pattern[str] | None,
             within: str | None = None, pointer: bool = False) -> str:
        """Activate the control as a screen reader does (a click on its node; the pointer stays where it was), or
        tap it with the pointer, and wait for the announcement that begins with ``hear`` (or matches it)."""
        self.said += self.page.evaluate("window.__said.splice(0)")  # anything said since the last move's line
        node = self.node(role, name, within)
        try:
            if pointer:
                self.tab.tap_node(node)
            else:  # once it can be used: a button the move before enables as it is drawn again (Redo)
                self.tab.wait_node(node)
                self.page.wait_for_function("n => n.getAttribute('aria-disabled') !== 'true'",
                                            arg=node.element_handle())
                node.dispatch_event("click")
        except Exception as missing:
            raise AssertionError(f"no {role} named {name!r}{f' in {within}' if within else ''}; the screen says:\n"
                                 f"{self.tab.screen_text()}") from missing
        return self.hear(hear) if hear is not None else ""

    def hear(self, hear: str | re.Pattern[str]) -> str:
        """Wait for an announcement that begins with ``hear`` (or matches it); return it."""
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        said: list[str] = []
        while time.monotonic() < deadline:
            said += self.page.evaluate("window.__said.splice(0)")
            found = [s for s in said if (hear.search(s) if isinstance(hear, re.Pattern) else s.startswith(hear))]
            if found:
                self.said += said
                return found[0]
            time.sleep(0.05)
        raise AssertionError(f"expected to hear {hear!r}; heard {said} (before: {self.said[-3:]}); the screen "
                             f"says:\n{self.tab.screen_text()}")

    def type(self, name: str, text: str, within: str | None = None) -> None:
        self.tab.type_in(self.node("textbox", name, within), text)

    def whose_turn(self) -> str:
        """The angler whose turn the banner says it is."""
        shown = self.page.get_by_text(re.compile(r"^\w+'s turn$")).first.inner_text()
        return shown.removesuffix("'s turn")


def test_a_three_angler_night_played_by_ear(app: ServedApp, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-US")
    context.add_init_script(HEAR)
    try:
        ear = Ear(FletPage(context.new_page(), app.url).open("/"))
        _new_game(ear)
        _tuesday(ear)
        _wednesday(ear)
        for following in ("Friday", "Saturday", None):  # Thursday to Saturday: all at Sea, all pass
            _refresh_and_throw(ear)
            ear.move("button", "Next phase", re.compile(r"^Declaration\. \w+'s turn$"))
            for _ in ANGLERS:
                who = ear.whose_turn()
                ear.move("button", "Sea", f"{who}: Sea, Depth I", within=who)
            ear.move("button", "Next phase", re.compile(r"^Action\. \w+'s turn$"))
            _everyone_passes(ear)
            if following:
                ear.move("button", "Start the next Day", f"{following} begins")
        _the_end(ear)
        assert not [line for line in ear.said if line in STRAY], ear.said
    finally:
        context.close()


def _new_game(ear: Ear) -> None:
    ear.move("button", "New game", None)
    ear.type("Angler 1", "Ann")
    ear.type("Angler 2", "Bo")
    ear.move("button", "Add an angler", None)
    ear.type("Angler 3", "Cy")
    short = ear.node("switch", re.compile(r"^Short game: start on Tuesday"))
    ear.tab.tap_node(short)
    ear.page.wait_for_function("n => n.getAttribute('aria-checked') === 'true'", arg=short.element_handle())
    ear.move("button", "Start the game", "New game. Ann, Bo, Cy. Tuesday. Refresh")


def _tuesday(ear: Ear) -> None:
    """Ann types her faces (the highest total: she throws the Life Preserver), Bo and Cy let the app roll; Ann
    catches a Black Seabass (Difficulty 1, A p.12) with a die of 3, undoes it and does it again; all pass."""
    for n in (1, 2, 3):
        face = ear.node("button", f"Ann: die {n}, Angler die: face 3")
        ear.tab.tap_node(face)
        ear.page.wait_for_function("n => n.getAttribute('aria-current') === 'true'", arg=face.element_handle())
    ear.move("button", "Refresh with these faces", "Ann: Refresh. Fresh dice: Angler die 3, Angler die 3, Angler die 3",
             within="Ann")
    for who in ("Bo", "Cy"):
        ear.move("button", "Let the app roll", re.compile(rf"^{who}: Refresh\. Fresh dice: {DIE}, {DIE}, {DIE}\. "
                                                          rf"{who}: turn your Fresh dice to "), within=who)
    ear.move("button", "Ann: throw the Life Preserver to Bo", "Ann: throw the Life Preserver to Bo. Life Preserver: Bo")
    ear.move("button", "Next phase", "Action. Ann's turn")  # the first Day has no Declaration (A p.8)
    ear.move("button", "Dice, Fish, gear", None, within="Ann")
    die = ear.node("checkbox", "Angler die 3")
    assert die.get_attribute("aria-checked") == "false"
    ear.move("checkbox", "Angler die 3", "Selected: Angler die 3")
    assert die.get_attribute("aria-checked") == "true"
    ear.type("Fish name", "Black Seabass")
    ear.move("button", re.compile(r"^Black Seabass · "), None)
    ear.move("button", "Catch with the selected dice", "Ann: caught Black Seabass with Angler die 3")
    # Undo tapped: the pointer rests on it as Redo and the Table are reached by the screen reader, and Undo and
    # Redo are drawn again under it; their hover tooltips were said ("Undo", "Redo"; checked at the end).
    ear.move("button", "Undo", "Undone: Ann's Catch", pointer=True)
    ear.move("button", "Redo", "Redone: Ann's Catch")
    ear.move("button", "Table", "Bo's turn")
    _everyone_passes(ear)
    ear.move("button", "Start the next Day", "Wednesday begins")


def _wednesday(ear: Ear) -> None:
    """Bo is first now (A p.9). Ann Makes Port (A p.17) and, last to pass there, has 4 turns (A p.9): she sells
    her Black Seabass and buys a green die from the Market; Bo and Cy stay at Sea and pass."""
    _refresh_and_throw(ear)
    ear.move("button", "Next phase", "Declaration. Bo's turn")
    ear.move("button", "Sea", "Bo: Sea, Depth I", within="Bo")
    ear.move("button", "Sea", "Cy: Sea, Depth I", within="Cy")
    ear.move("button", "Make Port", None, within="Ann")
    ear.move("button", "Let the app roll", "Ann: Make Port", within="Ann")
    ear.move("button", "Next phase", "Action. Bo's turn")
    ear.move("button", "Pass", "Bo: passed")
    ear.move("button", "Pass", "Cy: passed")
    ear.move("button", "Port", None, within="Ann")
    ear.move("button", "Sell Black Seabass for $4", "Ann: sold Black Seabass for $4")  # Fair 2, +2 at Madness 0
    ear.move("button", re.compile(r"Green.*Buy, let the app roll"), "Ann: bought a green tackle die for $1")  # §9
    ear.move("button", "Table", None)
    ear.move("button", "Pass", "Ann: passed")
    ear.move("button", "Start the next Day", "Thursday begins")


def _refresh_and_throw(ear: Ear) -> None:
    for who in ANGLERS:
        ear.move("button", "Let the app roll", re.compile(rf"^{who}: Refresh\. Fresh dice: "), within=who)
    ear.move("button", re.compile(r"^\w+: throw the Life Preserver to \w+$"),
             re.compile(r"^\w+: throw the Life Preserver to \w+"))


def _everyone_passes(ear: Ear) -> None:
    for _ in ANGLERS:
        who = ear.whose_turn()
        ear.move("button", "Pass", f"{who}: passed")


def _the_end(ear: Ear) -> None:
    """Saturday, everyone passed: the game ends (A p.22); each reveals a Regret value of 0; the Results say who won."""
    ear.move("button", "End the game", None)
    ear.move("button", "Yes, end the game", "The game is over: the Results show who won")
    for who in ANGLERS:
        ear.type("Regret value", "0", within=who)
        ear.move("button", "Reveal", f"{who}: Regret value entered", within=who)
    # Ann's $4 less $1 for the die: $3, 1 point (§7: 1 point per $2, rounded down); Bo and Cy 0 points, tied.
    ear.move("button", "Score the game", "Winner: Ann. 1. Ann: 1. 2. Bo: 0 (shared). 2. Cy: 0 (shared)")


# The words of the shorter night, from the catalogs (data/locale/<language>/LC_MESSAGES/messages.po), as they are
# put together on the screen ("{name}: die {n}, {die}" + "{die}: face" + the face) and in one announcement
# ("{said}. {then}").
WORDS = {
    "it": {
        "locale": "it-IT", "new game": "Nuova partita", "angler": "Pescatore {n}", "start": "Inizia la partita",
        "started": "Nuova partita. Ann, Bo. Lunedì. Recupero", "face": "Ann: dado {n}, dado Pescatore: faccia 3",
        "faces": "Recupera con queste facce", "roll": "Lascia tirare all'app",
        "refreshed": "Ann: Recupero. Dadi Disponibili: dado Pescatore 3, dado Pescatore 3, dado Pescatore 3",
        "bo refreshed": "Bo: Recupero. Dadi Disponibili: ", "throw": "Ann: lancia il Salvagente a Bo",
        "next phase": "Fase successiva", "action": "Azione. Turno di Ann", "details": "Dadi, pesci, attrezzatura",
        "die": "dado Pescatore 3", "chosen": "Scelti: dado Pescatore 3", "fish name": "Nome del pesce",
        "fish": "Spigola nera", "catch": "Cattura con i dadi scelti",
        "caught": "Ann: ha pescato Black Seabass con dado Pescatore 3",
        "plus": "Pescatore 1: Dollari, $0. Aggiungi uno", "scored": "Pescatore 1: Dollari, $1",
    },
    "zh_Hant": {
        "locale": "zh-TW", "new game": "新遊戲", "angler": "釣客 {n}", "start": "開始遊戲",
        "started": "新遊戲。Ann, Bo。週一。重整", "face": "Ann：第 {n} 顆骰子，玩家骰：點數 3",
        "faces": "以這些點數重整", "roll": "讓程式擲骰",
        "refreshed": "Ann：重整。現有區的骰子：玩家骰 3, 玩家骰 3, 玩家骰 3",
        "bo refreshed": "Bo：重整。現有區的骰子：", "throw": "Ann：把救生圈給 Bo",
        "next phase": "下一階段", "action": "行動。輪到 Ann", "details": "骰子、漁獲、裝備",
        "die": "玩家骰 3", "chosen": "已選：玩家骰 3", "fish name": "漁獲名稱",
        "fish": "黑鱸", "catch": "用選好的骰子捕獲", "caught": "Ann：用 玩家骰 3 捕獲了 Black Seabass",
        "plus": "釣客 1：錢，$0。加一", "scored": "釣客 1：錢，$1",
    },
}


@pytest.mark.parametrize("language", WORDS)
def test_a_refresh_a_catch_and_a_score_are_said_in_the_phones_language(language: str, companion_app: ServedApp,
                                                                       browser: Any) -> None:
    """Ann and Bo's Monday on a phone whose browser asks for Italian or Traditional Chinese: a typed Refresh, the
    Life Preserver's throw, a die chosen and a catch, then a score in the scorer, each said in that language."""
    words = WORDS[language]
    context = browser.new_context(viewport=PHONE, locale=words["locale"])
    context.add_init_script(HEAR)
    try:
        ear = Ear(FletPage(context.new_page(), companion_app.url).open("/"))  # a host of its own: an empty scorer
        ear.move("button", words["new game"], None)
        ear.type(words["angler"].format(n=1), "Ann")
        ear.type(words["angler"].format(n=2), "Bo")
        ear.move("button", words["start"], words["started"])
        for n in (1, 2, 3):
            ear.tab.tap_node(ear.node("button", words["face"].format(n=n)))
        ear.move("button", words["faces"], words["refreshed"], within="Ann")
        ear.move("button", words["roll"], words["bo refreshed"], within="Bo")
        ear.move("button", words["throw"], words["throw"])
        ear.move("button", words["next phase"], words["action"])
        ear.move("button", words["details"], None, within="Ann")
        ear.move("checkbox", words["die"], words["chosen"])
        ear.type(words["fish name"], words["fish"])  # its name in the catalog's language finds it
        ear.move("button", re.compile(r"^Black Seabass · "), None)
        ear.move("button", words["catch"], words["caught"])
        ear.tab.open("/score")  # the scorer, as Home's "Score a finished game" opens it
        ear.move("button", words["plus"], words["scored"])
    finally:
        context.close()
