"""A 3-player game with both expansions on (docs/rules.md §11), played through the browser into the scorer.

Ann (seat 0, Sentimental), Bo (seat 1, Neurotic) and Cy (seat 2, Unambitious); Angler's Guide preset with
Lamentable Tentacles and Biggest Regrets.

Monday (Ann first): every tier is fixed at 0 at Refresh (no Regret cards). Ann catches Sea Cattle, a Lamentable
Tentacles Fish (Depth I, Foul 3, Difficulty 2: her two highest dice always reach 2), and draws a Regret. Everyone
passes. Tuesday's Refresh fixes Ann's tier at 1–6 (1 card); Bo's and Cy's stay 0.

Scored from the game (a preview, on Tuesday) with Regret values Ann 2, Bo 0, Cy 0: Ann, 1 card → Madness 1–3
(Foul −1): Sea Cattle 3 − 1 = 2, $0 → 0 points: 2. Bo and Cy score 0. Ann has the highest Regret total but no
mounted Fish: nothing is discarded (A p.22). Ann wins, 2 to 0 to 0.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from test_full_game import Table

from tests.support.browser import FletPage

ANN, BO, CY = 0, 1, 2
SEATS = (ANN, BO, CY)


class ThreeAnglers(Table):
    """The full game's table moves, for three anglers."""

    def __init__(self, phone: FletPage) -> None:
        super().__init__(phone)
        self.hands = dict.fromkeys(SEATS, 0)

    def refresh_and_throw(self) -> None:
        for seat in SEATS:
            self.phone.tap(f"refresh-{seat}")
            self.phone.wait_gone(f"refresh-{seat}")
        target = self.phone.page.locator('[flt-semantics-identifier^="throw-lp-"]').first
        target.wait_for(state="attached")
        identifier = target.get_attribute("flt-semantics-identifier")
        self.phone.tap(identifier)
        self.phone.wait_gone(identifier)


def test_three_anglers_with_both_expansions_catch_and_score_a_tentacles_fish(phone: FletPage) -> None:
    phone.wait_id("home-new-game")
    phone.tap("home-new-game", then="player-name-0")
    phone.tap("add-player", then="player-name-2")
    for seat, name in zip(SEATS, ("Ann", "Bo", "Cy"), strict=True):
        phone.type_into(f"player-name-{seat}", name)
        phone.wait_value(f"player-name-{seat}", name)
    phone.tap("expansion-lamentable-tentacles")
    phone.tap("expansion-biggest-regrets", then="personality-0-Sentimental")
    assert not phone.has_id("personality-0-Lonely"), "Lonely is dealt only with 4+ players (docs/rules.md §11)"
    for seat, card in zip(SEATS, ("Sentimental", "Neurotic", "Unambitious"), strict=True):
        phone.tap(f"personality-{seat}-{card}")
    phone.bring_to_top("new-game-expansions")
    phone.screenshot("new_game_expansions")
    phone.tap("start-game", then="day-banner")
    game_id = parse_qs(urlparse(phone.page.url).query).get("game", [None])[0] or phone.page.url.rsplit("=", 1)[-1]
    table = ThreeAnglers(phone)
    table.expect_day("Monday")
    assert "15 Fish" in phone.value("expansion-setup"), "Lamentable Tentacles: Shoals of 15 (docs/rules.md §11)"

    table.refresh_and_throw()
    phone.wait_value(f"personality-{ANN}", re.compile(r"^Sentimental · tier 0 · not used today"))
    table.next_phase()
    table.expect_turn("Ann")
    table.catch(ANN, "Sea Cattle", "sea-cattle", dice=[0, 1])
    table.draw_regrets(ANN, 1)
    for seat in (BO, CY, ANN):
        table.pass_turn(seat)
    table.next_day("Tuesday")

    table.refresh_and_throw()
    phone.wait_value(f"personality-{ANN}", re.compile(r"^Sentimental · tier 1–6 · not used today"))
    phone.wait_value(f"personality-{BO}", re.compile(r"^Neurotic · tier 0"))
    phone.bring_to_top(f"player-card-{ANN}")
    phone.screenshot("table_personalities")

    phone.open(f"/score?game={game_id}")  # Tuesday: a preview of the score so far
    phone.wait_value("scorer-from-game", re.compile("Filled in from a game still in progress"))
    assert "Sea Cattle" in phone.value("scorer-hand-0-0")
    for seat, value in zip(SEATS, (2, 0, 0), strict=True):
        phone.type_into(f"scorer-regret-value-{seat}", str(value))
        phone.wait_value(f"scorer-regret-value-{seat}", str(value))
    phone.press("Enter")  # the scorer redraws once the field is left or submitted
    phone.wait_value("scorer-rank-0", re.compile(r"^1\. Ann: 2\b"))
    phone.bring_to_top("scorer-results")
    phone.screenshot("results_expansions")
    assert phone.value("scorer-winners") == "Winner: Ann"
    phone.wait_value("scorer-breakdown-0", re.compile(r"Total 2$"))
