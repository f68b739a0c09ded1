"""The table: the Day and phase always in view, one card per angler, undo and redo one tap away.

Route ``/table?game=<id>``. Identifiers: ``undo``, ``redo``, ``go-home``, ``day-banner``, ``day-name``, ``phase``,
``turn-indicator``, ``countdown``, ``error-line``, ``advance-phase``, ``day-effects``, ``effect-<n>``,
``advance-day``, ``end-game``, ``score-game``, ``throw-lp-<i>``; per angler ``<i>`` (0-based seat):
``player-card-<i>``, ``where-<i>``, ``passed-<i>``, ``regret-minus-<i>``, ``regret-<i>``, ``regret-plus-<i>``,
``madness-<i>``, ``fishbucks-minus-<i>``, ``fishbucks-<i>``, ``fishbucks-plus-<i>``, ``dice-<i>``, ``refresh-<i>``,
``declare-sea-<i>``, ``declare-port-<i>``, ``declare-port-discard-<i>``, ``pass-<i>`` (or ``pass-dink-<i>`` /
``pass-regret-<i>`` with a passing reward), ``claim-dink-<i>``, ``claim-regret-<i>``, ``reveal-<i>`` and
``reveal-ok-<i>`` (Regret value at the end), ``player-<i>`` (details), ``port-<i>``.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.session import GameSession
from companion.views.context import AppContext
from companion.views.hooks import use_session
from companion.views.labels import phase_name
from companion.views.table.angler_card import angler_card
from companion.views.table.banner import banner
from companion.views.table.common import game_session, no_game, use_moves
from companion.views.table.day_end import life_preserver, next_step
from companion.views.widgets import icon_action, screen
from companion.views.widgets.toolbar import undo_redo


@ft.component
def TableScreen(ctx: AppContext) -> ft.View:
    """The table screen for ``/table?game=<id>``."""
    session = game_session(ctx, ctx.params.get("game"))
    if session is None:
        return no_game(ctx, t("Table"))
    return _Table(ctx, session, key=session.key)


@ft.component
def _Table(ctx: AppContext, session: GameSession) -> ft.View:
    shown = use_session(session)
    moves = use_moves(ctx, session, shown.version)
    game, state = shown.value, shown.value.state
    actions = [*undo_redo(session, shown, ctx.outcome),
               icon_action("go-home", ft.Icons.HOME, t("Home"), lambda: ctx.navigate("/"))]
    return screen(ctx.route, t("{day} · {phase}", day=state.day_name, phase=phase_name(state.phase)), [
        banner(state),
        *life_preserver(moves, state),
        *next_step(moves, game.id, state),
        *(angler_card(moves, game.id, state, i) for i in state.turn_order()),
    ], actions=actions, error=ctx.error or shown.save_error)
