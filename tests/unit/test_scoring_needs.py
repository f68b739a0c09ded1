"""What a scorer table still needs before it is scored: the lines the screens show come from the scorers' rules."""

from __future__ import annotations

from companion.scoring.needs import name_needs
from companion.scoring.shallow_regrets import ShallowFish, fish_points, foul_count, shallow_needs


def test_names_compare_without_case_or_spaces_rules_md_1() -> None:
    """docs/rules.md §1, the one name rule: "ada " and "Ada" are the same angler; a blank name is missing."""
    assert name_needs(["Ada", "Bo"]) == []
    assert name_needs(["Ada", "  ", "ada "]) == ["Player 2 needs a name", "Each player needs a different name"]


def test_shallow_regrets_needs_two_players_unless_solo_rules_md_12() -> None:
    """docs/rules.md §12: 2–3 players (4 with the expansion), or solo against the Frod."""
    assert shallow_needs(["Ada"], solo=False) == ["Shallow Regrets needs 2 players, or switch on solo"]
    assert shallow_needs(["Ada"], solo=True) == []
    assert shallow_needs(["Ada", "Bo"], solo=False) == []


def test_shallow_fish_points_and_foul_count_rules_md_12() -> None:
    """docs/rules.md §12, S's example: 3 + 2 + 1 − 1 = 5 points, one Foul Fish (the Rotfish −1)."""
    fish = [ShallowFish(points=3, type="fair"), ShallowFish(points=2, type="fair"), ShallowFish(points=1, type="fair"),
            ShallowFish(points=-1, type="foul")]
    assert (fish_points(fish), foul_count(fish)) == (5, 1)
