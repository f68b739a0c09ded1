"""Ranking with a chain of tie-breaks, shared by the three scorers."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict


class Placing(BaseModel):
    """Where one player finished: ``rank`` 1 is best; players tied after every tie-break share a rank.

    ``tie_break`` names the tie-break that separated this player from the others on the same score
    (``None`` when nobody shared their score, ``"shared"`` when nothing separated them).
    """

    model_config = ConfigDict(frozen=True)

    rank: int
    tie_break: str | None


def rank(keys: Sequence[tuple[int, ...]], tie_breaks: Sequence[str]) -> list[Placing]:
    """Rank players by ``keys`` (lower is better; ``keys[i][0]`` is the score key, then one per tie-break).

    >>> [p.rank for p in rank([(-10, 3), (-12, 5), (-10, 1)], ["fewer Foul Fish"])]
    [3, 1, 2]
    >>> rank([(-10, 3), (-10, 3)], ["fewer Foul Fish"])[0].tie_break
    'shared'
    """
    placings = []
    for i, key in enumerate(keys):
        better = sum(1 for other in keys if other < key)
        same_score = [other for j, other in enumerate(keys) if j != i and other[0] == key[0]]
        decided: str | None = None
        if same_score:
            decided = "shared"
            for depth, label in enumerate(tie_breaks, start=1):
                if all(other[: depth + 1] != key[: depth + 1] for other in same_score):
                    decided = label
                    break
        placings.append(Placing(rank=better + 1, tie_break=decided))
    return placings
