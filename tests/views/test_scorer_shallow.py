"""The Shallow Regrets scorer screen (docs/rules.md §12, S "Winning the Game")."""

from __future__ import annotations

from tables import context, draft_of, draw
from viewtree import change, ids, is_enabled, tap, text_of

from companion.store import open_store
from companion.views.context import AppContext
from companion.views.scorers.shallow import DRAFT_KEY


def enter(ctx: AppContext, who: str, points: int, kind: str) -> None:
    change(draw(ctx), f"shallow-points-{who}", str(points))
    tap(draw(ctx), f"shallow-add-{kind}-{who}")


def test_two_players_most_foul_lose_two_and_fewest_foul_break_the_tie(tmp_path) -> None:
    """Seed 001: A catches Fair 5 (5); B catches Fair 3 and Foul 4 = 7, the most Foul → 5. Tied on 5: A has fewer
    Foul Fish and wins."""
    store = open_store(tmp_path)
    ctx = context(None, "/score/shallow", store=store)
    change(draw(ctx), "shallow-name-0", "A")
    change(draw(ctx), "shallow-name-1", "B")
    enter(ctx, "0", 5, "fair")
    enter(ctx, "1", 3, "fair")
    enter(ctx, "1", 4, "foul")
    screen = draw(ctx)
    assert text_of(screen, "scorer-winners") == "Winner: A"
    assert text_of(screen, "scorer-rank-0").startswith("1. A: 5")
    assert text_of(screen, "scorer-rank-1").startswith("2. B: 5")
    assert "−2" in text_of(screen, "shallow-penalty-B")
    assert store.get_draft(DRAFT_KEY)["players"][1]["fish"][1] == {"points": 4, "type": "foul"}


def test_negative_points_are_allowed_and_text_is_refused() -> None:
    """docs/rules.md §12: points can be negative (Rotfish −1)."""
    ctx = context(None, "/score/shallow")
    enter(ctx, "0", -1, "foul")
    assert draft_of(ctx, DRAFT_KEY)["players"][0]["fish"] == [{"points": -1, "type": "foul"}]
    change(draw(ctx), "shallow-points-0", "three")
    tap(draw(ctx), "shallow-add-fair-0")
    assert "Points must be a whole number" in text_of(draw(ctx), "error-line")
    assert len(draft_of(ctx, DRAFT_KEY)["players"][0]["fish"]) == 1


def test_solo_against_the_frod_tie_goes_to_the_frod() -> None:
    """docs/rules.md §12 (solo): a tied score goes to the Frod."""
    ctx = context(None, "/score/shallow")
    change(draw(ctx), "shallow-solo", True)
    screen = draw(ctx)
    assert "shallow-player-frod" in ids(screen) and "shallow-player-1" not in ids(screen)
    change(screen, "shallow-name-0", "Me")
    enter(ctx, "0", 4, "fair")
    enter(ctx, "frod", 4, "foul")
    assert text_of(draw(ctx), "scorer-winners") == "Winner: Frod"


def test_missing_names_block_the_result_and_player_limits() -> None:
    ctx = context(None, "/score/shallow")
    screen = draw(ctx)
    assert "needs a name" in text_of(screen, "shallow-missing")
    assert not is_enabled(screen, "shallow-remove-player-0")  # never fewer than 2 outside solo
    tap(screen, "shallow-add-player")
    tap(draw(ctx), "shallow-add-player")
    assert not is_enabled(draw(ctx), "shallow-add-player")  # 4 at most


def test_removed_player_can_be_put_back() -> None:
    """Issue 12 item 5: removing a player is one tap to undo."""
    ctx = context(None, "/score/shallow")
    tap(draw(ctx), "shallow-add-player")
    for i, name in enumerate("ABC"):
        change(draw(ctx), f"shallow-name-{i}", name)
    tap(draw(ctx), "shallow-remove-player-1")
    assert [p["name"] for p in draft_of(ctx, DRAFT_KEY)["players"]] == ["A", "C"]
    tap(draw(ctx), "scorer-undo-remove")
    assert [p["name"] for p in draft_of(ctx, DRAFT_KEY)["players"]] == ["A", "B", "C"]


def test_points_beyond_a_cards_range_are_refused_naming_the_field() -> None:
    """docs/rules.md §12: a Shallow Regrets card prints its points as one figure, -9 to 9 (issue 28 item 5)."""
    ctx = context(None, "/score/shallow")
    for typed, repeated in (("-1000000000000000000000000000000", ""), ("10", " (×2)")):  # the same refusal counted
        change(draw(ctx), "shallow-points-0", typed)
        tap(draw(ctx), "shallow-add-fair-0")
        assert text_of(draw(ctx), "error-line") == "Points must be a whole number from -9 to 9" + repeated
    assert draft_of(ctx, DRAFT_KEY)["players"][0]["fish"] == []
    enter(ctx, "0", 9, "fair")
    assert draft_of(ctx, DRAFT_KEY)["players"][0]["fish"] == [{"points": 9, "type": "fair"}]
