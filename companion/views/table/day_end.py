"""What the table does next: the next phase, the Life Preserver throw, the Day's end checklist, the game's end."""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.rules import queries
from companion.rules.state import GameState
from companion.session.seats import Place
from companion.views import theme
from companion.views.context import route_to
from companion.views.table.common import Moves
from companion.views.table.confirm import ConfirmButton
from companion.views.widgets import action_button, section_card, tagged
from companion.views.widgets.toggles import toggle


class Throw(NamedTuple):
    """The Life Preserver's throw, once every angler has refreshed: who throws it and to whom (A p.8)."""

    thrower: int
    name: str
    targets: tuple[tuple[int, str], ...]


def throw_of(state: GameState) -> Throw | None:
    """The throw the table makes now; ``None`` outside the Refresh, once thrown, or before everyone refreshed."""
    thrower = state.life_preserver_thrower
    if state.phase != "refresh" or state.life_preserver_thrown or thrower is None or len(state.players) < 2:
        return None
    if not all(p.refreshed for p in state.players):
        return None
    return Throw(thrower, state.players[thrower].name,
                 tuple((j, p.name) for j, p in enumerate(state.players) if j != thrower))


def life_preserver(moves: Moves, throw: Throw | None) -> list[ft.Control]:
    """The highest roller throws the Life Preserver (A p.8): ``throw-lp-<j>``."""
    if throw is None:
        return []
    # Each said whole ("Ann: throw the Life Preserver to Bo"): the card's title is not part of a button's name.
    targets: list[ft.Control] = [action_button(f"throw-lp-{j}", name,
                                               moves.tap(act.ThrowLifePreserver(player=throw.thrower, to=j)),
                                               spoken=t("{name}: throw the Life Preserver to {to}",
                                                        name=throw.name, to=name))
                                 for j, name in throw.targets]
    return [section_card("life-preserver", t("{name} throws the Life Preserver to…", name=throw.name),
                         [ft.Row(targets, wrap=True)])]


class Next(NamedTuple):
    """What decides the table's next step: see :func:`next_step`."""

    finished: bool
    table: bool  # this phone makes the table-wide moves
    phase: str
    unpassed: bool
    last_day: bool
    day: int
    effects: tuple[str, ...] = ()  # the next Day's, once everyone has passed before the last Day


def next_of(place: Place, state: GameState) -> Next:
    """What :func:`next_step` shows on a phone at ``place``."""
    step = Next(state.finished, place.acts_for_table, state.phase, bool(state.unpassed), state.is_last_day,
                state.day)
    if not step.finished and step.phase == "action" and not step.unpassed and not step.last_day:
        return step._replace(effects=tuple(queries.next_day_effects(state)))
    return step


def next_step(moves: Moves, game_id: str, step: Next) -> list[ft.Control]:
    """``advance-phase``, the Day's end checklist, ``end-game`` on the last Day, ``score-game`` once it is over."""
    if step.finished:
        return [action_button("score-game", t("Score the game"),
                              lambda: moves.ctx.navigate(route_to("/score", game=game_id)),
                              icon=ft.Icons.EMOJI_EVENTS, primary=True)]
    if not step.table and (step.phase != "action" or not step.unpassed):
        # The table-wide moves are the whole table's phone's and the host's: none on an angler's phone.
        return [tagged("table-moves-elsewhere", ft.Text(
            t("The whole table's phone or the host moves the table on."), size=theme.SMALL))]
    if step.phase != "action":
        return [action_button("advance-phase", t("Next phase"), lambda: moves.apply(act.AdvancePhase()),
                              icon=ft.Icons.SKIP_NEXT, primary=True)]
    if step.unpassed:
        return []
    if step.last_day:
        return [ConfirmButton("end-game", t("End the game"),
                              t("End the game now? Tap again to confirm; no more turns are played."),
                              t("Yes, end the game"), lambda: moves.apply(act.EndGame()), icon=ft.Icons.FLAG,
                              primary=True, key=f"end-game-{game_id}")]  # type: ignore[call-arg]  # Flet: key=
    # Keyed by game and Day: the ticks belong to this evening of this game, never to the next game opened here.
    return [DayEnd(moves, step.effects,  # type: ignore[call-arg]  # Flet takes key=
                   key=f"day-end-{game_id}-{step.day}")]


@ft.component
def DayEnd(moves: Moves, effects: tuple[str, ...]) -> ft.Control:
    """Once everyone passed: the next Day's effects as a checklist (``effect-<n>``), then ``advance-day``."""
    ticked, set_ticked = ft.use_state(frozenset[int]())

    def tick(n: int) -> None:
        set_ticked(lambda now: now ^ {n})

    boxes = [toggle(f"effect-{n}", text, n in ticked, lambda _on, n=n: tick(n), box=True)
             for n, text in enumerate(effects)]
    return section_card("day-effects", t("Before the next Day"), [
        *boxes,
        action_button("advance-day", t("Start the next Day"), lambda: moves.apply(act.AdvancePhase()),
                      icon=ft.Icons.WB_SUNNY, primary=True),
    ])
