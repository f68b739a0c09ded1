"""Port actions (A pp.16-17): sell, buy, mount, and cycling the Market."""

from __future__ import annotations

from companion.i18n import N_, t
from companion.rules.actions import Buy, CycleMarket, Mount, Sell
from companion.rules.cards import catalog, check_fish, item, no_sale_or_mount
from companion.rules.catalog import Item
from companion.rules.common import (
    RegretTakes,
    acquire_dice,
    draw_regrets,
    faces_for,
    fail,
    player,
    remove_from_hand,
    replace,
    require_location,
    source,
    to_graveyard,
    with_player,
)
from companion.rules.dice import KIND_WORDS, TACKLE_COLOURS, Die, TackleColour, die, roller
from companion.rules.fish import FISH_WORDS
from companion.rules.pricing import quote, shop_key
from companion.rules.ruleset import Ruleset
from companion.rules.state import GameState
from companion.rules.tentacles import require_box
from companion.rules.turns import end_turn

CYCLE_PRICE = 1  # A p.17 (icons lost; decoded from the icon order, docs/rules.md §5)
# The least a Rod, Reel or Supply card can print (docs/rules.md §5): no source gives each card's price, and $1 is
# the least anything at Port costs (the green die, Cycling, a Three shops tier).
CHEAPEST_CARD = 1
# The card kinds each shop sells; Rods and Reels share one shop under the Three shops system (docs/rules.md §5).
_SHOP_KINDS: dict[str, dict[str, tuple[str, ...]]] = {
    "market": {"rods": ("rod",), "reels": ("reel",), "supplies": ("supply",)},
    "three-shops": {"rods": ("rod", "reel"), "reels": ("rod", "reel"), "supplies": ("supply",)}}
_KIND_WORDS = {"rod": N_("Rod"), "reel": N_("Reel"), "supply": N_("Supply")}


def shop_cards(ruleset: Ruleset, shop: str) -> tuple[Item, ...]:
    """The catalog's Rod, Reel and Supply cards ``shop`` sells under the table's shop system (A p.17, docs/rules.md
    §5), in catalog order; none for a shop that sells no cards (the Tackle dice).

    >>> from companion.rules.ruleset import build_ruleset
    >>> [card.name for card in shop_cards(build_ruleset("anglers-guide"), "rods")][:2]
    ['Narwhal Rod', 'Rod of Fortune']
    """
    kinds = _SHOP_KINDS.get(ruleset.shop_system, {}).get(shop, ())
    cards = catalog()
    return tuple(card for kind, deck in (("rod", cards.rods), ("reel", cards.reels), ("supply", cards.supplies))
                 if kind in kinds for card in deck)


def market_start_price(ruleset: Ruleset, shop: str, card_name: str | None) -> tuple[int, bool]:
    """Where the Market's price for a card of ``shop`` starts, and whether it is the card's own printed price
    (docs/rules.md §5): the picked card's price where the catalog has it; else the cheapest that shop's cards can
    cost: the lowest price the catalog has for them, else :data:`CHEAPEST_CARD`.

    >>> from companion.rules.ruleset import build_ruleset
    >>> market_start_price(build_ruleset("anglers-guide"), "rods", "Narwhal Rod")
    (1, False)
    """
    cards = shop_cards(ruleset, shop)
    picked = next((card.price for card in cards if card.name == card_name), None)
    if picked is not None:
        return picked, True
    return min((card.price for card in cards if card.price is not None), default=CHEAPEST_CARD), False


def apply_sell(state: GameState, action: Sell) -> GameState:
    """Sell Fish for their Madness-modified value; each Foul Fish then draws a Regret (A p.17)."""
    p = player(state, action.player)
    require_location(p, "port")
    per_sale = state.ruleset.fish_per_sale
    if per_sale is not None and len(action.fish) > per_sale:
        fail(source(state, "fish_per_sale"), t("Sell {n} Fish at a time", n=per_sale))
    for i, fish in enumerate(action.fish):
        check_fish(fish, f"fish[{i}]")
        require_box(state, fish)
        no_sale_or_mount(fish, t("sell"))
    gain = state.sale_gain(action.player, action.fish)
    for fish in action.fish:
        p = replace(p, **remove_from_hand(p, fish, "A p.17"))
    state = with_player(state, action.player, hand=p.hand, hand_hidden=p.hand_hidden, fishbucks=p.fishbucks + gain)
    state = replace(state, graveyard=to_graveyard(state, list(action.fish)))
    # Foul Fish are paid at the current value, then the Regrets are drawn (A p.17).
    fouls = sum(1 for f in action.fish if f.foul)
    if fouls:
        state = draw_regrets(state, action.player, fouls, RegretTakes(action.regret_from))
    return end_turn(state, action.player)


def _draw_from_bag(state: GameState, count: int) -> list[TackleColour]:
    """Tackle dice drawn at random from the bag, by how many of each colour are left."""
    rng = roller(state.seed, state.step)
    bag = [c for c in TACKLE_COLOURS for _ in range(state.tackle_available(c))]
    if len(bag) < count:
        fail("docs/rules.md §1", t("The dice bag has only {n} dice", n=len(bag)))
    return rng.sample(bag, count)


def _bought_dice(state: GameState, action: Buy) -> list[Die]:
    if action.shop != "tackle":
        return []
    colours: list[TackleColour]
    if state.ruleset.shop_system == "market":  # the price check made sure a colour was chosen
        colours = [action.colour] if action.colour is not None else []
    else:  # ... and that the tier is one of the shop's
        colours = action.dice or _draw_from_bag(state, state.ruleset.shop_tiers.get(action.tier or 0, 0))
    for colour in set(colours):
        if state.tackle_available(colour) < colours.count(colour):
            fail("docs/rules.md §1", t("No {colour} tackle die is left", colour=t(KIND_WORDS[colour])))
    # A die bought is rolled at once (A p.16); a different seed offset keeps it apart from the bag draw.
    faces = faces_for(colours, action.faces, state.seed + 1, state.step, "A p.16")
    return [die(c, f) for c, f in zip(colours, faces, strict=True)]


def _check_items(state: GameState, action: Buy) -> None:
    """Each card kept must be a catalog card this shop sells (A p.17, docs/rules.md §5)."""
    kinds = _SHOP_KINDS.get(state.ruleset.shop_system, {}).get(action.shop, ())
    for i, name in enumerate(action.items):
        kind = catalog().item_kind(name)
        if kind is None:
            fail(f"items[{i}]", t("{name} is not a Rod, Reel or Supply card in the catalog", name=name))
        if kind not in kinds:
            fail(f"items[{i}] (A p.17)", t("{name} is a {kind} card; this shop doesn't sell it", name=name,
                                           kind=t(_KIND_WORDS[kind])))


def apply_buy(state: GameState, action: Buy) -> GameState:
    """Buy at Port: pay the price after discounts; refuse what the player can't afford (A pp.16-17)."""
    p = player(state, action.player)
    require_location(p, "port")
    rules = state.ruleset
    shop = shop_key(action)
    if rules.shop_system == "three-shops" and shop in p.shops_used:
        fail(source(state, "shop_system"), t("{name} has already visited this shop today", name=p.name))
    _check_items(state, action)
    price = quote(state, action).total
    if price > p.fishbucks:
        fail("A p.17", t("{name} has ${have}; this costs ${price}", name=p.name, have=p.fishbucks, price=price))
    dice = _bought_dice(state, action)
    used = [*p.shops_used, shop] if rules.shop_system == "three-shops" else p.shops_used
    state = with_player(state, action.player, fishbucks=p.fishbucks - price, dinks=p.dinks - len(action.dinks),
                        items=p.items + action.items, shops_used=used)
    if action.life_preserver:
        state = replace(state, life_preserver=None)
    if action.price is not None:  # a Rod, Reel or Supply at the Market's printed price (docs/rules.md §5)
        state = replace(state, card_price_entered=True)
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
    """Mount Fish from hand in empty slots, for good (A p.17): one per action under the Angler's Guide, up to
    every empty slot under Three shops (docs/rules.md §9); the Cloche holds one small Fish more (docs/rules.md §10)."""
    p = player(state, action.player)
    require_location(p, "port")
    placements = [(action.fish, action.slot), *((m.fish, m.slot) for m in action.also)]
    per_mount = state.ruleset.fish_per_mount
    if per_mount is not None and len(placements) > per_mount:
        fail(source(state, "fish_per_mount"), t("Mount {n} Fish at a time", n=per_mount))
    slots = [slot for _, slot in placements]
    if len(set(slots)) != len(slots):
        fail("A p.17", t("One Fish per mount slot"))
    cloche = p.cloche
    for fish, slot in placements:
        found = check_fish(fish, "fish")
        require_box(state, fish)
        no_sale_or_mount(fish, t("mount"))
        if slot == "cloche":
            cloche_card = next((c for c in map(item, p.items) if c is not None and c.mount_for), None)
            if cloche_card is None:
                fail("docs/rules.md §10", t("{name} has no Cloche to mount a Fish on", name=p.name))
            if cloche is not None:
                fail("docs/rules.md §10", t("The Cloche already holds a Fish: Fish are never unmounted"))
            if found is None or found.size != cloche_card.mount_for:
                fail("docs/rules.md §10", t("The Cloche holds a {size} Fish: name one from the catalog",
                                       size=t(FISH_WORDS[cloche_card.mount_for or "small"])))
            cloche = fish
        else:
            if p.on_slot(slot) is not None:
                fail("A p.17", t("That slot already holds a Fish: Fish are never unmounted"))
            p = replace(p, mounted=p.mounted_with(slot, fish))
        p = replace(p, **remove_from_hand(p, fish, "A p.17"))
    state = with_player(state, action.player, hand=p.hand, hand_hidden=p.hand_hidden, mounted=p.mounted,
                        cloche=cloche)
    return end_turn(state, action.player)
