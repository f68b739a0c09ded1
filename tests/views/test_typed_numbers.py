"""Regret cards and Fishbucks can be typed on the numeric keyboard as well as stepped (issue 12): at the table one
typed number is one move; in the scorer it fills the field. Anything but a whole number is refused, naming the
field, and changes nothing."""

from __future__ import annotations

import flet as ft
from tables import context, draft_of, draw, game_of, two_players
from viewtree import change, find, tap, text_of

from companion.rules import actions as act
from companion.scoring.draft import PlayerDraft, TableDraft
from companion.views.context import AppContext
from companion.views.scorers.deep_regrets import DRAFT_KEY


def type_in(ctx: AppContext, identifier: str, text: str) -> None:
    """Tap the number ``identifier``, type ``text`` in the field it opens and leave it, as a thumb would."""
    tap(draw(ctx), identifier)
    field = find(draw(ctx), identifier)
    assert isinstance(field, ft.TextField) and field.keyboard_type == ft.KeyboardType.NUMBER and field.autofocus
    change(draw(ctx), identifier, text)


def test_typed_regret_cards_are_one_move_at_the_table():
    """A p.18: drawing five Regret cards at once is one draw of five, undone in one tap."""
    ctx = context(two_players(), "/table?game={id}")
    type_in(ctx, "regret-field-0", "5")
    game = game_of(ctx)
    assert game.state.players[0].regret_cards == 5 and game.log[-1] == act.DrawRegret(player=0, count=5)
    type_in(ctx, "regret-field-0", "2")
    assert game_of(ctx).log[-1] == act.DiscardRegret(player=0, count=3)
    assert text_of(draw(ctx), "regret-0").startswith("2")


def test_typed_fishbucks_at_the_table_go_through_the_cap():
    """docs/rules.md §5: $10 is the cap; typing 14 leaves $10."""
    ctx = context(two_players(), "/table?game={id}")
    type_in(ctx, "fishbucks-field-1", "$7")
    assert game_of(ctx).state.players[1].fishbucks == 7
    type_in(ctx, "fishbucks-field-1", "14")
    assert game_of(ctx).state.players[1].fishbucks == 10


def test_text_that_is_no_number_is_refused_naming_the_field():
    ctx = context(two_players(), "/table?game={id}")
    before = game_of(ctx)
    type_in(ctx, "regret-field-0", "3x")
    assert game_of(ctx) is before
    assert ctx.error == "Regret cards: type a whole number of 0 or more, not “3x”"
    type_in(ctx, "fishbucks-field-0", "-2")
    assert game_of(ctx) is before and ctx.error.startswith("Fishbucks:")
    assert text_of(draw(ctx), "fishbucks-field-0") == "$0 Fishbucks"  # the number is shown again as it was


def test_leaving_the_field_unchanged_sends_nothing():
    ctx = context(two_players(), "/table?game={id}")
    before = game_of(ctx)
    type_in(ctx, "regret-field-0", " 0 ")
    assert game_of(ctx) is before and ctx.error is None


def test_the_scorer_takes_typed_regret_cards_and_fishbucks():
    ctx = context(None, "/score")
    ctx.sessions.draft(DRAFT_KEY).reset(TableDraft(players=[PlayerDraft(name="Alba"), PlayerDraft(name="Hugo")]),
                                        seen=0)
    type_in(ctx, "scorer-regret-cards-field-1", "14")
    type_in(ctx, "scorer-fishbucks-field-1", "6")
    hugo = draft_of(ctx, DRAFT_KEY).players[1]
    assert (hugo.regret_cards, hugo.fishbucks) == (14, 6)
    type_in(ctx, "scorer-fishbucks-field-1", "six")
    assert draft_of(ctx, DRAFT_KEY).players[1].fishbucks == 6
    assert ctx.error == "Fishbucks: type a whole number of 0 or more, not “six”"
