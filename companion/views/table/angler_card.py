"""One angler's card on the table: where they are, Regrets and Fishbucks, Madness, dice, and this phase's moves.

Memoized components all the way down: the card and each of its sections take frozen values read from the game
as props, so a tap on Regret + redraws that angler's counters and nothing else (Flet skips a memoized component
whose props are equal, and does not diff what it kept).
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple, cast

import flet as ft

from companion.i18n import N_, t, tn
from companion.rules import actions as act
from companion.rules import queries
from companion.rules.dice import Die, DieKind
from companion.rules.game import Game
from companion.rules.madness import MadnessTier
from companion.rules.personalities import PersonalityStatus, card, status
from companion.rules.sources import cited
from companion.rules.state import GameState, Location, PlayerState
from companion.session.seats import Place
from companion.views import theme
from companion.views.context import route_to
from companion.views.hooks import TabFeed, use_selected
from companion.views.labels import fish_label, madness_text, not_entered
from companion.views.table.common import Moves
from companion.views.table.refresh import PortFaces, RefreshFaces
from companion.views.table.reveal import RevealField
from companion.views.widgets import action_button, chip, grow, section_card, stepper, tagged
from companion.views.widgets.toggles import toggle

# The moves the phase buttons offer; the engine says which of them this angler may make now.
PHASE_MOVES = frozenset({"refresh", "declare", "pass", "claim_reward", "reveal_regrets"})
# The moves the counters' − and + make.
COUNTER_MOVES = frozenset({"draw_regret", "discard_regret", "adjust_fishbucks"})


class TurnMoves(NamedTuple):
    """What an angler's phase buttons offer, as the engine answers it (:func:`~companion.rules.queries.available`):
    the move names among :data:`PHASE_MOVES` they may make now, where they may declare, whether Making Port may
    discard a Regret (A p.17), the slots an Overmind may be Mounted into on Making Port (docs/rules.md §11) and the
    passing rewards they may choose (docs/rules.md §9)."""

    moves: frozenset[str]
    declare: tuple[Location, ...] = ()
    port_discard: bool = False
    overmind_slots: tuple[int, ...] = ()
    rewards: tuple[act.Reward, ...] = ()

    @classmethod
    def of(cls, can: queries.Available) -> TurnMoves:
        return cls(can.moves & PHASE_MOVES, can.declare, can.port_discard, can.overmind_slots, can.rewards)


class Dice(NamedTuple):
    """What of an angler the Refresh and the reveal at the end read."""

    name: str
    regret_value: int | None
    fresh: tuple[Die, ...] = ()
    spent: tuple[DieKind, ...] = ()
    entered: bool = False  # a Regret value entered that this phone may not see

    @classmethod
    def of(cls, p: PlayerState) -> Dice:
        return cls(p.name, p.regret_value, tuple(p.fresh), tuple(d.kind for d in p.spent), p.regret_value_hidden)


_PASS_LABELS = {"dink": N_("Pass, draw a Dink"), "regret": N_("Pass, discard a Regret")}
_CLAIM_LABELS = {"dink": N_("Reward: a Dink"), "regret": N_("Reward: discard a Regret")}


@ft.memo
@ft.component
def _PhaseButtons(moves: Moves, game_id: str, seat: int, p: Dice, f: TurnMoves, hidden: bool) -> ft.Control:
    if "reveal_regrets" in f.moves:
        if hidden:
            return RevealField(moves, seat, p.name, p.regret_value,  # type: ignore[call-arg]  # Flet takes key=
                               key=f"reveal-{game_id}-{seat}")
        # Another angler's Regret value stays on their phone: only whether it was entered (issue 10).
        return chip(f"regret-value-{seat}", t("Regret value entered") if p.regret_value is not None or p.entered
                    else t("Regret value not entered yet"))
    if "refresh" in f.moves:
        return RefreshFaces(moves, seat, p.name, p.fresh, p.spent,  # type: ignore[call-arg]  # Flet takes key=
                            key=f"refresh-{game_id}-{seat}")
    if f.declare:
        return _Declaration(moves, seat, p, f, key=f"declare-{game_id}-{seat}")  # type: ignore[call-arg]  # Flet: key=
    buttons: list[ft.Control] = []
    if "pass" in f.moves and f.rewards:
        buttons.append(ft.Row([grow(action_button(f"pass-{r}-{seat}", t(_PASS_LABELS[r]),
                                                  moves.tap(act.Pass(player=seat, reward=r)))) for r in f.rewards]))
    elif "pass" in f.moves:
        buttons.append(action_button(f"pass-{seat}", t("Pass"), moves.tap(act.Pass(player=seat)),
                                     icon=ft.Icons.FRONT_HAND))
    if "claim_reward" in f.moves:
        buttons.append(ft.Row([grow(action_button(f"claim-{r}-{seat}", t(_CLAIM_LABELS[r]),
                                                  moves.tap(act.ClaimReward(player=seat, reward=r))))
                               for r in f.rewards]))
    return ft.Column(buttons)


@ft.component
def _Declaration(moves: Moves, seat: int, p: Dice, f: TurnMoves) -> ft.Control:
    """Sea or Make Port, as the engine allows them now (A p.8, p.17); a Port button opens Making Port's muster,
    whose faces the angler enters (A p.17)."""
    porting, port = ft.use_state(cast(act.Declare | None, None))
    discard, set_discard = ft.use_state(False)  # with an Overmind: its slot buttons also discard a Regret
    if porting is not None:
        return PortFaces(moves, seat, p.name, p.fresh, p.spent, porting, lambda: port(None))
    first: list[ft.Control] = []
    if "sea" in f.declare:
        first.append(grow(action_button(f"declare-sea-{seat}", t("Sea"),
                                        moves.tap(act.Declare(player=seat, location="sea")), icon=ft.Icons.SAILING)))
    if "port" not in f.declare:
        return ft.Column([ft.Row(first)])
    if f.overmind_slots:  # the Overmind is Mounted on Making Port, in the slot the angler picks (docs/rules.md §11)
        chosen = discard and f.port_discard
        ports: list[ft.Control] = [
            grow(action_button(f"declare-port-{seat}-overmind-{s}", t("Make Port, Overmind on slot {slot}", slot=s),
                               partial(port, act.Declare(player=seat, location="port", overmind_slot=s,
                                                         discard_regret=chosen)),
                               icon=ft.Icons.ANCHOR)) for s in f.overmind_slots]
        slots: list[ft.Control] = [ft.Row(first), ft.Row(ports, wrap=True)]
        if f.port_discard:
            slots.append(toggle(f"declare-port-discard-{seat}", cited(t("Also discard a Regret"), "A p.17"), chosen,
                                set_discard, box=True))
        return ft.Column(slots)
    first.append(grow(action_button(f"declare-port-{seat}", t("Make Port"),
                                    partial(port, act.Declare(player=seat, location="port")), icon=ft.Icons.ANCHOR)))
    rows: list[ft.Control] = [ft.Row(first)]
    if f.port_discard:
        rows.append(action_button(f"declare-port-discard-{seat}", cited(t("Make Port and discard a Regret"), "A p.17"),
                                  partial(port, act.Declare(player=seat, location="port", discard_regret=True))))
    return ft.Column(rows)


@ft.memo
@ft.component
def _Status(seat: int, where: str, passed: bool, their_turn: bool, holds_lp: bool = False,
            plug_first: bool = False, own: bool = False) -> ft.Control:
    """Where the angler is and what marks them now; ``own``: the card on the angler's own phone, which says it is
    "Your turn" (issue 37)."""
    status: list[ft.Control] = [chip(f"where-{seat}", where)]
    if holds_lp:
        status.append(chip(f"holds-life-preserver-{seat}", t("Holds the Life Preserver"), color=theme.FAIR))
    if passed:
        status.append(chip(f"passed-{seat}", t("Passed"), color=theme.PASSED))
    if their_turn:
        status.append(chip(f"turn-{seat}", t("Your turn") if own else t("Their turn"), color=theme.FOUL))
    if plug_first:  # on the card the table scrolls to at each turn, as well as on the Shoals line (A p.27)
        status.append(chip(f"plug-first-{seat}", t("The Plug: discard the top Fish of the left-most Shoal first"),
                           color=theme.FOUL))
    return ft.Row(status, wrap=True)


@ft.memo
@ft.component
def _Hand(seat: int, fish: tuple[str, ...], count: int, hidden: bool) -> ft.Control:
    """The Fish in hand: named on the angler's own phone, counted on every other (issue 10)."""
    if hidden and fish:
        text = t("In hand: {fish}", fish=", ".join(fish))
        if count > len(fish):
            text = f"{text} · {not_entered(count - len(fish))}"
    else:
        text = tn("{n} Fish in hand", "{n} Fish in hand", count)
    return tagged(f"in-hand-{seat}", ft.Text(text, size=theme.BODY))


def _counters(moves: Moves, seat: int, name: str, regret_cards: int, fishbucks: int, tier: MadnessTier, dice: str,
              can: frozenset[str]) -> ft.Control:
    """Regret cards and Fishbucks with − and +, each enabled when the engine allows that move now (``can``), and
    typed on the numeric keyboard as one move for the difference; Madness and dice under them. Three memoized parts:
    a tap on Regret + redraws the Regret counter alone while the tier holds."""
    return ft.Column([
        ft.Row([_Regrets(moves, seat, name, regret_cards, madness_text(tier), "discard_regret" in can,
                         "draw_regret" in can, key="regrets"),
                _Fishbucks(moves, seat, name, fishbucks, "adjust_fishbucks" in can, key="fishbucks")],
               wrap=True, alignment=ft.MainAxisAlignment.SPACE_AROUND),
        _Madness(seat, tier, dice, key="madness"),
    ])


@ft.memo
@ft.component
def _Regrets(moves: Moves, seat: int, name: str, regret_cards: int, madness: str, can_discard: bool,
             can_draw: bool) -> ft.Control:
    def typed(n: int) -> None:  # the cards drawn or discarded to get there, as one move
        if n != regret_cards:
            moves.apply(act.DrawRegret(player=seat, count=n - regret_cards) if n > regret_cards
                        else act.DiscardRegret(player=seat, count=regret_cards - n))

    return stepper("regret", seat, regret_cards, moves.tap(act.DiscardRegret(player=seat)) if can_discard else None,
                   moves.tap(act.DrawRegret(player=seat)) if can_draw else None,
                   label=tn("Regret card", "Regret cards", regret_cards),  # heard with the number: "1 Regret card"
                   on_typed=typed if can_discard or can_draw else None, on_invalid=moves.ctx.fail, whose=name,
                   heard_with=madness)  # "Bo: Regret cards, 4. Madness 4–6 · …" when the row changes


@ft.memo
@ft.component
def _Fishbucks(moves: Moves, seat: int, name: str, fishbucks: int, adjust: bool) -> ft.Control:
    def typed(n: int) -> None:
        if n != fishbucks:
            moves.apply(act.AdjustFishbucks(player=seat, amount=n - fishbucks))

    return stepper("fishbucks", seat, f"${fishbucks}",
                   moves.tap(act.AdjustFishbucks(player=seat, amount=-1)) if adjust and fishbucks else None,
                   moves.tap(act.AdjustFishbucks(player=seat, amount=1)) if adjust else None, label=t("Fishbucks"),
                   on_typed=typed if adjust else None, on_invalid=moves.ctx.fail, whose=name)


@ft.memo
@ft.component
def _Madness(seat: int, tier: MadnessTier, dice: str) -> ft.Control:
    return ft.Column([chip(f"madness-{seat}", madness_text(tier), color=theme.FAIR),
                      tagged(f"dice-{seat}", ft.Text(dice, size=theme.BODY))])


@ft.memo
@ft.component
def _Personality(moves: Moves, seat: int, shown: PersonalityStatus, usable: bool,
                 targets: tuple[tuple[int, str], ...]) -> ft.Control:
    """Biggest Regrets: the angler's card, its tier for the Day and what that does, used today or not (docs/rules.md
    §11); on their turn, a button to use it (one per angler it can name)."""
    tier = t("tier {tier}", tier=shown.tier_label) if shown.tier_label else t("tier fixed at Refresh")
    used = t("used today") if shown.used else t("not used today")
    rows: list[ft.Control] = [
        chip(f"personality-{seat}", t("{card} · {tier} · {used}", card=shown.name, tier=tier, used=used),
             color=theme.PASSED if shown.used else theme.SEED)]
    # Always a line of text, so the card keeps its shape when Refresh fixes the tier.
    rows.append(tagged(f"personality-text-{seat}", ft.Text(shown.text or t("What it does depends on the tier."),
                                                        size=theme.SMALL)))
    if usable:
        use = [(f"use-personality-{seat}", t("Use {card}", card=shown.name), None)] if not targets else [
            (f"use-personality-{seat}-{other}", t("Use {card} on {name}", card=shown.name, name=name), other)
            for other, name in targets]
        rows.append(ft.Row([action_button(key, label, moves.tap(act.UsePersonality(player=seat, target=other)))
                            for key, label, other in use], wrap=True))
    return ft.Column(rows, spacing=4)


def _personality_props(s: GameState, seat: int, can: queries.Available, mine: bool
                       ) -> tuple[PersonalityStatus | None, bool, tuple[tuple[int, str], ...]]:
    shown = status(s, seat)
    usable = mine and shown is not None and can.can("use_personality")
    p = s.players[seat]
    tier = p.personality_tier
    named = p.personality is not None and tier is not None and card(p.personality).effects[tier].names_angler
    targets = tuple((j, q.name) for j, q in enumerate(s.players) if j != seat) if named else ()
    return shown, usable, targets


@ft.memo
@ft.component
def _Links(moves: Moves, seat: int, game_id: str) -> ft.Control:
    go = moves.ctx.navigate
    buttons: list[ft.Control] = [
        action_button(f"player-{seat}", t("Dice, Fish, gear"), lambda: go(route_to("/player", game=game_id, seat=seat)),
                      icon=ft.Icons.PERSON),
        action_button(f"port-{seat}", t("Port"), lambda: go(route_to("/port", game=game_id, seat=seat)),
                      icon=ft.Icons.STOREFRONT),
    ]
    if theme.stacked():  # side by side, "attrezzatura" broke over two lines at the largest Text size
        return ft.Column(buttons, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.Row([grow(button) for button in buttons])


class CardProps(NamedTuple):
    """What one angler's card shows, read from the game for one phone: its props after ``moves`` and the game."""

    player: PlayerState
    tier: MadnessTier
    facts: TurnMoves
    counters: frozenset[str]
    their_turn: bool
    personality: tuple[PersonalityStatus | None, bool, tuple[tuple[int, str], ...]]
    hidden: bool
    holds_lp: bool
    plug_first: bool
    card: bool
    own: bool  # the angler's own phone


def card_props(place: Place, state: GameState, seat: int) -> CardProps:
    """What the card of the angler at ``seat`` shows on a phone at ``place``: their Fish in hand and Regret value
    only where ``place`` sees them (their own phone), counts on the others. Which buttons it enables is the
    engine's answer (:func:`~companion.rules.queries.available`), as small frozen values; on another angler's phone
    the card is read-only: no button, nothing leading to a refusal."""
    can = queries.available(state, seat)
    mine = place.acts_for(seat)
    return CardProps(state.players[seat], state.madness(seat),
                     TurnMoves.of(can) if mine else TurnMoves(can.moves & {"reveal_regrets"}),
                     can.moves & COUNTER_MOVES if mine else frozenset(), can.my_turn,
                     _personality_props(state, seat, can, mine), place.sees(seat), state.life_preserver == seat,
                     queries.plug_first(state, seat), place.opens_card(seat), place.seat == seat)


def _angler_card(moves: Moves, game_id: str, seat: int, props: CardProps) -> ft.Control:
    p, tier, facts, counters, their_turn, personality, hidden, holds_lp, plug_first, card, own = props
    accent = theme.PASSED if p.passed else theme.angler_colour(p.colour)
    dice = t("Fresh {fresh} (total {total}) · Spent {spent} · max {max}", fresh=len(p.fresh), total=p.fresh_total,
             spent=len(p.spent), max=tier.max_dice)
    shown, usable, targets = personality
    return section_card(f"player-card-{seat}", p.name, [
        _Status(seat, p.where, p.passed, their_turn, holds_lp, plug_first, own, key="status"),
        _counters(moves, seat, p.name, p.regret_cards, p.fishbucks, tier, dice, counters),
        _Hand(seat, tuple(fish_label(f) for f in p.hand), p.hand_count, hidden, key="hand"),
        *([_Personality(moves, seat, shown, usable, targets, key="personality")] if shown is not None else []),
        _PhaseButtons(moves, game_id, seat, Dice.of(p), facts, hidden, key="phase"),
        *([_Links(moves, seat, game_id, key="links")] if card else []),
    ], accent=accent)


@ft.memo
@ft.component
def Seat(moves: Moves, feed: TabFeed[Game], game_id: str, seat: int) -> ft.Control:
    """The card of the angler at ``seat`` (``player-card-<seat>``). It follows the game itself and is redrawn only
    when what it shows changed: a tap on Regret + redraws and diffs this card alone, not the table around it."""
    shown = use_selected(feed, lambda snapshot: card_props(moves.session.place, snapshot.value.state, seat))
    return _angler_card(moves, game_id, seat, shown)
