"""Every change of an Ocean Survey campaign as a typed action: one pydantic model per move, a discriminated union
on ``type`` (as the table's moves are, :mod:`companion.rules.actions`). A screen builds one and hands it to its
campaign's session; :func:`companion.survey.engine.apply` makes it; the campaign's journal keeps it.

Texts are bounded here, where they enter: a name or a note longer than any screen takes is refused naming the
field (the rules refuse a name over :data:`~companion.problems.NAME_MAX` with their own sentence).

>>> CAMPAIGN_ACTION.validate_python({"type": "catch", "name": "Sheepshead"})
CatchFish(type='catch', name='Sheepshead')
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

TEXT_MAX = 10_000  # a note or a name as typed: the longest text a file may hold (companion.store.limits.MAX_TEXT)
ID_MAX = 100  # a Fish's or an item's id, a Fish's name as typed in the search
FishId = Annotated[str, Field(min_length=1, max_length=ID_MAX)]
# What a week can hold: every Fish of the solo Sea is 50 cards at most; every item on the sheet fewer still.
Ids = Annotated[list[FishId], Field(max_length=100)]
REGRET_MAX = 1_000  # far beyond any Regret value a hand can reach (5 Days of Regret cards valued at most 12)


class _Action(BaseModel):
    # strict: a string where a number belongs is refused naming the field, never read as one
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class StartWeek(_Action):
    """Begin the next game of the campaign on Monday (A p.23, setup step 5)."""

    type: Literal["start_week"] = "start_week"


class NextDay(_Action):
    """Clock out and clock in on the next Day (A p.25)."""

    type: Literal["next_day"] = "next_day"


class CatchFish(_Action):
    """Record a catch of the Fish of this catalog name (A p.24)."""

    type: Literal["catch"] = "catch"
    name: FishId


class UndoCatch(_Action):
    """Take back a catch entered by mistake."""

    type: Literal["undo_catch"] = "undo_catch"
    fish_id: FishId


class Discard(_Action):
    """A held Fish leaves the hand during the week (a card made you discard it); it stays catalogued."""

    type: Literal["discard"] = "discard"
    fish_id: FishId


class UseItem(_Action):
    """Flip a single-use item face down (``used``) or back up (a mistake) for this week (A p.24)."""

    type: Literal["use_item"] = "use_item"
    item_id: FishId
    used: bool = True


class Haul(_Action):
    """Week's end steps 1–3 (A p.26): the Regret value, the Fish jettisoned (ids), every other held Fish hauled."""

    type: Literal["haul"] = "haul"
    regret_value: Annotated[int, Field(le=REGRET_MAX)]  # a negative one is the rules' to refuse, by name
    jettison: Ids = []


class ReopenHaul(_Action):
    """Take back this week's jettison and haul before anything is unlocked."""

    type: Literal["reopen_haul"] = "reopen_haul"


class Unlock(_Action):
    """Week's end step 4 (A p.26): the items bought, and the Dinks spent on discounts (A p.24)."""

    type: Literal["unlock"] = "unlock"
    purchases: Ids = []
    dinks: Ids = []


class Rename(_Action):
    """Give the campaign another name."""

    type: Literal["rename"] = "rename"
    name: Annotated[str, Field(max_length=TEXT_MAX)]


class SetNotes(_Action):
    """Keep the sheet's notes: the one that got away, hazards to avoid (A p.24)."""

    type: Literal["set_notes"] = "set_notes"
    notes: Annotated[str, Field(max_length=TEXT_MAX)]


CampaignAction = Annotated[
    StartWeek | NextDay | CatchFish | UndoCatch | Discard | UseItem | Haul | ReopenHaul | Unlock | Rename | SetNotes,
    Field(discriminator="type"),
]
# Built on first use (the phone app's start needs none before Home; the served app's warm-up builds it).
CAMPAIGN_ACTION: TypeAdapter[CampaignAction] = TypeAdapter(CampaignAction, config=ConfigDict(defer_build=True))
