"""The JSON table ``companion score`` reads, and the JSON result it prints (issue 3's contract).

>>> out = score_table({"game": "shallow-regrets", "players": [{"name": "A", "fish": [{"points": 3, "type": "fair"}]},
...                                                           {"name": "B", "fish": []}]})
>>> (out["winners"], out["players"][0]["score"])
(['A'], 3)
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from companion.i18n import t
from companion.problems import field_path, validation_message
from companion.rules.catalog import load_catalog
from companion.rules.constants import MAX_PLAYERS, MIN_PLAYERS
from companion.rules.expansions import ExpansionId
from companion.rules.fish import FishRef, FishType
from companion.rules.ruleset import build_ruleset, list_presets
from companion.scoring.deep_regrets import DeepRegretsPlayer, cloche_problem, score_deep_regrets
from companion.scoring.endeavor import (
    CoopGoal,
    Difficulty,
    EndeavorGoal,
    EndeavorPlayer,
    check_coop,
    check_counts,
    check_table,
    score_endeavor,
)
from companion.scoring.errors import TableError
from companion.scoring.shallow_regrets import ShallowFish, ShallowPlayer, score_shallow_regrets, score_shallow_solo

GAMES = ("deep-regrets", "shallow-regrets", "endeavor-deep-sea")


class _In(BaseModel):
    # strict: a boolean or a string where a number belongs is refused, naming the field
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class FishIn(_In):
    """A Fish by catalog ``name``, or by ``value`` (null for none) and ``type``."""

    name: str | None = None
    value: int | None = Field(default=None, ge=0)
    type: FishType | None = None

    @field_validator("name")
    @classmethod
    def _known(cls, name: str | None) -> str | None:
        if name is not None:
            try:
                load_catalog().fish(name)
            except KeyError as e:  # UnknownFish: pydantic reports only ValueErrors as field errors
                raise ValueError(str(e)) from None
        return name

    @model_validator(mode="after")
    def _complete(self) -> FishIn:
        if self.name is None:
            if self.type is None:
                raise ValueError(t("give a catalog name, or a value and a type (fair or foul)"))
            if "value" not in self.model_fields_set:
                raise ValueError(t("give the value (null for a Fish with no value)"))
            return self
        card = load_catalog().fish(self.name)
        if "value" in self.model_fields_set and self.value != card.value:
            raise ValueError(t("{name} has value {card}, not {given}", name=card.name, card=card.value,
                               given=self.value))
        if self.type is not None and self.type != card.type:
            raise ValueError(t("{name} is {card}, not {given}", name=card.name, card=card.type, given=self.type))
        return self

    def ref(self) -> FishRef:
        if self.name is not None:
            return load_catalog().fish_ref(self.name)
        assert self.type is not None  # _complete refuses a Fish with neither a name nor a type
        return FishRef(value=self.value, type=self.type)


class MountIn(FishIn):
    slot: int = Field(ge=1)


class DeepRegretsPlayerIn(_In):
    name: str = Field(min_length=1)
    regret_cards: int = Field(ge=0)
    regret_value: int = Field(ge=0)
    lifeboat_flipped: bool = False
    fishbucks: int = Field(ge=0)
    hand: list[FishIn] = []
    mounted: list[MountIn] = []
    cloche: FishIn | None = None  # a Fish mounted on the Cloche Supply card (×2)
    displayed: list[FishIn] = []  # Fish kept face up in front of the player, scored like Fish in hand (A p.27)

    @model_validator(mode="after")
    def _distinct_slots(self) -> DeepRegretsPlayerIn:
        slots = [m.slot for m in self.mounted]
        if len(set(slots)) != len(slots):
            raise ValueError(t("two Fish on the same mount slot"))
        return self

    @field_validator("cloche")
    @classmethod
    def _small(cls, fish: FishIn | None) -> FishIn | None:
        problem = cloche_problem(load_catalog().fish(fish.name)) if fish is not None and fish.name else None
        if problem:
            raise ValueError(problem)
        return fish


class DeepRegretsTableIn(_In):
    game: Literal["deep-regrets"]
    ruleset: str = "anglers-guide"
    variants: list[str] = []
    expansions: list[ExpansionId] = []  # docs/rules.md §11: the boxes on the table
    players: list[DeepRegretsPlayerIn] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)


class ShallowPlayerIn(_In):
    name: str = Field(min_length=1)
    fish: list[ShallowFish] = []


class FrodIn(_In):
    fish: list[ShallowFish] = []


class ShallowTableIn(_In):
    game: Literal["shallow-regrets"]
    solo: bool = False
    players: list[ShallowPlayerIn] = Field(min_length=1)
    frod: FrodIn | None = None

    @model_validator(mode="after")
    def _solo_shape(self) -> ShallowTableIn:
        if self.solo and (len(self.players) != 1 or self.frod is None):
            raise ValueError(t("solo needs exactly one player and the Frod's fish"))
        if not self.solo and self.frod is not None:
            raise ValueError(t("the Frod only plays solo: set solo to true"))
        return self


class EndeavorTableIn(_In):
    game: Literal["endeavor-deep-sea"]
    mode: Literal["competitive", "co-op"] = "competitive"
    difficulty: Difficulty | None = Field(default=None, strict=False)  # read from its name
    players: list[EndeavorPlayer] = []
    goals: list[dict[str, Any]] = []


def _validate(model: type[BaseModel], data: Any, prefix: tuple[int | str, ...] = ()) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        raise TableError(field_path(prefix + tuple(err["loc"])), validation_message(err)) from None


def dump_score(score: BaseModel) -> dict[str, Any]:
    """One player's scored line as `companion score` prints it: name, score, rank, winner, then the breakdown."""
    data = score.model_dump(mode="json")
    head = {k: data.pop(k) for k in ("name", "score", "rank", "winner")}
    return {**head, "breakdown": data}


def _json_mount_path(field: str, table: DeepRegretsTableIn) -> str:
    """The scorer names a mount by its slot (``mounted[1]`` is slot 2); the file lists mounts in any order, so
    the path names the entry of the file instead."""
    found = re.fullmatch(r"players\[(\d+)\]\.mounted\[(\d+)\]", field)
    if found is None:
        return field
    i, slot = int(found[1]), int(found[2]) + 1
    j = next(j for j, m in enumerate(table.players[i].mounted) if m.slot == slot)
    return f"players[{i}].mounted[{j}]"


def _deep_regrets(data: Any) -> dict[str, Any]:
    table = _validate(DeepRegretsTableIn, data)
    try:
        ruleset = build_ruleset(table.ruleset, tuple(table.variants), expansions=tuple(table.expansions))
    except (KeyError, ValueError) as e:
        field = "ruleset" if table.ruleset not in {p.id for p in list_presets()} else "variants"
        raise TableError(field, str(e).strip("'\"")) from None
    slots = len(ruleset.mount_multipliers)
    players = []
    for seat, p in enumerate(table.players):
        mounted: list[FishRef | None] = [None] * slots
        for j, m in enumerate(p.mounted):
            if m.slot > slots:
                raise TableError(field_path(("players", seat, "mounted", j, "slot")),
                                 t("an angler board has {slots} mount slots", slots=slots))
            mounted[m.slot - 1] = m.ref()
        fields = p.model_dump(exclude={"hand", "mounted", "cloche", "displayed"})
        players.append(_validate(DeepRegretsPlayer, {**fields, "hand": [f.ref() for f in p.hand], "mounted": mounted,
                                                      "cloche": p.cloche.ref() if p.cloche else None,
                                                      "displayed": [f.ref() for f in p.displayed]},
                                 ("players", seat)))
    try:
        result = score_deep_regrets(players, ruleset)
    except TableError as e:
        raise TableError(_json_mount_path(e.field, table), e.message) from None
    return {"game": "deep-regrets", "ruleset": result.ruleset, "variants": list(result.variants),
            "expansions": list(ruleset.expansions),
            "penalty_rule": result.penalty_rule, "players": [dump_score(s) for s in result.players],
            "winners": list(result.winners)}


def _shallow(data: Any) -> dict[str, Any]:
    table = _validate(ShallowTableIn, data)
    players = [ShallowPlayer(name=p.name, fish=tuple(p.fish)) for p in table.players]
    result = (score_shallow_solo(players[0], table.frod.fish) if table.solo and table.frod
              else score_shallow_regrets(players))
    return {"game": "shallow-regrets", "solo": result.solo, "players": [dump_score(s) for s in result.players],
            "winners": list(result.winners)}


def _endeavor(data: Any) -> dict[str, Any]:
    table = _validate(EndeavorTableIn, data)
    if table.mode == "co-op":
        if table.difficulty is None:
            raise TableError("difficulty", t("co-op needs a difficulty: beginner, intermediate, expert or legendary"))
        goals = [_validate(CoopGoal, g, ("goals", i)) for i, g in enumerate(table.goals)]
        names = [p.name for p in table.players]
        if names:  # a listed team: its names are checked, and solo shows its 7 rounds
            check_table(names)
            check_counts(goals, names)
        try:
            coop = check_coop(table.difficulty, goals, players=len(names) or 2)
        except TableError:
            raise
        except ValueError as e:
            raise TableError("goals", str(e)) from None
        return {"game": "endeavor-deep-sea", "mode": "co-op", **coop.model_dump(mode="json"),
                "winners": [p.name for p in table.players] if coop.won else []}
    if not table.players:
        raise TableError("players", t("a competitive game needs at least one player"))
    goals = [_validate(EndeavorGoal, g, ("goals", i)) for i, g in enumerate(table.goals)]
    result = score_endeavor(table.players, goals)
    return {"game": "endeavor-deep-sea", "mode": "competitive", "players": [dump_score(s) for s in result.players],
            "winners": list(result.winners)}


def score_table(data: Any) -> dict[str, Any]:
    """Score a table given as parsed JSON; raises :class:`TableError` naming the bad field."""
    if not isinstance(data, dict):
        raise TableError("", t("the table must be a JSON object"))
    game = data.get("game")
    if game not in GAMES:
        raise TableError("game", t("must be one of {games}", games=", ".join(GAMES)))
    return {"deep-regrets": _deep_regrets, "shallow-regrets": _shallow, "endeavor-deep-sea": _endeavor}[game](data)
