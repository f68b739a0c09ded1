"""One angler's card on the table: where they are, Regrets and Fishbucks, Madness, dice, and this phase's moves.

Memoized components all the way down: the card and each of its sections take frozen values read from the game
as props, so a tap on Regret + redraws that angler's counters and nothing else (Flet skips a memoized component
whose props are equal, and does not diff what it kept).
"""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.i18n import t
from companion.net import may_see_hidden
from companion.rules import actions as act
from companion.rules import queries
from companion.rules.dice import Die, DieKind
from companion.rules.madness import MadnessTier
from companion.rules.personalities import PersonalityStatus, card, status
from companion.rules.state import GameState, PlayerState
from companion.rules.tentacles import overmind_slots
from companion.views import theme
from companion.views.context import route_to
from companion.views.hooks import current_page
from companion.views.labels import fish_label, madness_text
from companion.views.table.common import Moves
from companion.views.table.refresh import RefreshFaces
from companion.views.table.reveal import RevealField
from companion.views.widgets import action_button, chip, grow, section_card, stepper, tagged


class TurnFacts(NamedTuple):
    """What an angler's phase buttons depend on."""

    phase: str
    their_turn: bool
    passing_reward: bool
    can_discard: bool  # Making Port may discard a Regret (A p.17): only asked at Declaration
    overmind_slots: tuple[int, ...] = ()  # Making Port Mounts an Overmind into one of these (docs/rules.md §11)

    @classmethod
    def of(cls, state: GameState, i: int) -> TurnFacts:
        p = state.players[i]
        return cls(state.phase, state.current_player == i and not state.finished, state.ruleset.passing_reward,
                   state.phase == "declaration" and p.regret_cards > 0, tuple(overmind_slots(state, i)))


class Steps(NamedTuple):
    """What of an angler the phase buttons read."""

    name: str
    refreshed: bool
    declared: bool
    passed: bool
    rewards_due: int
    regret_value: int | None
    fresh: tuple[Die, ...] = ()
    spent: tuple[DieKind, ...] = ()

    @classmethod
    def of(cls, p: PlayerState) -> Steps:
        return cls(p.name, p.refreshed, p.declared, p.passed, p.rewards_due, p.regret_value, tuple(p.fresh),
                   tuple(d.kind for d in p.spent))


@ft.memo
@ft.component
def _PhaseButtons(moves: Moves, game_id: str, i: int, p: Steps, f: TurnFacts, hidden: bool) -> ft.Control:
    apply = moves.apply
    if f.phase == "ended":
        if hidden:
            return RevealField(moves, i, p.name, p.regret_value, key=f"reveal-{game_id}-{i}")
        # Another angler's Regret value stays on their phone: only whether it was entered (issue 10).
        return chip(f"regret-value-{i}", t("Regret value entered") if p.regret_value is not None
                    else t("Regret value not entered yet"))
    if f.phase == "refresh" and not p.refreshed:
        return RefreshFaces(moves, i, p.name, p.fresh, p.spent, key=f"refresh-{game_id}-{i}")
    if f.phase == "declaration" and not p.declared and f.their_turn:
        sea = grow(action_button(f"declare-sea-{i}", t("Sea"), lambda: apply(act.Declare(player=i, location="sea")),
                                 icon=ft.Icons.SAILING))
        if f.overmind_slots:  # the Overmind is Mounted on Making Port, in the slot the angler picks (docs/rules.md §11)
            ports = [grow(action_button(f"declare-port-{i}-overmind-{s + 1}",
                                        t("Make Port, Overmind on slot {slot}", slot=s + 1),
                                        lambda s=s: apply(act.Declare(player=i, location="port", overmind_slot=s)),
                                        icon=ft.Icons.ANCHOR)) for s in f.overmind_slots]
            return ft.Column([ft.Row([sea]), ft.Row(ports, wrap=True)])
        declare: list[ft.Control] = [ft.Row([
            sea,
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
def _Status(i: int, where: str, passed: bool, their_turn: bool, holds_lp: bool = False) -> ft.Control:
    status = [chip(f"where-{i}", where)]
    if holds_lp:
        status.append(chip(f"holds-life-preserver-{i}", t("Holds the Life Preserver"), color=theme.FAIR))
    if passed:
        status.append(chip(f"passed-{i}", t("Passed"), color=theme.PASSED))
    if their_turn:
        status.append(chip(f"turn-{i}", t("Their turn"), color=theme.FOUL))
    return ft.Row(status, wrap=True)


@ft.memo
@ft.component
def _Hand(i: int, fish: tuple[str, ...], count: int, hidden: bool) -> ft.Control:
    """The Fish in hand: named on the angler's own phone, counted on every other (issue 10)."""
    if hidden and fish:
        text = t("In hand: {fish}", fish=", ".join(fish))
        if count > len(fish):
            text = f"{text} · {t('and {n} Fish not entered', n=count - len(fish))}"
    else:
        text = t("{n} Fish in hand", n=count)
    return tagged(f"in-hand-{i}", ft.Text(text, size=theme.BODY))


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
def _Personality(moves: Moves, i: int, shown: PersonalityStatus, usable: bool,
                 targets: tuple[tuple[int, str], ...]) -> ft.Control:
    """Biggest Regrets: the angler's card, its tier for the Day and what that does, used today or not (docs/rules.md
    §11); on their turn, a button to use it (one per angler it can name)."""
    tier = t("tier {tier}", tier=shown.tier_label) if shown.tier_label else t("tier fixed at Refresh")
    used = t("used today") if shown.used else t("not used today")
    rows: list[ft.Control] = [
        chip(f"personality-{i}", t("{card} · {tier} · {used}", card=shown.name, tier=tier, used=used),
             color=theme.PASSED if shown.used else theme.SEED)]
    # Always a line of text, so the card keeps its shape when Refresh fixes the tier.
    rows.append(tagged(f"personality-text-{i}", ft.Text(shown.text or t("What it does depends on the tier."),
                                                        size=theme.SMALL)))
    if usable:
        use = [(f"use-personality-{i}", t("Use {card}", card=shown.name), None)] if not targets else [
            (f"use-personality-{i}-{seat}", t("Use {card} on {name}", card=shown.name, name=name), seat)
            for seat, name in targets]
        rows.append(ft.Row([action_button(key, label, lambda s=seat: moves.apply(
            act.UsePersonality(player=i, target=s))) for key, label, seat in use], wrap=True))
    return ft.Column(rows, spacing=4)


def _personality_props(s: GameState, i: int) -> tuple[PersonalityStatus | None, bool, tuple[tuple[int, str], ...]]:
    shown = status(s, i)
    usable = shown is not None and queries.available(s, i).can("use_personality")
    p = s.players[i]
    tier = p.personality_tier
    named = p.personality is not None and tier is not None and card(p.personality).effects[tier].names_angler
    targets = tuple((j, q.name) for j, q in enumerate(s.players) if j != i) if named else ()
    return shown, usable, targets


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
                 facts: TurnFacts, personality: tuple[PersonalityStatus | None, bool, tuple[tuple[int, str], ...]],
                 hidden: bool, holds_lp: bool = False) -> ft.Control:
    p = player
    accent = theme.PASSED if p.passed else theme.angler_colour(p.colour)
    dice = t("Fresh {fresh} (total {total}) · Spent {spent} · max {max}", fresh=len(p.fresh), total=p.fresh_total,
             spent=len(p.spent), max=tier.max_dice)
    shown, usable, targets = personality
    return section_card(f"player-card-{seat}", p.name, [
        _Status(seat, p.where, p.passed, facts.their_turn, holds_lp, key="status"),
        _Counters(moves, seat, p.regret_cards, p.fishbucks, tier, dice, key="counters"),
        _Hand(seat, tuple(fish_label(f) for f in p.hand), p.hand_count, hidden, key="hand"),
        *([_Personality(moves, seat, shown, usable, targets, key="personality")] if shown is not None else []),
        _PhaseButtons(moves, game_id, seat, Steps.of(p), facts, hidden, key="phase"),
        _Links(moves, seat, game_id, key="links"),
    ], accent=accent)


AnglerCard = ft.memo(_angler_card)


def angler_card(moves: Moves, game_id: str, state: GameState, seat: int) -> ft.Control:
    """The card of the angler at ``seat`` (``player-card-<i>``), redrawn only when what it shows changed; their
    Fish in hand and Regret value only on their own phone (``may_see_hidden``), counts on the others."""
    return AnglerCard(moves, game_id, seat, state.players[seat], state.madness(seat), TurnFacts.of(state, seat),
                      _personality_props(state, seat), may_see_hidden(current_page(), game_id, seat),
                      state.life_preserver == seat, key=f"card-{seat}")
