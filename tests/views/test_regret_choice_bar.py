"""Whom each Regret comes from, asked in the bottom bar card by card (issue 37, B5): with both Regret piles empty,
a draw of two takes each card from an angler chosen for it (A p.18), so two anglers holding one card each can
give one each."""

from __future__ import annotations

from tables import context, draw, game_of, play
from test_typed_numbers import type_in
from viewtree import ids, tap, text_of

from companion.rules import actions as act
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset


def three_anglers_piles_empty():
    """Monday's Action phase at three: Bo and Cy hold one Regret card each, Ada every other one."""
    game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan"),
                                       PlayerSetup(name="Cy", colour="lime")], ruleset=build_ruleset(), seed=7))
    game = play(game, act.Refresh(player=0, faces=[3, 3, 2]), act.Refresh(player=1, faces=[1, 1, 1]),
                act.Refresh(player=2, faces=[1, 1, 1]), act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase())
    return play(game, act.DrawRegret(player=1), act.DrawRegret(player=2),
                act.DrawRegret(player=0, count=game.state.regrets_in_piles - 2))


def test_two_regrets_typed_with_both_piles_empty_ask_for_each_card_and_take_one_from_each_angler():
    game = three_anglers_piles_empty()
    ctx = context(game, "/table?game={id}")
    type_in(ctx, "regret-field-0", "30")
    v = draw(ctx)
    assert "Regret card 1 of 2 from whom" in text_of(v, "error-line")
    assert [text_of(v, "choose-regret_from-1"), text_of(v, "choose-regret_from-2")] == ["Bo", "Cy"]
    assert [p.regret_cards for p in game_of(ctx).state.players] == [28, 1, 1]  # nothing taken before the answers
    tap(v, "choose-regret_from-1")
    v = draw(ctx)
    assert "Regret card 2 of 2 from whom" in text_of(v, "error-line")
    assert "choose-regret_from-1" not in ids(v)  # Bo's only card is taken: Cy gives the second
    tap(v, "choose-regret_from-2")
    game = game_of(ctx)
    assert [p.regret_cards for p in game.state.players] == [30, 0, 0] and ctx.error is None
    assert game.log[-1] == act.DrawRegret(player=0, count=2, regret_from=[1, 2])
    steps = " / ".join(ctx.steps)
    assert "Bo: give a Regret card to Ada" in steps and "Cy: give a Regret card to Ada" in steps
