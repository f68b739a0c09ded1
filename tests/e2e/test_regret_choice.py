"""Whom to take a Regret from, on a phone (issue 26, A p.18): with both Regret piles empty, Regret + asks in the
bottom bar, which grows to show the whole question and its answers; the answer makes the move, and the step the table
then takes by hand is shown whole too."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

from companion.rules import actions as act
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.store import open_store
from companion.views import theme
from tests.support.browser import PHONE, FletPage, ServedApp, companion_command, free_port

# Flutter cuts a semantics node's box where the bar's content is clipped: a node shorter than its content is cut off.
TWO_LINES = 2 * 1.17 * theme.BASE_SIZES["BODY"]  # two lines of body text in Roboto (ascent + descent)


def _whole(phone: FletPage, identifier: str, height: float) -> None:
    """``identifier`` is on the screen and at least ``height`` px high: nothing of it is clipped by the bar (waited
    for: the bar takes its new height just after its lines are drawn)."""
    deadline = time.monotonic() + phone.timeout_ms / 1000
    while True:
        box = phone.by_id(identifier).bounding_box()
        on_screen = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1
        if on_screen and box is not None and box["height"] >= height:
            return
        assert time.monotonic() < deadline, f"{identifier} is cut to {box} ({height:.0f} px high wanted)"
        time.sleep(0.05)


def test_the_bar_asks_whom_shows_every_answer_and_the_step_after_it(
        data_dir: Path, serve_command: Callable[..., ServedApp], new_phone: Callable[[str], FletPage]) -> None:
    game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=7))
    for action in (act.Refresh(player=0, faces=[3, 3, 2]), act.Refresh(player=1, faces=[1, 1, 1]),
                   act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase()):
        game = game.apply(action)
    game = game.apply(act.DrawRegret(player=1, count=game.state.regrets_in_piles))  # Bo holds every Regret card
    open_store(data_dir).save_game(game)
    port = free_port()
    phone = new_phone(serve_command(companion_command(data_dir, port), port).url).open()
    phone.open(f"/table?game={game.id}")
    phone.tap("regret-plus-0")
    phone.wait_value("error-line", re.compile("take the Regret from whom"))
    _whole(phone, "error-line", TWO_LINES)  # the question wraps onto two lines on a 390 px phone
    _whole(phone, "choose-regret_from-1", theme.TOUCH)
    phone.tap("choose-regret_from-1")
    phone.wait_value("regret-0", re.compile("^1"))
    phone.wait_value("table-steps", re.compile("Bo: give a Regret card to Ada — both Regret piles are empty"))
    _whole(phone, "table-steps", TWO_LINES)
