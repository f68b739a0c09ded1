"""Home: resume a game, start one, score a table, the Ocean Survey, other games, settings.

Identifiers: ``home-new-game``, ``home-score``, ``home-survey``, ``home-shallow``, ``home-endeavor``,
``home-history``, ``home-settings``, ``home-phones``, ``home-seat``, ``resume-<game id>``, ``score-game-<game id>``,
``home-my-seat-<game id>``, ``home-notice-<n>``. Phones, the data screen and New game are the host's: a guest's
phone doesn't show them (the app and the sessions refuse them anyway); a guest's phone has "Pick my seat" and
Settings for its own language and text size. A guest's game in progress where it holds a seat comes first, and its
Resume opens that seat; Resume on another game opens the seat picker for it.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.session import GameSummary
from companion.session.listing import Resumable
from companion.views import theme
from companion.views.context import AppContext, route_to, seat_route
from companion.views.labels import when_label
from companion.views.widgets import action_button, beside, chip, error_line, screen, section_card, tagged


def _games(ctx: AppContext) -> tuple[list[GameSummary], str | None]:
    try:
        return ctx.sessions.saved_games(), None  # every game as last saved
    except Exception as problem:  # a damaged store must still let the table score by hand
        return [], t("Saved games could not be read: {problem}", problem=problem)


def _game_row(ctx: AppContext, game: GameSummary, resume: Resumable | None = None) -> ft.Control:
    names = ", ".join(game.players)
    if resume is None:
        button = action_button(f"score-game-{game.id}", t("Score"),
                               lambda: ctx.navigate(route_to("/score", game=game.id)), icon=ft.Icons.EMOJI_EVENTS,
                               whose=names)
    else:
        route = seat_route(resume.seat) if resume.seat is not None else route_to("/seat", game=game.id)
        button = action_button(f"resume-{game.id}", t("Resume"), lambda: ctx.navigate(route),
                               icon=ft.Icons.PLAY_ARROW, primary=True, whose=names)
    when = when_label(game.updated, year=False) if game.updated else ""
    lines: list[ft.Control] = [ft.Text(names, size=theme.BODY, weight=ft.FontWeight.W_600),
                               ft.Text(when, size=theme.SMALL)]
    if resume is not None and resume.mine and not ctx.sessions.viewer.host:
        lines.append(tagged(f"home-my-seat-{game.id}", ft.Text(t("Your seat"), size=theme.SMALL)))
    return beside(ft.Column(lines, spacing=0), button)


@ft.component
def HomeScreen(ctx: AppContext) -> ft.View:
    """The first screen: games in progress first (that is what a table reopening the app wants)."""
    games, problem = _games(ctx)
    playing = ctx.sessions.in_progress(games)  # this phone's own game first
    finished = [g for g in games if g.finished]
    go = ctx.navigate
    controls: list[ft.Control] = [chip(f"home-notice-{n}", note, color=theme.FOUL)
                                  for n, note in enumerate(ctx.notices)]
    if problem:
        controls.append(error_line(problem))
    if playing:
        controls.append(section_card("home-in-progress", t("Games in progress"),
                                     [_game_row(ctx, row.game, row) for row in playing]))
    if ctx.sessions.viewer.host:  # the host starts a game (session.seated.SeatedSessions.start_game)
        controls.append(action_button("home-new-game", t("New game"), lambda: go("/new"), icon=ft.Icons.ADD,
                                      primary=True))
    controls += [
        action_button("home-score", t("Score a finished game"), lambda: go("/score"), icon=ft.Icons.EMOJI_EVENTS),
        action_button("home-survey", t("Ocean Survey"), lambda: go("/survey"), icon=ft.Icons.MAP),
        action_button("home-history", t("History and statistics"), lambda: go("/history"), icon=ft.Icons.HISTORY),
    ]
    if finished:
        controls.append(section_card("home-finished", t("Finished games"), [_game_row(ctx, g) for g in finished[:10]]))
    controls.append(section_card("home-other-games", t("Other games"), [
        action_button("home-shallow", t("Shallow Regrets scorer"), lambda: go("/score/shallow"), icon=ft.Icons.WAVES),
        action_button("home-endeavor", t("Endeavor: Deep Sea scorer"), lambda: go("/score/endeavor"),
                      icon=ft.Icons.SAILING),
    ]))
    if ctx.sessions.viewer.host:
        if ctx.lan_screens:
            controls.append(action_button("home-phones", t("Phones"), lambda: go("/phones"), icon=ft.Icons.QR_CODE))
        controls.append(action_button("home-settings", t("Settings and data"), lambda: go("/settings"),
                                      icon=ft.Icons.SETTINGS))
    else:  # a guest's phone: its seat (again, for the next game) and its own language and text size
        controls += [
            action_button("home-seat", t("Pick my seat"), lambda: go("/seat"), icon=ft.Icons.EVENT_SEAT),
            action_button("home-settings", t("Settings"), lambda: go("/settings"), icon=ft.Icons.SETTINGS),
        ]
    return screen(ctx.route, t("Deep Regrets Companion"), controls, notices=ctx)
