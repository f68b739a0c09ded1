"""Issue 37: the last angler spends their turns at Port, and Port says how many are left, as the table does.

Tuesday's Action phase of a two-angler game, stored before the app starts: Bo (at Sea) has passed, so Ada, at Port,
has 4 more turns (A p.9). Her Port screen shows the countdown; a sale spends a turn and the countdown follows.
The screen after the sale, with 3 turns left, is the screenshot ``port-countdown``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.store import open_store
from tests.support.browser import FletPage, ServedApp, companion_command, free_port
from tests.views.tables import tuesday_at_port


def test_port_shows_the_last_anglers_turns_left(data_dir: Path, serve_command: Callable[..., ServedApp],
                                                new_phone: Callable[[str], FletPage]) -> None:
    game = tuesday_at_port()
    open_store(data_dir).save_game(game)
    port = free_port()
    app = serve_command(companion_command(data_dir, port), port)
    phone = new_phone(app.url).open(f"/port?game={game.id}&seat=0")
    phone.wait_value("port-countdown", "Ada: 4 turns left, then the Day ends")
    phone.wait_text("Ada at Port", exact=True)
    phone.tap("sell-0")
    phone.wait_value("port-countdown", "Ada: 3 turns left, then the Day ends")
    phone.wait_value("port-fishbucks", "$6 (cap $10)")
    phone.screenshot("port-countdown")
