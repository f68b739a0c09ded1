"""Issue 12's major items in the browser, one served app for the module (each game set up through the rules engine
and stored in its data folder before it starts; each test opens its own tab on its own game):

(a) dice faces entered at Refresh decide who throws the Life Preserver (A p.8: Bo's 3+3+2 beats Ada's 1+1+2);
(b) a refused second visit to a Three shops shop says so inside the viewport of a 360×640 phone;
(c) a Rod bought at the Market with its name typed is in the angler's gear (A p.17);
(d) a Foul Fish sold at Port tells the angler to draw a Regret card (A p.17);
(e) removing a filled-in angler from the scorer can be undone;
(f) Three shops: the last pass of the Day gives the others no passing reward (docs/rules.md §9);
and the table's faces where else dice are rolled: Making Port's muster and a die bought at the Market (A p.17);
a Regret count typed is one move.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.rules import actions as act
from companion.rules.fish import FishRef
from companion.store import open_store
from tests.support.browser import PHONE, FletPage, ServedApp, companion_command, free_port
from tests.views.tables import monday_action, play, tuesday_at_port, two_players

SMALL_PHONE = {"width": 360, "height": 640}


def _foul_at_port():
    """Tuesday, Ada at Port holding a Foul 3 she caught on Monday; Bo has passed: Ada to act."""
    foul = FishRef(value=3, type="foul")
    game = play(monday_action(), act.Fish(player=0, fish=foul, depth=1, difficulty=2, dice=[0]),
                act.Pass(player=1), act.Pass(player=0), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    return play(game, act.ThrowLifePreserver(player=1, to=0), act.AdvancePhase(),
                act.Declare(player=1, location="sea"), act.Declare(player=0, location="port", faces=[1, 1, 1]),
                act.AdvancePhase(), act.Pass(player=1))


def _ada_to_declare():
    """Tuesday's Declaration: Bo (first player) declared Sea; Ada, Fresh 1, 1, 1, to declare."""
    game = play(monday_action(), act.Fish(player=0, fish=FishRef(value=4, type="fair"), depth=1, difficulty=2,
                                          dice=[0]),
                act.Pass(player=1), act.Pass(player=0), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    return play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0), act.AdvancePhase(),
                act.Declare(player=1, location="sea"))


def _three_shops_one_passed():
    """Three shops, Monday's Action phase: Ada passed (taking a Dink); Bo, the last one in, to act."""
    game = play(two_players("three-shops"), act.Refresh(player=0, faces=[1, 1, 1]),
                act.Refresh(player=1, faces=[3, 3, 3]))
    game = play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0), act.AdvancePhase())
    return game.apply(act.Pass(player=game.state.current_player, reward="dink"))


GAMES = {
    "refresh": two_players,
    "shops": lambda: tuesday_at_port("three-shops", fishbucks=5),
    "market": lambda: tuesday_at_port(fishbucks=5),
    "foul": _foul_at_port,
    "passing": _three_shops_one_passed,
    "typing": two_players,
    "declaring": _ada_to_declare,
    "market-die": lambda: tuesday_at_port(fishbucks=3),
}


@pytest.fixture(scope="module")
def served(browser: object, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServedApp, dict[str, str]]]:
    """The app, served once for the module, with every game of :data:`GAMES` stored; their ids by name."""
    data_dir: Path = tmp_path_factory.mktemp("data")
    store = open_store(data_dir)
    ids = {}
    for name, build in GAMES.items():
        game = build()
        store.save_game(game)
        ids[name] = game.id
    port = free_port()
    app = ServedApp.start(companion_command(data_dir, port), port)
    try:
        yield app, ids
    finally:
        app.stop()


def _tab(browser: object, url: str, viewport: dict[str, int]) -> Iterator[FletPage]:
    context = browser.new_context(viewport=viewport)  # type: ignore[attr-defined]
    try:
        yield FletPage(context.new_page(), url)
    finally:
        context.close()


@pytest.fixture
def tab(browser: object, served: tuple[ServedApp, dict[str, str]]) -> Iterator[FletPage]:
    """A new 390×844 tab on the served app: its own Flet session."""
    yield from _tab(browser, served[0].url, PHONE)


@pytest.fixture
def small_tab(browser: object, served: tuple[ServedApp, dict[str, str]]) -> Iterator[FletPage]:
    """A new 360×640 tab: the smallest phone the app is laid out for."""
    yield from _tab(browser, served[0].url, SMALL_PHONE)


@pytest.fixture
def games(served: tuple[ServedApp, dict[str, str]]) -> dict[str, str]:
    return served[1]


def test_faces_entered_at_refresh_decide_the_life_preserver(tab: FletPage, games: dict[str, str]) -> None:
    tab.open(f"/table?game={games['refresh']}")
    for seat, faces in ((0, (1, 1, 2)), (1, (3, 3, 2))):
        for n, face in enumerate(faces):
            tab.tap(f"face-{seat}-{n}-{face}")
        tab.wait_value(f"die-{seat}-2", re.compile(rf"Angler die {faces[2]}"))
        tab.tap(f"refresh-faces-{seat}")
        tab.wait_gone(f"refresh-faces-{seat}")
    tab.wait_id("throw-lp-0")  # Bo rolled the highest: he throws it, to Ada, the only other angler (A p.8)
    assert not tab.has_id("throw-lp-1")
    assert "(total 8)" in tab.value("dice-1") and "(total 4)" in tab.value("dice-0")


def test_a_refused_second_shop_visit_is_said_inside_the_viewport(small_tab: FletPage, games: dict[str, str]) -> None:
    tab = small_tab
    tab.open(f"/port?game={games['shops']}&seat=0")
    tab.tap("buy-supplies-1")
    tab.wait_value("port-fishbucks", re.compile(r"^\$4\b"))
    tab.tap("buy-supplies-1")  # the same shop again, the same Day: refused
    message = tab.wait_value("error-line", re.compile("already visited this shop"))
    assert "Ada" in message
    box = tab.by_id("error-line").bounding_box()
    assert box is not None and box["width"] > 0 and box["height"] > 0
    assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= SMALL_PHONE["height"], box
    assert tab.value("port-fishbucks").startswith("$4")  # nothing changed


def test_a_rod_picked_from_the_catalog_is_in_the_gear(tab: FletPage, games: dict[str, str]) -> None:
    tab.open(f"/port?game={games['market']}&seat=0")
    tab.tap("buy-shop-rods")
    tab.tap("buy-pick-narwhal-rod")
    tab.wait_value("buy-quote-item", "$1")  # the least a card can cost (docs/rules.md §5): up to its printed $3
    tab.tap("buy-price-plus")
    tab.wait_value("buy-quote-item", "$2")
    tab.tap("buy-price-plus")
    tab.wait_value("buy-quote-item", "$3")
    tab.tap("buy-item")
    tab.wait_value("port-fishbucks", re.compile(r"^\$2\b"))
    tab.open(f"/player?game={games['market']}&seat=0")
    tab.wait_value("item-0", re.compile("Narwhal Rod"))


def test_a_foul_sale_tells_the_angler_to_draw_a_regret_card(tab: FletPage, games: dict[str, str]) -> None:
    tab.open(f"/port?game={games['foul']}&seat=0")
    tab.tap("sell-0")
    tab.wait_value("table-steps", re.compile("Ada: draw a Regret card — sold a Foul Fish"))


def test_removing_a_filled_in_scorer_angler_can_be_undone(tab: FletPage) -> None:
    tab.open("/score")
    tab.type_into("scorer-name-1", "Hugo")
    for n in (1, 2):
        tab.tap("scorer-regret-cards-plus-1")
        tab.wait_value("scorer-regret-cards-1", re.compile(rf"^{n}\b"))
    tab.tap("scorer-remove-player-1")
    tab.wait_value("scorer-undo-remove", re.compile("Put back"))
    assert not tab.has_id("scorer-name-1")
    tab.tap("scorer-undo-remove")
    tab.wait_gone("scorer-undo-remove")
    tab.wait_value("scorer-regret-cards-1", re.compile(r"^2\b"))
    assert tab.has_id("scorer-name-1")


def test_no_passing_reward_after_the_last_pass(tab: FletPage, games: dict[str, str]) -> None:
    tab.open(f"/table?game={games['passing']}")
    tab.tap("pass-dink-1")  # Bo, the last one in, passes: the Day just ends (docs/rules.md §9)
    tab.wait_id("passed-1")
    tab.wait_id("advance-day")  # the Day's end checklist: nobody left to skip
    claims = [f"claim-{reward}-{seat}" for reward in ("dink", "regret") for seat in (0, 1)]
    assert not any(tab.has_id(c) for c in claims)
    tab.tap("advance-day")  # and none shows up the next morning
    tab.wait_value("day-name", re.compile("Tuesday"))
    assert not any(tab.has_id(c) for c in claims)


def test_a_regret_count_typed_is_one_move(tab: FletPage, games: dict[str, str]) -> None:
    """The field asks for the numeric keyboard (KeyboardType.NUMBER, tests/views/test_typed_numbers.py); Flutter
    sets ``inputmode`` only in a phone's browser, which this desktop Chromium is not."""
    tab.open(f"/table?game={games['typing']}")
    tab.tap("regret-field-0")  # the number opens as a field with the keyboard's focus
    field = tab.wait_id("regret-field-0").locator("input")
    field.wait_for(state="attached")
    assert field.evaluate("n => document.activeElement === n")  # focused at once: no second tap to type
    tab.page.keyboard.press("Control+A")
    tab.page.keyboard.type("5")
    tab.press("Enter")
    tab.wait_value("regret-0", re.compile(r"^5\b"))
    tab.wait_value("madness-0", re.compile("4"))  # 5 Regret cards: the 4–6 row (A pp.20–21)
    tab.tap("undo")  # one move: one undo takes all five back
    tab.wait_value("regret-0", re.compile(r"^0\b"))


def test_making_port_and_a_bought_die_take_the_faces_tapped(tab: FletPage, games: dict[str, str]) -> None:
    tab.open(f"/table?game={games['declaring']}")
    tab.tap("declare-port-0", then="port-faces-0")
    for n, face in enumerate((3, 3, 2)):
        tab.tap(f"face-0-{n}-{face}")
    tab.wait_value("die-0-2", re.compile("Angler die 2"))
    tab.tap("port-faces-0")
    tab.wait_value("dice-0", re.compile(r"\(total 8\)"))  # the faces tapped, not the app's roll
    tab.open(f"/port?game={games['market-die']}&seat=0")
    tab.tap("buy-die-orange-face-3")  # $3: bought and rolled a 3
    tab.wait_value("port-fishbucks", re.compile(r"^\$0\b"))
    tab.open(f"/player?game={games['market-die']}&seat=0")
    tab.wait_value("fresh-die-3", "Orange 3")  # beside her three angler dice, Fresh: Max dice 4 (A p.20)
