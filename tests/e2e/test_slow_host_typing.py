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


def caught_up(phone: FletPage, day: str) -> None:
    """Wait until the host has handled every event sent so far: it handles them in turn, so the next Day tapped
    now shows once all before it are done."""
    phone.tap("survey-next-day")
    phone.wait_value("survey-day", re.compile(day))


NAMES = ("Alexandrina", "Bartholomew")


def test_the_catch_search_and_the_names_keep_every_letter(slow_phone: FletPage) -> None:
    """The catch search as the issue typed it (one tap, Ctrl+A, Backspace, the name) while the host lags, then
    New game's and the scorer's names typed one after another, the next while the last one's leaving is handled:
    its redraw sent the next field its older, empty text over the new letters."""
    phone = slow_phone
    phone.tap("home-survey")
    phone.type_into("survey-new-name", "Halley's expedition")
    phone.tap("survey-create")
    phone.tap("survey-start-week", then="survey-day")
    for fish, fish_id, day in (("Sunfish", "sunfish", "Tuesday"), ("Flounder", "flounder", "Wednesday"),
                               ("Hammerhead", "hammerhead-shark", "Thursday")):
        phone.type_into("survey-catch-search", fish)
        caught_up(phone, day)
        assert phone.value("survey-catch-search") == fish
        phone.tap(f"survey-catch-pick-{fish_id}")
        phone.wait_id(f"survey-held-{fish_id}")

    phone.open("/")
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
