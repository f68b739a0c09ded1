"""Your seat: a joined phone picks the game in progress and its angler (or the whole table). The seat is kept
with the phone's pass, so the phone comes back to it after a reload, a sleep or a host restart.

Identifiers: ``seat-game-<game id>``, ``seat-angler-<i>``, ``seat-table``, ``seat-current``, ``seat-none``,
``seat-refresh``, ``seat-home``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import t
from companion.net.seats import Seat, choose_seat, seat_of
from companion.session import GameSummary
from companion.views.context import AppContext
from companion.views.hooks import current_page, use_redraw
from companion.views.widgets import action_button, screen, section_card, tagged


def _games_in_progress(ctx: AppContext) -> list[GameSummary]:
    if ctx.store is None:
        return []
    try:
        return [g for g in ctx.store.list_games() if not g.finished]
    except Exception as problem:  # a damaged store: say so, offer to look again
        ctx.fail(t("Saved games could not be read: {problem}", problem=problem))
        return []


def take(ctx: AppContext, seat: Seat) -> None:
    """Keep ``seat`` for this phone and open its screen."""
    page = current_page()
    if page is None or not choose_seat(page, seat):
        ctx.fail(t("This phone's pass was dropped (the room code changed): join again with the new code."))
        return
    ctx.navigate(seat.route())


@ft.component
def SeatScreen(ctx: AppContext) -> ft.View:
    """The seat picker for ``/seat``."""
    picked, set_picked = ft.use_state("")  # the game id tapped, when there are several
    redraw = use_redraw()
    games = _games_in_progress(ctx)
    page = current_page()
    current = seat_of(page) if page is not None else None
    body: list[ft.Control] = []
    if current is not None:
        body.append(tagged("seat-current", ft.Text(t("Your seat is kept on this phone; pick another to change it."))))
    if not games:
        body.append(section_card("seat-none", t("No game in progress"), [
            ft.Text(t("When the host starts a game, pick your seat here.")),
            action_button("seat-refresh", t("Look again"), redraw, icon=ft.Icons.REFRESH, primary=True),
        ]))
    chosen = next((g for g in games if g.id == picked), games[0] if len(games) == 1 else None)
    if chosen is None:
        body.extend(action_button(f"seat-game-{game.id}", ", ".join(game.players), _picker(set_picked, game.id),
                                  icon=ft.Icons.TABLE_RESTAURANT) for game in games)
    else:
        seats = [Seat(chosen.id, i) for i in range(len(chosen.players))]
        anglers = [action_button(f"seat-angler-{i}", name, _taker(ctx, seat), icon=ft.Icons.PERSON,
                                 primary=current == seat)
                   for i, (name, seat) in enumerate(zip(chosen.players, seats, strict=True))]
        whole = Seat(chosen.id, None)
        body.append(section_card("seat-anglers", t("Who are you?"), [
            *anglers,
            action_button("seat-table", t("The whole table (counts only)"), _taker(ctx, whole),
                          icon=ft.Icons.GROUPS, primary=current == whole),
        ]))
    body.append(action_button("seat-home", t("Home"), lambda: ctx.navigate("/"), icon=ft.Icons.HOME))
    return screen(ctx.route, t("Your seat"), body, notices=ctx)


def _picker(set_picked: Callable[[Any], None], game_id: str) -> Callable[[], None]:
    return lambda: set_picked(game_id)


def _taker(ctx: AppContext, seat: Seat) -> Callable[[], None]:
    return lambda: take(ctx, seat)
