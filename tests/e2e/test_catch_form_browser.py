"""Issue 47 item 4 in the browser: the angler's catch card is its kept catch draft. On a host that handles the phone's
events one at a time, each 300 ms late (``tests/e2e/slow_host.py``), a die chosen, a Fish picked and a reason for a
change by hand typed in keep every letter (each keystroke is kept, the card is not drawn again under the thumb), and
a reload (a phone that slept) shows the same catch, the die still ticked."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from companion.store import open_store
from tests.support.browser import FletPage, ServedApp, free_port
from tests.views.tables import monday_action

REASON = "Sea Monkey's favour"


def test_a_catch_typed_on_a_slow_host_keeps_every_letter_and_survives_a_reload(
        data_dir: Path, serve_command: Callable[..., ServedApp], new_phone: Callable[[str], FletPage]) -> None:
    game = monday_action()  # Ada to act, Fresh 3, 3, 2
    open_store(data_dir).save_game(game)
    port = free_port()
    app = serve_command([sys.executable, "-m", "tests.e2e.slow_host", "300", "--data-dir", str(data_dir),
                         "serve", "--host", "127.0.0.1", "--port", str(port), "--no-browser"], port)
    route = f"/player?game={game.id}&seat=0"
    phone = new_phone(app.url).open(route)
    phone.tap("fresh-die-2")
    phone.wait_value("selected-dice", re.compile("Angler die 2"))
    phone.type_into("catch-search", "Swordfish")
    phone.tap("catch-pick-swordfish", then="catch-adjust-minus")
    phone.tap("catch-adjust-minus")
    phone.type_into("catch-adjust-why", REASON)
    phone.press("Tab")  # left: the summary names it
    phone.wait_value("catch-difficulty", re.compile(f"adjusted by hand: {re.escape(REASON)}"))
    assert phone.value("catch-adjust-why") == REASON

    phone.open(route)  # a reload, as after the phone slept
    phone.wait_value("catch-difficulty", re.compile(f"adjusted by hand: {re.escape(REASON)}"))
    die = phone.wait_id("fresh-die-2")
    assert die.get_attribute("aria-checked") == "true"
    assert phone.value("selected-dice") == "Selected: Angler die 2"
