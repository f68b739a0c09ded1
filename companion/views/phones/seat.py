"""Your seat: a joined phone picks the game in progress and its angler (or the whole table). The seat is kept on
the server with the phone's pass, so the phone comes back to it after a reload, a sleep or a host restart. An
angler's seat belongs to the first phone that takes it: another phone is told so, and the host can hand it over
on the Phones screen (:mod:`companion.session.seats`).

Identifiers: ``seat-game-<game id>``, ``seat-angler-<seat>``, ``seat-table``, ``seat-current``, ``seat-none``,
``seat-new-game``, ``seat-moved``, ``seat-refresh``, ``seat-home``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import t
from companion.session import GameSummary
from companion.session.seats import Seat
from companion.views.context import AppContext, seat_route
from companion.views.hooks import use_redraw, use_subscription
from companion.views.widgets import action_button, screen, section_card, tagged


def _games_in_progress(ctx: AppContext) -> list[GameSummary]:
    try:
        return [g for g in ctx.sessions.saved_games() if not g.finished]
    except Exception as problem:  # a damaged store: say so, offer to look again
        ctx.fail(t("Saved games could not be read: {problem}", problem=problem))
        return []


def take(ctx: AppContext, seat: Seat, name: str = "") -> None:
    """Keep ``seat`` for this phone and open its screen; refused (with the reason) when another phone holds it."""
    refusal = ctx.sessions.take_seat(seat, name)
    if refusal:
        ctx.fail(refusal)
        return
    ctx.navigate(seat_route(seat))


@ft.component
def SeatScreen(ctx: AppContext) -> ft.View:
    """The seat picker for ``/seat`` (``?new=1``: the host has just started a game; ``?moved=1``: the host handed
    this phone's seat to another; ``?game=<id>``: that game's seats, from Home's Resume)."""
    picked, set_picked = ft.use_state("")  # the game id tapped, when there are several
    redraw = use_redraw()
    door = ctx.sessions
    use_subscription(lambda: door.follow_seats(redraw), [door])  # seats taken by other phones show as held
    games = _games_in_progress(ctx)
    current = door.my_seat()
    newest = door.newest_game() if any(g.id == door.newest_game() for g in games) else None
    holders = door.seats_held()
    asked = picked or ctx.params.get("game") or newest  # tapped here, or Home's Resume on a game
    chosen = next((g for g in games if g.id == asked), games[0] if len(games) == 1 else None)
    body: list[ft.Control] = []
    if ctx.params.get("new") and newest is not None:  # after a host restart no game is the new one
        body.append(tagged("seat-new-game", ft.Text(t("A new game has started: pick your angler"),
                                                    weight=ft.FontWeight.BOLD)))
    elif ctx.params.get("moved") and current is None:
        body.append(tagged("seat-moved", ft.Text(t("The host handed your seat to another phone: pick another."),
                                                 weight=ft.FontWeight.BOLD)))
    elif current is not None:
        body.append(_current_line(current, chosen, games))
    if not games:
        body.append(section_card("seat-none", t("No game in progress"), [
            ft.Text(t("When the host starts a game, pick your seat here.")),
            action_button("seat-refresh", t("Look again"), redraw, icon=ft.Icons.REFRESH, primary=True),
        ]))
    if chosen is None:
        body.extend(action_button(f"seat-game-{game.id}", ", ".join(game.players), _picker(set_picked, game.id),
                                  icon=ft.Icons.TABLE_RESTAURANT) for game in games)
    else:
        anglers: list[ft.Control] = []
        for i, name in enumerate(chosen.players):
            seat = Seat(chosen.id, i)
            held = any(s == seat and h != ctx.sessions.viewer.holder for h, s in holders.items())
            label = t("{name} (held by another phone)", name=name) if held else name
            anglers.append(action_button(f"seat-angler-{i}", label, _taker(ctx, seat, name), icon=ft.Icons.PERSON,
                                         primary=current == seat))
        whole = Seat(chosen.id, None)
        body.append(section_card("seat-anglers", t("Who are you?"), [
            *anglers,
            action_button("seat-table", t("The whole table (counts only)"), _taker(ctx, whole),
                          icon=ft.Icons.GROUPS, primary=current == whole),
        ]))
    body.append(action_button("seat-home", t("Home"), lambda: ctx.navigate("/"), icon=ft.Icons.HOME))
    return screen(ctx.route, t("Your seat"), body, notices=ctx)


def _current_line(current: Seat, chosen: GameSummary | None, games: list[GameSummary]) -> ft.Control:
    """What this phone's seat is, truly: kept in the game shown, or in another one (taking a seat here moves it)."""
    held = next((g for g in games if g.id == current.game), None)
    if held is None:
        words = t("This phone's seat was in a game no longer in progress: pick your seat.")
    elif chosen is None or chosen.id == held.id:
        words = t("Your seat is kept on this phone; pick another to change it.")
    else:
        words = t("This phone's seat is in another game ({names}): a seat here moves it to this game.",
                  names=", ".join(held.players))
    return tagged("seat-current", ft.Text(words))


def _picker(set_picked: Callable[[Any], None], game_id: str) -> Callable[[], None]:
    return lambda: set_picked(game_id)


def _taker(ctx: AppContext, seat: Seat, name: str = "") -> Callable[[], None]:
    return lambda: take(ctx, seat, name)
