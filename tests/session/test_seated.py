"""A tab's game seen through its seat (issue 47 item 3): the tab decides its place once per tap and hands it to the
shared session as data, instead of the shared session calling back up into the tab's seat under its lock."""

from __future__ import annotations

import pytest

from companion.rules import actions as act
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions
from companion.session.door import tab_sessions
from companion.session.seats import Seat, SeatBook, Viewer


def test_a_tap_decides_the_tab_s_place_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ada's phone draws a Regret: her place in the game is looked up once for the move, its refusal check, what
    she is shown of the game after it and the steps it asks of the table (it was 3 times with no one following the
    game, 6 with the table screen's two subscriptions: measured with this count)."""
    shared = Sessions(None)
    game = shared.start_game(new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"),
                                                         PlayerSetup(name="Bo", colour="teal")],
                                                ruleset=build_ruleset(), seed=1))).current.value
    ada = tab_sessions(shared, Viewer("ada-pass", host=False))
    assert ada.take_seat(Seat(game.id, 0)) is None
    session = ada.game(game.id)
    looked_up: list[str] = []
    place = SeatBook.place
    monkeypatch.setattr(SeatBook, "place", lambda book, viewer, game_id: looked_up.append(game_id) or
                        place(book, viewer, game_id))
    made = session.apply(act.DrawRegret(player=0), seen=session.version)
    assert made.ok and made.steps and looked_up == [game.id]
    refused = session.apply(act.DrawRegret(player=1), seen=session.version)  # Bo's numbers, on Bo's phone
    assert not refused.ok and "Bo's numbers are changed on Bo's phone" in (refused.message or "")
    assert looked_up == [game.id, game.id]
