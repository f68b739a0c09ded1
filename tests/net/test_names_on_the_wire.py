"""A name sent straight down the socket is held to the same rule as one typed (issue 45 item 9): a guest's raw
Flet frames naming an angler with a direction override and a NUL, a zero-width space, or 10,000 characters
change nothing, and the phone is told why."""

from __future__ import annotations

import asyncio

import msgpack
from flet_wire import CONTROL_EVENT, Screen, Tab

from companion.net.gate import COOKIE
from companion.views.scorers.deep_regrets import DRAFT_KEY

UPDATE_CONTROL_PROPS = 4


def _typed(control_id: int, text: str) -> list[bytes]:
    """What a phone sends as a field's text changes and it is left: the new value, its change event, the blur."""
    def frame(action: int, body: dict) -> bytes:
        return b"\x00" + msgpack.packb([action, body])

    return [frame(UPDATE_CONTROL_PROPS, {"id": control_id, "props": {"value": text}}),
            frame(CONTROL_EVENT, {"target": control_id, "name": "change", "data": text}),
            frame(CONTROL_EVENT, {"target": control_id, "name": "blur", "data": None})]


def _refusal(screen: Screen) -> str:
    return screen.text("error-line") or ""


def test_a_guest_socket_naming_an_angler_beyond_the_rule_changes_nothing(table, client) -> None:
    token = client("127.0.0.30").get("/join", params={"code": table.room_code}).cookies[COOKIE]

    async def send() -> list[str]:
        tab = await Tab.open(f"ws://127.0.0.1:{table.port}/ws", "/score", f"{COOKIE}={token}", table.base_url)
        assert await tab.until(lambda screen, _frame: screen.tagged("scorer-name-0") is not None, 15)
        told = []
        for name, why in (("Hu\u202ego\x00", "U+202E"), ("Hu\u200bgo", "U+200B"), ("H" * 10_000, "at most 60")):
            field = tab.screen.tagged("scorer-name-0")
            assert field is not None
            for frame in _typed(field["_i"], name):
                await tab.socket.send(frame)
            assert await tab.until(lambda screen, _frame, why=why: why in _refusal(screen), 15), why
            told.append(_refusal(tab.screen))
        await tab.close()
        return told

    told = asyncio.run(send())
    assert all(line.startswith("Angler 1: ") for line in told), told
    names = [p.name for p in table.sessions.draft(DRAFT_KEY).current.value.players]
    assert all(len(name) <= 60 and name.isprintable() for name in names), names
