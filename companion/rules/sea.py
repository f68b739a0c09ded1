"""Sea actions (A pp.10-11): dropping sinkers, fishing, giving up, abandoning ship, and the free Sea moves."""

from __future__ import annotations

from companion.i18n import t
from companion.rules.actions import (
    AbandonShip,
    DiscardFish,
    DropSinkers,
    EatFish,
    EnterFish,
    Fish,
    GiveUp,
    RevealPlug,
    UseCanOfWorms,
)
from companion.rules.cards import THE_PLUG, can_eat, catalog, regrets_drawn
from companion.rules.common import (
    RegretTakes,
    check_unique,
    draw_dinks,
    draw_regrets,
    fail,
    pick_fresh,
    player,
    remove_from_hand,
    replace,
    require_location,
    shoal_emptied,
    spend,
    to_graveyard,
    unequipped,
    with_player,
)
from companion.rules.days import make_port
from companion.rules.difficulty import catch_difficulty
from companion.rules.state import GameState
from companion.rules.tentacles import require_box, require_overmind_caught, swap_hadal_shade
from companion.rules.turns import end_turn, next_turn


def apply_drop_sinkers(state: GameState, action: DropSinkers) -> GameState:
    """Spend one die of any value per Depth to move the boat down; it stays down until Port (A p.10)."""
    p = player(state, action.player)
    require_location(p, "sea")
    if p.depth + len(action.dice) > 3:
        fail("A p.10", t("The boat can't go below Depth III"))
    paid, fresh = pick_fresh(p, action.dice, "A p.10")
    return with_player(state, action.player, fresh=fresh, spent=spend(p, paid), depth=p.depth + len(action.dice))


def apply_fish(state: GameState, action: Fish) -> GameState:
    """Catch a Fish: dice summing to at least its Difficulty after every effect (docs/rules.md §10), at its Depth or
    deeper (A pp.10-11). Dinks and Supplies used are spent; a Fish kept face up goes in front of the player."""
    p = player(state, action.player)
    require_location(p, "sea")
    if not p.fresh:
        fail("A p.11", t("You need at least one Fresh die to fish"))
    found = check_unique(state, action.fish, "fish") if action.fish is not None else None
    depth = found.depth if found is not None else action.depth
    if depth > p.depth:
        fail("A p.10", t("The boat is at Depth {boat}: drop sinkers to reach Depth {fish}", boat=p.depth,
                         fish=depth))
    require_box(state, action.fish)
    paid, fresh = pick_fresh(p, action.dice, "A p.10")
    difficulty = catch_difficulty(state, action)
    if difficulty.exact_dice is not None and len(paid) != difficulty.exact_dice:
        fail("A p.10", t("This Fish must be caught with exactly {n} dice", n=difficulty.exact_dice))
    total = sum(d.face or 0 for d in paid)
    if difficulty.total is not None and total < difficulty.total:
        fail("A p.10", t("Dice worth {paid} don't reach the Difficulty {difficulty}", paid=total,
                         difficulty=difficulty.total))
    if action.fish is None:
        caught: dict[str, object] = {"hand_hidden": p.hand_hidden + 1}
    elif found is not None and found.displayed:  # kept face up in front of the player (A p.27)
        caught = {"displayed": [*p.displayed, action.fish]}
    else:
        caught = {"hand": [*p.hand, action.fish]}
    items = list(p.items)
    for used in action.supplies:
        items.remove(used)
    state = with_player(state, action.player, fresh=fresh, spent=spend(p, paid), dinks=p.dinks - len(action.dinks),
                        items=items, caught_today=True, **caught, **unequipped(p, items))
    if action.fish is not None and action.fish.name in state.revealed:
        state = replace(state, revealed=[name for name in state.revealed if name != action.fish.name])
    takes = RegretTakes(action.regret_from)  # one choice per card, across the catch's draws (A p.18)
    state = swap_hadal_shade(state, action, takes)
    if action.life_preserver:
        state = replace(state, life_preserver=None)
    chum = sum(regrets_drawn(name) for name in action.supplies)  # e.g. the Bucket of Chum's 3 Regrets
    if chum:
        state = draw_regrets(state, action.player, chum, takes)
    state = end_turn(state, action.player)
    if action.overfished:  # the last Fish of a Shoal: one Regret, the Shoal is closed (A p.11)
        state = shoal_emptied(draw_regrets(state, action.player, 1, takes))
    return state


def apply_give_up(state: GameState, action: GiveUp) -> GameState:
    """Not catching a Fish costs one die of any value and draws a Dink, if the deck has one left (A p.11,
    docs/rules.md §1). A named Fish given up stays revealed for the Day (A p.11)."""
    p = player(state, action.player)
    require_location(p, "sea")
    if not p.fresh:
        fail("A p.11", t("You need at least one Fresh die to fish"))
    require_overmind_caught(state, action)
    if action.fish is not None:  # a card held, mounted or discarded is not in the Sea to give up (docs/rules.md §10)
        check_unique(state, action.fish, "fish")
    paid, fresh = pick_fresh(p, [action.die], "A p.11")
    state = draw_dinks(with_player(state, action.player, fresh=fresh, spent=spend(p, paid)), action.player, 1)
    if action.fish is not None and action.fish.name is not None and action.fish.name not in state.revealed:
        # it stays revealed until the Day ends; its reveal ability is not resolved again (A pp.10-11)
        state = replace(state, revealed=[*state.revealed, action.fish.name])
    return end_turn(state, action.player)


def apply_reveal_plug(state: GameState, action: RevealPlug) -> GameState:
    """The Plug, revealed while fishing at Depth III, goes on the table for the rest of the game and the turn ends;
    no die is spent (A p.27, docs/rules.md §10). From then on each turn starts by discarding a Fish of the Sea."""
    p = player(state, action.player)
    require_location(p, "sea")
    if not p.fresh:
        fail("A p.11", t("You need at least one Fresh die to fish"))
    if state.plug_out:
        fail("A p.27", t("The Plug is already on the table"))
    found = check_unique(state, catalog().fish_ref(THE_PLUG), "fish")
    if found is not None and found.depth > p.depth:
        fail("A p.10", t("The boat is at Depth {boat}: drop sinkers to reach Depth {fish}", boat=p.depth,
                         fish=found.depth))
    return end_turn(replace(state, plug_out=True), action.player)


def apply_abandon_ship(state: GameState, action: AbandonShip) -> GameState:
    """Flip the Lifeboat and Make Port at once; once a game, never after passing (A p.10)."""
    p = player(state, action.player)
    require_location(p, "sea")
    if not p.lifeboat:
        fail("A p.10", t("{name}'s Lifeboat is already flipped", name=p.name))
    state = make_port(state, action.player, action, action.discard_regret, action.overmind_slot)
    state = with_player(state, action.player, lifeboat=False)
    if len(state.players) > 1 and state.unpassed == [action.player]:
        # Everyone else has passed: the player still gets their turns at Port (A p.10); the passed anglers are
        # skipped once more, and earn the passing reward for it (docs/rules.md §9).
        state = next_turn(state, action.player)
        return replace(state, last_turns_left=state.ruleset.abandon_ship_last_turns)
    return end_turn(state, action.player)


def apply_can_of_worms(state: GameState, action: UseCanOfWorms) -> GameState:
    """Flip the Can of Worms face down to peek at a Fish before revealing (A p.11)."""
    p = player(state, action.player)
    require_location(p, "sea")
    if not p.can_of_worms:
        fail("A p.11", t("{name}'s Can of Worms is face down", name=p.name))
    return with_player(state, action.player, can_of_worms=False, worms_this_turn=True)


def apply_eat_fish(state: GameState, action: EatFish) -> GameState:
    """Discard a Fish from hand for its eat ability; not after passing (A pp.9, 11). A card without one can't be
    eaten (A p.11: "If a Fish has an eat ability ...")."""
    p = player(state, action.player)
    require_box(state, action.fish)
    if action.fish is not None and not can_eat(action.fish):
        fail("A p.11", t("{fish} has no eat ability", fish=action.fish.name))
    state = with_player(state, action.player, **remove_from_hand(p, action.fish, "A p.11"))
    return replace(state, graveyard=to_graveyard(state, [action.fish]))


def apply_discard_fish(state: GameState, action: DiscardFish) -> GameState:
    """Discard a Fish from hand because a card says so (Hammerhead Shark's catch: "discard a small Fish"), to its
    Graveyard; no eat ability is resolved (A p.11, docs/rules.md §10)."""
    p = player(state, action.player)
    require_box(state, action.fish)
    state = with_player(state, action.player, **remove_from_hand(p, action.fish, "docs/rules.md §10"))
    return replace(state, graveyard=to_graveyard(state, [action.fish]))


def apply_enter_fish(state: GameState, action: EnterFish) -> GameState:
    """Name a Fish the player caught without entering it; allowed at any time, also after the game (A p.22)."""
    p = player(state, action.player)
    if p.hand_hidden == 0:
        fail("docs/rules.md §4", t("{name} has no Fish left to enter", name=p.name))
    require_box(state, action.fish)
    found = check_unique(state, action.fish, "fish")
    if found is not None and found.displayed:
        return with_player(state, action.player, displayed=[*p.displayed, action.fish], hand_hidden=p.hand_hidden - 1)
    return with_player(state, action.player, hand=[*p.hand, action.fish], hand_hidden=p.hand_hidden - 1)
