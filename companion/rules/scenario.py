"""Shortcuts to set a table up and play through routine steps: for tests, benchmarks and demo games.

>>> s = start_action_phase(table(2))
>>> (s.phase, s.turn, s.life_preserver)
('action', 0, 1)
"""

from __future__ import annotations

from companion.rules.actions import Action, AdvancePhase, Declare, Pass, Refresh, ThrowLifePreserver
from companion.rules.engine import apply, initial_state
from companion.rules.ruleset import build_ruleset
from companion.rules.state import GameState

COLOURS = ("red", "blue", "green", "yellow", "purple")


def table(players: int = 2, preset: str = "anglers-guide", variants: tuple[str, ...] = (), seed: int = 0,
          short_game: bool = False) -> GameState:
    """A new table of ``players`` anglers named P1, P2, … under a preset and variants."""
    ruleset = build_ruleset(preset, variants, short_game)
    return initial_state([(f"P{i + 1}", COLOURS[i]) for i in range(players)], ruleset, seed)


def play(state: GameState, *actions: Action) -> GameState:
    """Apply ``actions`` one after the other."""
    for action in actions:
        state = apply(state, action)
    return state


def start_action_phase(state: GameState, faces: dict[int, list[int]] | None = None,
                       ports: tuple[int, ...] = ()) -> GameState:
    """From the Refresh phase to the Action phase: everyone refreshes (``faces`` per player, else rolled), the
    highest roller throws the Life Preserver to the next player, and on later Days everyone declares Sea, or Port
    for the players in ``ports``."""
    faces = faces or {}
    for i in range(len(state.players)):
        state = apply(state, Refresh(player=i, faces=faces.get(i)))
    if len(state.players) > 1:
        thrower = state.life_preserver_thrower
        state = apply(state, ThrowLifePreserver(player=thrower, to=(thrower + 1) % len(state.players)))
    state = apply(state, AdvancePhase())
    while state.phase == "declaration" and state.turn is not None:
        state = apply(state, Declare(player=state.turn, location="port" if state.turn in ports else "sea"))
    return apply(state, AdvancePhase()) if state.phase == "declaration" else state


def end_day(state: GameState) -> GameState:
    """Everyone still in passes, in turn order, and the next Day starts (or the game ends on the last Day)."""
    while state.turn is not None:
        state = apply(state, Pass(player=state.turn))
    return apply(state, AdvancePhase())
