"""The card catalog: every base and expansion Fish, Dink, Rod, Reel and Supply, and the Ocean Survey unlock list.

Data: ``data/fish_catalog.json`` (built by ``scripts/build_catalog.py``). Lookups are case-insensitive and accept
the other spellings the sources use (RULES.md §9):

>>> cat = load_catalog()
>>> cat.fish("blue whale").name
'Humpback Whale'
>>> cat.fish_ref("Sunfish")
FishRef(name='Sunfish', value=4, type='fair')
>>> cat.fish("nautilus").set
'lamentable-tentacles'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache, cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.i18n import t
from companion.resources import data_path
from companion.rules.fish import FishRef, FishType

Size = Literal["small", "middling", "large"]
AbilityKind = Literal["reveal", "catch", "eat", "persistent"]
FishSet = Literal["base", "lamentable-tentacles"]  # the box a Fish card comes in (RULES.md §11)
BASE = "base"


class UnknownFish(KeyError):
    """No Fish in the catalog has this name or alias; ``str(e)`` is a one-line message naming it."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return t("No Fish called “{name}” in the catalog", name=self.name)


class CatalogFish(BaseModel):
    """One Fish card. ``value``/``difficulty`` are ``None`` when the card prints none; ``set`` is its box."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    depth: int = Field(ge=1, le=3)
    size: Size
    type: FishType
    value: int | None = Field(ge=0)
    difficulty: int | None = Field(ge=0)
    exact_dice: int | None = Field(ge=1)
    abilities: tuple[AbilityKind, ...]
    set: FishSet = BASE
    summary: str
    solo_removed: bool
    disputed: bool = False
    note: str | None = None
    difficulty_out_of_range: str | None = None  # why the printed Difficulty lies outside A p.12's range

    def ref(self) -> FishRef:
        """The Fish as the engine and scorer hold it."""
        return FishRef(name=self.name, value=self.value, type=self.type)


class DifficultyRange(BaseModel):
    """A p.12: the Difficulty range of a size of Fish at a Depth (``max`` None: no upper bound printed)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    depth: int
    size: Size
    min: int
    max: int | None

    def contains(self, difficulty: int) -> bool:
        return difficulty >= self.min and (self.max is None or difficulty <= self.max)


class Dink(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    summary: str
    difficulty_discount: int = Field(ge=0)
    shop_discount: int = Field(ge=0)
    solo_removed: bool


class Item(BaseModel):
    """A Rod, Reel or Supply card; ``survey_unlock_cost`` is None when it is not on the Survey sheet."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    summary: str
    survey_unlock_cost: int | None = Field(ge=0)


class SurveyUnlock(BaseModel):
    """One line of the Ocean Survey sheet's unlock list (RULES.md §8)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["tackle-die", "rod", "reel", "supply"]
    item: str
    cost: int = Field(ge=0)


class Catalog(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    sources: dict[str, str]
    difficulty_ranges: tuple[DifficultyRange, ...]
    fish_list: tuple[CatalogFish, ...] = Field(alias="fish")
    dinks: tuple[Dink, ...]
    rods: tuple[Item, ...]
    reels: tuple[Item, ...]
    supplies: tuple[Item, ...]
    survey_unlocks: tuple[SurveyUnlock, ...]

    @cached_property
    def _by_name(self) -> dict[str, CatalogFish]:
        index: dict[str, CatalogFish] = {}
        for f in self.fish_list:
            for key in (f.name, f.id, *f.aliases):
                index[_key(key)] = f
        return index

    def fish(self, name: str) -> CatalogFish:
        """The Fish called ``name`` (any case, or an alias); raises :class:`UnknownFish` (a ``KeyError``).

        >>> load_catalog().fish("DEEP DWELLER").name
        'Deep Dealer'
        """
        try:
            return self._by_name[_key(name)]
        except KeyError:
            raise UnknownFish(name) from None

    def fish_ref(self, name: str) -> FishRef:
        """The :class:`FishRef` of the Fish called ``name``."""
        return self.fish(name).ref()

    def in_sets(self, sets: Iterable[str] | None = None) -> list[CatalogFish]:
        """The Fish of the base game and of the expansions in ``sets`` (``None``: every Fish).

        >>> len(load_catalog().in_sets(())), len(load_catalog().in_sets(["lamentable-tentacles"]))
        (117, 135)
        """
        if sets is None:
            return list(self.fish_list)
        boxes = {BASE, *sets}
        return [f for f in self.fish_list if f.set in boxes]

    def search(self, prefix: str, limit: int | None = None, sets: Iterable[str] | None = None) -> list[CatalogFish]:
        """Fish whose name or alias starts with ``prefix`` (then those containing it), sorted by name; ``sets``
        limits them to the base game and those expansions (``None``: every Fish).

        >>> [f.name for f in load_catalog().search("sw")]
        ['Swordfish']
        >>> [f.name for f in load_catalog().search("nautil", sets=())]
        []
        """
        key = _key(prefix)
        starts, contains = [], []
        for f in sorted(self.in_sets(sets), key=lambda f: f.name):
            names = [_key(n) for n in (f.name, *f.aliases)]
            if any(n.startswith(key) for n in names):
                starts.append(f)
            elif any(key in n for n in names):
                contains.append(f)
        found = starts + contains
        return found[:limit] if limit is not None else found

    def by_depth(self, depth: int, sets: Iterable[str] | None = None) -> list[CatalogFish]:
        """The Fish of one Depth, of the base game and the expansions in ``sets`` (``None``: every Fish)."""
        return [f for f in self.in_sets(sets) if f.depth == depth]

    def difficulty_range(self, depth: int, size: str) -> DifficultyRange:
        """A p.12's Difficulty range for a size of Fish at a Depth."""
        for r in self.difficulty_ranges:
            if r.depth == depth and r.size == size:
                return r
        raise KeyError(f"no Difficulty range for {size} Fish at Depth {depth}")


def _key(name: str) -> str:
    # Typed names vary in case, spacing, hyphens and apostrophes ("Man O’War", "mahi mahi").
    return "".join(ch for ch in name.casefold() if ch.isalnum())


@cache
def load_catalog() -> Catalog:
    """The shipped catalog, read once."""
    raw = json.loads(data_path("fish_catalog.json").read_text(encoding="utf-8"))
    return Catalog.model_validate(raw)
