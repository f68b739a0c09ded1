"""Regret cards and Fishbucks can be typed on the numeric keyboard as well as stepped (issue 12): at the table one
typed number is one move; in the scorer it fills the field. Anything but a whole number is refused, naming the
field, and changes nothing."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
from flet.utils.object_model import patch_dataclass
from tables import context, draft_of, draw, game_of, phone_of, two_players
from viewtree import change, enter, find, leave, text_of

from companion.rules import actions as act
from companion.scoring.draft import PlayerDraft, TableDraft
from companion.views.context import AppContext
from companion.views.scorers.deep_regrets import DRAFT_KEY


def type_in(ctx: AppContext, identifier: str, text: str) -> None:
    """Type ``text`` in the number's field ``identifier`` and leave it, as a thumb would: the field is there to be
    tapped (the phone gives it the keys, no answer from the host in between) and starts empty."""
    field = find(draw(ctx), identifier)
    assert isinstance(field, ft.TextField) and field.keyboard_type == ft.KeyboardType.NUMBER and field.value == ""
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
    assert text_of(draw(ctx), "fishbucks-0") == "$0 Fishbucks"  # the number is shown again as it was


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
    assert ctx.error == "Fishbucks: type a whole number from 0 to 10, not “six”"  # the Angler's Guide's cap, $10


def scorer_of(*names: str) -> AppContext:
    ctx = context(None, "/score")
    ctx.sessions.draft(DRAFT_KEY).reset(TableDraft(players=[PlayerDraft(name=n) for n in names]), seen=0)
    return ctx


def test_every_counter_is_a_field_the_phone_focuses_itself():
    """Issue 26, bug 3: the first tap on a number after another was typed opened nothing and the digits were lost.
    Each counter is a field from the start, so the tap that focuses it is the phone's own, with no round trip to the
    host that a redraw could lose; it starts empty (typing 13 showed "013") and shows the number beneath."""
    ctx = scorer_of("Ann", "Kai")
    v = draw(ctx)
    for identifier in ("scorer-regret-cards-field-0", "scorer-fishbucks-field-1"):
        field = find(v, identifier)
        assert isinstance(field, ft.TextField) and field.value == ""
    enter(v, "scorer-regret-cards-field-0", "3")  # Ann's Regret cards typed; the thumb goes to Kai's Fishbucks
    leave(draw(ctx), "scorer-regret-cards-field-0")
    change(draw(ctx), "scorer-fishbucks-field-1", "8")
    ann, kai = draft_of(ctx, DRAFT_KEY).players
    assert (ann.regret_cards, kai.regret_cards, kai.fishbucks) == (3, 0, 8)
    assert text_of(draw(ctx), "scorer-fishbucks-1").startswith("$8")
    assert find(draw(ctx), "scorer-fishbucks-field-1").value == ""  # emptied again for the next time


def test_a_counter_left_empty_changes_nothing_and_is_not_refused():
    """Issue 26, bug 3: a value was "refused as empty"; a field left with nothing typed keeps the number."""
    ctx = scorer_of("Ann")
    type_in(ctx, "scorer-regret-cards-field-0", "4")
    change(draw(ctx), "scorer-regret-cards-field-0", "")
    assert ctx.error is None and draft_of(ctx, DRAFT_KEY).players[0].regret_cards == 4


def test_a_value_being_typed_survives_another_phones_change():
    """Issue 26, bug 3: a field that loses focus keeps what it had, even when another phone changed the table
    while it was typed (the screen drew again under the thumb)."""
    ctx = scorer_of("Ann", "Kai")
    enter(draw(ctx), "scorer-regret-value-0", "3")
    enter(draw(ctx), "scorer-regret-cards-field-1", "2")
    session = ctx.sessions.draft(DRAFT_KEY)
    shown = session.current
    renamed = shown.value.model_copy(deep=True)
    renamed.players[1].name = "Kai Lee"
    assert session.replace(lambda _old: renamed, seen=shown.version).ok  # another phone renames Kai
    v = draw(ctx)
    assert find(v, "scorer-regret-value-0").value == "3" and find(v, "scorer-regret-cards-field-1").value == "2"
    leave(v, "scorer-regret-value-0")
    leave(draw(ctx), "scorer-regret-cards-field-1")
    ann, kai = draft_of(ctx, DRAFT_KEY).players
    assert (ann.regret_value, kai.regret_cards, kai.name) == (3, 2, "Kai Lee")


def test_the_scorer_counts_a_typed_number_before_its_field_is_left():
    """Issue 48 N5: the Deep Regrets $ field counted only once left. Hugo, with no Fish, types $10 a digit at a time
    (docs/rules.md §7: 1 point per $2, rounded down): his total follows each keystroke, with the keyboard still
    on the field; "10x" is neither counted nor refused until the field is left, and then the entry is refused
    whole ($0 again, as before it was typed); a number typed and then rubbed out before leaving changes nothing."""
    ctx = context(None, "/score")
    ctx.sessions.draft(DRAFT_KEY).reset(TableDraft(players=[PlayerDraft(name=n, regret_cards=3, regret_value=0)
                                                   for n in ("Ann", "Hugo")]), seen=0)
    for text, total in (("1", "Total 0"), ("10", "Total 5")):
        enter(draw(ctx), "scorer-fishbucks-field-1", text)
        assert text_of(draw(ctx), "scorer-total-1") == total
        assert draft_of(ctx, DRAFT_KEY).players[1].fishbucks == int(text)
    enter(draw(ctx), "scorer-fishbucks-field-1", "10x")
    assert ctx.error is None and draft_of(ctx, DRAFT_KEY).players[1].fishbucks == 10
    leave(draw(ctx), "scorer-fishbucks-field-1")
    assert ctx.error == "Fishbucks: type a whole number from 0 to 10, not “10x”"
    assert draft_of(ctx, DRAFT_KEY).players[1].fishbucks == 0
    assert text_of(draw(ctx), "scorer-total-1") == "Total 0"
    change(draw(ctx), "scorer-fishbucks-field-1", "8")
    enter(draw(ctx), "scorer-fishbucks-field-1", "4")
    assert draft_of(ctx, DRAFT_KEY).players[1].fishbucks == 4
    change(draw(ctx), "scorer-fishbucks-field-1", "")  # rubbed out, then left
    assert draft_of(ctx, DRAFT_KEY).players[1].fishbucks == 8
    enter(draw(ctx), "scorer-regret-value-1", "7")  # the Regret value too, without leaving its field
    assert draft_of(ctx, DRAFT_KEY).players[1].regret_value == 7
    assert text_of(draw(ctx), "scorer-rank-0").startswith("1. Hugo: 4")  # $8: 4 points


def test_a_counted_keystroke_sends_no_text_over_the_next_one():
    """Counting each keystroke draws the screen again: the redraw for "1", made after "10" reached the field, must
    not send "1" back over it."""
    ctx = scorer_of("Ann", "Hugo")
    field = find(draw(ctx), "scorer-fishbucks-field-1")
    phone = phone_of(ctx)
    sent_before = len(phone.received())

    def keystrokes() -> None:
        patch_dataclass(field, {"value": "1"})  # the phone's text, as Flet applies it before the handler
        field.on_change(SimpleNamespace(control=field, data="1"))
        patch_dataclass(field, {"value": "10"})  # the next keystroke reaches the field before the redraw

    phone.call(keystrokes)
    draw(ctx)
    assert "1" not in phone.received()[sent_before:]
    assert draft_of(ctx, DRAFT_KEY).players[1].fishbucks == 1
