"""Issue 12 item 4 in the browser: a Ghoul Ray caught on the angler's screen offers its catch ability (D: "take a
Regret", docs/rules.md §10) as one button; one tap draws the Regret card and tells the table to draw it."""

from __future__ import annotations

import re
from pathlib import Path

from companion.store import open_store
from tests.support.browser import PHONE, FletPage, ServedApp, companion_command, free_port
from tests.views.tables import monday_action


def test_a_ghoul_ray_caught_offers_its_regret_as_one_tap(browser: object, tmp_path: Path) -> None:
    game = monday_action()  # Ada to act, Fresh 3, 3, 2
    open_store(tmp_path).save_game(game)
    port = free_port()
    with ServedApp.start(companion_command(tmp_path, port), port) as app:
        context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
        try:
            tab = FletPage(context.new_page(), app.url).open(f"/player?game={game.id}&seat=0")
            tab.tap("fresh-die-2")
            tab.wait_value("selected-dice", re.compile("Angler die 2"))
            tab.type_into("catch-search", "Ghoul Ray")
            tab.tap("catch-pick-ghoul-ray")
            tab.tap("catch-fish")
            tab.wait_value("ability-title-0", "Ghoul Ray — when caught")
            assert "Draw a Regret card" in tab.value("ability-0-0")
            tab.tap("ability-0-0")
            tab.wait_value("table-steps", re.compile("Ada: draw a Regret card"))
            tab.wait_gone("ability-0-0")
        finally:
            context.close()
    assert open_store(tmp_path).load_game(game.id).state.players[0].regret_cards == 1
