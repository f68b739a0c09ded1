"""What the history screens share: the game names, the filter chips and the host's Undo of a play's change."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.history.models import GAMES
from companion.i18n import N_, t
from companion.session import StoreError
from companion.views import theme
from companion.views.context import AppContext
from companion.views.table.confirm import ConfirmButton
from companion.views.widgets import action_button, chip

GAME_LABELS = {"deep-regrets": N_("Deep Regrets"), "shallow-regrets": N_("Shallow Regrets"),
               "endeavor-deep-sea": N_("Endeavor: Deep Sea")}


def game_label(game: str) -> str:
    return t(GAME_LABELS[game])


def game_filter(prefix: str, current: str | None, choose: Callable[[str | None], None]) -> ft.Row:
    """Chips ``<prefix>-game-all`` and ``<prefix>-game-<game>``; the chosen one is highlighted."""
    options: list[tuple[str | None, str]] = [(None, t("All games")), *((g, game_label(g)) for g in GAMES)]
    return ft.Row([chip(f"{prefix}-game-{key or 'all'}", label, color=theme.SEED if key == current else theme.PASSED,
                        selected=key == current,
                        on_click=partial(choose, key)) for key, label in options], wrap=True, spacing=8)


def undo_control(ctx: AppContext, identifier: str, redraw: Callable[[], None]) -> list[ft.Control]:
    """The host's "Undo last change" of a recorded play (a guest's tab: none, a recorded play is the host's): it
    asks first, naming the change (``<identifier>-question``), then says what it undid by the thumb."""
    if not ctx.sessions.viewer.host:
        return []
    change = ctx.sessions.plays.last_change()
    if change is None or not ctx.sessions.plays.can_undo():
        return [action_button(identifier, t("Undo last change"), None, icon=ft.Icons.UNDO)]

    def undo() -> None:
        try:
            restored = ctx.sessions.plays.undo()
        except StoreError as problem:
            ctx.fail(str(problem))
            return
        if restored is None:
            ctx.fail(t("Nothing to undo"))
        else:
            ctx.tell([t("Undone: {change}.", change=change)])
        redraw()

    return [ConfirmButton(identifier, t("Undo last change"), t("Undo {change}?", change=change), t("Undo it"), undo,
                          icon=ft.Icons.UNDO)]
