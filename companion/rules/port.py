"""Port actions (A pp.16-17): sell, buy, mount, and cycling the Market."""

from __future__ import annotations

from companion.i18n import t
from companion.rules.actions import Buy, CycleMarket, Mount, Sell
from companion.rules.common import (
    acquire_dice,
    draw_regrets,
    faces_for,
    fail,
    player,
    remove_from_hand,
    replace,
    require_location,
    source,
    with_player,
)
from companion.rules.dice import KIND_WORDS, TACKLE_COLOURS, Die, die, roller
from companion.rules.pricing import quote, shop_key
from companion.rules.state import GameState
from companion.rules.turns import end_turn

CYCLE_PRICE = 1  # A p.17 (icons lost; decoded from the icon order, RULES.md §5)


def apply_sell(state: GameState, action: Sell) -> GameState:
    """Sell Fish for their Madness-modified value; each Foul Fish then draws a Regret (A p.17)."""
    p = player(state, action.player)
    require_location(p, "port")
    per_sale = state.ruleset.fish_per_sale
    if per_sale is not None and len(action.fish) > per_sale:
        fail(source(state, "fish_per_sale"), t("Sell {n} Fish at a time", n=per_sale))
    gain = state.sale_gain(action.player, action.fish)
    for fish in action.fish:
        p = replace(p, **remove_from_hand(p, fish, "A p.17"))
    state = with_player(state, action.player, hand=p.hand, hand_hidden=p.hand_hidden, fishbucks=p.fishbucks + gain)
    # Foul Fish are paid at the current value, then the Regrets are drawn (A p.17).
    fouls = sum(1 for f in action.fish if f.foul)
    if fouls:
        state = draw_regrets(state, action.player, fouls, action.regret_from)
    return end_turn(state, action.player)


def _draw_from_bag(state: GameState, count: int) -> list[str]:
    """Tackle dice drawn at random from the bag, by how many of each colour are left."""
    rng = roller(state.seed, state.step)
    bag = [c for c in TACKLE_COLOURS for _ in range(state.tackle_available(c))]
    if len(bag) < count:
        fail("RULES.md §1", t("The dice bag has only {n} dice", n=len(bag)))
    return rng.sample(bag, count)


def _bought_dice(state: GameState, action: Buy) -> list[Die]:
    if action.shop != "tackle":
        return []
    if state.ruleset.shop_system == "market":
        colours = [action.colour]
    else:
        colours = action.dice or _draw_from_bag(state, state.ruleset.shop_tiers[action.tier])
    for colour in set(colours):
        if state.tackle_available(colour) < colours.count(colour):
            fail("RULES.md §1", t("No {colour} tackle die is left", colour=t(KIND_WORDS[colour])))
    # A die bought is rolled at once (A p.16); a different seed offset keeps it apart from the bag draw.
    faces = faces_for(colours, action.faces, state.seed + 1, state.step, "A p.16")
    return [die(c, f) for c, f in zip(colours, faces, strict=True)]


def apply_buy(state: GameState, action: Buy) -> GameState:
    """Buy at Port: pay the price after discounts; refuse what the player can't afford (A pp.16-17)."""
    p = player(state, action.player)
    require_location(p, "port")
    rules = state.ruleset
    shop = shop_key(action)
    if rules.shop_system == "three-shops" and shop in p.shops_used:
        fail(source(state, "shop_system"), t("{name} has already visited this shop today", name=p.name))
    price = quote(state, action).total
    if price > p.fishbucks:
        fail("A p.17", t("{name} has ${have}; this costs ${price}", name=p.name, have=p.fishbucks, price=price))
    dice = _bought_dice(state, action)
    used = [*p.shops_used, shop] if rules.shop_system == "three-shops" else p.shops_used
    state = with_player(state, action.player, fishbucks=p.fishbucks - price, dinks=p.dinks - len(action.dinks),
                        items=p.items + action.items, shops_used=used)
    if action.life_preserver:
        state = replace(state, life_preserver=None)
    if dice:
        state = acquire_dice(state, action.player, dice)
    return end_turn(state, action.player)


def apply_cycle_market(state: GameState, action: CycleMarket) -> GameState:
    """Pay $1 to replace the items of one type or all Market dice; not an action (A p.17, Market only)."""
    p = player(state, action.player)
    require_location(p, "port")
    if state.ruleset.shop_system != "market":
        fail(source(state, "shop_system"), t("Only the Market can be cycled"))
    if p.fishbucks < CYCLE_PRICE:
        fail("A p.17", t("{name} has ${have}; this costs ${price}", name=p.name, have=p.fishbucks,
                         price=CYCLE_PRICE))
    return with_player(state, action.player, fishbucks=p.fishbucks - CYCLE_PRICE)


def apply_mount(state: GameState, action: Mount) -> GameState:
    """Mount a Fish from hand in an empty slot; it can never be unmounted (A p.17)."""
    p = player(state, action.player)
    require_location(p, "port")
    if p.mounted[action.slot] is not None:
        fail("A p.17", t("That slot already holds a Fish: Fish are never unmounted"))
    p = replace(p, **remove_from_hand(p, action.fish, "A p.17"))
    mounted = list(p.mounted)
    mounted[action.slot] = action.fish
    state = with_player(state, action.player, hand=p.hand, hand_hidden=p.hand_hidden, mounted=mounted)
    return end_turn(state, action.player)

