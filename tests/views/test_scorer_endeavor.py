"""The Endeavor: Deep Sea scorer screen (docs/rules.md §13: final scoring and co-op goals)."""

from __future__ import annotations

from types import SimpleNamespace

from flet.utils.object_model import patch_dataclass
from tables import context, draft_of, draw, phone_of
from viewtree import change, enter, find, ids, leave, tap, text_of

from companion.views.scorers.endeavor import DRAFT_KEY


def test_competitive_categories_goal_and_tied_first() -> None:
    """Seed 003: A (5 + 4 + 3 + 3) + 6 + 4 + 3 + (5 + 2) // 3 = 30, B 20 + 10 = 30. Goal "Conservation": 1 point each,
    A and B both count 4 → both tied 1st (+7), no 2nd bonus: 30 + 4 + 7 = 41 each → shared victory."""
    ctx = context(None, "/score/endeavor")
    change(draw(ctx), "endeavor-name-0", "A")
    change(draw(ctx), "endeavor-name-1", "B")
    for field, value in (("ingenuity", 5), ("inspiration", 4), ("coordination", 3), ("reputation", 3),
                         ("impact", 6), ("journals", 4), ("specialists", 3), ("research", 5),
                         ("staging_discs", 2)):
        change(draw(ctx), f"endeavor-{field}-0", str(value))
    change(draw(ctx), "endeavor-ingenuity-1", "20")
    change(draw(ctx), "endeavor-impact-1", "10")
    tap(draw(ctx), "endeavor-add-goal")
    change(draw(ctx), "endeavor-goal-name-0", "Conservation")
    change(draw(ctx), "endeavor-goal-points_per-0", "1")
    change(draw(ctx), "endeavor-goal-first-0", "7")
    change(draw(ctx), "endeavor-goal-second-0", "3")
    change(draw(ctx), "endeavor-goal-count-0-0", "4")
    change(draw(ctx), "endeavor-goal-count-0-1", "4")
    screen = draw(ctx)
    assert text_of(screen, "scorer-winners") == "Shared win: A, B"
    assert text_of(screen, "scorer-rank-0").startswith("1. A: 41")
    assert text_of(screen, "scorer-rank-1").startswith("1. B: 41")


def test_second_place_bonus_and_removing_a_player_keeps_counts_by_seat() -> None:
    """Seed 003: one 1st and a 2nd: A counts 3 (7), C counts 1 (3). After B (seat 1) leaves, C's count stays C's."""
    ctx = context(None, "/score/endeavor")
    tap(draw(ctx), "endeavor-add-player")
    for i, name in enumerate("ABC"):
        change(draw(ctx), f"endeavor-name-{i}", name)
    tap(draw(ctx), "endeavor-add-goal")
    change(draw(ctx), "endeavor-goal-name-0", "G")
    change(draw(ctx), "endeavor-goal-first-0", "7")
    change(draw(ctx), "endeavor-goal-second-0", "3")
    change(draw(ctx), "endeavor-goal-count-0-0", "3")
    change(draw(ctx), "endeavor-goal-count-0-2", "1")
    tap(draw(ctx), "endeavor-remove-player-1")
    screen = draw(ctx)
    assert draft_of(ctx, DRAFT_KEY)["goals"][0]["counts"] == {"0": 3, "1": 1}
    assert text_of(screen, "scorer-rank-0").startswith("1. A: 7")
    assert text_of(screen, "scorer-rank-1").startswith("2. C: 3")


def test_bad_number_is_refused() -> None:
    ctx = context(None, "/score/endeavor")
    change(draw(ctx), "endeavor-ingenuity-0", "-4")
    assert "Ingenuity track must be" in (ctx.error or "")
    assert draft_of(ctx, DRAFT_KEY)["players"][0]["ingenuity"] == 0


def test_coop_goal_check_by_difficulty() -> None:
    """Seed 003: Beginner any 4 goals; Expert 6."""
    ctx = context(None, "/score/endeavor")
    tap(draw(ctx), "endeavor-mode-co-op")
    assert "endeavor-player-0" not in ids(draw(ctx))
    for g in range(4):
        change(draw(ctx), f"endeavor-coop-goal-{g}", True)
    assert text_of(draw(ctx), "endeavor-coop-result").startswith("Won: 4 goals met, 4 needed")
    tap(draw(ctx), "endeavor-difficulty-expert")  # a game that ended short of its goals is lost (issue 12)
    assert text_of(draw(ctx), "endeavor-coop-result") == "Lost: 4 of the 6 goals needed were met (2 short)"


def test_numbers_beyond_the_bound_are_refused_naming_the_field() -> None:
    """docs/rules.md §13: every Endeavor entry is 0 to 99 (issue 28 item 5); an impact of 10^30 changes nothing."""
    ctx = context(None, "/score/endeavor")
    change(draw(ctx), "endeavor-impact-0", str(10**30))
    assert ctx.error is not None and "from 0 to 99" in ctx.error and ctx.error.startswith("Impact")
    assert draft_of(ctx, DRAFT_KEY)["players"][0].get("impact", 0) == 0
    change(draw(ctx), "endeavor-impact-0", "99")
    assert draft_of(ctx, DRAFT_KEY)["players"][0]["impact"] == 99


def test_a_typed_number_counts_before_its_field_is_left() -> None:
    """Issue 48 N5: Endeavor showed Giulia 35, not 39, while the keyboard was still on her count. Each keystroke
    that makes a whole number is counted at once; one that doesn't yet ("39x") is neither counted nor refused until
    the field is left, and then the entry is refused whole: the number is 35 again, as before it was typed."""
    ctx = context(None, "/score/endeavor")
    change(draw(ctx), "endeavor-name-0", "Giulia")
    change(draw(ctx), "endeavor-name-1", "Bo")
    change(draw(ctx), "endeavor-ingenuity-0", "35")
    for text in ("3", "39"):
        enter(draw(ctx), "endeavor-ingenuity-0", text)
        assert text_of(draw(ctx), "scorer-rank-0").startswith(f"1. Giulia: {text}")
    enter(draw(ctx), "endeavor-ingenuity-0", "39x")
    assert ctx.error is None and text_of(draw(ctx), "scorer-rank-0").startswith("1. Giulia: 39")
    leave(draw(ctx), "endeavor-ingenuity-0")
    assert "Ingenuity track must be" in (ctx.error or "")
    assert draft_of(ctx, DRAFT_KEY)["players"][0]["ingenuity"] == 35
    assert find(draw(ctx), "endeavor-ingenuity-0").value == "35"  # the number kept, shown again
    assert text_of(draw(ctx), "scorer-rank-0").startswith("1. Giulia: 35")


def test_a_redraw_for_an_older_keystroke_sends_no_text_over_the_newer_one() -> None:
    """Counting each keystroke draws the screen again: the redraw for "3", made after "39" reached the field, must
    not send "3" back over it (the Fish search's fault, issue 38)."""
    ctx = context(None, "/score/endeavor")
    field = find(draw(ctx), "endeavor-ingenuity-0")
    phone = phone_of(ctx)
    sent_before = len(phone.received())

    def keystrokes() -> None:
        patch_dataclass(field, {"value": "3"})  # the phone's text, as Flet applies it before the handler
        field.on_change(SimpleNamespace(control=field, data="3"))
        patch_dataclass(field, {"value": "39"})  # the next keystroke reaches the field before the redraw

    phone.call(keystrokes)
    draw(ctx)
    assert "3" not in phone.received()[sent_before:]
    assert draft_of(ctx, DRAFT_KEY)["players"][0]["ingenuity"] == 3
