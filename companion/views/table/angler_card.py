"""One angler's card on the table: where they are, Regrets and Fishbucks, Madness, dice, and this phase's moves.

Memoized components all the way down: the card and each of its sections take frozen values read from the game
as props, so a tap on Regret + redraws that angler's counters and nothing else (Flet skips a memoized component
whose props are equal, and does not diff what it kept).
"""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.rules.madness import MadnessTier
from companion.rules.state import GameState, PlayerState
from companion.views import theme
from companion.views.context import route_to
from companion.views.labels import madness_text
from companion.views.table.common import Moves
from companion.views.table.reveal import RevealField
from companion.views.widgets import action_button, chip, grow, section_card, stepper, tagged


class TurnFacts(NamedTuple):
    """What an angler's phase buttons depend on."""

    phase: str
    their_turn: bool
    passing_reward: bool
    can_discard: bool  # Making Port may discard a Regret (A p.17): only asked at Declaration

    @classmethod
    def of(cls, state: GameState, i: int) -> TurnFacts:
        p = state.players[i]
        return cls(state.phase, state.current_player == i and not state.finished, state.ruleset.passing_reward,
                   state.phase == "declaration" and p.regret_cards > 0)


class Steps(NamedTuple):
    """What of an angler the phase buttons read."""

    name: str
    refreshed: bool
    declared: bool
    passed: bool
    rewards_due: int
    regret_value: int | None

    @classmethod
    def of(cls, p: PlayerState) -> Steps:
        return cls(p.name, p.refreshed, p.declared, p.passed, p.rewards_due, p.regret_value)


@ft.memo
@ft.component
def _PhaseButtons(moves: Moves, game_id: str, i: int, p: Steps, f: TurnFacts) -> ft.Control:
    apply = moves.apply
    if f.phase == "ended":
        return RevealField(moves, i, p.name, p.regret_value, key=f"reveal-{game_id}-{i}")
    if f.phase == "refresh" and not p.refreshed:
        return action_button(f"refresh-{i}", t("Refresh dice"), lambda: apply(act.Refresh(player=i)),
                             icon=ft.Icons.CASINO)
    if f.phase == "declaration" and not p.declared and f.their_turn:
        declare: list[ft.Control] = [ft.Row([
            grow(action_button(f"declare-sea-{i}", t("Sea"), lambda: apply(act.Declare(player=i, location="sea")),
                               icon=ft.Icons.SAILING)),
            grow(action_button(f"declare-port-{i}", t("Make Port"),
                               lambda: apply(act.Declare(player=i, location="port")), icon=ft.Icons.ANCHOR)),
        ])]
        if f.can_discard:
            declare.append(action_button(
                f"declare-port-discard-{i}", t("Make Port and discard a Regret (A p.17)"),
                lambda: apply(act.Declare(player=i, location="port", discard_regret=True))))
        return ft.Column(declare)
    buttons: list[ft.Control] = []
    if f.phase == "action" and f.their_turn and not p.passed:
        if f.passing_reward:
            buttons.append(ft.Row([
                grow(action_button(f"pass-dink-{i}", t("Pass, draw a Dink"),
                                   lambda: apply(act.Pass(player=i, reward="dink")))),
                grow(action_button(f"pass-regret-{i}", t("Pass, discard a Regret"),
                                   lambda: apply(act.Pass(player=i, reward="regret")))),
            ]))
        else:
            buttons.append(action_button(f"pass-{i}", t("Pass"), lambda: apply(act.Pass(player=i)),
                                         icon=ft.Icons.FRONT_HAND))
    if p.rewards_due:
        buttons.append(ft.Row([
            grow(action_button(f"claim-dink-{i}", t("Reward: a Dink"),
                               lambda: apply(act.ClaimReward(player=i, reward="dink")))),
            grow(action_button(f"claim-regret-{i}", t("Reward: discard a Regret"),
                               lambda: apply(act.ClaimReward(player=i, reward="regret")))),
        ]))
    return ft.Column(buttons)


@ft.memo
@ft.component
def _Status(i: int, where: str, passed: bool, their_turn: bool) -> ft.Control:
    status = [chip(f"where-{i}", where)]
    if passed:
        status.append(chip(f"passed-{i}", t("Passed"), color=theme.PASSED))
    if their_turn:
        status.append(chip(f"turn-{i}", t("Their turn"), color=theme.FOUL))
    return ft.Row(status, wrap=True)


@ft.memo
@ft.component
def _Counters(moves: Moves, i: int, regret_cards: int, fishbucks: int, tier: MadnessTier, dice: str) -> ft.Control:
    apply = moves.apply
    regrets = stepper("regret", i, regret_cards,
                      (lambda: apply(act.DiscardRegret(player=i))) if regret_cards else None,
                      lambda: apply(act.DrawRegret(player=i)), label=t("Regret cards"))
    money = stepper("fishbucks", i, f"${fishbucks}",
                    (lambda: apply(act.AdjustFishbucks(player=i, amount=-1))) if fishbucks else None,
                    lambda: apply(act.AdjustFishbucks(player=i, amount=1)), label=t("Fishbucks"))
    return ft.Column([
        ft.Row([regrets, money], wrap=True, alignment=ft.MainAxisAlignment.SPACE_AROUND),
        chip(f"madness-{i}", madness_text(tier), color=theme.FAIR),
        tagged(f"dice-{i}", ft.Text(dice, size=theme.BODY)),
    ])


@ft.memo
@ft.component
def _Links(moves: Moves, i: int, game_id: str) -> ft.Control:
    go = moves.ctx.navigate
    return ft.Row([
        grow(action_button(f"player-{i}", t("Dice, Fish, gear"),
                           lambda: go(route_to("/player", game=game_id, seat=i)), icon=ft.Icons.PERSON)),
        grow(action_button(f"port-{i}", t("Port"), lambda: go(route_to("/port", game=game_id, seat=i)),
                           icon=ft.Icons.STOREFRONT)),
    ])


@ft.component
def _angler_card(moves: Moves, game_id: str, seat: int, player: PlayerState, tier: MadnessTier,
                 facts: TurnFacts) -> ft.Control:
    p = player
    accent = theme.PASSED if p.passed else theme.angler_colour(p.colour)
    dice = t("Fresh {fresh} (total {total}) · Spent {spent} · max {max}", fresh=len(p.fresh), total=p.fresh_total,
             spent=len(p.spent), max=tier.max_dice)
    return section_card(f"player-card-{seat}", p.name, [
        _Status(seat, p.where, p.passed, facts.their_turn, key="status"),
        _Counters(moves, seat, p.regret_cards, p.fishbucks, tier, dice, key="counters"),
        _PhaseButtons(moves, game_id, seat, Steps.of(p), facts, key="phase"),
        _Links(moves, seat, game_id, key="links"),
    ], accent=accent)


AnglerCard = ft.memo(_angler_card)


def angler_card(moves: Moves, game_id: str, state: GameState, seat: int) -> ft.Control:
    """The card of the angler at ``seat`` (``player-card-<i>``), redrawn only when what it shows changed."""
    return AnglerCard(moves, game_id, seat, state.players[seat], state.madness(seat), TurnFacts.of(state, seat),
                      key=f"card-{seat}")
