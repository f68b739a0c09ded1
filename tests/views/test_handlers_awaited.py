"""Issue 45 item 7: no event handler on any screen returns a coroutine that nobody awaits. Flet awaits a handler only
when it is a coroutine function; a plain function (a ``lambda``) around an ``async def`` returns a coroutine Flet
drops, and the tap does nothing (the Data screen's Replace, Keep both and Cancel did exactly that). Every screen of
``ROUTES`` is drawn with a game, a campaign and a play to show, and every handler of every control on it is called
as Flet calls it (:func:`~tests.support.components.as_flet_calls`); then the screen is drawn again and the handlers
those calls brought up are called too (the Data screen's pasted copy of a campaign played on since brings up its
"Already here" question)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from tables import context, draw, tuesday_at_port

from companion import app
from companion.store import open_store
from companion.views.home import data as data_screen
from tests.store.conftest import campaign
from tests.support.components import fire, nodes
from tests.support.plays import generated_plays

NEVER_AWAITED = "that Flet never awaits"


def _handlers(root: object) -> list[tuple[object, str, object]]:
    """Every (control, event name, handler) under ``root``."""
    found = []
    for control in nodes(root):
        for name in dir(type(control)):
            if name.startswith("on_") and callable(handler := getattr(control, name, None)):
                found.append((control, name, handler))
    return found


def _routes(game_id: str, campaign_id: str, play_id: str) -> list[str]:
    with_ids = {"/table": f"?game={game_id}", "/player": f"?game={game_id}&seat=0", "/port": f"?game={game_id}&seat=0",
                "/score": f"?game={game_id}", "/history/play": f"?play={play_id}"}
    return [route + (f"?c={campaign_id}" if route.startswith("/survey/") else with_ids.get(route, ""))
            for route in sorted(app.ROUTES)]


def test_no_handler_on_any_screen_returns_a_coroutine_nobody_awaits(tmp_path: Path) -> None:
    store = open_store(tmp_path / "data")
    game, survey = tuesday_at_port(), campaign()
    store.save_game(game)
    store.save_campaign(survey)
    play = generated_plays(1, seed=5)[0]
    store.save_play(play)
    store.set_setting("example", json.dumps({"kept": True}))
    problems: list[str] = []
    called: set[tuple[str, str, str]] = set()
    for route in _routes(game.id, survey.id, play.id):
        ctx = context(None, route, store=store)
        ctx.on_navigate = lambda _to: None  # the screen stays, its state with it, whatever a handler opens
        if route == "/data":  # the stored campaign's older copy, pasted: importing it asks "Already here"
            data_screen.pasted(ctx).write(json.dumps(store.export_campaign(survey.id)).replace(survey.name, "Old"))
        for _ in range(2):
            screen = draw(ctx)
            for control, name, handler in _handlers(screen):
                key = (route, name, getattr(getattr(handler, "func", handler), "__qualname__", repr(handler)))
                if key in called:
                    continue
                called.add(key)
                try:
                    fire(screen, handler, SimpleNamespace(control=control, data=None))
                except AssertionError as refused:
                    if NEVER_AWAITED in str(refused):
                        problems.append(f"{route} {type(control).__name__}.{name}: {handler!r}")
                except Exception:  # a handler that needs a real event's data returned no coroutine either way
                    continue
    assert len(called) > 50, len(called)  # every screen was drawn, each kind of handler called once per screen
    assert problems == []
