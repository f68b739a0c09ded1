"""The questions screens ask the engine: what may this angler do now, is this action legal, what does it cost,
what will the next morning bring. Views never compute a rule; they call these.

>>> from companion.rules.actions import Refresh
>>> from companion.rules.scenario import table
>>> s = table(2)
>>> sorted(available(s, 0).moves & {"refresh", "fish", "eat_fish"})
['refresh']
>>> why_illegal(s, Refresh(player=0, faces=[4, 1, 1]))
'A player die has no face 4 (companion rule, see Rules §1)'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from pydantic import BaseModel, ConfigDict

from companion.rules import cards, days, difficulty, personalities, pricing
from companion.rules.actions import Action, AdvancePhase, Buy, EmptyShoal, EndGame, Fish, Reward, Shop
from companion.rules.constants import (
    DEPTHS,
    DIFFICULTY_ADJUSTMENT_MAX,
    PLAYER_DICE,
    REGRET_VALUE_MAX,
    SHOALS,
    SLOT_NUMBERS,
)
from companion.rules.dice import FACES, TACKLE_COLOURS, DieKind
from companion.rules.difficulty import CatchDifficulty
from companion.rules.engine import apply
from companion.rules.errors import RuleViolation
from companion.rules.fish import FishRef
from companion.rules.phases import PHASES
from companion.rules.pricing import PriceQuote
from companion.rules.state import GameState, Location, PlayerState
from companion.rules.table_steps import plug_reminder
from companion.rules.tentacles import overmind_slots

SHOPS: tuple[Shop, ...] = ("rods", "reels", "supplies", "tackle")


class Available(BaseModel):
    """What one angler may do now (:func:`available`).

    ``moves``: the action types (``Action.type``) this angler can make now: the phase allows them, it is their turn
    where the move needs it, and what they hold allows it (a Fish to sell, a Dink to use, an empty slot). The
    precise action is still checked by :func:`is_legal` (a Fish the dice can't pay for is refused there). The other
    fields tell a screen how to fill in the buttons it enables: where the angler may declare, to whom they may throw
    the Life Preserver, how many Depths they may still drop, the shops still open to them, their empty mount slots
    (numbered 1-3 as printed), the passing rewards they may choose, the Spent dice a Refresh rolls (``roll``; see
    :func:`dice_to_roll` for rerolled Fresh dice), whether they must reroll every Fresh die (more dice than Max dice,
    A p.20), their Max dice, and the highest Regret value they may reveal. Making Port: ``port_discard`` whether it
    may discard a Regret card (A p.17), ``overmind_slots`` the slots an Overmind in hand may be Mounted into, as
    ``Declare.overmind_slot`` and ``AbandonShip.overmind_slot`` take them (docs/rules.md §11; empty: an ordinary
    Make Port).
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    my_turn: bool
    moves: frozenset[str]
    declare: tuple[Location, ...] = ()
    throw_to: tuple[int, ...] = ()
    sinkers: int = 0
    shops: tuple[Shop, ...] = ()
    empty_slots: tuple[int, ...] = ()
    rewards: tuple[Reward, ...] = ()
    roll: tuple[DieKind, ...] = ()
    must_roll_all: bool = False
    max_dice: int = 0
    regret_value_max: int = 0
    port_discard: bool = False
    overmind_slots: tuple[int, ...] = ()

    def can(self, move: str) -> bool:
        """Whether ``move`` is among :attr:`moves`."""
        return move in self.moves


def _open_shops(state: GameState, p: PlayerState) -> tuple[Shop, ...]:
    if p.at_sea:
        return ()
    if state.ruleset.shop_system != "three-shops":
        return SHOPS
    used = set(p.shops_used)
    return tuple(s for s in SHOPS if pricing.shop_key(Buy(player=0, shop=s)) not in used)


def _rewards(state: GameState, p: PlayerState) -> tuple[Reward, ...]:
    if not state.ruleset.passing_reward:
        return ()
    dink: tuple[Reward, ...] = ("dink",) if state.dinks_in_deck else ()  # every Dink held (docs/rules.md §1)
    return (*dink, "regret") if p.regret_cards else dink


@cache
def _dink_shop_discount_max() -> int:
    return max(d.shop_discount for d in cards.catalog().dinks)


def _can_afford(state: GameState, seat: int, p: PlayerState) -> bool:
    """Whether the cheapest purchase (the lowest tier, the cheapest Market die) is within the angler's Fishbucks
    once every discount they could use is taken off: the Life Preserver they hold, each Dink at the most a Dink
    takes off, the Madness discount (A p.17, docs/rules.md §5)."""
    rules = state.ruleset
    prices = rules.shop_tiers.keys() if rules.shop_system == "three-shops" else rules.market_die_prices.values()
    cheapest = min(prices, default=0)
    off = (p.dinks * _dink_shop_discount_max() + state.madness(seat).port_discount
           + (rules.life_preserver_discount if state.life_preserver == seat else 0))
    return cheapest - off <= p.fishbucks


def _sellable(p: PlayerState) -> bool:
    """A Fish in hand that can be sold or mounted: one not entered, or a card that doesn't forbid it (A p.27)."""
    return p.hand_hidden > 0 or any(can_sell_or_mount(f) for f in p.hand)


def _edible(p: PlayerState) -> bool:
    """A Fish in hand with an eat ability (A p.11), or one not entered (the table knows its card)."""
    return p.hand_hidden > 0 or any(cards.can_eat(f) for f in p.hand)


@cache
def _plug_depth() -> int:
    return cards.catalog().fish(cards.THE_PLUG).depth


def _gettable_die(state: GameState, p: PlayerState) -> bool:
    return (state.omen_holder is None or any(state.tackle_available(c) for c in TACKLE_COLOURS)
            or sum(d.kind == "player" for d in (*p.fresh, *p.spent)) < PLAYER_DICE)


# What the angler must hold for a move to have a legal form (the phase and the turn are checked from PHASES).
_HOLDS: dict[str, Callable[[GameState, int, PlayerState], bool]] = {
    "refresh": lambda s, seat, p: not p.refreshed,
    "throw_life_preserver": lambda s, seat, p: (not s.life_preserver_thrown and all(q.refreshed for q in s.players)
                                             and s.life_preserver_thrower == seat),
    "equip": lambda s, seat, p: s.phase == "declaration" or s.is_first_day,
    "drop_sinkers": lambda s, seat, p: p.at_sea and p.depth < DEPTHS and bool(p.fresh),
    "fish": lambda s, seat, p: p.at_sea and bool(p.fresh),
    "give_up": lambda s, seat, p: p.at_sea and bool(p.fresh),
    "reveal_plug": lambda s, seat, p: p.at_sea and bool(p.fresh) and not s.plug_out and p.depth >= _plug_depth(),
    "abandon_ship": lambda s, seat, p: p.at_sea and p.lifeboat,
    "use_can_of_worms": lambda s, seat, p: p.at_sea and p.can_of_worms,
    "eat_fish": lambda s, seat, p: _edible(p),
    "discard_fish": lambda s, seat, p: p.hand_count > 0,
    "use_dink": lambda s, seat, p: p.dinks > 0,
    "use_item": lambda s, seat, p: bool(p.items),
    "sell": lambda s, seat, p: not p.at_sea and _sellable(p),
    "buy": lambda s, seat, p: bool(_open_shops(s, p)) and _can_afford(s, seat, p),
    "cycle_market": lambda s, seat, p: (not p.at_sea and s.ruleset.shop_system == "market"
                                     and p.fishbucks >= 1),
    "mount": lambda s, seat, p: not p.at_sea and _sellable(p) and None in p.mounted,
    "claim_reward": lambda s, seat, p: p.rewards_due > 0 and bool(_rewards(s, p)),
    "draw_dink": lambda s, seat, p: s.dinks_in_deck > 0,
    "draw_regret": lambda s, seat, p: s.regrets_in_piles > 0 or any(q.regret_cards for q in s.players if q is not p),
    "discard_regret": lambda s, seat, p: p.regret_cards > 0,
    "move_regrets": lambda s, seat, p: p.regret_cards > 0 and len(s.players) > 1,
    "empty_shoal": lambda s, seat, p: s.shoals_emptied < SHOALS,
    "gain_die": lambda s, seat, p: _gettable_die(s, p),
    "increment_die": lambda s, seat, p: any(d.face is not None and d.face < max(FACES[d.kind]) for d in p.fresh),
    "refresh_die": lambda s, seat, p: bool(p.fresh or p.spent),
    "enter_fish": lambda s, seat, p: p.hand_hidden > 0,
    "use_personality": lambda s, seat, p: personalities.usable(s, seat),
}
_TABLE_MOVES: dict[str, Action] = {"advance_phase": AdvancePhase(), "end_game": EndGame()}


def available(state: GameState, seat: int) -> Available:
    """What the angler at ``seat`` may do now: the move types, and what a screen needs to enable its buttons.

    Moves of the whole table (``advance_phase``, ``end_game``) are listed for every seat when they are legal.

    >>> from companion.rules.scenario import start_action_phase, table
    >>> a = available(start_action_phase(table(2)), 0)
    >>> a.my_turn, sorted(a.moves & {"fish", "pass", "sell", "refresh"}), a.sinkers
    (True, ['fish', 'pass'], 2)
    >>> available(start_action_phase(table(2)), 1).can("eat_fish")
    False
    """
    p = state.players[seat]
    spec = PHASES[state.phase]
    my_turn = state.turn == seat and not p.passed
    candidates = spec.moves | spec.turn_moves if my_turn else spec.moves
    moves = set()
    for move in candidates:
        if move in _TABLE_MOVES:
            if is_legal(state, _TABLE_MOVES[move]):
                moves.add(move)
        elif _HOLDS.get(move, _always)(state, seat, p):
            moves.add(move)
    can = moves.__contains__
    ports_allowed = not (state.ruleset.port_then_sea and p.port_yesterday)
    declare = (("sea", "port") if ports_allowed else ("sea",)) if can("declare") else ()
    return Available(
        seat=seat, my_turn=my_turn, moves=frozenset(moves),
        declare=declare,
        throw_to=tuple(other for other in range(len(state.players)) if other != seat or len(state.players) == 1)
        if can("throw_life_preserver") else (),
        sinkers=DEPTHS - p.depth if can("drop_sinkers") else 0,
        shops=_open_shops(state, p) if can("buy") else (),
        empty_slots=tuple(n for n in SLOT_NUMBERS if p.mounted[n - 1] is None) if can("mount") else (),
        rewards=_rewards(state, p) if can("pass") or can("claim_reward") else (),
        roll=tuple(d.kind for d in p.spent) if can("refresh") else (),
        must_roll_all=can("refresh") and p.dice_count > state.max_dice(seat),
        max_dice=state.max_dice(seat),
        regret_value_max=REGRET_VALUE_MAX * p.regret_cards,
        # Arriving at Port during the Declaration or by the Lifeboat: "Discard one Regret card (optional)" (A p.17).
        port_discard=("port" in declare or can("abandon_ship")) and p.regret_cards > 0,
        overmind_slots=overmind_slots(state, seat) if "port" in declare or can("abandon_ship") else (),
    )


def _always(state: GameState, seat: int, p: PlayerState) -> bool:
    return True


class SeaStatus(BaseModel):
    """The Shoals as the table sees them (:func:`sea`): how many are left, The Plug's reminder for the turn that is
    starting, whether a Shoal emptied without a catch can be recorded now, and whether every Shoal is empty so the
    game ends now (A p.27)."""

    model_config = ConfigDict(frozen=True)

    shoals_left: int
    plug_out: bool = False
    plug_reminder: str | None = None
    can_empty: bool = False
    game_ends: bool = False


def sea(state: GameState) -> SeaStatus:
    """What the table's Shoals line shows (docs/rules.md §3, §10).

    >>> from companion.rules.actions import EmptyShoal
    >>> from companion.rules.scenario import play, start_action_phase, table
    >>> s = start_action_phase(table(2))
    >>> sea(s).shoals_left, sea(s).can_empty, sea(s).game_ends
    (9, True, False)
    >>> sea(play(s, *[EmptyShoal()] * 8)).game_ends, play(s, *[EmptyShoal()] * 9).finished
    (False, True)
    """
    plug = plug_reminder(state)
    return SeaStatus(shoals_left=state.shoals_left, plug_out=state.plug_out,
                     plug_reminder=plug.text if plug is not None else None,
                     can_empty=is_legal(state, EmptyShoal()),
                     game_ends=not state.shoals_left and is_legal(state, EndGame()))


def plug_first(state: GameState, seat: int) -> bool:
    """Whether the angler at ``seat`` discards The Plug's Fish before anything else, this turn (A p.27).

    >>> from companion.rules.actions import RevealPlug
    >>> from companion.rules.common import with_player
    >>> from companion.rules.scenario import play, start_action_phase, table
    >>> s = play(with_player(start_action_phase(table(2)), 0, depth=3), RevealPlug(player=0))
    >>> plug_first(s, 1), plug_first(s, 0)
    (True, False)
    """
    plug = plug_reminder(state)
    return plug is not None and plug.seat == seat


def dice_to_roll(state: GameState, seat: int, reroll: list[int] | None = None) -> list[DieKind]:
    """The dice a Refresh (or Making Port) rolls, in the order their faces are entered: the Spent dice, then the
    Fresh dice chosen by index in ``reroll`` (``None``: every Fresh die) (A p.8). A screen shows one row of
    :func:`~companion.rules.dice.face_choices` per die.

    >>> from companion.rules.scenario import table
    >>> dice_to_roll(table(1), 0)
    ['player', 'player', 'player']
    """
    p = state.players[seat]
    chosen = range(len(p.fresh)) if reroll is None else reroll
    return [d.kind for d in p.spent] + [p.fresh[i].kind for i in chosen if 0 <= i < len(p.fresh)]


def why_illegal(state: GameState, action: Action) -> str | None:
    """``None`` if ``action`` is legal now, otherwise the one line saying which rule it breaks.

    >>> from companion.rules.actions import AdvancePhase
    >>> from companion.rules.scenario import table
    >>> why_illegal(table(2), AdvancePhase())
    "Still to refresh: P1, P2 (Angler's Guide p.8)"
    """
    try:
        apply(state, action)
    except RuleViolation as e:
        return str(e)
    return None


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` may be applied now (the state is not changed either way); unlike :func:`why_illegal` it
    doesn't word the refusal, which costs more than the check (a table asks for every angler on every redraw)."""
    try:
        apply(state, action)
    except RuleViolation:
        return False
    return True


class CatchAids(BaseModel):
    """What angler ``seat`` may use on a catch now (:func:`catch_aids`, docs/rules.md §10): the Life Preserver if they
    hold it, the Supplies they own that lower a Difficulty (one entry per card), the Difficulty Dinks of the catalog
    while they hold Dinks, how many Dinks they hold, and the bound of a change made by hand."""

    model_config = ConfigDict(frozen=True)

    life_preserver: bool = False
    supplies: tuple[str, ...] = ()
    dinks: tuple[str, ...] = ()
    dinks_held: int = 0
    adjustment_max: int = DIFFICULTY_ADJUSTMENT_MAX


def catch_aids(state: GameState, seat: int) -> CatchAids:
    """The switches and buttons the catch screen offers (docs/rules.md §10).

    >>> from companion.rules.common import with_player
    >>> from companion.rules.scenario import start_action_phase, table
    >>> s = with_player(start_action_phase(table(2)), 0, items=["Bag of Maggots", "Claw Hammer"], dinks=1)
    >>> aids = catch_aids(s, 0)
    >>> aids.supplies, aids.dinks_held, aids.life_preserver, catch_aids(s, 1).life_preserver
    (('Bag of Maggots',), 1, False, True)
    """
    p = state.players[seat]
    return CatchAids(life_preserver=state.life_preserver == seat,
                     supplies=tuple(name for name in p.items if difficulty.lowers_difficulty(name)),
                     dinks=difficulty.difficulty_dinks() if p.dinks else (), dinks_held=p.dinks)


def catch_difficulty(state: GameState, catch: Fish) -> CatchDifficulty:
    """The Difficulty of a catch after every effect, line by line (docs/rules.md §10): what the catch screen shows."""
    return difficulty.catch_difficulty(state, catch)


def can_sell_or_mount(fish: FishRef) -> bool:
    """Whether ``fish`` may be sold or mounted: not a card that forbids both (Whispering Skull, Iron Coffin …, A p.27;
    Sharpear Enope Squid, which still scores in hand; docs/rules.md §10). A Fish typed in by value may.

    >>> from companion.rules.catalog import load_catalog
    >>> sharpear = load_catalog().fish_ref("Sharpear Enope Squid")
    >>> can_sell_or_mount(sharpear), can_sell_or_mount(FishRef(value=3, type="fair"))
    (False, True)
    """
    found = cards.card(fish)
    return found is None or not found.no_sale_or_mount


def price(state: GameState, buy: Buy) -> PriceQuote:
    """The price of a purchase now, each discount itemised (A p.17, docs/rules.md §5); raises
    :class:`~companion.rules.errors.RuleViolation` if it is not a valid purchase."""
    return pricing.quote(state, buy)


def next_day_effects(state: GameState) -> list[str]:
    """The checklist of what happens at the start of the next Day (A p.8), translated; empty on the last Day."""
    return days.day_effects(state)
