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

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.i18n import N_, t, tn
from companion.rules import actions as act
from companion.rules import queries
from companion.rules.game import Game
from companion.rules.madness import MadnessTier
from companion.rules.state import GameState, PlayerState
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.widgets import (
    action_button,
    chip,
    error_line,
    grow,
    icon_action,
    memoized,
    rendering,
    screen,
    section_card,
    stepper,
    tagged,
)

PHASES = {"refresh": N_("Refresh"), "declaration": N_("Declaration"), "action": N_("Action"), "ended": N_("Game over")}


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
        rows.append(chip("countdown", tn("{name}: {n} turn left, then the Day ends",
                                         "{name}: {n} turns left, then the Day ends",
                                         state.turns_left, name=state.players[state.last_player].name),
                         color=theme.FOUL))
    return section_card("day-banner", None, rows)


class TurnFacts(NamedTuple):
    """What an angler's phase buttons depend on."""

    seat: int
    name: str
    phase: str
    their_turn: bool
    passing_reward: bool
    refreshed: bool
    declared: bool
    passed: bool
    rewards_due: int
    can_discard: bool  # Making Port may discard a Regret (A p.17): only asked at Declaration
    regret_value: int | None

    @classmethod
    def of(cls, state: GameState, i: int) -> TurnFacts:
        p = state.players[i]
        return cls(i, p.name, state.phase, state.current_player == i, state.ruleset.passing_reward, p.refreshed,
                   p.declared, p.passed, p.rewards_due, state.phase == "declaration" and p.regret_cards > 0,
                   p.regret_value)


def _phase_buttons(ctx: AppContext, f: TurnFacts) -> ft.Control:
    apply, i = ctx.apply, f.seat
    if f.phase == "ended":
        return _reveal(ctx, f)
    if f.phase == "refresh" and not f.refreshed:
        return action_button(f"refresh-{i}", t("Refresh dice"), lambda: apply(act.Refresh(player=i)),
                             icon=ft.Icons.CASINO)
    if f.phase == "declaration" and not f.declared and f.their_turn:
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
    if f.phase == "action" and f.their_turn and not f.passed:
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
    if f.rewards_due:
        buttons.append(ft.Row([
            grow(action_button(f"claim-dink-{i}", t("Reward: a Dink"),
                          lambda: apply(act.ClaimReward(player=i, reward="dink")))),
            grow(action_button(f"claim-regret-{i}", t("Reward: discard a Regret"),
                          lambda: apply(act.ClaimReward(player=i, reward="regret")))),
        ]))
    return ft.Column(buttons)


def _reveal(ctx: AppContext, f: TurnFacts) -> ft.Control:
    i = f.seat
    if f.regret_value is not None:
        # The field stays (read-only) rather than giving way to a text: removing the field that has the keyboard
        # focus made the browser swallow the next tap (on "Score the game").
        return ft.Row([tagged(f"reveal-{i}", ft.TextField(label=t("Regret value"), value=str(f.regret_value),
                                                          read_only=True, width=170))])
    draft = ctx.drafts.setdefault("reveal", {})

    def on_change(event: ft.ControlEvent) -> None:
        draft[i] = event.control.value

    def reveal() -> None:
        text = str(draft.get(i, "")).strip()
        if not text.isdigit():
            ctx.fail(t("{name}'s Regret value must be a whole number of 0 or more", name=f.name))
            return
        ctx.apply(act.RevealRegrets(player=i, value=int(text)))

    return ft.Row([
        # A fixed width: inside a card part a Row has no width to share out, so an expanding field can't lay out.
        tagged(f"reveal-{i}", ft.TextField(label=t("Regret value"), value=draft.get(i, ""), on_change=on_change,
                                           keyboard_type=ft.KeyboardType.NUMBER, width=170)),
        action_button(f"reveal-ok-{i}", t("Reveal"), reveal),
    ])


def _status(_ctx: AppContext, i: int, where: str, passed: bool, their_turn: bool) -> ft.Control:
    status = [chip(f"where-{i}", where)]
    if passed:
        status.append(chip(f"passed-{i}", t("Passed"), color=theme.PASSED))
    if their_turn:
        status.append(chip(f"turn-{i}", t("Their turn"), color=theme.FOUL))
    return ft.Row(status, wrap=True)


def _regrets(ctx: AppContext, i: int, cards: int) -> ft.Control:
    return stepper("regret", i, cards, (lambda: ctx.apply(act.DiscardRegret(player=i))) if cards else None,
                   lambda: ctx.apply(act.DrawRegret(player=i)), label=t("Regret cards"))


def _fishbucks(ctx: AppContext, i: int, money: int) -> ft.Control:
    return stepper("fishbucks", i, f"${money}",
                   (lambda: ctx.apply(act.AdjustFishbucks(player=i, amount=-1))) if money else None,
                   lambda: ctx.apply(act.AdjustFishbucks(player=i, amount=1)), label=t("Fishbucks"))


def _counters(ctx: AppContext, i: int, cards: int, money: int, tier: MadnessTier, fresh: int, total: int,
              spent: int) -> ft.Control:
    return ft.Column([
        ft.Row([_regrets(ctx, i, cards), _fishbucks(ctx, i, money)], wrap=True,
               alignment=ft.MainAxisAlignment.SPACE_AROUND),
        chip(f"madness-{i}", madness_text(tier), color=theme.FAIR),
        tagged(f"dice-{i}", ft.Text(t("Fresh {fresh} (total {total}) · Spent {spent} · max {max}", fresh=fresh,
                                      total=total, spent=spent, max=tier.max_dice), size=theme.BODY)),
    ])


def _links(ctx: AppContext, i: int, game_id: str) -> ft.Control:
    return ft.Row([
        grow(action_button(f"player-{i}", t("Dice, Fish, gear"),
                      lambda: ctx.navigate(route_to("/player", game=game_id, seat=i)), icon=ft.Icons.PERSON)),
        grow(action_button(f"port-{i}", t("Port"), lambda: ctx.navigate(route_to("/port", game=game_id, seat=i)),
                      icon=ft.Icons.STOREFRONT)),
    ])


def _phase(ctx: AppContext, facts: TurnFacts) -> ft.Control:
    return _phase_buttons(ctx, facts)


def _pl(state: GameState, i: int) -> PlayerState:
    return state.players[i]


# The parts of an angler's card: what each one reads from the table, and how it is drawn from that. A part is
# redrawn only when what it reads changed, so a tap on Regret + sends one number (and the Madness chip if the
# tier moved), not the card.
Reader = Callable[[GameState, int, str], tuple]
CARD_PARTS: dict[str, tuple[Reader, Callable[..., ft.Control]]] = {
    "status": (lambda s, i, _g: (i, _pl(s, i).where, _pl(s, i).passed, s.current_player == i and not s.finished),
               _status),
    # Regrets, Fishbucks, the Madness chip and the dice line in one part: a Regret moves them together, and one
    # part redrawn is one message to the browser.
    "counters": (lambda s, i, _g: (i, _pl(s, i).regret_cards, _pl(s, i).fishbucks, s.madness(i),
                                   len(_pl(s, i).fresh), _pl(s, i).fresh_total, len(_pl(s, i).spent)), _counters),
    "phase": (lambda s, i, _g: (TurnFacts.of(s, i),), _phase),
    "links": (lambda _s, i, g: (i, g), _links),
}


def _live_part(ctx: AppContext, seat: int, name: str, args: tuple, _redraws: int) -> ft.Control:
    # A component with its own redraw switch: redraw_parts() flips it, and it reads the table afresh.
    _, set_tick = ft.use_state(0)
    ctx.drafts.setdefault("part-redraw", {})[(seat, name)] = lambda: set_tick(lambda n: n + 1)
    read, draw = CARD_PARTS[name]
    game = ctx.game
    return draw(ctx, *(read(game.state, seat, game.id) if game is not None else args))


def _part(ctx: AppContext, state: GameState, seat: int, name: str) -> ft.Control:
    read, draw = CARD_PARTS[name]
    args = read(state, seat, ctx.game.id)
    if not rendering():
        return draw(ctx, *args)
    # The count of redraws the part did on its own is part of what the memo compares: after one, the next full
    # redraw must draw it again even if its inputs are back to what the screen last passed it (an undo).
    redraws = ctx.drafts.setdefault("part-redraws", {}).get((seat, name), 0)
    return memoized(_live_part, ctx, seat, name, args, redraws)


def player_card(ctx: AppContext, state: GameState, i: int) -> ft.Control:
    """One angler: Regrets, Madness, Fishbucks, where the boat is, dice, and what they can do in this phase."""
    p = state.players[i]
    accent = theme.PASSED if p.passed else theme.angler_colour(p.colour)
    body = [
        _part(ctx, state, i, "status"),
        _part(ctx, state, i, "counters"),
        _part(ctx, state, i, "phase"),
        _part(ctx, state, i, "links"),
    ]
    return section_card(f"player-card-{i}", p.name, body, accent=accent)


# Player fields nothing outside their own card shows (refreshed, passed, rolls… feed the table's own sections).
CARD_ONLY_FIELDS = frozenset({"regret_cards", "fishbucks", "fresh", "spent", "dinks", "hand", "hand_hidden",
                              "mounted", "items", "rod", "reel", "can_of_worms", "shops_used", "rewards_due"})


def redraw_parts(ctx: AppContext, before: Game | None, after: Game) -> bool:
    """After an action that changed one angler's card and nothing else on the table, redraw just the parts of
    that card whose inputs changed; ``False`` when the whole screen must be redrawn."""
    if before is None or before.id != after.id or before.can_undo() != after.can_undo() \
            or before.can_redo() != after.can_redo():
        return False
    old, new = before.state, after.state
    changed = [i for i, (p, q) in enumerate(zip(old.players, new.players, strict=True)) if p != q]
    if len(changed) != 1:
        return False
    was, now = old.players[changed[0]], new.players[changed[0]]
    if any(getattr(was, name) != getattr(now, name) for name in type(was).model_fields
           if name not in CARD_ONLY_FIELDS):
        return False
    if any(getattr(old, name) != getattr(new, name) for name in type(old).model_fields
           if name not in ("players", "step")):
        return False
    seat, switches = changed[0], ctx.drafts.get("part-redraw", {})
    todo = [(name, switches.get((seat, name))) for name, (read, _) in CARD_PARTS.items()
            if read(old, seat, before.id) != read(new, seat, after.id)]
    if any(redraw is None for _, redraw in todo):
        return False
    counts = ctx.drafts.setdefault("part-redraws", {})
    for name, redraw in todo:
        counts[(seat, name)] = counts.get((seat, name), 0) + 1
        redraw()
    return True


def _throw(ctx: AppContext, state: GameState) -> list[ft.Control]:
    thrower = state.life_preserver_thrower
    if state.phase != "refresh" or state.life_preserver_thrown or thrower is None or len(state.players) < 2:
        return []
    if not all(p.refreshed for p in state.players):
        return []
    targets = [action_button(f"throw-lp-{j}", p.name,
                             lambda j=j: ctx.apply(act.ThrowLifePreserver(player=thrower, to=j)))
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
               for n, text in enumerate(queries.next_day_effects(state))]
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
    ctx.redraw_part = lambda before, after: redraw_parts(ctx, before, after)
    return screen(ctx.route, t("{day} · {phase}", day=state.day_name, phase=t(PHASES[state.phase])), [
        _banner(state),
        error_line(ctx.error),
        *_throw(ctx, state),
        *_day_end(ctx, state),
        *(player_card(ctx, state, i) for i in order),
    ], actions=actions)
