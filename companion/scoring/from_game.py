"""From the rules engine's game state to the Deep Regrets scorer: everything the tracker knows is carried over;
what it can't know (the Regret values, unless entered; Fish caught without being entered) is left for the table.
"""

from __future__ import annotations

from companion.rules.state import GameState
from companion.scoring.deep_regrets import DeepRegretsResult
from companion.scoring.draft import PlayerDraft, TableDraft


def draft_from_state(state: GameState, game_id: str | None = None) -> TableDraft:
    """A scorer draft pre-filled from ``state`` (normally a finished game, A p.22)."""
    players = []
    for p in state.players:
        players.append(PlayerDraft(name=p.name, colour=p.colour, regret_cards=p.regret_cards,
                                   regret_value=p.regret_value, lifeboat_flipped=p.lifeboat_flipped,
                                   fishbucks=p.fishbucks, hand=list(p.hand), mounted=list(p.mounted),
                                   cloche=p.cloche, displayed=list(p.displayed), hand_unentered=p.hand_hidden))
    return TableDraft(preset=state.ruleset.id, variants=list(state.ruleset.variants),
                      expansions=list(state.ruleset.expansions), players=players, game_id=game_id,
                      finished=state.finished)


def score_state(state: GameState) -> DeepRegretsResult:
    """Score a game state directly; ``ValueError`` naming what is missing (e.g. a Regret value not revealed)."""
    return draft_from_state(state).score()
