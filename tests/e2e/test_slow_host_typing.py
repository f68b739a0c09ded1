"""Typed text is never erased by the host's answer (issue 45 item 8), on a host that handles the phone's events one
at a time, each 300 ms late (``tests/e2e/slow_host.py``), as a loaded two-core host does.

There "Flounder" typed into the survey's catch search (one tap, Ctrl+A, Backspace, type) left "nder": a redraw
made after the first letters had reached the field sent its older text over them. Every character must stay."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.browser import FletPage, ServedApp, free_port

DELAY_MS = 300


@pytest.fixture
def slow_phone(browser: object, data_dir: Path, serve_command: Callable[..., ServedApp],
               new_phone: Callable[[str], FletPage]) -> FletPage:
    port = free_port()
    app = serve_command([sys.executable, "-m", "tests.e2e.slow_host", str(DELAY_MS), "--data-dir", str(data_dir),
                         "serve", "--host", "127.0.0.1", "--port", str(port), "--no-browser"], port)
    return new_phone(app.url).open()


def test_the_catch_search_keeps_every_letter(slow_phone: FletPage) -> None:
    """The next Fish typed while the last pick is being handled: the pick's emptying of the search came after
    the new letters, and took them."""
    phone = slow_phone
    phone.tap("home-survey")
    phone.type_into("survey-new-name", "Halley's expedition")
    phone.tap("survey-create")
    phone.tap("survey-start-week", then="survey-day")
    phone.type_into("survey-catch-search", "Sunfish")
    phone.tap("survey-catch-pick-sunfish")
    for fish, fish_id in (("Flounder", "flounder"), ("Hammerhead", "hammerhead-shark")):
        phone.type_into("survey-catch-search", fish)  # while the last pick is being handled
        phone.wait_id(f"survey-catch-pick-{fish_id}")  # the host has handled every letter
        assert phone.value("survey-catch-search") == fish
        phone.tap(f"survey-catch-pick-{fish_id}")
    phone.wait_id("survey-held-hammerhead-shark")
    assert phone.value("survey-catch-search") == ""  # the last pick emptied it: nothing typed since


NAMES = ("Alexandrina", "Bartholomew")


def test_names_typed_one_after_another_keep_every_letter(slow_phone: FletPage) -> None:
    """New game's and the scorer's names, the next typed while the last one's leaving is handled: its redraw
    sent the next field its older, empty text over the new letters."""
    phone = slow_phone
    phone.tap("home-new-game")
    for seat, name in enumerate(NAMES):
        phone.type_into(f"player-name-{seat}", name)
        phone.press("Tab")
    phone.tap("start-game", then="day-banner")  # the game starts with the names as typed
    shown = phone.screen_text()
    assert all(name in shown for name in NAMES), shown

    phone.open("/score")
    for seat, name in enumerate(NAMES):
        phone.type_into(f"scorer-name-{seat}", name)
        phone.press("Tab")
    for seat, name in enumerate(NAMES):
        phone.wait_value(f"scorer-regret-cards-plus-{seat}", re.compile(name))  # the host keeps the whole name
        assert phone.value(f"scorer-name-{seat}") == name
