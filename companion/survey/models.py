"""The Ocean Survey campaign as data (docs/rules.md §8, A pp.23–27).

A :class:`Campaign` is plain, JSON-friendly data so the store can save it with ``model_dump(mode="json")`` and
load it with ``Campaign.model_validate``. The rules that change it live in :mod:`companion.survey.play`.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from companion.i18n import t
from companion.problems import NAME_MAX
from companion.survey.actions import CampaignAction
from companion.survey.sea import solo_sea

WEEK_DAYS = 5  # A p.23: "Each game, you'll spend five Days"; docs/rules.md §8
CAN_OF_WORMS = "can-of-worms"  # A p.24: single use per game, like unlocked Supplies

Mode = Literal["solo", "co-op"]
Role = Literal["Angler", "Scientist"]
WeekStage = Literal["fishing", "shop", "done"]


def _now() -> datetime:
    return datetime.now(UTC)


class TeamMember(BaseModel):
    """A co-op scientist; the role is optional (A p.25: "either work as a team … or assign specific roles")."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    role: Role | None = None


class SheetEntry(BaseModel):
    """A catalogued slot: the week (and Day) the Fish was first caught, and the week it was first hauled."""

    model_config = ConfigDict(extra="forbid")

    first_week: int = Field(ge=1)
    first_day: int = Field(ge=1, le=WEEK_DAYS)
    hauled_week: int | None = Field(default=None, ge=1)


class Catch(BaseModel):
    """One Fish caught during a week; ``wrote_slot`` when this catch catalogued it (its first catch ever)."""

    model_config = ConfigDict(extra="forbid")

    fish_id: str
    day: int = Field(ge=1, le=WEEK_DAYS)
    wrote_slot: bool = False


class Week(BaseModel):
    """One solo game: five Days of fishing, then week's end (A p.26)."""

    model_config = ConfigDict(extra="forbid")

    number: int = Field(ge=1)
    day: int = Field(default=1, ge=1, le=WEEK_DAYS)
    held: list[Catch] = Field(default_factory=list)
    discarded: list[Catch] = Field(default_factory=list)
    used_items: list[str] = Field(default_factory=list)
    stage: WeekStage = "fishing"
    regret_value: int | None = Field(default=None, ge=0)
    jettisoned: list[str] = Field(default_factory=list)
    hauled: list[str] = Field(default_factory=list)
    dinks: list[str] = Field(default_factory=list)
    bought: list[str] = Field(default_factory=list)
    spent: int = Field(default=0, ge=0)
    lost: int = Field(default=0, ge=0)

    @property
    def held_ids(self) -> list[str]:
        return [c.fish_id for c in self.held]


class Step(BaseModel):
    """One change made on a campaign: the action, and the campaign's stamp after it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    action: CampaignAction
    updated: datetime


class Steps(BaseModel):
    """A campaign's recent changes, kept in its record as a game's log is (:mod:`companion.survey.timeline`): the
    campaign before the oldest of them (``start``, with no steps of its own), the steps made since (``done``, oldest
    first) and the steps undone (``undone``, the next to redo first). A record saved before campaigns kept their
    steps has none: nothing to undo."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    start: Campaign | None = None
    done: list[Step] = Field(default_factory=list)
    undone: list[Step] = Field(default_factory=list)
    # The campaign after so many of ``done`` (a replay's cache, never saved or compared): an undo replays from the
    # nearest one, not from ``start``.
    _marks: dict[int, Campaign] = PrivateAttr(default_factory=dict)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Steps) and (self.start, self.done, self.undone) == (other.start, other.done,
                                                                                      other.undone)

    __hash__ = None  # type: ignore[assignment]


class Campaign(BaseModel):
    """An Ocean Survey sheet and the weeks played on it, with its recent changes (``steps``: what Undo takes back).

    >>> c = Campaign(name="Halley's expedition")
    >>> Campaign.model_validate(c.model_dump(mode="json")) == c
    True
    """

    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=lambda: uuid.uuid4().hex, min_length=1)
    name: str = Field(min_length=1, max_length=NAME_MAX)
    mode: Mode = "solo"
    team: list[TeamMember] = Field(default_factory=list)
    notes: str = ""
    created: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now)
    weeks: list[Week] = Field(default_factory=list)
    sheet: dict[str, SheetEntry] = Field(default_factory=dict)
    unlocked: list[str] = Field(default_factory=list)
    steps: Steps = Field(default_factory=Steps)

    @model_validator(mode="after")
    def _fish_in_the_solo_sea(self) -> Campaign:
        sea = solo_sea()
        caught = [*self.sheet, *(c.fish_id for w in self.weeks for c in (*w.held, *w.discarded))]
        for fish_id in caught:
            fish = sea.by_id.get(fish_id)
            if fish is None or fish.solo_removed:
                raise ValueError(t("{fish} is not a Fish of the solo Sea", fish=repr(fish_id)))
        return self

    @model_validator(mode="after")
    def _weeks_in_order(self) -> Campaign:
        for i, week in enumerate(self.weeks, start=1):
            if week.number != i:
                raise ValueError(t("week {number} is out of order (expected {expected})", number=week.number,
                                   expected=i))
            if week.stage != "done" and i != len(self.weeks):
                raise ValueError(t("week {number} is unfinished but a later week exists", number=i))
        return self

    @model_validator(mode="after")
    def _steps_of_this_campaign(self) -> Campaign:
        # Steps start from this campaign as it was, with no steps of its own (a record written by hand may not).
        start, steps = self.steps.start, self.steps
        if (start is None and (steps.done or steps.undone)) or (start is not None and (
                start.id != self.id or start.steps != _NO_STEPS)):
            raise ValueError(t("the steps kept for Undo are not this campaign's"))
        return self

    @property
    def current_week(self) -> Week | None:
        """The week being played or closed, or ``None`` between weeks."""
        if self.weeks and self.weeks[-1].stage != "done":
            return self.weeks[-1]
        return None

    def alone(self) -> Campaign:
        """This campaign without its steps (what a step is made on and replayed from)."""
        return self if self.steps == _NO_STEPS else self.model_copy(update={"steps": _NO_STEPS})


Steps.model_rebuild()
_NO_STEPS = Steps()
