"""The proposed jettison is the exact optimum (docs/rules.md §8, A p.26), checked against brute force."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.survey.jettison import HeldFish, jettison_is_enough, jettison_key, propose_jettison

held_fish = st.lists(
    st.builds(HeldFish, value=st.one_of(st.none(), st.integers(0, 12)), hauled_before=st.booleans()),
    max_size=10,
)


def brute_force_best(held: list[HeldFish], regret: int) -> tuple[int, int, int]:
    every = range(len(held))
    valid = [
        c for r in range(len(held) + 1) for c in combinations(every, r) if jettison_is_enough(held, c, regret)
    ]
    return min(jettison_key(held, c) for c in valid)


@settings(max_examples=300, deadline=None)
@given(held=held_fish, regret=st.integers(0, 40))
def test_proposal_is_valid_and_optimal_a_p26(held: list[HeldFish], regret: int) -> None:
    """A p.26: jettison a total ≥ Regret value; the proposal is the best by (new Fish, value, count)."""
    chosen = propose_jettison(held, regret)
    assert chosen == sorted(set(chosen))
    assert jettison_is_enough(held, chosen, regret)
    assert jettison_key(held, chosen) == brute_force_best(held, regret)


@settings(max_examples=200, deadline=None)
@given(held=held_fish, regret=st.integers(1, 40))
def test_reaching_the_regret_value_with_old_fish_keeps_every_new_fish(held: list[HeldFish], regret: int) -> None:
    """docs/rules.md §8: Fish not yet hauled are kept whenever the already-hauled ones can cover the Regret value."""
    old_total = sum(f.worth for f in held if f.hauled_before)
    chosen = propose_jettison(held, regret)
    if old_total >= regret:
        assert all(held[i].hauled_before for i in chosen)
