"""The Day, the phase, whose turn it is and the last player's countdown, always at the top of the table."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.rules.game import Game
from companion.rules.state import GameState
from companion.session import Snapshot
from companion.views import theme
from companion.views.hooks import TabFeed, use_selected
from companion.views.labels import countdown_line, phase_name
from companion.views.speech import said_when_changed
from companion.views.widgets import chip, section_card, tagged


@ft.memo
@ft.component
def Banner(feed: TabFeed[Game]) -> ft.Control:
    """``day-banner`` with ``day-name``, ``phase``, ``turn-indicator`` and ``countdown``. It follows the game
    itself and is redrawn only when one of them changed (a Regret tap leaves it as it was)."""
    return _banner(*use_selected(feed, _lines))


def _lines(shown: Snapshot[Game]) -> tuple[str, str, str, str, str | None, str | None]:
    return _lines_of(shown.value.state)


def _lines_of(state: GameState) -> tuple[str, str, str, str, str | None, str | None]:
    rules = state.ruleset
    day_no = state.day - rules.first_day + 1
    days = rules.last_day - rules.first_day + 1
    turn = state.current_player
    if state.finished:
        whose = t("The game is over")
    elif turn is not None:
        whose = t("{name}'s turn", name=state.players[turn].name)
    else:
        whose = t("Everyone has passed") if state.phase == "action" else t("Every angler, in turn order")
    holder = state.life_preserver
    lp = None if holder is None else t("Life Preserver: {name}", name=state.players[holder].name)
    return (state.day_name, t("Day {n} of {days}", n=day_no, days=days), phase_name(state.phase), whose,
            countdown_line(state), lp)


def _banner(day: str, of_days: str, phase: str, whose: str, countdown: str | None, lp: str | None) -> ft.Control:
    said_when_changed("day-banner", day, phase, whose, countdown, lp)  # heard by a screen reader as it changes
    rows: list[ft.Control] = [
        ft.Row([
            tagged("day-name", ft.Text(day, size=theme.BIG_NUMBER, weight=ft.FontWeight.BOLD)),
            ft.Text(of_days, size=theme.BODY),
        ], vertical_alignment=ft.CrossAxisAlignment.END, wrap=True),
        ft.Row([chip("phase", phase),
                tagged("turn-indicator", ft.Text(whose, size=theme.BODY, weight=ft.FontWeight.W_600))], wrap=True),
    ]
    if countdown is not None:
        rows.append(chip("countdown", countdown, color=theme.FOUL))
    if lp is not None:
        rows.append(chip("life-preserver-holder", lp, color=theme.FAIR))
    return section_card("day-banner", None, rows)
