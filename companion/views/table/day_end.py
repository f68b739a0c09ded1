"""What the table does next: the next phase, the Life Preserver throw, the Day's end checklist, the game's end."""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.rules import queries
from companion.rules.state import GameState
from companion.views.context import route_to
from companion.views.table.common import Moves
from companion.views.table.confirm import ConfirmButton
from companion.views.widgets import action_button, section_card, tagged


class Throw(NamedTuple):
    """The Life Preserver throw the table makes now: who throws it, and to whom (seat, name)."""

    thrower: int
    name: str
    targets: tuple[tuple[int, str], ...]


def throw_now(state: GameState) -> Throw | None:
    """Once every angler has refreshed, the highest roller throws the Life Preserver (A p.8); ``None`` otherwise."""
    thrower = state.life_preserver_thrower
    if state.phase != "refresh" or state.life_preserver_thrown or thrower is None or len(state.players) < 2:
        return None
    if not all(p.refreshed for p in state.players):
        return None
    return Throw(thrower, state.players[thrower].name,
                 tuple((j, p.name) for j, p in enumerate(state.players) if j != thrower))


def life_preserver(moves: Moves, throw: Throw | None) -> list[ft.Control]:
    """The throw's buttons, ``throw-lp-<j>``, while there is one to make."""
    if throw is None:
        return []
    targets: list[ft.Control] = [
        action_button(f"throw-lp-{j}", name, moves.tap(act.ThrowLifePreserver(player=throw.thrower, to=j)))
        for j, name in throw.targets]
    return [section_card("life-preserver", t("{name} throws the Life Preserver to…", name=throw.name),
                         [ft.Row(targets, wrap=True)])]


class Next(NamedTuple):
    """What the table's next step depends on."""

    finished: bool
    phase: str
    everyone_passed: bool
    last_day: bool
    day: int
    effects: tuple[str, ...]  # the next Day's effects, once everyone passed before the last Day


def next_of(state: GameState) -> Next:
    """The facts :func:`next_step` draws from ``state``."""
    passed = not state.unpassed
    effects = tuple(queries.next_day_effects(state)) \
        if state.phase == "action" and passed and not state.is_last_day and not state.finished else ()
    return Next(state.finished, state.phase, passed, state.is_last_day, state.day, effects)


def next_step(moves: Moves, game_id: str, step: Next) -> list[ft.Control]:
    """``advance-phase``, the Day's end checklist, ``end-game`` on the last Day, ``score-game`` once it is over."""
    if step.finished:
        return [action_button("score-game", t("Score the game"),
                              lambda: moves.ctx.navigate(route_to("/score", game=game_id)),
                              icon=ft.Icons.EMOJI_EVENTS, primary=True)]
    if step.phase != "action":
        return [action_button("advance-phase", t("Next phase"), moves.tap(act.AdvancePhase()),
                              icon=ft.Icons.SKIP_NEXT, primary=True)]
    if not step.everyone_passed:
        return []
    if step.last_day:
        return [ConfirmButton("end-game", t("End the game"),
                              t("End the game now? Tap again to confirm; no more turns are played."),
                              t("Yes, end the game"), lambda: moves.apply(act.EndGame()), icon=ft.Icons.FLAG,
                              primary=True, key=f"end-game-{game_id}")]  # type: ignore[call-arg]  # @ft.component adds key=
    # Keyed by game and Day: the ticks belong to this evening of this game, never to the next game opened here.
    return [DayEnd(moves, step.effects, key=f"day-end-{game_id}-{step.day}")]  # type: ignore[call-arg]


@ft.component
def DayEnd(moves: Moves, effects: tuple[str, ...]) -> ft.Control:
    """Once everyone passed: the next Day's effects as a checklist (``effect-<n>``), then ``advance-day``."""
    ticked, set_ticked = ft.use_state(frozenset[int]())

    def tick(n: int) -> None:
        set_ticked(lambda now: now ^ {n})

    boxes = [tagged(f"effect-{n}", ft.Checkbox(label=text, value=n in ticked, on_change=lambda _e, n=n: tick(n)))
             for n, text in enumerate(effects)]
    return section_card("day-effects", t("Before the next Day"), [
        *boxes,
        action_button("advance-day", t("Start the next Day"), moves.tap(act.AdvancePhase()),
                      icon=ft.Icons.WB_SUNNY, primary=True),
    ])
