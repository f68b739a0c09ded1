"""The table: the Day and phase always in view, one card per angler, undo and redo one tap away.

Identifiers: ``undo``, ``redo``, ``go-home``, ``day-banner``, ``day-name``, ``phase``, ``turn-indicator``,
``countdown``, ``error-line``, ``advance-phase``, ``day-effects``, ``effect-<n>``, ``advance-day``, ``end-game``,
``score-game``, ``throw-lp-<i>``; per angler ``<i>`` (0-based seat): ``player-card-<i>``, ``where-<i>``,
``passed-<i>``, ``regret-minus-<i>``, ``regret-<i>``, ``regret-plus-<i>``, ``madness-<i>``, ``fishbucks-minus-<i>``,
``fishbucks-<i>``, ``fishbucks-plus-<i>``, ``dice-<i>``, ``refresh-<i>``, ``declare-sea-<i>``, ``declare-port-<i>``,
``declare-port-discard-<i>``, ``pass-<i>`` (or ``pass-dink-<i>`` / ``pass-regret-<i>`` with a passing reward),
``claim-dink-<i>``, ``claim-regret-<i>``, ``reveal-<i>`` and ``reveal-ok-<i>`` (Regret value at the end),
``player-<i>`` (details), ``port-<i>``.
"""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.rules.madness import MadnessTier
from companion.rules.state import GameState, PlayerState
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.widgets import (
    action_button,
    chip,
    error_line,
    icon_action,
    memoized,
    screen,
    section_card,
    stepper,
    tagged,
)

PHASES = {"refresh": "Refresh", "declaration": "Declaration", "action": "Action", "ended": "Game over"}


def signed(n: int) -> str:
    """``+2``, ``0``, ``−1``: how the Madness tracker prints a modifier."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def madness_text(tier: MadnessTier) -> str:
    """The Madness chip: row, Fair and Foul modifiers, Max dice, and the Port discount when there is one."""
    text = t("Madness {row} · Fair {fair} · Foul {foul} · {dice} dice", row=tier.label, fair=signed(tier.fair),
             foul=signed(tier.foul), dice=tier.max_dice)
    if tier.port_discount:
        text += t(" · Port −${discount}", discount=tier.port_discount)
    return text


def no_game(ctx: AppContext, title: str) -> ft.View:
    """What a table screen shows when its game can't be found (a stale link, a deleted game)."""
    return screen(ctx.route, title, [
        error_line(ctx.error or t("No game at the table. Start one or resume one from Home.")),
        action_button("go-home", t("Home"), lambda: ctx.navigate("/"), icon=ft.Icons.HOME, primary=True),
    ])


def _banner(state: GameState) -> ft.Control:
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
    rows: list[ft.Control] = [
        ft.Row([
            tagged("day-name", ft.Text(state.day_name, size=theme.BIG_NUMBER, weight=ft.FontWeight.BOLD)),
            ft.Text(t("Day {n} of {days}", n=day_no, days=days), size=theme.BODY),
        ], vertical_alignment=ft.CrossAxisAlignment.END, wrap=True),
        ft.Row([chip("phase", t(PHASES[state.phase])),
                tagged("turn-indicator", ft.Text(whose, size=theme.BODY, weight=ft.FontWeight.W_600))], wrap=True),
    ]
    if state.last_player is not None and state.turns_left is not None:
        rows.append(chip("countdown", t("{name}: {n} turns left, then the Day ends",
                                        name=state.players[state.last_player].name, n=state.turns_left),
                         color=theme.FOUL))
    return section_card("day-banner", None, rows)


class CardFacts(NamedTuple):
    """Everything an angler's card shows: when these are equal the card is not redrawn (see ``memoized``)."""

    seat: int
    player: PlayerState
    tier: MadnessTier
    phase: str
    their_turn: bool
    passing_reward: bool
    game_id: str

    @classmethod
    def of(cls, state: GameState, i: int, game_id: str) -> CardFacts:
        return cls(i, state.players[i], state.madness(i), state.phase, state.current_player == i,
                   state.ruleset.passing_reward, game_id)


def _phase_buttons(ctx: AppContext, facts: CardFacts) -> list[ft.Control]:
    apply, p, i = ctx.apply, facts.player, facts.seat
    if facts.phase == "ended":
        return _reveal(ctx, p, i)
    if facts.phase == "refresh" and not p.refreshed:
        return [action_button(f"refresh-{i}", t("Refresh dice"), lambda: apply(act.Refresh(player=i)),
                              icon=ft.Icons.CASINO)]
    if facts.phase == "declaration" and not p.declared and facts.their_turn:
        declare = [ft.Row([
            action_button(f"declare-sea-{i}", t("Sea"), lambda: apply(act.Declare(player=i, location="sea")),
                          icon=ft.Icons.SAILING, expand=True),
            action_button(f"declare-port-{i}", t("Make Port"), lambda: apply(act.Declare(player=i, location="port")),
                          icon=ft.Icons.ANCHOR, expand=True),
        ])]
        if p.regret_cards:
            declare.append(action_button(
                f"declare-port-discard-{i}", t("Make Port and discard a Regret (A p.17)"),
                lambda: apply(act.Declare(player=i, location="port", discard_regret=True))))
        return declare
    buttons: list[ft.Control] = []
    if facts.phase == "action" and facts.their_turn and not p.passed:
        if facts.passing_reward:
            buttons.append(ft.Row([
                action_button(f"pass-dink-{i}", t("Pass, draw a Dink"),
                              lambda: apply(act.Pass(player=i, reward="dink")), expand=True),
                action_button(f"pass-regret-{i}", t("Pass, discard a Regret"),
                              lambda: apply(act.Pass(player=i, reward="regret")), expand=True),
            ]))
        else:
            buttons.append(action_button(f"pass-{i}", t("Pass"), lambda: apply(act.Pass(player=i)),
                                         icon=ft.Icons.FRONT_HAND))
    if p.rewards_due:
        buttons.append(ft.Row([
            action_button(f"claim-dink-{i}", t("Reward: a Dink"),
                          lambda: apply(act.ClaimReward(player=i, reward="dink")), expand=True),
            action_button(f"claim-regret-{i}", t("Reward: discard a Regret"),
                          lambda: apply(act.ClaimReward(player=i, reward="regret")), expand=True),
        ]))
    return buttons


def _reveal(ctx: AppContext, p: PlayerState, i: int) -> list[ft.Control]:
    if p.regret_value is not None:
        return [ft.Text(t("Regret value {value}", value=p.regret_value), size=theme.BODY)]
    draft = ctx.drafts.setdefault("reveal", {})

    def on_change(event: ft.ControlEvent) -> None:
        draft[i] = event.control.value

    def reveal() -> None:
        text = str(draft.get(i, "")).strip()
        if not text.isdigit():
            ctx.fail(t("{name}'s Regret value must be a whole number of 0 or more", name=p.name))
            return
        ctx.apply(act.RevealRegrets(player=i, value=int(text)))

    return [ft.Row([
        tagged(f"reveal-{i}", ft.TextField(label=t("Regret value"), value=draft.get(i, ""), on_change=on_change,
                                           keyboard_type=ft.KeyboardType.NUMBER, expand=True)),
        action_button(f"reveal-ok-{i}", t("Reveal"), reveal),
    ])]


def player_card(ctx: AppContext, facts: CardFacts) -> ft.Control:
    """One angler: Regrets, Madness, Fishbucks, where the boat is, dice, and what they can do in this phase."""
    p, tier, i, game_id = facts.player, facts.tier, facts.seat, facts.game_id
    apply = ctx.apply
    accent = theme.PASSED if p.passed else theme.angler_colour(p.colour)
    status = [chip(f"where-{i}", p.where)]
    if p.passed:
        status.append(chip(f"passed-{i}", t("Passed"), color=theme.PASSED))
    if facts.their_turn and facts.phase != "ended":
        status.append(chip(f"turn-{i}", t("Their turn"), color=theme.FOUL))
    dice = t("Fresh {fresh} (total {total}) · Spent {spent} · max {max}", fresh=len(p.fresh), total=p.fresh_total,
             spent=len(p.spent), max=tier.max_dice)
    counters = ft.Row([
        stepper("regret", i, p.regret_cards,
                (lambda: apply(act.DiscardRegret(player=i))) if p.regret_cards else None,
                lambda: apply(act.DrawRegret(player=i)), label=t("Regret cards")),
        stepper("fishbucks", i, f"${p.fishbucks}",
                (lambda: apply(act.AdjustFishbucks(player=i, amount=-1))) if p.fishbucks else None,
                lambda: apply(act.AdjustFishbucks(player=i, amount=1)), label=t("Fishbucks")),
    ], wrap=True, alignment=ft.MainAxisAlignment.SPACE_AROUND)
    links = ft.Row([
        action_button(f"player-{i}", t("Dice, Fish, gear"),
                      lambda: ctx.navigate(route_to("/player", game=game_id, seat=i)), icon=ft.Icons.PERSON,
                      expand=True),
        action_button(f"port-{i}", t("Port"), lambda: ctx.navigate(route_to("/port", game=game_id, seat=i)),
                      icon=ft.Icons.STOREFRONT, expand=True),
    ])
    body = [ft.Row(status, wrap=True), counters, chip(f"madness-{i}", madness_text(tier), color=theme.FAIR),
            tagged(f"dice-{i}", ft.Text(dice, size=theme.BODY)), *_phase_buttons(ctx, facts), links]
    return section_card(f"player-card-{i}", p.name, body, accent=accent)


def _throw(ctx: AppContext, state: GameState) -> list[ft.Control]:
    thrower = state.life_preserver_thrower
    if state.phase != "refresh" or state.life_preserver_thrown or thrower is None or len(state.players) < 2:
        return []
    if not all(p.refreshed for p in state.players):
        return []
    targets = [action_button(f"throw-lp-{j}", p.name,
                             lambda j=j: ctx.apply(act.ThrowLifePreserver(player=thrower, to=j)), expand=True)
               for j, p in enumerate(state.players) if j != thrower]
    return [section_card("life-preserver", t("{name} throws the Life Preserver to…",
                                             name=state.players[thrower].name), [ft.Row(targets, wrap=True)])]


def _day_end(ctx: AppContext, state: GameState) -> list[ft.Control]:
    """Once everyone passed: the next Day's effects as a checklist, applied when the table confirms."""
    if state.finished:
        return [action_button("score-game", t("Score the game"),
                              lambda: ctx.navigate(route_to("/score", game=ctx.game.id)), icon=ft.Icons.EMOJI_EVENTS,
                              primary=True)]
    if state.phase != "action":
        return [action_button("advance-phase", t("Next phase"), lambda: ctx.apply(act.AdvancePhase()),
                              icon=ft.Icons.SKIP_NEXT, primary=True)]
    if state.unpassed:
        return []
    if state.is_last_day:
        return [action_button("end-game", t("End the game"), lambda: ctx.apply(act.EndGame()), icon=ft.Icons.FLAG,
                              primary=True)]
    ticked = ctx.drafts.setdefault("effects", set())

    def tick(n: int) -> None:
        ticked.symmetric_difference_update({n})

    def start_day() -> None:
        if ctx.apply(act.AdvancePhase()):
            ticked.clear()

    effects = [tagged(f"effect-{n}", ft.Checkbox(label=text, value=n in ticked, on_change=lambda _e, n=n: tick(n)))
               for n, text in enumerate(state.next_day_effects())]
    return [section_card("day-effects", t("Before the next Day"), [
        *effects,
        action_button("advance-day", t("Start the next Day"), start_day, icon=ft.Icons.WB_SUNNY, primary=True),
    ])]


def view(ctx: AppContext) -> ft.View:
    """The table screen for ``/table?game=<id>``."""
    game = ctx.open_game(ctx.params.get("game"))
    if game is None:
        return no_game(ctx, t("Table"))
    state = game.state
    actions = [
        icon_action("undo", ft.Icons.UNDO, t("Undo"), ctx.undo if game.can_undo() else None),
        icon_action("redo", ft.Icons.REDO, t("Redo"), ctx.redo if game.can_redo() else None),
        icon_action("go-home", ft.Icons.HOME, t("Home"), lambda: ctx.navigate("/")),
    ]
    order = state.turn_order()
    return screen(ctx.route, t("{day} · {phase}", day=state.day_name, phase=t(PHASES[state.phase])), [
        _banner(state),
        error_line(ctx.error),
        *_throw(ctx, state),
        *_day_end(ctx, state),
        *(memoized(player_card, ctx, CardFacts.of(state, i, game.id)) for i in order),
    ], actions=actions)
