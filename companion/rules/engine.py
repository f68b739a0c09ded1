"""The rules engine: ``apply(state, action)`` returns the next state or raises :class:`RuleViolation`.

Moves are plain functions of (state, action), one per action type; the state passed in is never changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.rules import days, effects, personalities, port, sea, turns
from companion.rules.actions import Action
from companion.rules.common import replace
from companion.rules.constants import PLAYER_DICE
from companion.rules.dice import die
from companion.rules.names import check_setup_names
from companion.rules.phases import check_allowed
from companion.rules.ruleset import Ruleset
from companion.rules.state import GameState, PlayerState

MOVES: dict[str, Callable[[GameState, Any], GameState]] = {
    "advance_phase": days.apply_advance,
    "refresh": days.apply_refresh,
    "throw_life_preserver": days.apply_throw,
    "declare": days.apply_declare,
    "equip": days.apply_equip,
    "end_game": days.apply_end_game,
    "reveal_regrets": days.apply_reveal_regrets,
    "drop_sinkers": sea.apply_drop_sinkers,
    "fish": sea.apply_fish,
    "give_up": sea.apply_give_up,
    "abandon_ship": sea.apply_abandon_ship,
    "reveal_plug": sea.apply_reveal_plug,
    "use_can_of_worms": sea.apply_can_of_worms,
    "eat_fish": sea.apply_eat_fish,
    "discard_fish": sea.apply_discard_fish,
    "enter_fish": sea.apply_enter_fish,
    "pass": turns.apply_pass,
    "claim_reward": turns.apply_claim_reward,
    "sell": port.apply_sell,
    "buy": port.apply_buy,
    "cycle_market": port.apply_cycle_market,
    "mount": port.apply_mount,
    "draw_regret": effects.apply_draw_regret,
    "discard_regret": effects.apply_discard_regret,
    "draw_dink": effects.apply_draw_dink,
    "use_dink": effects.apply_use_dink,
    "gain_item": effects.apply_gain_item,
    "use_item": effects.apply_use_item,
    "gain_die": effects.apply_gain_die,
    "increment_die": effects.apply_increment_die,
    "refresh_die": effects.apply_refresh_die,
    "adjust_fishbucks": effects.apply_adjust_fishbucks,
    "move_regrets": effects.apply_move_regrets,
    "empty_shoal": effects.apply_empty_shoal,
    "use_personality": personalities.apply_use_personality,
}


def initial_state(players: list[tuple[str, str]], ruleset: Ruleset, seed: int = 0,
                  personalities: list[str | None] | None = None) -> GameState:
    """The table at the start (A p.6): $0, three player dice to roll, Can of Worms and Lifeboat face up, boats at
    Depth I, the Day tracker on the first Day, the Refresh phase next (the first Day skips Start and Declaration).

    >>> from companion.rules.ruleset import build_ruleset
    >>> s = initial_state([("Ada", "red"), ("Bo", "blue")], build_ruleset())
    >>> (s.day_name, s.phase, len(s.players[0].spent))
    ('Monday', 'refresh', 3)
    """
    check_setup_names([name for name, _ in players])
    cards = personalities or [None] * len(players)  # Biggest Regrets: dealt at setup (docs/rules.md §11)
    people = [PlayerState(name=name, colour=colour, spent=[die("player")] * PLAYER_DICE, personality=card)
              for (name, colour), card in zip(players, cards, strict=True)]
    return GameState(ruleset=ruleset, seed=seed, players=people, day=ruleset.first_day)


def apply(state: GameState, action: Action, ruleset: Ruleset | None = None) -> GameState:
    """Apply ``action`` to ``state`` under ``ruleset`` (default: the state's own) and return the new state.

    Raises :class:`~companion.rules.errors.RuleViolation` naming the rule when the action is not allowed; the
    state passed in is never changed. Whether the phase allows the move and whether it is this angler's turn is
    checked here, once, from the phases' data (:mod:`companion.rules.phases`); each move checks the rest.

    >>> from companion.rules.actions import Refresh
    >>> from companion.rules.ruleset import build_ruleset
    >>> s = initial_state([("Ada", "red")], build_ruleset())
    >>> s2 = apply(s, Refresh(player=0, faces=[3, 1, 2]))
    >>> ([d.face for d in s2.players[0].fresh], len(s.players[0].fresh))
    ([3, 1, 2], 0)
    """
    if ruleset is not None and ruleset is not state.ruleset:
        state = replace(state, ruleset=ruleset)
    check_allowed(state, action)
    new = MOVES[action.type](state, action)
    if new is state:
        return replace(new, step=state.step + 1)
    # A move returns a new state whose field dict no other state shares (see common.replace): count the step in
    # place instead of copying the whole state once more (bench/replay.py).
    new.__dict__["step"] = state.step + 1
    return new
