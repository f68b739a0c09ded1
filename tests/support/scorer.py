"""Filling in the Deep Regrets scorer (``/score``) the way a player does, for the browser journey and ``bench.taps``
alike: a table's anglers as read off the board, and the order a thumb enters each one. The caller's :class:`Thumb`
does the taps (in Chromium, waiting for each to show; or on the view tree, counting them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

Kind = Literal["fair", "foul"]


@dataclass(frozen=True)
class ScoredFish:
    """One Fish entered on the scorer: ``where`` is ``"hand"`` or a Mount slot (``"1"``–``"3"``); it is typed as
    a value and Fair/Foul, or found in the catalog by ``search`` and picked as ``fish_id``."""

    where: str
    value: int | None = None
    kind: Kind = "fair"
    search: str | None = None
    fish_id: str | None = None


def typed(where: str | int, value: int, kind: Kind) -> ScoredFish:
    return ScoredFish(str(where), value=value, kind=kind)


def from_catalog(where: str | int, search: str, fish_id: str) -> ScoredFish:
    return ScoredFish(str(where), search=search, fish_id=fish_id)


@dataclass(frozen=True)
class Angler:
    """One angler's end of game, as the table reads it off the board (A p.22)."""

    name: str
    regret_cards: int
    regret_value: int
    fishbucks: int
    lifeboat: bool = False
    fish: tuple[ScoredFish, ...] = ()

    def typed_in(self, where: str) -> list[tuple[int | None, str]]:
        """(value, Fair/Foul) of the Fish entered at ``where``, in order."""
        return [(f.value, f.kind) for f in self.fish if f.where == where]


class Thumb(Protocol):
    """What filling in the scorer asks of the hand doing it."""

    def tap(self, identifier: str) -> None: ...

    def type(self, identifier: str, text: str) -> None:
        """Tap the field, type ``text``, leave it."""

    def count(self, seat: int, what: str, n: int) -> None:
        """Bring the counter ``scorer-<what>-<seat>`` from 0 to ``n``."""

    def tick(self, identifier: str) -> None: ...

    def aim(self, seat: int, where: str) -> None:
        """Point the next Fish of ``seat`` at ``where``."""

    def placed(self, seat: int, where: str) -> None:
        """The Fish just added to ``where`` has been taken."""


def fill_in(thumb: Thumb, seat: int, angler: Angler) -> None:
    """Fill in ``angler`` at ``seat``: name, Regret cards, Regret value, Fishbucks, Lifeboat, then each Fish."""
    thumb.type(f"scorer-name-{seat}", angler.name)
    thumb.count(seat, "regret-cards", angler.regret_cards)
    thumb.type(f"scorer-regret-value-{seat}", str(angler.regret_value))
    thumb.count(seat, "fishbucks", angler.fishbucks)
    if angler.lifeboat:
        thumb.tick(f"scorer-lifeboat-{seat}")
    for fish in angler.fish:
        thumb.aim(seat, fish.where)
        if fish.search is None:
            thumb.type(f"scorer-typed-{seat}", str(fish.value))
            thumb.tap(f"scorer-add-{fish.kind}-{seat}")
        else:
            thumb.type(f"scorer-pick-{seat}-search", fish.search)
            thumb.tap(f"scorer-pick-{seat}-pick-{fish.fish_id}")
        thumb.placed(seat, fish.where)
