"""After the game, in the browser (issue 15): a game ended at the table and scored is at the top of History, its
play offers "Log in BG Stats" with the documented import link, and Statistics counts it.

The game is set up through the rules engine up to Saturday with everyone passed (Ada $0, Bo $6), stored in the
app's data folder; the browser ends it, reveals both Regret values (0: nobody drew a Regret) and scores it.
By hand (docs/rules.md §7): nothing caught; Fishbucks $6 → 3 points for Bo, $0 → 0 for Ada; Bo wins 3 to 0.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.rules import actions as act
from companion.store import open_store
from tests.support.browser import FletPage
from tests.views.tables import all_passed_on_the_last_day


@pytest.fixture
def game_id(data_dir: Path) -> str:
    game = all_passed_on_the_last_day().apply(act.AdjustFishbucks(player=1, amount=6))
    open_store(data_dir).save_game(game)
    return game.id


def test_a_scored_game_reaches_history_statistics_and_bg_stats(game_id: str, companion_app, new_phone) -> None:
    phone: FletPage = new_phone(companion_app.url).open(f"/table?game={game_id}")
    phone.tap("end-game", then="end-game-question")  # asked first (issue 12)
    phone.tap("end-game")
    for seat in (0, 1):
        phone.type_into(f"reveal-{seat}", "0")
        phone.tap(f"reveal-ok-{seat}")
        phone.wait_gone(f"reveal-ok-{seat}")
    phone.tap("score-game", then="scorer-from-game")
    phone.wait_value("scorer-rank-0", re.compile(r"^1\. Bo: 3\b"))
    phone.wait_value("history-saved", "Recorded in History")

    phone.open("/history")
    phone.wait_id(f"history-play-game-{game_id}")
    first = phone.page.locator('[flt-semantics-identifier^="history-play-"]').first
    assert first.get_attribute("flt-semantics-identifier") == f"history-play-game-{game_id}"
    assert re.search(r"Bo 3.*Ada 0", phone.value(f"history-play-game-{game_id}"))
    phone.screenshot("history")

    phone.tap(f"history-play-game-{game_id}", then="play-bgstats")
    phone.wait_value("scorer-winners", "Winner: Bo")
    phone.bring_to_top("play-export")
    phone.screenshot("play_bgstats")
    shown = phone.value("play-bgstats-link")
    # No network here: BG Stats' page is answered locally, so the tab it opens keeps the address it was sent to.
    phone.page.context.route("https://app.bgstatsapp.com/**", lambda route: route.fulfill(body="BG Stats"))
    with phone.page.context.expect_page() as opened:
        phone.tap("play-bgstats")
    opened.value.wait_for_url(re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data="))
    url = opened.value.url
    assert url == shown
    data = json.loads(parse_qs(urlsplit(url).query)["data"][0])
    assert urlsplit(url).netloc == "app.bgstatsapp.com" and data["sourcePlayId"] == f"game-{game_id}"
    assert data["game"]["bggId"] == 397931
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ada", 0, 2, False, True), ("Bo", 3, 1, True, False)]
    opened.value.close()

    phone.open("/stats")
    phone.wait_value("stats-plays", "1 play")
    assert phone.value("stats-name-0") == "Bo"
    phone.wait_value("stats-summary-0", "1 play · 1 win · win rate 100%")
    phone.scroll_to_top()
    phone.screenshot("statistics")

    # The Players card keeps what was typed while the phone goes elsewhere (this phone's draft): back on
    # Statistics, Rename renames with the names typed before leaving.
    phone.type_into("stats-rename-from", "bo")
    phone.type_into("stats-rename-to", "Bob")
    phone.open("/history")
    phone.wait_id(f"history-play-game-{game_id}")
    phone.open("/stats")
    phone.wait_value("stats-plays", "1 play")
    phone.bring_to_top("stats-roster")
    phone.screenshot("statistics_rename_kept")
    phone.tap("stats-rename")
    phone.wait_value("stats-name-0", "Bob")
