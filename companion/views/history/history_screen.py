"""History: every recorded play, newest first, filtered by game and by player; a play opens its breakdown.

Route ``/history``. Identifiers: ``history-game-<all|game>``, ``history-player-<all|n>``, ``history-count``,
``history-play-<play id>``, ``history-more``, ``history-undo``, ``history-stats``, ``history-empty``,
``back``.
"""

from __future__ import annotations

from functools import partial
from typing import cast

import flet as ft

from companion.history import filter_plays
from companion.history.models import player_key
from companion.history.summary import PlaySummary
from companion.i18n import t, tn
from companion.session import StoreError
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.history.common import game_filter, game_label, undo_control
from companion.views.hooks import use_redraw
from companion.views.labels import when_label
from companion.views.widgets import action_button, chip, error_line, screen, tagged

PAGE = 30  # plays drawn at a time: a phone scrolls, it needn't lay out a thousand rows


def _play_row(ctx: AppContext, play: PlaySummary) -> ft.Control:
    seats = sorted(play.players, key=lambda s: (s.rank or 99, s.name.casefold()))
    if play.mode == "co-op":
        line = " · ".join(s.name for s in seats) + " · " + (t("Team won") if play.won else t("Team lost"))
    else:
        line = " · ".join(f"{s.name} {s.score}" for s in seats)
    won = play.won if play.mode == "co-op" else any(s.winner for s in seats)
    when = when_label(play.played.astimezone())
    result = ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS if won else ft.Icons.GROUPS, size=20,
                             color=theme.TROPHY if won else None),
                     ft.Text(line, size=theme.BODY, weight=ft.FontWeight.W_600, expand=True)], spacing=6)
    body = ft.Container(content=ft.Column([ft.Text(f"{game_label(play.game)} · {when}", size=theme.SMALL), result],
                                          spacing=2),
                        padding=ft.Padding.symmetric(vertical=6), ink=True,
                        on_click=lambda _e: ctx.navigate(route_to("/history/play", play=play.id)))
    return tagged(f"history-play-{play.id}", body)


@ft.component
def HistoryScreen(ctx: AppContext) -> ft.View:
    """The History screen; the filters are its own state."""
    game, set_game = ft.use_state(cast("str | None", None))
    player, set_player = ft.use_state(cast("str | None", None))
    shown, set_shown = ft.use_state(PAGE)
    redraw = use_redraw()
    back = lambda: ctx.navigate("/")  # noqa: E731
    try:
        recorded = ctx.sessions.plays.listed()
    except StoreError as problem:
        return screen(ctx.route, t("History"), [error_line(str(problem))], back=back)
    roster = ctx.sessions.plays.roster()
    people = sorted({roster.resolve(s.name) for p in recorded for s in p.players if not s.bot}, key=str.casefold)

    chosen = filter_plays(recorded, game, player, roster.resolve)
    chips: list[ft.Control] = [chip("history-player-all", t("Everyone"), color=theme.SEED if player is None
                                    else theme.PASSED, on_click=lambda: set_player(None), selected=player is None)]
    chips += [chip(f"history-player-{n}", name, on_click=partial(set_player, name),
                   color=theme.SEED if player and player_key(player) == player_key(name) else theme.PASSED,
                   selected=bool(player) and player_key(player or "") == player_key(name))
              for n, name in enumerate(people)]
    players_row = ft.Row(chips, wrap=True, spacing=8)
    controls: list[ft.Control] = [
        game_filter("history", game, set_game), players_row,
        ft.Row([action_button("history-stats", t("Statistics"), lambda: ctx.navigate("/stats"),
                              icon=ft.Icons.INSERT_CHART),
                *undo_control(ctx, "history-undo", redraw)], wrap=True),
        tagged("history-count", ft.Text(tn("{shown} of {n} play", "{shown} of {n} plays", len(recorded),
                                           shown=len(chosen)), size=theme.SMALL)),
    ]
    if not chosen:
        controls.append(tagged("history-empty", ft.Text(
            t("No plays yet: a game scored at the table or a saved scorer result appears here.") if not recorded
            else t("No play matches these filters."), size=theme.BODY)))
    else:
        # A panel like section_card's whose rows take its whole width: a play is tapped anywhere on its line.
        rows = ft.Column([_play_row(ctx, p) for p in chosen[:shown]], spacing=4,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        controls.append(tagged("history-plays", ft.Container(content=rows, padding=theme.GAP, border_radius=12,
                                                             bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)))
        if len(chosen) > shown:
            controls.append(action_button("history-more", t("Show more"), lambda: set_shown(shown + PAGE),
                                          icon=ft.Icons.EXPAND_MORE))
    return screen(ctx.route, t("History"), controls, back=back, notices=ctx)
