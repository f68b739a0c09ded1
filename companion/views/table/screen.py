"""The table: the Day and phase always in view, one card per angler, undo and redo one tap away.

Route ``/table?game=<id>``. Identifiers: ``undo``, ``redo``, ``go-home``, ``day-banner``, ``day-name``, ``phase``,
``turn-indicator``, ``countdown``, ``life-preserver-holder``, ``error-line``, ``advance-phase``, ``day-effects``,
``effect-<n>``, ``advance-day``, ``end-game`` (asks first: ``end-game-question``, ``end-game-cancel``), ``table-steps``,
``score-game``, ``throw-lp-<seat>``; per angler at seat ``<seat>`` (0-based): ``player-card-<seat>``, ``where-<seat>``,
``holds-life-preserver-<seat>``, ``passed-<seat>``, ``regret-minus-<seat>``, ``regret-<seat>``, ``regret-plus-<seat>``,
``madness-<seat>``, ``fishbucks-minus-<seat>``, ``fishbucks-<seat>``, ``fishbucks-plus-<seat>``, ``dice-<seat>``,
``refresh-<seat>`` (let the app roll), ``refresh-faces-<seat>``, ``face-<seat>-<n>-<face>``, ``reroll-<seat>-<k>``,
``declare-sea-<seat>``, ``declare-port-<seat>``, ``declare-port-discard-<seat>``, ``pass-<seat>`` (or
``pass-dink-<seat>`` / ``pass-regret-<seat>`` with a passing reward), ``claim-dink-<seat>``, ``claim-regret-<seat>``,
``reveal-<seat>`` and ``reveal-ok-<seat>`` (Regret value at the end; ``regret-value-<seat>`` on another angler's phone),
``in-hand-<seat>``, ``player-<seat>`` (details), ``port-<seat>``; the Shoals line: :mod:`.shoals`.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

import flet as ft

from companion.i18n import t
from companion.rules.expansions import setup_notes
from companion.rules.game import Game
from companion.session import Snapshot
from companion.session.door import GameDoor
from companion.views import theme
from companion.views.context import AppContext
from companion.views.hooks import TabFeed, use_feed, use_selected, use_subscription
from companion.views.labels import phase_name
from companion.views.table.angler_card import Seat
from companion.views.table.banner import Banner
from companion.views.table.common import Moves, game_session, no_game, use_moves, use_told
from companion.views.table.day_end import Next, Throw, life_preserver, next_of, next_step, throw_of
from companion.views.table.shoals import Shoals
from companion.views.widgets import icon_action, screen, section_card, tagged, title_text

log = logging.getLogger(__name__)


@ft.component
def TableScreen(ctx: AppContext) -> ft.View:
    """The table screen for ``/table?game=<id>``."""
    session = game_session(ctx, ctx.params.get("game"))
    if session is None:
        return no_game(ctx, t("Table"))
    return _Table(ctx, session, key=session.key)  # type: ignore[call-arg]  # @ft.component takes key=


@ft.component
def _Table(ctx: AppContext, session: GameDoor) -> ft.View:
    # The frame is drawn once per game (and again when the bottom bar changes shape). Each part
    # under it follows the game itself (one subscription for the tab, :func:`use_feed`) and is redrawn only when
    # what it shows changed, so a tap on Regret + redraws and diffs that angler's card alone; a refusal or the
    # table's steps redraw the bar's lines (NoticeLines).
    moves = use_moves(ctx, session)
    feed = use_feed(session)
    use_subscription(lambda: feed.follow(moves.drawn), [feed])  # the stale-phone check follows what it shows
    use_told(ctx, session)
    return screen(ctx.route, _Title(feed), [_Body(moves, feed)],
                  actions=[_Toolbar(moves, feed), icon_action("go-home", ft.Icons.HOME, t("Home"),
                                                              lambda: ctx.navigate("/"))],
                  notices=ctx, wide=True)


def _day_and_phase(shown: Snapshot[Game]) -> tuple[str, str]:
    return shown.value.state.day_name, shown.value.state.phase


@ft.memo
@ft.component
def _Title(feed: TabFeed[Game]) -> ft.Control:
    day, phase = use_selected(feed, _day_and_phase)
    return title_text(t("{day} · {phase}", day=day, phase=phase_name(phase)))


def _can_step(shown: Snapshot[Game]) -> tuple[bool, bool]:
    return shown.can_undo, shown.can_redo


@ft.memo
@ft.component
def _Toolbar(moves: Moves, feed: TabFeed[Game]) -> ft.Control:
    """Undo and redo, redrawn only when one of them turns on or off; they name the version the body shows. The
    table's Undo (the host's, the whole table's phone's) first names the move it takes back: "Undo Chen's
    Refresh?" (``undo-question``, then ``undo`` again, or ``undo-cancel``)."""
    can_undo, can_redo = use_selected(feed, _can_step)
    asking, set_asking = ft.use_state("")
    place = moves.session.place
    names_it = place.acts_for_table and place.kind != "all"  # the local mode's one screen made every move itself

    def undo() -> None:
        if names_it and not asking:
            set_asking(moves.session.undo_question())
            return
        set_asking("")
        moves.undo()

    if asking:
        return ft.Row([
            tagged("undo-question", ft.Text(asking, size=theme.BODY, weight=ft.FontWeight.W_600)),
            icon_action("undo", ft.Icons.UNDO, t("Yes, undo"), undo),
            icon_action("undo-cancel", ft.Icons.CLOSE, t("Cancel"), lambda: set_asking("")),
        ], spacing=0, tight=True)
    return ft.Row([
        icon_action("undo", ft.Icons.UNDO, t("Undo"), undo if can_undo else None),
        icon_action("redo", ft.Icons.REDO, t("Redo"), moves.redo if can_redo else None),
    ], spacing=0, tight=True)


class _Frame(NamedTuple):
    """What the table around the cards shows: the cards' order, whose turn it is, the set-up notes and the next
    step; the banner, the Shoals line and each card follow the game on their own."""

    order: tuple[int, ...]
    turn: int | None
    setup: tuple[str, ...]
    finished: bool
    throw: Throw | None
    next: Next


def _frame(moves: Moves, shown: Snapshot[Game]) -> _Frame:
    game, state = shown.value, shown.value.state
    # Until the first Action phase (removing it mid-Refresh would shift every button under a tapping thumb).
    setup = setup_notes(state.ruleset.expansions) if state.is_first_day and state.phase == "refresh" else []
    place = moves.session.place
    return _Frame(tuple(_own_first(state.turn_order(), game.id, moves.ctx)), state.current_player, tuple(setup),
                  state.finished, throw_of(state), next_of(place, state))


@ft.memo
@ft.component
def _Body(moves: Moves, feed: TabFeed[Game]) -> ft.Control:
    frame = use_selected(feed, lambda shown: _frame(moves, shown))
    ft.use_effect(lambda: _bring_into_view(frame.turn), [frame.turn])
    game_id = moves.session.key
    # One column on a phone; two side by side from a tablet's width (the row's own width decides).
    # (mypy can't see ScrollKey's dataclass field through Flet's decorator)
    cards: list[ft.Control] = [ft.Container(Seat(moves, feed, game_id, seat, key=_card(seat)),
                                            col={"xs": 12, "md": 6},
                                            key=ft.ScrollKey(_card(seat)))  # type: ignore[call-arg]
                               for seat in frame.order]
    return ft.Column([
        Banner(feed, key="banner"),
        *([] if frame.finished else [Shoals(moves, feed, key="shoals")]),
        *([section_card("expansion-setup", t("Setting up"), [ft.Text(n, size=theme.BODY) for n in frame.setup])]
          if frame.setup else []),
        *life_preserver(moves, frame.throw),
        *next_step(moves, game_id, frame.next),
        ft.ResponsiveRow(cards, spacing=theme.GAP, run_spacing=theme.GAP),
    ], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _own_first(order: list[int], game_id: str, ctx: AppContext) -> list[int]:
    """A seated phone shows its own angler's card first, where its thumb enters its dice (issue 26); the others
    follow in turn order."""
    held = ctx.sessions.my_seat()
    mine = held.angler if held is not None and held.game == game_id else None
    return sorted(order, key=lambda seat: seat != mine)


def _card(seat: int) -> str:
    return f"angler-{seat}"


def _bring_into_view(seat: int | None) -> None:
    """On an angler's turn their card scrolls into view (a long table on a phone hides the lower cards)."""
    if seat is None:
        return
    page = ft.context.page
    views = ft.unwrap_component(page.views)  # the app's Root component draws the views
    shown = [ft.unwrap_component(v) for v in views] if isinstance(views, list) else []
    if shown and isinstance(shown[-1], ft.View):
        page.run_task(_scroll, shown[-1], _card(seat))


async def _scroll(view: ft.View, key: str) -> None:
    try:
        await view.scroll_to(scroll_key=key, duration=300)
    except Exception:  # a screen left meanwhile: nothing to bring into view, and no reason to stop the app
        log.debug("no card %s to scroll to", key, exc_info=True)
