"""Worked jettison cases (docs/rules.md §8, A p.26)."""

from __future__ import annotations

from companion.survey.jettison import HeldFish, jettison_is_enough, propose_jettison


def fish(*values: int, old: tuple[int, ...] = ()) -> list[HeldFish]:
    return [HeldFish(value=v, hauled_before=i in old) for i, v in enumerate(values)]


def test_rulebook_example_8_regret_value_needs_8_value_a_p26() -> None:
    """A p.26 example: 8 Regret value → discard 8 value worth; among hauled-before Fish 5+3 keeps more than 9."""
    assert propose_jettison(fish(5, 3, 9, old=(0, 1, 2)), 8) == [0, 1]


def test_losing_one_new_fish_beats_losing_two_worth_less_rules_8() -> None:
    """docs/rules.md §8 (issue 6): keeping un-hauled Fish comes before keeping value: a lone 9 over 5+3."""
    assert propose_jettison(fish(5, 3, 9), 8) == [2]


def test_zero_regret_jettisons_nothing_a_p26() -> None:
    assert propose_jettison(fish(5, 3), 0) == []


def test_already_hauled_fish_go_first_even_if_worth_more_rules_8() -> None:
    """docs/rules.md §8 (issue 6): keep un-hauled Fish whenever possible, even at the cost of more value."""
    assert propose_jettison(fish(2, 9, old=(1,)), 2) == [1]


def test_fewest_new_fish_lost_when_old_ones_are_not_enough_rules_8() -> None:
    # The old Fish (3) can't cover 7 alone; with one new 4 it does exactly, losing less than with the 6.
    assert propose_jettison(fish(3, 4, 4, 6, old=(0,)), 7) in ([0, 1], [0, 2])


def test_short_of_the_regret_value_everything_goes_a_p26() -> None:
    held = fish(2, 3)
    assert propose_jettison(held, 10) == [0, 1]
    assert jettison_is_enough(held, [0, 1], 10)
    assert not jettison_is_enough(held, [1], 10)


def test_fish_without_a_value_are_never_jettisoned_to_pay_regrets_a_p26() -> None:
    held = [HeldFish(value=None), HeldFish(value=4)]
    assert propose_jettison(held, 3) == [1]
