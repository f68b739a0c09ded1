"""Your seat: a joined phone picks the game in progress and its angler (or the whole table). The seat is kept
with the phone's pass, so the phone comes back to it after a reload, a sleep or a host restart.

Identifiers: ``seat-game-<game id>``, ``seat-angler-<i>``, ``seat-table``, ``seat-current``, ``seat-none``,
``seat-refresh``, ``seat-home``, ``error-line``.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import t
from companion.net import Seat, choose_seat, seat_of
from companion.store.records import GameSummary
from companion.views.context import AppContext
from companion.views.widgets import action_button, error_line, screen, section_card, tagged

DRAFT = "seat-game"


def _page() -> ft.Page | None:
    try:
        return ft.context.page
    except Exception:  # drawn with no page (a unit test): nothing to keep the seat with
        return None


def _games_in_progress(ctx: AppContext) -> list[GameSummary]:
    if ctx.store is None:
        return []
    try:
        return [g for g in ctx.store.list_games() if not g.finished]
    except Exception as problem:  # a damaged store: say so, offer the refresh
        ctx.error = t("Saved games could not be read: {problem}", problem=problem)
        return []


def take(ctx: AppContext, seat: Seat) -> None:
    """Keep ``seat`` for this phone and open its screen."""
    page = _page()
    if page is not None and not choose_seat(page, seat):
        ctx.error = t("This phone's pass was dropped (the room code changed): join again with the new code.")
        ctx.refresh()
        return
    ctx.navigate(seat.route())


def _pick_game(ctx: AppContext, game_id: str) -> Callable[[], None]:
    def pick() -> None:
        ctx.drafts[DRAFT] = game_id
        ctx.refresh()

    return pick


def _taker(ctx: AppContext, seat: Seat) -> Callable[[], None]:
    return lambda: take(ctx, seat)


def view(ctx: AppContext) -> ft.View:
    """The seat picker for ``/seat``."""
    games = _games_in_progress(ctx)
    page = _page()
    current = seat_of(page) if page is not None else None
    body: list[ft.Control] = [error_line(ctx.error)]
    if current is not None:
        body.append(tagged("seat-current", ft.Text(t("Your seat is kept on this phone; pick another to change it."))))
    if not games:
        body.append(section_card("seat-none", t("No game in progress"), [
            ft.Text(t("When the host starts a game, pick your seat here.")),
            action_button("seat-refresh", t("Look again"), ctx.refresh, icon=ft.Icons.REFRESH, primary=True),
        ]))
    chosen = next((g for g in games if g.id == ctx.drafts.get(DRAFT)), games[0] if len(games) == 1 else None)
    if chosen is None:
        body.extend(action_button(f"seat-game-{game.id}", ", ".join(game.players), _pick_game(ctx, game.id),
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
    return screen(ctx.route, t("Your seat"), body)
