"""The table: the Day and phase always in view, one card per angler, undo and redo one tap away.

Route ``/table?game=<id>``. Identifiers: ``undo``, ``redo``, ``go-home``, ``day-banner``, ``day-name``, ``phase``,
``turn-indicator``, ``countdown``, ``life-preserver-holder``, ``error-line``, ``advance-phase``, ``day-effects``,
``effect-<n>``, ``advance-day``, ``end-game`` (asks first: ``end-game-question``, ``end-game-cancel``), ``table-steps``,
``score-game``, ``throw-lp-<i>``; per angler ``<i>`` (0-based seat): ``player-card-<i>``, ``where-<i>``,
``holds-life-preserver-<i>``, ``passed-<i>``, ``regret-minus-<i>``, ``regret-<i>``, ``regret-plus-<i>``,
``madness-<i>``, ``fishbucks-minus-<i>``, ``fishbucks-<i>``, ``fishbucks-plus-<i>``, ``dice-<i>``, ``refresh-<i>``
(let the app roll), ``refresh-faces-<i>``, ``face-<i>-<n>-<face>``, ``reroll-<i>-<k>``, ``declare-sea-<i>``,
``declare-port-<i>``, ``declare-port-discard-<i>``, ``pass-<i>`` (or ``pass-dink-<i>`` / ``pass-regret-<i>`` with a
passing reward), ``claim-dink-<i>``, ``claim-regret-<i>``, ``reveal-<i>`` and ``reveal-ok-<i>`` (Regret value at the
end; ``regret-value-<i>`` on another angler's phone), ``in-hand-<i>``, ``player-<i>`` (details), ``port-<i>``.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

import flet as ft

from companion.i18n import t
from companion.rules.expansions import setup_notes
from companion.rules.game import Game
from companion.session import GameSession, Snapshot
from companion.views import theme
from companion.views.context import AppContext
from companion.views.hooks import TabFeed, use_feed, use_selected, version
from companion.views.labels import phase_name
from companion.views.table.angler_card import angler_card, card_props
from companion.views.table.banner import Lines, banner, banner_lines
from companion.views.table.common import Moves, game_session, no_game, use_moves
from companion.views.table.day_end import Next, Throw, life_preserver, next_of, next_step, throw_now
from companion.views.widgets import icon_action, screen, section_card

log = logging.getLogger(__name__)


@ft.component
def TableScreen(ctx: AppContext) -> ft.View:
    """The table screen for ``/table?game=<id>``."""
    session = game_session(ctx, ctx.params.get("game"))
    if session is None:
        return no_game(ctx, t("Table"))
    return _Table(ctx, session, ctx.error, ctx.steps, key=session.key)


def _save_error(shown: Snapshot[Game]) -> str | None:
    return shown.save_error


@ft.memo
@ft.component
def _Table(ctx: AppContext, session: GameSession, error: str | None, steps: tuple[str, ...]) -> ft.View:
    # The frame is redrawn only for the bottom bar (a refusal, the table's steps, a failed save); what changes with
    # the game is in the components that follow the tab's one subscription (``feed``), each reading its own part,
    # so a Regret tap redraws that angler's card alone, on every phone.
    moves = use_moves(ctx, session)
    feed = use_feed(session)
    save_error = use_selected(feed, _save_error)
    behind, set_behind = ft.use_state(0)
    moves.on_stale = lambda: set_behind(lambda n: n + 1)
    return screen(ctx.route, _Title(feed), [_Body(moves, feed, behind)],
                  actions=[_Toolbar(moves, feed), icon_action("go-home", ft.Icons.HOME, t("Home"),
                                                              lambda: ctx.navigate("/"))],
                  error=error or save_error, steps=steps, wide=True)


def _day_and_phase(shown: Snapshot[Game]) -> tuple[str, str]:
    return shown.value.state.day_name, shown.value.state.phase


@ft.memo
@ft.component
def _Title(feed: TabFeed[Game]) -> ft.Control:
    day, phase = use_selected(feed, _day_and_phase)
    return ft.Text(t("{day} · {phase}", day=day, phase=phase_name(phase)), size=theme.TITLE)


def _can_step(shown: Snapshot[Game]) -> tuple[bool, bool]:
    return shown.can_undo, shown.can_redo


@ft.memo
@ft.component
def _Toolbar(moves: Moves, feed: TabFeed[Game]) -> ft.Control:
    """Undo and redo, redrawn only when one of them turns on or off; they name the version the tab shows."""
    can_undo, can_redo = use_selected(feed, _can_step)
    return ft.Row([
        icon_action("undo", ft.Icons.UNDO, t("Undo"), moves.undo if can_undo else None),
        icon_action("redo", ft.Icons.REDO, t("Redo"), moves.redo if can_redo else None),
    ], spacing=0, tight=True)


class BodyFacts(NamedTuple):
    """What the body draws itself (the cards follow their own anglers)."""

    game_id: str
    lines: Lines
    setup: tuple[str, ...]
    throw: Throw | None
    next: Next
    order: tuple[int, ...]
    turn: int | None


def body_facts(shown: Snapshot[Game]) -> BodyFacts:
    game, state = shown.value, shown.value.state
    # Until the first Action phase (removing it mid-Refresh would shift every button under a tapping thumb).
    setup = setup_notes(state.ruleset.expansions) if state.is_first_day and state.phase == "refresh" else []
    return BodyFacts(game.id, banner_lines(state), tuple(setup), throw_now(state), next_of(state),
                  tuple(state.turn_order()), state.current_player)


@ft.memo
@ft.component
def _Body(moves: Moves, feed: TabFeed[Game], behind: int) -> ft.Control:
    # ``behind`` counts this tab's stale refusals: each draws everything again from the game as it stands.
    f: BodyFacts = use_selected(feed, body_facts)
    turn = f.turn
    ft.use_effect(lambda: _bring_into_view(turn), [turn])
    # One column on a phone; two side by side from a tablet's width (the row's own width decides).
    cards: list[ft.Control] = [
        ft.Container(_Seat(moves, feed, f.game_id, i, behind, key=f"seat-{i}"),
                     col={"xs": 12, "md": 6}, key=ft.ScrollKey(_card(i)))  # type: ignore[call-arg]
        for i in f.order]
    return ft.Column([
        _Seen(moves, feed, behind),
        banner(f.lines),
        *([section_card("expansion-setup", t("Setting up"), [ft.Text(n, size=theme.BODY) for n in f.setup])]
          if f.setup else []),
        *life_preserver(moves, f.throw),
        *next_step(moves, f.game_id, f.next),
        ft.ResponsiveRow(cards, spacing=theme.GAP, run_spacing=theme.GAP),
    ], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.memo
@ft.component
def _Seen(moves: Moves, feed: TabFeed[Game], behind: int) -> ft.Control:
    """Draws nothing that changes, on every version the tab is told of: once drawn, that version is the one
    the tab's moves name (the stale-phone check). A phone that was told but never drew it (asleep, its link
    down) still names the version it shows, and is refused."""
    moves.shown = use_selected(feed, version)
    return ft.Container(visible=False)


@ft.memo
@ft.component
def _Seat(moves: Moves, feed: TabFeed[Game], game_id: str, seat: int, behind: int) -> ft.Control:
    """The angler's card, following what it reads of the game: another angler's change leaves it as it was."""
    use_selected(feed, lambda shown: card_props(shown.value.state, seat))
    return angler_card(moves, game_id, moves.session.current.value.state, seat)


def _card(seat: int) -> str:
    return f"angler-{seat}"


def _bring_into_view(seat: int | None) -> None:
    """On an angler's turn their card scrolls into view (a long table on a phone hides the lower cards)."""
    if seat is None:
        return
    try:
        page = ft.context.page
    except RuntimeError:  # drawn without a page (a view test): nothing to scroll
        return
    views = ft.unwrap_component(page.views)  # the app's Root component draws the views
    shown = [ft.unwrap_component(v) for v in views] if isinstance(views, list) else []
    if shown and isinstance(shown[-1], ft.View):
        page.run_task(_scroll, shown[-1], _card(seat))


async def _scroll(view: ft.View, key: str) -> None:
    try:
        await view.scroll_to(scroll_key=key, duration=300)
    except Exception:  # a screen left meanwhile: nothing to bring into view, and no reason to stop the app
        log.debug("no card %s to scroll to", key, exc_info=True)
