"""The Day's phases as data (A pp.8-9): which moves each phase allows, which of them only on the angler's own turn,
and what comes next. :func:`check_allowed` is the one place that checks "allowed in this phase, this angler's turn";
``engine.apply`` calls it before any move runs.

>>> PHASES["action"].allows("eat_fish"), PHASES["refresh"].allows("eat_fish")
(True, False)
>>> "eat_fish" in PHASES["action"].turn_moves
True
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from companion.i18n import N_, t
from companion.rules.actions import Action
from companion.rules.common import fail, player
from companion.rules.state import GameState, Phase

# Moves that cards and abilities cause: on anyone's turn, in any phase of a Day (A p.11, p.18).
EFFECT_MOVES = frozenset({"draw_regret", "discard_regret", "move_regrets", "draw_dink", "gain_item", "gain_die",
                          "adjust_fishbucks", "enter_fish", "discard_fish", "empty_shoal", "increment_die",
                          "refresh_die"})


class PhaseRules(BaseModel):
    """One phase of a Day: ``moves`` anyone may make, ``turn_moves`` only the angler whose turn it is (``state.turn``),
    ``then``: the phases that can follow; ``rule``: the page cited when a move is made in the wrong phase or turn."""

    model_config = ConfigDict(frozen=True)

    name: Phase
    title: str
    moves: frozenset[str]
    turn_moves: frozenset[str] = frozenset()
    then: tuple[Phase, ...]
    rule: str

    def allows(self, move: str) -> bool:
        """Whether ``move`` (an action's ``type``) can be made in this phase by someone."""
        return move in self.moves or move in self.turn_moves


PHASES: dict[str, PhaseRules] = {
    "refresh": PhaseRules(
        name="refresh", title=N_("Refresh"), rule="A p.8", then=("declaration", "action"),
        # Equip here only on the first Day, which has no Declaration (the move checks it).
        moves=EFFECT_MOVES | {"refresh", "throw_life_preserver", "equip", "advance_phase", "end_game"}),
    "declaration": PhaseRules(
        name="declaration", title=N_("Declaration"), rule="A p.8", then=("action",),
        moves=EFFECT_MOVES | {"equip", "advance_phase", "end_game"}, turn_moves=frozenset({"declare"})),
    "action": PhaseRules(
        name="action", title=N_("Action"), rule="A p.9", then=("refresh", "ended"),
        moves=EFFECT_MOVES | {"claim_reward", "advance_phase", "end_game"},
        # One action per turn, and the free moves: eating, Dinks and items only on your own turn (A p.11, p.16).
        turn_moves=frozenset({"fish", "give_up", "reveal_plug", "drop_sinkers", "abandon_ship", "use_can_of_worms",
                              "eat_fish", "use_dink", "use_item", "pass", "sell", "buy", "cycle_market", "mount",
                              "use_personality"})),
    "ended": PhaseRules(
        name="ended", title=N_("End"), rule="A p.22", then=(),
        moves=frozenset({"reveal_regrets", "enter_fish"})),
}

# What a refusal says for a move made outside the phases that allow it, where "only in the X phase" says too little:
# (the rule cited, the message).
OUT_OF_PHASE: dict[str, tuple[str, str]] = {
    "refresh": ("A p.8", N_("Refreshing happens in the Refresh phase")),
    "throw_life_preserver": ("A p.8", N_("The Life Preserver is thrown once everyone has refreshed")),
    "declare": ("A p.8", N_("Declaring happens in the Declaration phase")),
    "equip": ("A p.8", N_("Rods and Reels are equipped in the Declaration phase")),
    "claim_reward": ("docs/rules.md §9", N_("A passing reward is taken during the Day it is earned")),
    "reveal_regrets": ("A p.22", N_("Regret values are revealed when the game is over")),
}

# Moves that use up the angler's turn in the Action phase (A p.9); the other turn moves are free.
TURN_ACTIONS = frozenset({"fish", "give_up", "reveal_plug", "abandon_ship", "pass", "sell", "buy", "mount"})


def seat_of(action: Action) -> int | None:
    """The seat of the angler making ``action``; ``None`` for a move of the whole table (advance, end the game)."""
    seat: int | None = getattr(action, "player", None)
    return seat


def phases_allowing(move: str) -> list[PhaseRules]:
    """The phases in which ``move`` can be made, in the order of a Day."""
    return [spec for spec in PHASES.values() if spec.allows(move)]


def check_allowed(state: GameState, action: Action) -> None:
    """Refuse ``action`` unless its phase allows it and, for a turn move, it is this angler's turn (A pp.8-9, p.22).

    >>> from companion.rules.actions import EatFish
    >>> from companion.rules.scenario import table
    >>> check_allowed(table(2), EatFish(player=0))
    Traceback (most recent call last):
    ...
    companion.rules.errors.RuleViolation: That is only possible in the Action phase (Angler's Guide p.9)
    """
    spec = PHASES[state.phase]
    move = action.type
    if move in spec.turn_moves:
        seat: int = getattr(action, "player", -1)  # every turn move names its angler
        p = player(state, seat)
        if p.passed:
            fail("A p.9", t("{name} has passed and can't act until the next Day", name=p.name))
        if state.turn != seat:
            fail(spec.rule, t("It is not {name}'s turn", name=p.name))
        return
    if move in spec.moves:
        return
    if state.phase == "ended":
        fail("A p.22", t("The game is over"))
    if move in OUT_OF_PHASE:
        rule, message = OUT_OF_PHASE[move]
        fail(rule, t(message))
    where = phases_allowing(move)[0]  # every move has a phase (tests/unit/test_rules_game.py)
    fail(where.rule, t("That is only possible in the {phase} phase", phase=t(where.title)))
