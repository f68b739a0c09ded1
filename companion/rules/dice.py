"""Dice: the kinds a player can hold, their faces, their labels, and the seeded roller used when the table lets the
app roll. The table's own dice are the truth (issue 12): the faces a player rolled are entered and checked against
the die (:func:`face_allowed`); a screen offers :func:`face_choices` for each die, labelled by :func:`die_label`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.i18n import N_, t
from companion.rules.constants import PLAYER_DICE

__all__ = ["PLAYER_DICE", "TACKLE_COLOURS", "TACKLE_IN_GAME", "Die", "DieKind", "TackleColour", "die", "die_label",
           "face_allowed", "face_choices", "roll", "roller"]

DieKind = Literal["player", "blue", "green", "orange", "omen"]
TackleColour = Literal["blue", "green", "orange"]
TACKLE_COLOURS: tuple[TackleColour, ...] = ("blue", "green", "orange")
# Each kind as a word in a sentence ("No orange tackle die is left"), as a message: translated with t(KIND_WORDS[k]).
KIND_WORDS: dict[str, str] = {"player": N_("player"), "blue": N_("blue"), "green": N_("green"),
                              "orange": N_("orange"), "omen": N_("omen")}
# Whole sentences for each colour: "a"/"an" (and each language's agreement) belongs to the sentence, not the word.
EVERYONE_TAKES: dict[TackleColour, str] = {"blue": N_("Everyone takes a blue tackle die"),
                                           "green": N_("Everyone takes a green tackle die"),
                                           "orange": N_("Everyone takes an orange tackle die")}
NO_FACE: dict[str, str] = {"player": N_("A player die has no face {face}"),
                           "blue": N_("A blue die has no face {face}"), "green": N_("A green die has no face {face}"),
                           "orange": N_("An orange die has no face {face}"),
                           "omen": N_("An omen die has no face {face}")}

# Faces of each kind of d4 (docs/rules.md §1; reference data/dice.json).
FACES: dict[str, tuple[int, ...]] = {
    "player": (1, 1, 2, 3),
    "blue": (0, 0, 1, 2),
    "green": (1, 1, 2, 3),
    "orange": (2, 2, 3, 3),
    "omen": (1, 2, 3, 4),
}
# What a die of each kind is called at the table: "Angler die", not "Player" (which reads as a seat).
KIND_NAMES: dict[str, str] = {"player": N_("Angler die"), "blue": N_("Blue"), "green": N_("Green"),
                              "orange": N_("Orange"), "omen": N_("Omen Die")}
# How many tackle dice of each colour the bag holds (docs/rules.md §1).
TACKLE_IN_GAME: dict[str, int] = {"blue": 9, "green": 8, "orange": 7}


class Die(BaseModel):
    """One die in a Fresh or Spent pool. ``face`` is ``None`` for a die not yet rolled (a Spent die).

    >>> Die(kind="orange", face=3).is_tackle
    True
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: DieKind
    face: int | None = None

    @property
    def is_tackle(self) -> bool:
        """Tackle dice go back to the bag when spent (A p.10)."""
        return self.kind in TACKLE_COLOURS

    @property
    def label(self) -> str:
        """The die as a chip reads: ``"Blue 2"``, ``"Angler die 3"``, ``"Orange"`` (not rolled)."""
        return die_label(self.kind, self.face)


def die_label(kind: str, face: int | None = None) -> str:
    """A die's name at the table with the face it shows, translated.

    >>> die_label("blue", 2), die_label("player", 3), die_label("omen")
    ('Blue 2', 'Angler die 3', 'Omen Die')
    """
    name = t(KIND_NAMES[kind])
    return name if face is None else t("{die} {face}", die=name, face=face)


def face_choices(kind: str) -> tuple[int, ...]:
    """The distinct faces a die of ``kind`` can show, lowest first: the buttons of a face row.

    >>> face_choices("player"), face_choices("blue"), face_choices("orange"), face_choices("omen")
    ((1, 2, 3), (0, 1, 2), (2, 3), (1, 2, 3, 4))
    """
    return tuple(sorted(set(FACES[kind])))


@cache
def die(kind: DieKind, face: int | None = None) -> Die:
    """The (shared, immutable) die of ``kind`` showing ``face``; cheaper than building a new model each time.

    >>> die("green", 2) is die("green", 2)
    True
    """
    return Die(kind=kind, face=face)


def face_allowed(kind: str, face: int) -> bool:
    """Whether ``face`` is printed on a die of ``kind``.

    >>> face_allowed("blue", 0), face_allowed("player", 4)
    (True, False)
    """
    return face in FACES[kind]


def lowest_increments(fresh: Sequence[Die], n: int) -> list[int]:
    """The Fresh dice ``n`` Increments raise (A p.28): each time the lowest die that can still go up, as indices
    for :class:`~companion.rules.actions.IncrementDie`; fewer when the dice run out of higher faces.

    >>> lowest_increments([die("player", 3), die("player", 1)], 2)
    [1, 1]
    """
    faces = [(d.kind, d.face or 0) for d in fresh]
    picks = []
    for _ in range(n):
        rising = [i for i, (kind, face) in enumerate(faces) if face < max(FACES[kind])]
        if not rising:
            break
        i = min(rising, key=lambda k: (faces[k][1], k))
        kind, face = faces[i]
        faces[i] = (kind, min(f for f in FACES[kind] if f > face))
        picks.append(i)
    return picks


def roller(seed: int, step: int) -> random.Random:
    """The seeded roller for one action: the same game seed and log position always roll the same faces.

    >>> roller(7, 3).random() == roller(7, 3).random()
    True
    """
    return random.Random(seed * 1_000_003 + step)


def roll(kinds: Sequence[str], rng: random.Random) -> list[int]:
    """Roll one die of each kind with ``rng``."""
    return [rng.choice(FACES[k]) for k in kinds]
