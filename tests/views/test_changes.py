"""Issue 36 item 4: one view helper answers every change a screen makes, a game's move or a scorer's edit: a
refusal shown by the thumb and nothing changed, a choice asked there, and a change made followed by the next."""

from __future__ import annotations

from tables import context, monday_action

from companion.rules import actions as act
from companion.views.scorers.common import Editing, ScorerForm
from companion.views.table.common import Moves


def test_a_game_and_a_draft_are_changed_and_refused_the_same_way():
    ctx = context(monday_action(), "/table?game={id}")
    game = ctx.sessions.game(ctx.params["game"])
    draft = ctx.sessions.draft("scorer")
    moves = Moves(ctx, game, game.version)
    edits = Editing(ctx, draft, draft.version, draft.current.value, ScorerForm(), lambda: None)
    assert moves.apply(act.DrawRegret(player=0)) and edits.changed(draft.current.value.model_copy(
        update={"preset": "three-shops"}))
    assert (moves.shown, edits.shown) == (game.version, draft.version)  # each followed its own change
    stale_moves, stale_edits = Moves(ctx, game, 0), Editing(ctx, draft, 0, draft.current.value, ScorerForm(),
                                                            lambda: None)
    assert not stale_moves.apply(act.DrawRegret(player=1))
    assert "Another phone changed this game first" in (ctx.error or "")
    assert not stale_edits.changed(draft.current.value.model_copy(update={"preset": "anglers-guide"}))
    assert "Another phone changed this game first" in (ctx.error or "")
    assert game.current.value.state.players[1].regret_cards == 0 and draft.current.value.preset == "three-shops"


def test_an_undo_made_here_is_followed_by_the_next_move_without_a_redraw():
    """The old table helper kept the version it drew after its own undo: the next tap was refused as stale."""
    ctx = context(monday_action(), "/table?game={id}")
    game = ctx.sessions.game(ctx.params["game"])
    moves = Moves(ctx, game, game.version)
    assert moves.apply(act.DrawRegret(player=0)) and moves.undo()
    assert moves.apply(act.DrawRegret(player=1)) and ctx.error is None
    assert [p.regret_cards for p in game.current.value.state.players] == [0, 1]
