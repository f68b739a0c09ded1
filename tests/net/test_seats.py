"""Seats kept with a phone's pass, over Flet's wire against a served table (issue 10, item 4; the seat book is the
session layer's since issue 25)."""

from __future__ import annotations

import asyncio

from flet_wire import drawn

from companion.net.gate import COOKIE
from companion.session.registry import NotFound
from companion.session.seats import Seat, Viewer
from tests.views.tables import two_players

REFUSED = b"stays on their own phone"


def _guest(table, client, source: str) -> tuple[str, str]:
    """(cookie header, pass id) of a guest that joined from ``source``."""
    token = client(source).get("/join", params={"code": table.room_code}).cookies[COOKIE]
    return f"{COOKIE}={token}", table.keys.check(token).token_id


def _sit(table, pass_id: str, seat: Seat) -> None:
    """Seat the phone of ``pass_id`` at ``seat`` of game ``g-seat`` (started for the module's table)."""
    sessions = table.sessions
    try:
        sessions.game("g-seat")
    except NotFound:
        sessions.start_game(two_players().model_copy(update={"id": "g-seat"}))
    assert sessions.seats.take(Viewer(pass_id, host=False), seat) is None


def _draw(table, route: str, cookie: str, until: bytes) -> bytes:
    return asyncio.run(drawn(f"ws://127.0.0.1:{table.port}/ws", route, cookie, table.base_url, until=until,
                             seconds=6))


def test_a_fresh_session_on_a_seated_phone_goes_back_to_its_seat(table, client):
    cookie, pass_id = _guest(table, client, "127.0.0.20")
    _sit(table, pass_id, Seat("g-seat", 1))
    seen = _draw(table, "/", cookie, until=b"/player?game=g-seat&seat=1")
    assert b"/player?game=g-seat&seat=1" in seen


def test_a_guest_without_a_seat_is_asked_to_pick_one(table, client):
    cookie, _ = _guest(table, client, "127.0.0.21")
    assert b"/seat" in _draw(table, "/", cookie, until=b"/seat")


def test_another_anglers_card_is_refused_on_a_phone_its_own_is_not(table, client):
    cookie, pass_id = _guest(table, client, "127.0.0.22")
    _sit(table, pass_id, Seat("g-seat", 0))
    assert REFUSED in _draw(table, "/player?game=g-seat&seat=1", cookie, until=REFUSED)
    assert REFUSED in _draw(table, "/port?game=g-seat&seat=1", cookie, until=REFUSED)
    own = _draw(table, "/player?game=g-seat&seat=0", cookie, until=b"player-money")
    assert b"player-money" in own and REFUSED not in own  # its own card is drawn, and nothing is refused


def test_the_whole_table_phone_sees_no_anglers_card(table, client):
    cookie, pass_id = _guest(table, client, "127.0.0.23")
    _sit(table, pass_id, Seat("g-seat", None))
    assert REFUSED in _draw(table, "/player?game=g-seat&seat=0", cookie, until=REFUSED)
