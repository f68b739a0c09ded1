"""Free moves that abilities, Dinks and items cause: Regrets, Dinks, items, dice and Fishbucks (A pp.11, 18)."""

from __future__ import annotations

from companion.i18n import t
from companion.rules.actions import (
    AdjustFishbucks,
    DiscardRegret,
    DrawDink,
    DrawRegret,
    EmptyShoal,
    GainDie,
    GainItem,
    IncrementDie,
    MoveRegrets,
    RefreshDie,
    UseDink,
    UseItem,
)
from companion.rules.cards import item
from companion.rules.common import (
    RegretTakes,
    acquire_dice,
    capped,
    draw_dinks,
    draw_regrets,
    faces_for,
    fail,
    move_regrets,
    player,
    require_location,
    shoal_emptied,
    unequipped,
    with_player,
)
from companion.rules.constants import SHOALS
from companion.rules.dice import FACES, KIND_WORDS, PLAYER_DICE, TACKLE_COLOURS, die, die_label
from companion.rules.state import GameState


def apply_draw_regret(state: GameState, action: DrawRegret) -> GameState:
    """Draw Regrets: the pile, then the discard pile, then a random one from a player of your choice (A p.18)."""
    player(state, action.player)
    return draw_regrets(state, action.player, action.count, RegretTakes(action.regret_from))


def apply_discard_regret(state: GameState, action: DiscardRegret) -> GameState:
    """Discard Regrets face down on the discard pile (A p.18)."""
    p = player(state, action.player)
    if action.count > p.regret_cards:
        fail("A p.18", t("{name} has only {n} Regret cards", name=p.name, n=p.regret_cards))
    return with_player(state, action.player, regret_cards=p.regret_cards - action.count)


def apply_draw_dink(state: GameState, action: DrawDink) -> GameState:
    """Draw Dinks from an ability (A p.12: Dinks are not Fish and don't score): as many as the deck still holds,
    refused when every Dink is held (docs/rules.md §1)."""
    player(state, action.player)
    if not state.dinks_in_deck:
        fail("docs/rules.md §1", t("Every Dink is held: there is none left to draw"))
    return draw_dinks(state, action.player, action.count)


def apply_use_dink(state: GameState, action: UseDink) -> GameState:
    """Use a Dink and put it under the deck; not after passing (A pp.9, 11)."""
    p = player(state, action.player)
    if p.dinks == 0:
        fail("A p.11", t("{name} has no Dink", name=p.name))
    return with_player(state, action.player, dinks=p.dinks - 1)


def apply_gain_item(state: GameState, action: GainItem) -> GameState:
    """Take a Rod, Reel or Supply from an ability or a starting provision."""
    p = player(state, action.player)
    return with_player(state, action.player, items=[*p.items, action.item])


def apply_use_item(state: GameState, action: UseItem) -> GameState:
    """Discard a used item to the bottom of its deck; not after passing (A pp.9, 11)."""
    p = player(state, action.player)
    if action.item not in p.items:
        fail("A p.11", t("{name} doesn't own {item}", name=p.name, item=action.item))
    items = list(p.items)
    items.remove(action.item)
    card = item(action.item)
    if card is not None and card.returns_mounts:  # the Claw Hammer: every mounted Fish back to hand (D)
        require_location(p, "port")
        back = [f for f in (*p.mounted, p.cloche) if f is not None]
        return with_player(state, action.player, items=items, hand=[*p.hand, *back], mounted=[None] * len(p.mounted),
                           cloche=None, **unequipped(p, items))
    if card is not None and card.mount_for is not None and p.cloche is not None and action.item not in items:
        fail("docs/rules.md §10", t("The {item} holds a Fish: it stays as a mount", item=card.name))
    return with_player(state, action.player, items=items, **unequipped(p, items))


def apply_gain_die(state: GameState, action: GainDie) -> GameState:
    """Take a die from an ability; it is rolled into Fresh up to Max dice, the excess Spent (A p.20)."""
    p = player(state, action.player)
    if action.kind == "omen" and state.omen_holder is not None:
        fail("A p.15", t("There is only one Omen Die"))
    if action.kind in TACKLE_COLOURS and state.tackle_available(action.kind) < 1:
        fail("docs/rules.md §1", t("No {colour} tackle die is left", colour=t(KIND_WORDS[action.kind])))
    if action.kind == "player" and sum(d.kind == "player" for d in (*p.fresh, *p.spent)) >= PLAYER_DICE:
        fail("A p.6", t("{name} already has all {n} player dice", name=p.name, n=PLAYER_DICE))
    faces = None if action.face is None else [action.face]
    face = faces_for([action.kind], faces, state.seed, state.step, "A p.16")[0]
    return acquire_dice(state, action.player, [die(action.kind, face)])


def apply_increment_die(state: GameState, action: IncrementDie) -> GameState:
    """Turn Fresh dice to their next higher face, never beyond the highest printed one (A p.28 glossary)."""
    p = player(state, action.player)
    fresh = list(p.fresh)
    for index in action.dice:
        if index >= len(fresh):
            fail("A p.28", t("{name} has {n} Fresh dice: choose one of them", name=p.name, n=len(fresh)))
        d = fresh[index]
        higher = [f for f in FACES[d.kind] if f > (d.face or 0)]
        if not higher:
            fail("A p.28", t("{die} already shows its highest face", die=die_label(d.kind, d.face)))
        fresh[index] = die(d.kind, min(higher))
    return with_player(state, action.player, fresh=fresh)


def apply_refresh_die(state: GameState, action: RefreshDie) -> GameState:
    """Take one die from the Spent or Fresh pool, roll it, and put it in the Fresh pool if Max dice allows, else
    back in the Spent pool (A p.28 glossary)."""
    p = player(state, action.player)
    pool = p.spent if action.pool == "spent" else p.fresh
    if action.die >= len(pool):
        pool_name = t("Spent") if action.pool == "spent" else t("Fresh")
        fail("A p.28", t("{name} has no such die in the {pool} pool", name=p.name, pool=pool_name))
    kind = pool[action.die].kind
    faces = None if action.face is None else [action.face]
    face = faces_for([kind], faces, state.seed, state.step, "A p.28")[0]
    rest = [d for i, d in enumerate(pool) if i != action.die]
    if action.pool == "fresh":
        return with_player(state, action.player, fresh=[*rest, die(kind, face)])
    if len(p.fresh) >= state.max_dice(action.player):  # no room: it stays Spent (A p.20)
        return state
    return with_player(state, action.player, spent=rest, fresh=[*p.fresh, die(kind, face)])


def apply_adjust_fishbucks(state: GameState, action: AdjustFishbucks) -> GameState:
    """Gain or pay Fishbucks through an ability: never below $0, the excess over the cap is lost (docs/rules.md §5)."""
    p = player(state, action.player)
    money = p.fishbucks + action.amount
    if money < 0:
        fail("docs/rules.md §5", t("{name} has only ${have}", name=p.name, have=p.fishbucks))
    return with_player(state, action.player, fishbucks=capped(state, money))


def apply_move_regrets(state: GameState, action: MoveRegrets) -> GameState:
    """Regret cards pass from one angler to another (Iron Coffin, Sea Monkey, Psychic Interloper; docs/rules.md §10)."""
    return move_regrets(state, action.player, action.to, action.count)


def apply_empty_shoal(state: GameState, action: EmptyShoal) -> GameState:
    """Record a Shoal emptied without a catch (The Plug, a discard ability); the last one ends the game at once
    (A p.27)."""
    if state.shoals_emptied >= SHOALS:
        fail("A p.7", t("Every Shoal is already empty"))
    return shoal_emptied(state)
