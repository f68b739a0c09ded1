"""The card catalog: every base and expansion Fish, Dink, Rod, Reel and Supply, and the Ocean Survey unlock list.

Data: ``data/fish_catalog.json`` (built by ``scripts/build_catalog.py``). Lookups are case-insensitive and accept
the other spellings the sources use (docs/rules.md §9):

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

from companion.i18n import FISH_ABILITY, FISH_NAME, t, tc
from companion.resources import data_path
from companion.rules.fish import FISH_WORDS, FishFilter, FishRef, FishType, Size

AbilityKind = Literal["reveal", "catch", "eat", "persistent"]
FishSet = Literal["base", "lamentable-tentacles"]  # the box a Fish card comes in (docs/rules.md §11)
BASE: FishSet = "base"


class DisplayedDiscount(BaseModel):
    """A displayed Fish's Difficulty discount on the Fish its owner catches (Orca: Foul Fish −1, docs/rules.md §10)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    applies_to: FishFilter
    amount: int = Field(ge=1)


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
    written: str = Field(alias="summary")  # the ability in the project's English words; shown as :attr:`summary`
    solo_removed: bool
    disputed: bool = False
    note: str | None = None
    difficulty_out_of_range: str | None = None  # why the printed Difficulty lies outside A p.12's range
    # Card effects the companion applies (docs/rules.md §10); the defaults are a card without them.
    no_sale_or_mount: bool = False  # can't be sold or mounted (Whispering Skull, Iron Coffin …)
    fixed_value: int | None = Field(default=None, ge=0)  # worth this whatever the Madness
    displayed: bool = False  # kept face up in front of its owner, not in hand; scores like a Fish in hand
    reveal_difficulty: int | None = Field(default=None, ge=0)  # "Reveal: Difficulty N this turn"
    difficulty_per_fish_in_hand: int = Field(default=0, ge=0)  # Sub Matriarch: +1 per Fish in hand
    off_per_angler_at_its_depth: int = Field(default=0, ge=0)  # Vampire Squid: −1 per angler at its Depth
    can_of_worms_difficulty: int | None = Field(default=None, ge=0)  # Hollow Earth Worm: flip the Can to make it 4
    displayed_discount: DisplayedDiscount | None = None  # while displayed, its owner's catches cost less

    @property
    def summary(self) -> str:
        """What the card does, in the phone's language (the card's name stays as printed).

        >>> from companion.i18n import use_language
        >>> with use_language("it"):
        ...     load_catalog().fish("Sunfish").summary
        'Rivela: ogni pescatore in Mare perde un Rimorso.'
        """
        return tc(FISH_ABILITY, self.written)

    def ref(self) -> FishRef:
        """The Fish as the engine and scorer hold it."""
        return FishRef(name=self.name, value=self.value, type=self.type)

    def matches(self, fish: FishRef) -> str | None:
        """``None`` if ``fish`` is this card as printed, else which field differs, in words.

        >>> load_catalog().fish("Kraken").matches(FishRef(name="Kraken", value=50, type="foul"))
        'Kraken has value 9, not 50'
        """
        if fish.value != self.value:
            shown = "–" if self.value is None else self.value
            return t("{name} has value {card}, not {given}", name=self.name, card=shown, given=fish.value)
        if fish.type != self.type:
            return t("{name} is {card}, not {given}", name=self.name, card=t(FISH_WORDS[self.type]),
                     given=t(FISH_WORDS[fish.type]))
        return None


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
    """A Rod, Reel or Supply card; ``survey_unlock_cost`` is None when it is not on the Survey sheet.

    The effect fields are what the companion applies (docs/rules.md §10): a Difficulty discount on the Fish
    ``discount_applies_to`` (a Rod while equipped, a Supply when used on a catch; with ``first_catch_each_day``
    only on the angler's first catch of each Day), a Difficulty the Supply sets,
    the Regrets using it draws, the Claw Hammer's return of mounted Fish, the Cloche's extra mount.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    summary: str
    survey_unlock_cost: int | None = Field(ge=0)
    price: int | None = Field(default=None, ge=0)  # printed in the card's corner (A p.17); no source gives it yet
    difficulty_discount: int = Field(default=0, ge=0)
    discount_applies_to: FishFilter | None = None
    first_catch_each_day: bool = False  # the discount applies to the angler's first catch of each Day (Lucky Pole)
    difficulty_set: int | None = Field(default=None, ge=0)
    regrets_drawn: int = Field(default=0, ge=0)
    returns_mounts: bool = False
    mount_for: Size | None = None

    @property
    def lowers_difficulty(self) -> bool:
        """Whether the item changes a catch's Difficulty (a Rod while equipped, a Supply used on the catch)."""
        return self.difficulty_set is not None or (self.difficulty_discount > 0 and self.discount_applies_to
                                                   is not None)


class SurveyUnlock(BaseModel):
    """One line of the Ocean Survey sheet's unlock list (docs/rules.md §8)."""

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
        found = self._looked_up.get(name)
        if found is None:
            try:
                found = self._looked_up[name] = self._by_name[_key(name)]
            except KeyError:
                raise UnknownFish(name) from None
        return found

    @cached_property
    def _looked_up(self) -> dict[str, CatalogFish]:
        # Names exactly as asked for: the engine looks the same few up on every action (bench/replay.py).
        return {}

    def fish_ref(self, name: str) -> FishRef:
        """The :class:`FishRef` of the Fish called ``name``."""
        return self.fish(name).ref()

    @cached_property
    def _items(self) -> dict[str, Item]:
        return {_key(i.name): i for i in (*self.rods, *self.reels, *self.supplies)}

    def item(self, name: str) -> Item | None:
        """The Rod, Reel or Supply called ``name`` (any case), or ``None`` for a card the catalog doesn't know.

        >>> load_catalog().item("narwhal rod").difficulty_discount
        1
        """
        return self._items.get(_key(name))

    def item_kind(self, name: str) -> Literal["rod", "reel", "supply"] | None:
        """Whether ``name`` (any case) is a Rod, a Reel or a Supply card, or ``None`` for a card the catalog lacks.

        >>> load_catalog().item_kind("narwhal rod")
        'rod'
        """
        key = _key(name)
        kinds: tuple[tuple[Literal["rod", "reel", "supply"], tuple[Item, ...]], ...] = (
            ("rod", self.rods), ("reel", self.reels), ("supply", self.supplies))
        return next((kind for kind, cards in kinds if any(_key(c.name) == key for c in cards)), None)

    def dink(self, name: str) -> Dink | None:
        """The Dink called ``name`` (any case), or ``None``."""
        return self._dinks_by_name.get(_key(name))

    @cached_property
    def _dinks_by_name(self) -> dict[str, Dink]:
        return {_key(d.name): d for d in reversed(self.dinks)}  # reversed: the first of a name wins, as before

    @cached_property
    def value_range(self) -> tuple[int, int]:
        """The lowest and highest printed Fish value in the catalog: a Fish typed in by value must lie inside.

        >>> load_catalog().value_range
        (0, 9)
        """
        values = [f.value for f in self.fish_list if f.value is not None]
        return min(values), max(values)

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
        """Fish whose name, alias or name in the phone's language starts with ``prefix`` (then those containing it),
        sorted by name; ``sets`` limits them to the base game and those expansions (``None``: every Fish).

        >>> [f.name for f in load_catalog().search("sw")]
        ['Swordfish']
        >>> [f.name for f in load_catalog().search("nautil", sets=())]
        []
        """
        key = _key(prefix)
        starts, contains = [], []
        for f in sorted(self.in_sets(sets), key=lambda f: f.name):
            names = [_key(n) for n in (f.name, *f.aliases, tc(FISH_NAME, f.name))]  # the phone's language too
            if any(n.startswith(key) for n in names):
                starts.append(f)
            elif any(key in n for n in names):
                contains.append(f)
        found = starts + contains
        return found[:limit] if limit is not None else found

    def by_depth(self, depth: int, sets: Iterable[str] | None = None) -> list[CatalogFish]:
        """The Fish of one Depth, of the base game and the expansions in ``sets`` (``None``: every Fish)."""
        return [f for f in self.in_sets(sets) if f.depth == depth]


def _key(name: str) -> str:
    # Typed names vary in case, spacing, hyphens and apostrophes ("Man O’War", "mahi mahi").
    return "".join(ch for ch in name.casefold() if ch.isalnum())


@cache
def load_catalog() -> Catalog:
    """The shipped catalog, read once."""
    raw = json.loads(data_path("fish_catalog.json").read_text(encoding="utf-8"))
    return Catalog.model_validate(raw)
