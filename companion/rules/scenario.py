"""Shortcuts to set a table up and play through routine steps: for tests, benchmarks and demo games.

>>> s = start_action_phase(table(2))
>>> (s.phase, s.turn, s.life_preserver)
('action', 0, 1)
"""

from __future__ import annotations

from companion.rules.actions import Action, AdvancePhase, Declare, Refresh
from companion.rules.autopilot import autopilot, autopilot_log
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
    """From the Refresh phase to the Action phase, as the autopilot plays it: everyone refreshes (``faces`` per
    player, else the app rolls), the highest Fresh total throws the Life Preserver to the next player, and on later
    Days everyone declares Sea, or Port for the players in ``ports``."""
    faces = faces or {}
    while state.phase in ("refresh", "declaration"):
        action = autopilot(state)
        if isinstance(action, Refresh) and action.player in faces:
            action = Refresh(player=action.player, faces=faces[action.player])
        elif isinstance(action, Declare) and action.player in ports:
            action = Declare(player=action.player, location="port")
        state = apply(state, action or AdvancePhase())
    return state


def end_day(state: GameState) -> GameState:
    """Everyone still in passes, in turn order, and the next Day starts (or the game ends on the last Day)."""
    day = state.day
    return play(state, *autopilot_log(state, lambda s: s.day != day or s.finished))


def to_day(state: GameState, day: int) -> GameState:
    """Routine Days (everyone at Sea, passing at once) until ``day``'s Refresh phase (an index into ``DAYS``).

    >>> to_day(table(2), 3).day_name
    'Thursday'
    """
    return play(state, *autopilot_log(state, lambda s: s.day >= day or s.finished))
