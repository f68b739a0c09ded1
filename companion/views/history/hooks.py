"""The small pieces other screens place to feed the history: "Save to history" under a scorer's result (and what
the record of a finished tracked game says), and the names offered again under a name field.

Each is one call from the screen (see :func:`history_controls` and :func:`name_suggestions`); the work is done by
the tab's history (``ctx.sessions.plays``: ``record_result``, ``recorded``, ``suggested_names``). Neither uses a
hook, so a screen may call them conditionally (only once its result is complete). Drawing writes nothing: a finished
game's play is recorded by the session when a change completes its score
(:meth:`companion.session.seated.SeatedSessions._record_finished`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import flet as ft

from companion.history import result_json
from companion.i18n import t
from companion.session import StoreError
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.home.data import copy_reminder
from companion.views.widgets import action_button, chip, tagged

SHOWN_SUGGESTIONS = 5


def _saved_marker(saved: Any) -> dict[str, Any]:
    return saved if isinstance(saved, dict) else {}


def history_controls(ctx: AppContext, scorer: str, result: Any, *, redraw: Callable[[], None],
                     game: Any | None = None, names: Sequence[str] = ()) -> list[ft.Control]:
    """What a scorer shows under a complete result (``scorer`` names the scorer: its saved play is remembered).

    With ``game`` (the finished game at the table that the result scores) the play was recorded by the change that
    completed the result, and is updated by each change after it: this says so, or offers "Save to history" when
    it is not (its write failed, and said why). Otherwise "Save to history" records it, and once saved a changed
    result can update that play or be saved as a new one. ``redraw`` redraws the scorer.
    Identifiers: ``history-save``, ``history-update``, ``history-saved``, ``history-open``.
    """
    if not ctx.sessions.keeps:
        return []
    data = result_json(result)
    if game is not None and not ctx.sessions.viewer.host and ctx.sessions.plays.has_play(f"game-{game.id}"):
        return recorded_note(ctx, f"game-{game.id}")
    if game is not None and ctx.sessions.plays.recorded(data, game=game, names=names):
        return [ft.Row([tagged("history-saved", ft.Text(t("Recorded in History"), size=theme.BODY, expand=True)),
                        _open(ctx, f"game-{game.id}")], wrap=True), *copy_reminder(ctx, redraw)]
    if game is not None:  # not recorded: its write failed (said then); tapping tries again

        def record() -> None:
            if _record(ctx, data, game=game, names=names) is not None:
                ctx.clear()
                redraw()

        return [action_button("history-save", t("Save to history"), record, icon=ft.Icons.HISTORY, primary=True)]
    # Which play this scorer's result was saved as: a shared draft session (kept in the store, written whoever
    # saved), so every phone and a reload see "Saved".
    marker = ctx.sessions.draft(f"history-saved-{scorer}", _saved_marker)
    saved: dict[str, Any] | None = marker.current.value
    if not (saved and isinstance(saved.get("id"), str) and ctx.sessions.plays.has_play(saved["id"])):
        saved = None

    def save(play_id: str | None) -> None:
        play = _record(ctx, data, play_id=play_id, names=names)
        if play is not None:
            marker.reset({"id": play.id, "result": data, "names": list(names)}, seen=marker.version)
            ctx.clear()
            redraw()

    if saved and saved.get("result") == data and saved.get("names", []) == list(names):
        return [ft.Row([tagged("history-saved", ft.Text(t("Saved in History"), size=theme.BODY, expand=True)),
                        _open(ctx, saved["id"])], wrap=True)]
    buttons: list[ft.Control] = [action_button("history-save", t("Save to history"), lambda: save(None),
                                               icon=ft.Icons.HISTORY, primary=True)]
    if saved:
        buttons.append(action_button("history-update", t("Update the saved play"), lambda: save(saved["id"]),
                                     icon=ft.Icons.EDIT))
    return [ft.Row(buttons, wrap=True)]


def recorded_note(ctx: AppContext, play_id: str) -> list[ft.Control]:
    """What a guest's scorer of a recorded play says under its numbers: a recorded result changes only by the host
    (the session refuses this phone's changes to it), and where to see it."""
    return [ft.Row([tagged("history-saved", ft.Text(t("Recorded in History: only the host can change it."),
                                                    size=theme.BODY, expand=True)),
                    _open(ctx, play_id)], wrap=True)]


def _record(ctx: AppContext, data: dict, **how: Any) -> Any:
    try:
        return ctx.sessions.plays.record_result(data, **how)
    except (StoreError, ValueError) as problem:
        ctx.fail(t("Could not save the play: {problem}", problem=problem))
        return None


def _open(ctx: AppContext, play_id: str) -> ft.Control:
    return action_button("history-open", t("Open in History"),
                         lambda: ctx.navigate(route_to("/history/play", play=play_id)), icon=ft.Icons.HISTORY)


def name_suggestions(ctx: AppContext, identifier: str, typed: str, table: Sequence[str],
                     pick: Callable[[str], None]) -> ft.Control:
    """Names from earlier plays to tap into an empty or half-typed name field: chips ``<identifier>-suggest-<k>``.

    ``table`` holds the names already at this table (never offered twice).
    """
    names = ctx.sessions.plays.suggested_names(typed,
                                    [n for n in table if n.strip() and n != typed])[:SHOWN_SUGGESTIONS]
    if not names:
        return ft.Container(visible=False)
    chips: list[ft.Control] = [chip(f"{identifier}-suggest-{k}", name, color=theme.PASSED, on_click=partial(pick, name))
             for k, name in enumerate(names)]
    return ft.Row(chips, wrap=True, spacing=6)
