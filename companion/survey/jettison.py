"""Week's end: which Fish to jettison (docs/rules.md §8, A p.26).

The rulebook asks for any set of held Fish whose values total at least the Regret value. The companion proposes
the set that, in order:

1. jettisons as few Fish not yet hauled as possible (a new tick on the sheet is worth more than value),
2. then jettisons as little value as possible (keeps the most value for the unlock shop),
3. then jettisons as few Fish as possible.

When even every held Fish falls short of the Regret value, everything goes overboard.
The optimum is exact: a 0/1 knapsack over the jettisoned total, small because Fish values are small.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field


class HeldFish(BaseModel):
    """A Fish held at week's end: its printed value (``None`` counts as 0) and whether the sheet already ticks it."""

    model_config = ConfigDict(frozen=True)

    value: int | None = Field(default=None, ge=0)
    hauled_before: bool = False

    @property
    def worth(self) -> int:
        return self.value or 0


JettisonKey = tuple[int, int, int]


def jettison_key(held: Sequence[HeldFish], chosen: Sequence[int]) -> JettisonKey:
    """How good a jettison is; lower is better: (new Fish lost, value lost, Fish lost).

    >>> jettison_key([HeldFish(value=3), HeldFish(value=2, hauled_before=True)], [1])
    (0, 2, 1)
    """
    picked = [held[i] for i in set(chosen)]
    return (sum(not f.hauled_before for f in picked), sum(f.worth for f in picked), len(picked))


def jettison_total(held: Sequence[HeldFish], chosen: Iterable[int]) -> int:
    """Total value of the chosen Fish."""
    return sum(held[i].worth for i in set(chosen))


def jettison_is_enough(held: Sequence[HeldFish], chosen: Sequence[int], regret_value: int) -> bool:
    """Whether jettisoning ``chosen`` satisfies A p.26: total ≥ Regret value, or every held Fish goes."""
    chosen_set = set(chosen)
    return jettison_total(held, chosen_set) >= regret_value or len(chosen_set) == len(held)


def propose_jettison(held: Sequence[HeldFish], regret_value: int) -> list[int]:
    """The best jettison (indexes into ``held``, ascending), as the module docstring orders it.

    >>> fish = [HeldFish(value=5), HeldFish(value=3, hauled_before=True), HeldFish(value=4, hauled_before=True)]
    >>> propose_jettison(fish, 6)
    [1, 2]
    >>> propose_jettison(fish, 0)
    []
    """
    if regret_value <= 0:
        return []
    total = sum(f.worth for f in held)
    if total < regret_value:
        return list(range(len(held)))
    # best[s] = (new Fish lost, Fish lost, chosen indexes) of the best way to jettison exactly s value.
    best: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (total + 1)
    best[0] = (0, 0, ())
    for i, fish in enumerate(held):
        if fish.worth == 0:
            continue  # a worthless Fish never helps reach the Regret value
        for s in range(total, fish.worth - 1, -1):
            prev = best[s - fish.worth]
            if prev is None:
                continue
            cand = (prev[0] + (not fish.hauled_before), prev[1] + 1, (*prev[2], i))
            current = best[s]
            if current is None or cand[:2] < current[:2]:
                best[s] = cand
    options = [(b[0], s, b[1], b[2]) for s, b in enumerate(best) if b is not None and s >= regret_value]
    return sorted(min(options)[3])
