"""From the rules engine's game state to the Deep Regrets scorer: everything the tracker knows is carried over;
what it can't know (the Regret values, unless entered; Fish caught without being entered) is left for the table.

A draft filled from a game is seen through a seat by the game's own rule (:func:`visible_draft`, through
:func:`companion.rules.visibility.seen_from`): until the final scoring reveals them, another angler's Fish in hand
and Regret value are counts only, and what a phone keeps of such a draft leaves them as they were
(:func:`merged_draft`).
"""

from __future__ import annotations

from companion.rules.state import GameState
from companion.rules.visibility import all_revealed, seen_from
from companion.scoring.deep_regrets import DeepRegretsResult
from companion.scoring.draft import PlayerDraft, TableDraft


def draft_from_state(state: GameState, game_id: str | None = None) -> TableDraft:
    """A scorer draft pre-filled from ``state`` (normally a finished game, A p.22); give it the state as the seat
    filling it may see it (:func:`companion.rules.visibility.visible_to`)."""
    players = []
    for p in state.players:
        players.append(PlayerDraft(name=p.name, colour=p.colour, regret_cards=p.regret_cards,
                                   regret_value=p.regret_value, lifeboat_flipped=p.lifeboat_flipped,
                                   fishbucks=p.fishbucks, hand=list(p.hand), mounted=list(p.mounted),
                                   cloche=p.cloche, displayed=list(p.displayed), hand_unentered=p.hand_hidden))
    return TableDraft(preset=state.ruleset.id, variants=list(state.ruleset.variants),
                      expansions=list(state.ruleset.expansions), players=players, game_id=game_id,
                      finished=state.finished)


def _counts_only(p: PlayerDraft) -> PlayerDraft:
    return p.model_copy(update={"hand": [], "hand_unentered": p.hand_unentered + len(p.hand), "regret_value": None})


def visible_draft(draft: TableDraft, seat: int | None) -> TableDraft:
    """``draft`` as the angler at ``seat`` of its game sees it (``None``: the whole table), by the game's own rule
    (:func:`companion.rules.visibility.seen_from`); a blank draft, not filled from a game, hides nothing.

    >>> from companion.rules.fish import FishRef
    >>> ada = PlayerDraft(name="Ada", hand=[FishRef(name="Sunfish", value=4, type="fair")], regret_value=5)
    >>> shown = visible_draft(TableDraft(players=[ada, PlayerDraft(name="Bo")], game_id="g1", finished=False), 1)
    >>> shown.players[0].hand, shown.players[0].hand_unentered, shown.players[0].regret_value
    ([], 1, None)
    """
    if draft.game_id is None or all_revealed(draft.finished, draft.players):
        return draft
    players = seen_from(seat, draft.players, _counts_only)
    return draft if players is None else draft.model_copy(update={"players": players})


def merged_draft(full: TableDraft, kept: TableDraft, seat: int | None) -> TableDraft:
    """What a seat keeps of ``full`` (``kept``, edited from its view of it), with the hidden parts of every other
    angler still in the same place put back as they were: a phone never loses what it could not see."""
    if (full.game_id is None or all_revealed(full.finished, full.players) or not isinstance(kept, TableDraft)
            or kept.game_id != full.game_id):
        return kept
    seen = seen_from(seat, full.players, _counts_only)
    if seen is None:  # nothing was hidden from this seat
        return kept
    players = list(kept.players)
    for i, (before, shown) in enumerate(zip(full.players, seen, strict=True)):
        if shown is before or i >= len(players) or players[i].name != before.name:
            continue
        now = players[i]
        if (now.hand, now.regret_value, now.hand_unentered) == (shown.hand, shown.regret_value, shown.hand_unentered):
            players[i] = now.model_copy(update={"hand": before.hand, "regret_value": before.regret_value,
                                                "hand_unentered": before.hand_unentered})
    return kept.model_copy(update={"players": players})


def score_state(state: GameState) -> DeepRegretsResult:
    """Score a game state directly; ``ValueError`` naming what is missing (e.g. a Regret value not revealed)."""
    return draft_from_state(state).score()
