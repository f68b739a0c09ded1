"""The engine's side of Lamentable Tentacles (docs/rules.md §11): its Fish only at a table that plays it, and the cards
whose rules change what the companion tracks (Hadal Shade, Overmind). Sharpear Enope Squid and Nautilus are card
data (:mod:`companion.rules.cards`).

The moves in ``sea``, ``port`` and ``days`` call these checks; each raises
:class:`~companion.rules.errors.RuleViolation` naming the rule.
"""

from __future__ import annotations

from companion.i18n import t
from companion.rules.actions import Fish, GiveUp
from companion.rules.cards import card
from companion.rules.common import RegretTakes, draw_regrets, fail, player, remove_from_hand, with_player
from companion.rules.difficulty import catch_difficulty
from companion.rules.expansions import (
    HADAL_SHADE,
    HADAL_SHADE_REGRETS,
    OVERMIND,
    RULE,
    box_problem,
    is_named,
)
from companion.rules.fish import FishRef
from companion.rules.state import GameState


def require_box(state: GameState, fish: FishRef | None) -> None:
    """A Fish from an expansion the table doesn't play is refused, naming the expansion (docs/rules.md §11)."""
    problem = box_problem(fish, state.ruleset.expansions)
    if problem:
        fail(RULE, problem)


def swap_hadal_shade(state: GameState, action: Fish, takes: RegretTakes) -> GameState:
    """On catching Hadal Shade the angler may draw 3 Regrets to swap it for another angler's Mounted Fish, which
    goes to their hand (slots only, never the Cloche; docs/rules.md §11). Called once the catch is in hand."""
    swap = action.swap_for
    if swap is None:
        return state
    if not is_named(action.fish, HADAL_SHADE):
        fail(RULE, t("Only {card} is swapped for a Mounted Fish", card=HADAL_SHADE))
    other = player(state, swap.player)
    if swap.player == action.player:
        fail(RULE, t("{card} is swapped for another angler's Mounted Fish", card=HADAL_SHADE))
    taken = other.on_slot(swap.slot)
    if taken is None:
        fail(RULE, t("{name}'s mount slot {slot} is empty", name=other.name, slot=swap.slot))
    state = draw_regrets(state, action.player, HADAL_SHADE_REGRETS, takes)
    state = with_player(state, action.player, **remove_from_hand(state.players[action.player], action.fish, RULE))
    state = with_player(state, action.player, hand=[*state.players[action.player].hand, taken])
    return with_player(state, swap.player, mounted=state.players[swap.player].mounted_with(swap.slot, action.fish))


def hadal_shade_targets(state: GameState, seat: int) -> list[tuple[int, int, FishRef]]:
    """The Mounted Fish a Hadal Shade caught by angler ``seat`` may be swapped for: (seat, slot 1–3, Fish) of every
    other angler's filled slot, never the Cloche (docs/rules.md §11)."""
    return [(other, slot, fish) for other, p in enumerate(state.players) if other != seat
            for slot, fish in p.slots if fish is not None]


def require_overmind_caught(state: GameState, action: GiveUp) -> None:
    """Overmind must be caught if you can (docs/rules.md §11): giving it up is refused while the Fresh dice can drop
    the sinkers down to its Depth (the lowest dice, A p.10) and what is left reaches its Difficulty after the effects
    that apply by themselves (the Rod, displayed Fish, docs/rules.md §10). The Life Preserver, Dinks and Supplies
    are the angler's to spend or keep: they don't count."""
    found = card(action.fish) if is_named(action.fish, OVERMIND) and action.fish is not None else None
    if found is None:
        return
    require_box(state, action.fish)
    depth = found.depth
    difficulty = catch_difficulty(state, Fish(player=action.player, fish=action.fish, depth=depth)).total or 0
    p = state.players[action.player]
    sinkers = max(0, depth - p.depth)
    faces = sorted(d.face or 0 for d in p.fresh)
    if len(faces) >= sinkers and sum(faces[sinkers:]) >= difficulty:
        fail(RULE, t("{card} must be caught if you can: your Fresh dice reach its Difficulty {d}", card=OVERMIND,
                     d=difficulty))


def overmind_slots(state: GameState, seat: int) -> tuple[int, ...]:
    """The empty slots (1–3) an Overmind in the angler's hand can be Mounted into when they Make Port; empty when
    they hold none or every slot is full (then it stays in hand; docs/rules.md §11). A screen offers one Make Port per
    slot, as ``Declare.overmind_slot`` / ``AbandonShip.overmind_slot``."""
    p = state.players[seat]
    if not any(f.name == OVERMIND for f in p.hand):
        return ()
    return p.empty_slots


def mount_overmind(state: GameState, seat: int, slot: int | None) -> GameState:
    """Making Port Mounts an Overmind from hand into the empty slot the angler picks; with no empty slot it stays
    in hand (docs/rules.md §11)."""
    p = state.players[seat]
    overmind = next((f for f in p.hand if f.name == OVERMIND), None)
    empty = p.empty_slots
    if overmind is None or not empty:
        if slot is not None:
            fail(RULE, t("{name} has no {card} to Mount, or no empty slot", name=p.name, card=OVERMIND))
        return state
    if slot is None or slot not in empty:
        fail(RULE, t("{card} is Mounted when you Make Port: choose an empty slot ({slots})", card=OVERMIND,
                     slots=", ".join(map(str, empty))))
    return with_player(state, seat, mounted=p.mounted_with(slot, overmind), **remove_from_hand(p, overmind, RULE))
