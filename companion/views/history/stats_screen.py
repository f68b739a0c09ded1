"""Statistics per player and per game, with charts: score over time, share of wins, where the points come from.

Route ``/stats``. Identifiers: ``stats-game-<all|game>``, ``stats-plays``, ``stats-player-<n>``,
``stats-name-<n>``, ``stats-summary-<n>``, ``stats-focus-<n>``, ``stats-h2h``, ``stats-h2h-<n>``,
``stats-game-card-<game>``, ``stats-chart-scores``, ``stats-chart-wins``, ``stats-chart-points``, ``back``, and
the Players card's (:mod:`~companion.views.history.roster_form`). ``<n>`` is the player's place in the list (most
plays first).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import cast

import flet as ft
import flet_charts as fch

from companion.history import statistics
from companion.history.stats import PlayerStats, Statistics
from companion.i18n import t, tn
from companion.session import StoreError
from companion.views import theme
from companion.views.context import AppContext
from companion.views.history.common import game_filter, game_label
from companion.views.history.roster_form import roster_card
from companion.views.hooks import use_redraw
from companion.views.widgets import chip, error_line, screen, section_card, tagged

CHARTED = 6  # players drawn in the charts: the most frequent ones
SCORES_CHARTED = 30  # each one's latest scores: more points than a phone's width can tell apart
# How far apart points that would hide each other (two players' equal scores at the same play) are drawn: a
# fraction of a play's width, wider as more plays share the chart's width, never more than a third of a play.
SPREAD, SPREAD_MAX = 0.15, 0.3


def _number(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{round(100 * value)}%"


def _player_card(n: int, p: PlayerStats, focus: bool, choose: Callable[[], None]) -> ft.Control:
    lines = [t("{plays} · {wins} · win rate {rate}", plays=tn("{n} play", "{n} plays", p.plays),
               wins=tn("{n} win", "{n} wins", p.wins), rate=_percent(p.win_rate)),
             t("Average score {mean} · best {best}", mean=_number(p.mean_score),
               best="–" if p.best_score is None else p.best_score)]
    if p.mean_regret is not None:
        lines.append(t("Average Regret value {value} · Regret penalty hit {rate} of games",
                       value=_number(p.mean_regret), rate=_percent(p.penalty_rate)))
        lines.append(t("Average points: hand {hand} · mounted {mounted} · Fishbucks {bucks}",
                       hand=_number(p.mean_hand), mounted=_number(p.mean_mounted), bucks=_number(p.mean_bucks)))
    counts = " · ".join(tn("{n} player: {wins}/{plays}", "{n} players: {wins}/{plays}", k, wins=v.wins, plays=v.plays)
                        for k, v in p.by_count.items())
    lines.append(t("By player count (wins/plays): {counts}", counts=counts))
    name = tagged(f"stats-name-{n}", ft.Text(p.name, size=theme.TITLE, weight=ft.FontWeight.BOLD), expand=True)
    body: list[ft.Control] = [ft.Row([name, chip(f"stats-focus-{n}", t("Head-to-head"),
                                                 color=theme.SEED if focus else theme.PASSED, on_click=choose,
                                                 whose=p.name, selected=bool(focus))])]
    body.append(tagged(f"stats-summary-{n}", ft.Text(lines[0], size=theme.BODY)))
    body += [ft.Text(line, size=theme.BODY) for line in lines[1:]]
    return section_card(f"stats-player-{n}", None, body)


def _head_to_head(p: PlayerStats) -> ft.Control:
    rows: list[ft.Control] = [
        tagged(f"stats-h2h-{k}", ft.Text(t("vs {other}: {wins} won, {losses} lost, {ties} tied of {plays}",
                                           other=other, wins=h.wins, losses=h.losses, ties=h.ties, plays=h.plays),
                                         size=theme.BODY))
        for k, (other, h) in enumerate(p.head_to_head.items())]
    return section_card("stats-h2h", t("{name} head-to-head", name=p.name),
                        rows or [ft.Text(t("No competitive plays against anyone yet."), size=theme.BODY)])


def _games(stats: Statistics) -> list[ft.Control]:
    cards: list[ft.Control] = []
    for g in stats.games:
        counts = " · ".join(tn("{n} player: {plays}", "{n} players: {plays}", k, plays=v)
                            for k, v in g.by_count.items())
        cards.append(section_card(f"stats-game-card-{g.game}", game_label(g.game), [
            ft.Text(tn("{n} play · average winning score {mean} · best score {best}",
                       "{n} plays · average winning score {mean} · best score {best}", g.plays,
                       mean=_number(g.mean_winning_score), best="–" if g.best_score is None else g.best_score),
                    size=theme.BODY),
            ft.Text(t("By player count: {counts}", counts=counts), size=theme.SMALL)]))
    return cards


def _legend(items: list[tuple[str, str]]) -> ft.Row:
    return ft.Row([ft.Row([ft.Container(width=14, height=14, bgcolor=colour, border_radius=3),
                           ft.Text(label, size=theme.SMALL)], spacing=4, tight=True) for colour, label in items],
                  wrap=True)


def _spread(series: list[list[tuple[int, int]]]) -> list[list[float]]:
    """The x of each point, ``series`` being each player's (x, score): points on one spot (equal scores at the
    same play) are set apart around it (:data:`SPREAD`), in the players' order, so each one shows."""
    at: dict[tuple[int, int], list[int]] = {}
    for k, points in enumerate(series):
        for point in points:
            at.setdefault(point, []).append(k)
    span = max(at)[0] - min(at)[0] if at else 0
    step = min(SPREAD_MAX, SPREAD * max(1, span / 5))
    return [[x + (at[(x, y)].index(k) - (len(at[(x, y)]) - 1) / 2) * step for x, y in points]
            for k, points in enumerate(series)]


def _score_chart(players: list[PlayerStats]) -> ft.Control:
    """``stats-chart-scores``: each player's latest scores, play after play (x = their n-th scored play)."""
    scored = [(k, p) for k, p in enumerate(players) if p.scores]  # k: the player's colour, as in the other charts
    spots = [list(enumerate((score for _, score in p.scores[-SCORES_CHARTED:]),
                            start=max(1, len(p.scores) - SCORES_CHARTED + 1))) for _, p in scored]
    colours = theme.palette().series
    series = [fch.LineChartData(points=[fch.LineChartDataPoint(x=x, y=score, tooltip=f"{p.name} {score}")
                                        for x, (_, score) in zip(xs, points, strict=True)],
                                color=colours[k % len(colours)], stroke_width=3, point=True)
              for (k, p), points, xs in zip(scored, spots, _spread(spots), strict=True)]
    chart = fch.LineChart(data_series=series, height=220, interactive=True,
                          left_axis=fch.ChartAxis(label_size=36),
                          bottom_axis=fch.ChartAxis(label_size=24, label_spacing=1))  # the n-th play: whole numbers
    legend = _legend([(colours[k % len(colours)], p.name) for k, p in scored])
    return section_card("stats-chart-scores", t("Score over time"), [chart, legend])


def _wins_chart(players: list[PlayerStats]) -> ft.Control:
    """``stats-chart-wins``: each player's share of all the wins."""
    total = sum(p.wins for p in players) or 1
    shades = theme.palette()
    sections = [fch.PieChartSection(value=p.wins, color=shades.series[k % len(shades.series)], radius=80,
                                    title=f"{p.name} {round(100 * p.wins / total)}%",
                                    title_style=ft.TextStyle(size=theme.SMALL, color=shades.on_series))
                for k, p in enumerate(players) if p.wins]
    return section_card("stats-chart-wins", t("Share of wins"), [
        fch.PieChart(sections=sections, height=220, center_space_radius=20, sections_space=2)])


def _points_chart(players: list[PlayerStats]) -> ft.Control | None:
    """``stats-chart-points``: a Deep Regrets angler's average points from hand, mounts and Fishbucks."""
    shown = [p for p in players if p.mean_hand is not None]
    if not shown:
        return None
    groups = []
    shades = theme.palette()
    for x, p in enumerate(shown):
        hand, mounts, bucks = p.mean_hand or 0, p.mean_mounted or 0, p.mean_bucks or 0
        stack = [fch.BarChartRodStackItem(from_y=0, to_y=hand, color=shades.hand),
                 fch.BarChartRodStackItem(from_y=hand, to_y=hand + mounts, color=shades.mounts),
                 fch.BarChartRodStackItem(from_y=hand + mounts, to_y=hand + mounts + bucks, color=shades.bucks)]
        groups.append(fch.BarChartGroup(x=x, rods=[fch.BarChartRod(from_y=0, to_y=hand + mounts + bucks, width=28,
                                                                   stack_items=stack, border_radius=4)]))
    labels = [fch.ChartAxisLabel(value=x, label=ft.Text(p.name, size=theme.SMALL)) for x, p in enumerate(shown)]
    bars = fch.BarChart(groups=groups, height=220, bottom_axis=fch.ChartAxis(labels=labels, label_size=28),
                        left_axis=fch.ChartAxis(label_size=36), interactive=True)
    return section_card("stats-chart-points", t("Where the points come from (Deep Regrets, average)"), [
        bars, _legend([(shades.hand, t("Hand")), (shades.mounts, t("Mounted")), (shades.bucks, t("Fishbucks"))])])


@ft.component
def StatisticsScreen(ctx: AppContext) -> ft.View:
    """The Statistics screen; the game shown and the player in focus are its own state."""
    game, set_game = ft.use_state(cast("str | None", None))
    focus, set_focus = ft.use_state(0)
    redraw = use_redraw()
    back = lambda: ctx.navigate("/history")  # noqa: E731
    try:
        recorded = ctx.sessions.plays.listed()
    except StoreError as problem:
        return screen(ctx.route, t("Statistics"), [error_line(str(problem))], back=back)
    stats = statistics(recorded, ctx.sessions.plays.roster().resolve, game)
    controls: list[ft.Control] = [
        game_filter("stats", game, set_game),
        tagged("stats-plays", ft.Text(tn("{n} play", "{n} plays", stats.plays), size=theme.BODY)),
    ]
    players = stats.players
    if players:
        charted = players[:CHARTED]
        # A chart with nothing to draw is an empty box: co-op plays have no scores, a lost one no winner.
        if any(p.scores for p in charted):
            controls.append(_score_chart(charted))
        if any(p.wins for p in charted):
            controls.append(_wins_chart(charted))
        points = _points_chart(charted)
        if points is not None:
            controls.append(points)
        focus = min(focus, len(players) - 1)
        controls += [_player_card(n, p, n == focus, partial(set_focus, n)) for n, p in enumerate(players)]
        controls.append(_head_to_head(players[focus]))
        controls += _games(stats)
    controls.append(roster_card(ctx, redraw))
    return screen(ctx.route, t("Statistics"), controls, back=back, notices=ctx)
