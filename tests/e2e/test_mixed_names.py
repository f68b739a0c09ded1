"""Issue 37, item 1: names typed in Chinese are drawn with real glyphs on phones that show another language.

A table of 陳志豪, 林怡君 and Ann, stored before the app starts, seen by an English phone and by the host's wide
screen in Italian: each Chinese name is drawn as glyphs (:mod:`tests.support.glyphs`; before the fix, Flutter asked
for its fallback font where none was, and drew boxes). The English phone's table is ``mixed-table-en``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.store import open_store
from tests.support.browser import PHONE, FletPage, ServedApp, companion_command, free_port
from tests.support.glyphs import wait_glyphs

NAMES = ("陳志豪", "林怡君", "Ann")
HOST_SCREEN = {"width": 1280, "height": 800}


def _mixed_table() -> Game:
    colours = ("amber", "cyan", "green")
    players = [PlayerSetup(name=name, colour=colour) for name, colour in zip(NAMES, colours, strict=True)]
    return new_game(GameSetup(players=players, ruleset=build_ruleset("anglers-guide", (), False, ()), seed=7))


@pytest.fixture
def served(browser: object, tmp_path: Path) -> Iterator[tuple[ServedApp, str]]:
    game = _mixed_table()
    open_store(tmp_path / "data").save_game(game)
    port = free_port()
    with ServedApp.start(companion_command(tmp_path / "data", port), port) as app:
        yield app, game.id


def _name_strip(phone: FletPage, seat: int) -> dict[str, float]:
    """The top of an angler's card, where their name is its title (inside the rounded corner, past the accent)."""
    box = phone.wait_id(f"player-card-{seat}").bounding_box()
    assert box is not None
    return {"x": box["x"] + 10, "y": box["y"] + 6, "width": box["width"] - 20, "height": 40}


@pytest.mark.parametrize(("locale", "screen"), [("en-US", PHONE), ("it-IT", HOST_SCREEN)])
def test_chinese_names_are_drawn_on_a_phone_showing_another_language(
        browser: object, served: tuple[ServedApp, str], locale: str, screen: dict[str, int]) -> None:
    app, game_id = served
    context = browser.new_context(viewport=screen, locale=locale)  # type: ignore[attr-defined]
    try:
        phone = FletPage(context.new_page(), app.url).open(f"/table?game={game_id}")
        phone.wait_id("day-banner")
        for seat, name in enumerate(NAMES[:2]):
            assert phone.by_id(f"player-card-{seat}").get_attribute("aria-label") == name
            wait_glyphs(phone.page, _name_strip(phone, seat), len(name))
        if locale == "en-US":
            phone.screenshot("mixed-table-en")
    finally:
        context.close()
