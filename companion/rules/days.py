"""The Day and its phases (A pp.8-9): Start effects, Refresh, the Life Preserver throw, Declaration, the end."""

from __future__ import annotations

from companion.i18n import t
from companion.rules.actions import (
    AdvancePhase,
    Declare,
    EndGame,
    Equip,
    Refresh,
    RevealRegrets,
    ThrowLifePreserver,
    _Roll,
)
from companion.rules.common import capped, discard_revealed, faces_for, fail, player, replace, source, with_player
from companion.rules.constants import REGRET_VALUE_MAX, SHOALS
from companion.rules.dice import EVERYONE_TAKES, die
from companion.rules.personalities import fix_tier
from companion.rules.state import DAY_NAMES, GameState
from companion.rules.tentacles import mount_overmind

WEDNESDAY, THURSDAY, FRIDAY, SATURDAY = 2, 3, 4, 5


def muster(state: GameState, seat: int, spec: _Roll, **changes: object) -> GameState:
    """Muster your courage (A p.8): roll the Spent dice and the chosen Fresh ones, keep up to Max dice Fresh.

    Fresh dice kept unrolled count towards Max dice; a player holding more dice in all than Max dice must roll
    them all, Fresh ones included, and then choose (A p.20). ``changes``: more changes to the player, made in the
    same step.
    """
    p = state.players[seat]
    if spec.reroll is None:
        kept, again = [], p.fresh
    else:
        reroll, n = spec.reroll, len(p.fresh)
        if len(set(reroll)) != len(reroll) or any(not 0 <= i < n for i in reroll):
            fail("A p.8", t("Choose distinct dice from {name}'s Fresh pool", name=p.name))
        rolled_again = set(reroll)
        kept = [d for i, d in enumerate(p.fresh) if i not in rolled_again]
        again = [p.fresh[i] for i in reroll]
    max_dice = state.max_dice(seat)
    if kept and p.dice_count > max_dice:
        fail("A p.20", t("{name} has more dice than Max dice {max}: roll them all", name=p.name, max=max_dice))
    kinds = [d.kind for d in p.spent] + [d.kind for d in again]
    faces = faces_for(kinds, spec.faces, state.seed, state.step, "A p.8")
    rolled = [die(k, f) for k, f in zip(kinds, faces, strict=True)]
    room = max_dice - len(kept)
    if spec.keep is None:
        if len(rolled) <= room:  # everything fits: no choice to make
            return with_player(state, seat, fresh=kept + rolled, spent=[], **changes)
        keep = sorted(range(len(rolled)), key=lambda i: rolled[i].face or 0, reverse=True)[:room]
    else:
        keep = spec.keep
        if len(set(keep)) != len(keep) or any(not 0 <= i < len(rolled) for i in keep):
            fail("A p.8", t("Choose distinct dice from the ones rolled"))
        if len(keep) > room:
            fail("A p.8", t("Only {room} more dice fit in the Fresh pool (Max dice {max})", room=room, max=max_dice))
    chosen = set(keep)
    fresh = kept + [rolled[i] for i in sorted(chosen)]
    spent = [die(d.kind) for i, d in enumerate(rolled) if i not in chosen]
    return with_player(state, seat, fresh=fresh, spent=spent, **changes)


def make_port(state: GameState, seat: int, spec: _Roll, discard_regret: bool, overmind_slot: int | None = None,
              **changes: object) -> GameState:
    """Making Port (A p.17): muster again, Can of Worms face up, optionally discard one Regret; an Overmind in
    hand is Mounted into ``overmind_slot`` (docs/rules.md §11)."""
    p = state.players[seat]
    if discard_regret and p.regret_cards == 0:
        fail("A p.17", t("{name} has no Regret to discard", name=p.name))
    state = muster(state, seat, spec, location="port", depth=1, can_of_worms=True,
                   regret_cards=p.regret_cards - 1 if discard_regret else p.regret_cards, **changes)
    return mount_overmind(state, seat, overmind_slot)


def apply_refresh(state: GameState, action: Refresh) -> GameState:
    """The Refresh phase roll, once per player per Day (A p.8)."""
    p = player(state, action.player)
    if p.refreshed:
        fail("A p.8", t("{name} has already refreshed today", name=p.name))
    return fix_tier(muster(state, action.player, action, refreshed=True), action.player)


def apply_throw(state: GameState, action: ThrowLifePreserver) -> GameState:
    """The highest roller (ties: earliest in turn order) gives the Life Preserver to another player (A p.8)."""
    player(state, action.player)
    target = player(state, action.to)
    if not all(p.refreshed for p in state.players):
        fail("A p.8", t("The Life Preserver is thrown once everyone has refreshed"))
    if state.life_preserver_thrown:
        fail("A p.8", t("The Life Preserver has already been thrown today"))
    thrower = state.life_preserver_thrower
    if thrower is not None and action.player != thrower:
        fail("A p.8", t("{name} has the highest Fresh total and throws the Life Preserver",
                        name=state.players[thrower].name))
    if action.to == action.player and len(state.players) > 1:
        fail("A p.8", t("The Life Preserver goes to another player, not {name}", name=target.name))
    return replace(state, life_preserver=action.to, life_preserver_thrown=True)


def apply_declare(state: GameState, action: Declare) -> GameState:
    """Declare Sea or Make Port, in turn order from the first player (A p.8): a turn move, so each angler declares
    once, when the turn reaches them."""
    p = player(state, action.player)
    if action.location == "port":
        if state.ruleset.port_then_sea and p.port_yesterday:
            fail(source(state, "port_then_sea"), t("{name} was at Port yesterday and must go to Sea",
                                                           name=p.name))
        state = make_port(state, action.player, action, action.discard_regret, action.overmind_slot, declared=True)
    else:
        if (action.discard_regret or action.faces is not None or action.keep is not None or action.reroll is not None
                or action.overmind_slot is not None):
            fail("A p.17", t("Only Making Port refreshes dice and discards a Regret"))
        leave_port: dict[str, object] = {"location": "sea", "depth": 1} if p.location == "port" else {}
        state = with_player(state, action.player, declared=True, **leave_port)
    waiting = [seat for seat in state.turn_order() if not state.players[seat].declared]
    return replace(state, turn=waiting[0] if waiting else None)


def apply_equip(state: GameState, action: Equip) -> GameState:
    """Equip one owned Rod and one owned Reel; they stay until the next Declaration (A p.8)."""
    p = player(state, action.player)
    if state.phase == "refresh" and not state.is_first_day:
        fail("A p.8", t("Rods and Reels are equipped in the Declaration phase"))
    for item in (action.rod, action.reel):
        if item is not None and item not in p.items:
            fail("A p.8", t("{name} doesn't own {item}", name=p.name, item=item))
    return with_player(state, action.player, rod=action.rod, reel=action.reel)


def _tackle_handout(state: GameState, colours: tuple[str, ...]) -> GameState:
    """Each player takes one tackle die of the first colour there are enough of for everyone (A p.8)."""
    for colour in colours:
        if state.tackle_available(colour) >= len(state.players):
            for seat, p in enumerate(state.players):
                state = with_player(state, seat, spent=[*p.spent, die(colour)])
            return state
    return state


def start_day(state: GameState) -> GameState:
    """Red sky at morning (A p.8): next Day, first player clockwise, the revealed Fish discarded, then the Day's
    effects."""
    rules = state.ruleset
    day = state.day + 1
    players = []
    for p in state.players:
        changes: dict[str, object] = {"passed": False, "refreshed": False, "declared": False,
                                      "port_yesterday": p.location == "port", "shops_used": [],
                                      "personality_tier": None, "personality_used": False, "caught_today": False,
                                      "worms_this_turn": False}
        if day in (WEDNESDAY, FRIDAY):
            changes["can_of_worms"] = True
        if rules.boats_move_up_at_day_start and p.at_sea:
            changes["depth"] = max(1, p.depth - 1)
        if day == THURSDAY and rules.thursday_payday:
            changes["fishbucks"] = capped(state, p.fishbucks + rules.thursday_payday)
        players.append(replace(p, **changes))
    # the Fish left revealed are discarded (A p.11): in the Graveyard, none can be caught or revealed again
    state = replace(state, day=day, players=players, first_player=(state.first_player + 1) % len(players),
                    phase="refresh", turn=None, last_turns_left=None, life_preserver_thrown=False, revealed=[],
                    graveyard=discard_revealed(state))
    if day == THURSDAY:
        state = _tackle_handout(state, rules.thursday_dice)
    elif day == SATURDAY:
        state = _tackle_handout(state, rules.saturday_dice)
    return state


def day_effects(state: GameState) -> list[str]:
    """What the next Day's start will do, as a translated checklist (A p.8); empty when no Day follows."""
    if state.day >= state.ruleset.last_day:
        return []
    rules = state.ruleset
    day = state.day + 1
    n = len(state.players)
    first = state.players[(state.first_player + 1) % n].name
    effects = [t("Move the Day tracker to {day}", day=t(DAY_NAMES[day])),
               t("Pass the first player marker to {name}", name=first),
               t("Discard all revealed Fish at Sea")]
    if rules.boats_move_up_at_day_start:
        effects.append(t("Boats at Sea move up one Depth"))
    if day in (WEDNESDAY, FRIDAY):
        effects.append(t("Everyone flips their Can of Worms face up"))
    if day == THURSDAY and rules.thursday_payday:
        effects.append(t("Payday: everyone gets ${amount}", amount=rules.thursday_payday))
    colours = rules.thursday_dice if day == THURSDAY else rules.saturday_dice if day == SATURDAY else ()
    for colour in colours:
        if state.tackle_available(colour) >= n:
            effects.append(t(EVERYONE_TAKES[colour]))
            break
    if rules.shop_system == "market":
        effects.append(t("Market fluctuations: bottom row to the bottom of its deck, top cards move down"))
    return effects


def apply_advance(state: GameState, action: AdvancePhase) -> GameState:
    """Move to the next phase once the current one is done (A pp.8-9)."""
    if state.phase == "refresh":
        waiting = [p.name for p in state.players if not p.refreshed]
        if waiting:
            fail("A p.8", t("Still to refresh: {names}", names=", ".join(waiting)))
        if len(state.players) > 1 and not state.life_preserver_thrown:
            fail("A p.8", t("Throw the Life Preserver first"))
        if state.is_first_day:  # no Declaration on the first Day: everyone is at Sea (A p.8)
            return replace(state, phase="action", turn=state.first_player)
        return replace(state, phase="declaration", turn=state.first_player)
    if state.phase == "declaration":
        waiting = [p.name for p in state.players if not p.declared]
        if waiting:
            fail("A p.8", t("Still to declare: {names}", names=", ".join(waiting)))
        return replace(state, phase="action", turn=state.first_player)
    if state.unpassed:
        fail("A p.9", t("The Day goes on until everyone has passed"))
    if state.is_last_day:
        return replace(state, phase="ended", turn=None)
    return start_day(state)


def apply_end_game(state: GameState, action: EndGame) -> GameState:
    """End the game: on the final Day once all passed (A p.22), or when every Shoal is empty (B)."""
    everyone_passed = state.phase == "action" and not state.unpassed
    if not (state.is_last_day and everyone_passed) and state.shoals_emptied < SHOALS:
        fail("A p.22", t("The game ends on the final Day, once all players have passed"))
    return replace(state, phase="ended", turn=None, last_turns_left=None)


def apply_reveal_regrets(state: GameState, action: RevealRegrets) -> GameState:
    """At the end each player reveals their Regret value: every card is worth 0 to 3 (A p.19)."""
    p = player(state, action.player)
    most = REGRET_VALUE_MAX * p.regret_cards
    if action.value > most:
        fail("A p.19", t("{n} Regret cards are worth at most {max}", n=p.regret_cards, max=most))
    return with_player(state, action.player, regret_value=action.value)
