"""The autopilot: a legal next action for any table, picked from :func:`~companion.rules.queries.available`.

Without a random generator it plays the routine game (everyone refreshes with the app's dice, the Life Preserver
goes to the next angler, everyone declares Sea and passes); with one it plays a varied, seeded game as a table
does: it enters the faces its dice show, and fishes, gives up, drops sinkers, sells, buys, mounts, eats, uses Dinks
and draws Regrets. Tests, benchmarks and demo games
share it (the scenario helpers, the property tests, ``bench/replay.py``).

>>> from companion.rules.scenario import table
>>> autopilot(table(2))
Refresh(reroll=None, faces=None, keep=None, type='refresh', player=0)
>>> monday = autopilot_log(table(3, seed=4), lambda s: s.day == 1, random.Random(1))
>>> monday == autopilot_log(table(3, seed=4), lambda s: s.day == 1, random.Random(1))
True
>>> {"refresh", "fish", "pass", "advance_phase"} <= {x.type for x in monday}
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from companion.rules import actions as a
from companion.rules.dice import FACES, TACKLE_COLOURS
from companion.rules.engine import apply
from companion.rules.fish import FishRef
from companion.rules.phases import TURN_ACTIONS
from companion.rules.queries import Available, available, dice_to_roll, is_legal
from companion.rules.state import GameState, PlayerState

# How often the varied autopilot tries each move on its turn, relative to passing (weight 1).
WEIGHTS: dict[str, float] = {
    "fish": 6.0, "give_up": 1.0, "drop_sinkers": 1.0, "abandon_ship": 0.05, "sell": 4.0, "buy": 2.0, "mount": 1.5,
    "use_can_of_worms": 0.5, "eat_fish": 0.4, "use_dink": 0.5, "draw_dink": 0.6, "draw_regret": 0.6,
    "discard_regret": 0.3, "adjust_fishbucks": 0.4, "pass": 0.2,
}
STUCK_PASS = 2.0
# A catalog card each shop sells, kept by a scripted purchase (A p.17).
SHOP_CARD = {"rods": "Narwhal Rod", "reels": "Solid Brass Reel", "supplies": "Absinthe"}


def _rolled(state: GameState, seat: int, rng: random.Random) -> list[int]:
    """The faces the table's own dice show for a Refresh of every die: the varied autopilot enters them, as a table
    does (issue 12); the routine one lets the app roll."""
    return [rng.choice(FACES[kind]) for kind in dice_to_roll(state, seat)]


def _fish(rng: random.Random) -> FishRef:
    return FishRef(value=rng.randint(0, 8), type=rng.choice(["fair", "foul"]))


def _held(p: PlayerState, rng: random.Random) -> FishRef:
    """A Fish from the hand: an entered one, else any Fish (one not entered can be any)."""
    return p.hand[0] if p.hand else _fish(rng)


def _buy(s: GameState, seat: int, p: PlayerState, can: Available, rng: random.Random) -> a.Action:
    shop = rng.choice(can.shops)
    if s.ruleset.shop_system != "market":
        tier = min(s.ruleset.shop_tiers)
        if shop != "tackle":
            return a.Buy(player=seat, shop=shop, tier=tier, items=[SHOP_CARD[shop]])
        bag = [c for c in TACKLE_COLOURS for _ in range(s.tackle_available(c))]
        drawn = rng.sample(bag, min(len(bag), s.ruleset.shop_tiers[tier]))
        return a.Buy(player=seat, shop="tackle", tier=tier, dice=drawn, faces=[rng.choice(FACES[c]) for c in drawn])
    if shop == "tackle":
        colours = [c for c, price in s.ruleset.market_die_prices.items() if price <= p.fishbucks] or ["green"]
        colour = rng.choice(colours)
        return a.Buy(player=seat, shop="tackle", colour=colour, faces=[rng.choice(FACES[colour])])
    return a.Buy(player=seat, shop=shop, price=rng.randint(1, 3), items=[SHOP_CARD[shop]])


def _catch(seat: int, p: PlayerState, rng: random.Random) -> a.Action:
    depth = rng.randint(1, p.depth)
    if rng.random() < 0.4:  # a Fish with no Difficulty costs no dice (A p.10)
        return a.Fish(player=seat, fish=_fish(rng), depth=depth)
    dice = list(range(min(len(p.fresh), rng.randint(1, 2))))
    total = sum(p.fresh[d].face or 0 for d in dice)
    return a.Fish(player=seat, fish=_fish(rng), depth=depth, difficulty=rng.randint(0, total), dice=dice,
                  overfished=rng.random() < 0.03)


_BUILD: dict[str, Callable[[GameState, int, PlayerState, Available, random.Random], a.Action]] = {
    "fish": lambda s, seat, p, can, rng: _catch(seat, p, rng),
    "give_up": lambda s, seat, p, can, rng: a.GiveUp(player=seat, die=rng.randrange(len(p.fresh))),
    "drop_sinkers": lambda s, seat, p, can, rng: a.DropSinkers(player=seat, dice=[0]),
    "abandon_ship": lambda s, seat, p, can, rng: a.AbandonShip(player=seat),
    "sell": lambda s, seat, p, can, rng: a.Sell(player=seat, fish=[_held(p, rng)]),
    "buy": _buy,
    "mount": lambda s, seat, p, can, rng: a.Mount(player=seat, fish=_held(p, rng), slot=can.empty_slots[0]),
    "use_can_of_worms": lambda s, seat, p, can, rng: a.UseCanOfWorms(player=seat),
    "eat_fish": lambda s, seat, p, can, rng: a.EatFish(player=seat, fish=p.hand[-1] if p.hand else None),
    "use_dink": lambda s, seat, p, can, rng: a.UseDink(player=seat),
    "draw_dink": lambda s, seat, p, can, rng: a.DrawDink(player=seat),
    "draw_regret": lambda s, seat, p, can, rng: a.DrawRegret(player=seat),
    "discard_regret": lambda s, seat, p, can, rng: a.DiscardRegret(player=seat),
    "adjust_fishbucks": lambda s, seat, p, can, rng: a.AdjustFishbucks(player=seat, amount=rng.randint(1, 2)),
    "pass": lambda s, seat, p, can, rng: a.Pass(player=seat, reward=rng.choice(can.rewards) if can.rewards else None),
}


def _turn(s: GameState, seat: int, rng: random.Random) -> a.Action:
    """A varied move for the angler whose turn it is: tried in a weighted random order, the first legal one."""
    can = available(s, seat)
    moves = [m for m in WEIGHTS if m in can.moves]
    # With no action left but passing (no dice at Sea, nothing to sell or buy at Port), an angler soon passes.
    stuck = not any(m in TURN_ACTIONS for m in moves if m != "pass")
    weights = [WEIGHTS[m] * (STUCK_PASS if stuck and m == "pass" else 1) for m in moves]
    p = s.players[seat]
    while moves:
        k = rng.choices(range(len(moves)), weights)[0]
        action = _BUILD[moves[k]](s, seat, p, can, rng)
        if is_legal(s, action):
            return action
        del moves[k], weights[k]
    return a.Pass(player=seat)


def autopilot(state: GameState, rng: random.Random | None = None) -> a.Action | None:
    """A legal action that moves the game on from ``state``; ``None`` once the game is over and every Regret value
    is revealed. With ``rng`` the choice is varied and repeatable (the same generator state, the same action);
    dice are always rolled by the game's seeded roller."""
    players = state.players
    n = len(players)
    if state.phase == "ended":
        hidden = [seat for seat, p in enumerate(players) if p.regret_value is None]
        if not hidden:
            return None
        value = rng.randint(0, available(state, hidden[0]).regret_value_max) if rng else 0
        return a.RevealRegrets(player=hidden[0], value=value)
    if state.phase == "refresh":
        waiting = [seat for seat in state.turn_order() if not players[seat].refreshed]
        if waiting:
            return a.Refresh(player=waiting[0], faces=_rolled(state, waiting[0], rng) if rng else None)
        thrower = state.life_preserver_thrower
        if n > 1 and not state.life_preserver_thrown and thrower is not None:
            to = (thrower + (rng.randrange(1, n) if rng else 1)) % n
            return a.ThrowLifePreserver(player=thrower, to=to)
    if state.phase == "declaration" and state.turn is not None:
        places = available(state, state.turn).declare
        if rng and rng.choice(places) == "port":
            return a.Declare(player=state.turn, location="port", faces=_rolled(state, state.turn, rng))
        return a.Declare(player=state.turn, location="sea")
    if state.phase == "action" and state.turn is not None:
        return _turn(state, state.turn, rng) if rng else a.Pass(player=state.turn)
    return a.AdvancePhase()


def autopilot_log(state: GameState, until: Callable[[GameState], bool], rng: random.Random | None = None,
                  limit: int = 100_000) -> list[a.Action]:
    """The actions the autopilot plays from ``state`` until ``until(state)`` holds or the game is over and revealed.

    >>> from companion.rules.scenario import table
    >>> [x.type for x in autopilot_log(table(2), lambda s: s.phase == "action")]
    ['refresh', 'refresh', 'throw_life_preserver', 'advance_phase']
    """
    log: list[a.Action] = []
    while not until(state) and len(log) < limit:
        action = autopilot(state, rng)
        if action is None:
            break
        state = apply(state, action)
        log.append(action)
    return log
