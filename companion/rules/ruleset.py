"""Rules that differ between editions, as data.

A *preset* (``data/rulesets/<id>.json``) gives every rule a value and the source it comes from; *variants*
(``data/rulesets/variants.json``) override a few rules and replace their sources. A table's ruleset is built once,
when the game starts, and stored with the game (docs/rules.md §9).
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.i18n import t
from companion.resources import data_path
from companion.rules.dice import TackleColour
from companion.rules.expansions import EXPANSIONS, ExpansionId, shoal_size

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


class ShopSystem(StrEnum):
    """How Port sells equipment: the Angler's Guide Market or the retail game's three shops."""

    MARKET = "market"  # A p.16: four Market dice, items at printed prices
    THREE_SHOPS = "three-shops"  # B, C, D: tiered shops, each once per Day


class MadnessRow(BaseModel):
    """One row of the Madness tracker (docs/rules.md §2)."""

    model_config = ConfigDict(frozen=True)

    min_cards: int = Field(ge=0)
    fair: int
    foul: int
    max_dice: int = Field(ge=1)
    port_discount: int = Field(ge=0)


class Ruleset(BaseModel):
    """Every rule the engine and the scorer read; ``sources`` names where each one comes from.

    >>> r = build_ruleset("anglers-guide")
    >>> (r.money_cap, r.last_to_pass_turns_port, r.sources["last_to_pass_turns_port"])
    (10, 4, 'A p.9')
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    variants: tuple[str, ...] = ()
    short_game: bool = False
    expansions: tuple[ExpansionId, ...] = ()  # the boxes on the table (docs/rules.md §11), in EXPANSIONS order

    days: int = Field(ge=1, le=7)
    short_game_first_day: int = Field(ge=0, le=6)
    madness: tuple[MadnessRow, ...]
    shop_system: ShopSystem
    market_die_prices: dict[TackleColour, int]
    shop_tiers: dict[int, int]  # three shops: price -> cards drawn / dice taken
    madness_discount_on_tackle_dice: bool
    life_preserver_difficulty: int = Field(ge=0)
    life_preserver_discount: int = Field(ge=0)
    thursday_payday: int | None = Field(ge=0)
    thursday_dice: tuple[TackleColour, ...]
    saturday_dice: tuple[TackleColour, ...]
    last_to_pass_turns_sea: int = Field(ge=0)
    last_to_pass_turns_port: int = Field(ge=0)
    abandon_ship_last_turns: int = Field(ge=0)
    passing_reward: bool
    boats_move_up_at_day_start: bool
    port_then_sea: bool
    fish_per_sale: int | None = Field(ge=1)
    fish_per_mount: int | None = Field(ge=1)  # None: every empty slot in one Mount action (docs/rules.md §9)
    money_cap: int | None = Field(ge=0)
    penalty_by: Literal["scored", "printed"]
    fishbucks_per_point: int = Field(ge=1)
    lifeboat_regret_value: int = Field(ge=0)
    mount_multipliers: tuple[int, ...]
    sources: dict[str, str]

    @model_validator(mode="before")
    @classmethod
    def _stored_before_fish_per_mount(cls, data: object) -> object:
        # A game saved before the rule existed keeps the one Fish per Mount it was played with.
        if isinstance(data, dict) and "fish_per_mount" not in data and isinstance(data.get("sources"), dict):
            data = {**data, "fish_per_mount": 1,
                    "sources": {**data["sources"], "fish_per_mount": "A p.17 (saved before docs/rules.md §9's rule)"}}
        return data

    @model_validator(mode="after")
    def _every_rule_has_a_source(self) -> Ruleset:
        rules = set(type(self).model_fields) - {"id", "name", "variants", "short_game", "expansions", "sources"}
        missing = sorted(rules - set(self.sources))
        if missing:
            raise ValueError(f"rules without a source: {', '.join(missing)}")
        if [row.min_cards for row in self.madness] != sorted({row.min_cards for row in self.madness}):
            raise ValueError("madness rows must start at increasing card counts")
        if not self.madness or self.madness[0].min_cards != 0:
            raise ValueError("the first madness row must start at 0 Regret cards")
        return self

    @property
    def first_day(self) -> int:
        """Index into :data:`DAYS` of the game's first Day (Monday, or Tuesday in a short game; A p.6)."""
        return self.short_game_first_day if self.short_game else 0

    @property
    def last_day(self) -> int:
        """Index into :data:`DAYS` of the final Day."""
        return self.days - 1

    def multiplier(self, slot: int) -> int:
        """The multiplier printed on mount slot ``slot`` (1–3, as on the angler board; A p.22).

        >>> [build_ruleset().multiplier(slot) for slot in (1, 2, 3)]
        [2, 3, 2]
        """
        return self.mount_multipliers[slot - 1]

    def plays(self, expansion: str) -> bool:
        """Whether the table plays with ``expansion`` (an id of :data:`~companion.rules.expansions.EXPANSIONS`)."""
        return expansion in self.expansions

    @property
    def shoal_size(self) -> int:
        """Fish in each Shoal at setup: 13, or 15 with Lamentable Tentacles (docs/rules.md §11).

        >>> build_ruleset(expansions=("lamentable-tentacles",)).shoal_size
        15
        """
        return shoal_size(self.expansions)


class Variant(BaseModel):
    """A house rule a table may switch on, with the source that prints it and the presets it fits.

    >>> variant("payday-4").fits("anglers-guide")
    False
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    description: str
    source: str
    overrides: dict[str, object]
    presets: tuple[str, ...] = Field(min_length=1)
    excludes: tuple[str, ...] = ()
    group: str | None = None  # variants of one group exclude each other: a screen offers them as one choice

    def fits(self, preset_id: str) -> bool:
        """Whether the variant makes sense on top of ``preset_id`` (docs/rules.md §9: "Payday $4" changes a payday the
        Angler's Guide doesn't have, since its Thursday gives a tackle die)."""
        return preset_id in self.presets


class PresetInfo(BaseModel):
    """What a screen shows about a preset: its name, description and source."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    description: str
    source: str


@cache
def _preset_json(preset_id: str) -> dict[str, Any]:
    path = data_path("rulesets", f"{preset_id}.json")
    if not path.is_file():
        raise KeyError(t("unknown ruleset preset: {preset}", preset=preset_id))
    preset: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return preset


@cache
def list_presets() -> tuple[PresetInfo, ...]:
    """The shipped presets, default first.

    >>> [p.id for p in list_presets()]
    ['anglers-guide', 'three-shops', 'italian-summary', 'chinese-summary']
    """
    order = json.loads(data_path("rulesets", "presets.json").read_text(encoding="utf-8"))
    return tuple(PresetInfo.model_validate(_preset_json(pid)["about"]) for pid in order)


@cache
def list_variants() -> tuple[Variant, ...]:
    """Every variant a table can switch on."""
    raw = json.loads(data_path("rulesets", "variants.json").read_text(encoding="utf-8"))
    return tuple(Variant.model_validate(v) for v in raw)


def variants_for(preset_id: str) -> tuple[Variant, ...]:
    """The variants a table playing ``preset_id`` can switch on: the others don't fit it (a screen hides them).

    >>> [v.id for v in variants_for("anglers-guide")][:2]
    ['seven-days', 'penalty-printed']
    """
    return tuple(v for v in list_variants() if v.fits(preset_id))


def variant(variant_id: str) -> Variant:
    """The variant named ``variant_id``; ``KeyError`` if there is none."""
    for v in list_variants():
        if v.id == variant_id:
            return v
    raise KeyError(t("unknown variant: {variant}", variant=variant_id))


@cache
def build_ruleset(preset_id: str = "anglers-guide", variants: tuple[str, ...] = (),
                  short_game: bool = False, expansions: tuple[str, ...] = ()) -> Ruleset:
    """The ruleset of a table: a preset, the variants it switched on, whether it plays the short game, and the
    expansions on the table (``ValueError`` for an unknown one).

    Raises ``ValueError`` naming the rule for variants that exclude each other or don't fit the preset.

    >>> build_ruleset("three-shops", ("payday-4",)).thursday_payday
    4
    >>> build_ruleset(expansions=("biggest-regrets", "lamentable-tentacles")).expansions
    ('lamentable-tentacles', 'biggest-regrets')
    """
    boxes = sorted(set(expansions) - set(EXPANSIONS))
    if boxes:
        raise ValueError(t("unknown expansion: {boxes} (choose from {known})", boxes=", ".join(boxes),
                           known=", ".join(EXPANSIONS)))
    raw = _preset_json(preset_id)
    rules = dict(raw["rules"])
    sources = dict(raw["sources"])
    chosen = [variant(v) for v in variants]
    for v in chosen:
        clash = set(v.excludes) & set(variants)
        if clash:
            raise ValueError(t("variant {variant} cannot be combined with {others}", variant=v.id,
                               others=", ".join(sorted(clash))))
        unknown = set(v.overrides) - set(rules)
        if unknown:
            raise ValueError(f"variant {v.id} overrides unknown rules: {', '.join(sorted(unknown))}")
        if not v.fits(preset_id):
            rule = sources[next(iter(v.overrides))]
            p = PresetInfo.model_validate(raw["about"])
            raise ValueError(t("“{variant}” doesn't fit the {preset} rules: {rule}", variant=t(v.name),
                               preset=t(p.name), rule=rule))
        rules.update(v.overrides)
        sources.update(dict.fromkeys(v.overrides, v.source))
    return Ruleset.model_validate({"id": preset_id, "name": raw["about"]["name"], "variants": tuple(variants),
                                   "short_game": short_game,
                                   "expansions": tuple(e for e in EXPANSIONS if e in expansions), **rules,
                                   "sources": sources})
