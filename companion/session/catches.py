"""A catch being made on an angler's screen, kept where the game lives until the Fish action is sent: the angler
screen's form itself (read with the session hook, changed through the draft session), no copy of it on the screen.

Picking a Fish, selecting dice and choosing what is used on the catch take several taps before "Catch"; a host
restart in between (the phones reload) lost them while the outage overlay said nothing entered is lost. The catch
is a draft session of its game and seat (:meth:`companion.session.Sessions.draft`, kept in the data folder as
``drafts/catch-<game>-<seat>.json``, a small file of its own): written on each tap before the screen shows it, read
again when the screen opens, on whichever phone holds the seat (it follows a seat the host hands over). A draft begun on
another Day is not offered again: the dice it names are gone.

>>> from companion.session import Sessions
>>> from companion.session.door import tab_sessions
>>> from companion.session.seats import LOCAL
>>> draft = catch_draft(tab_sessions(Sessions(None), LOCAL), "g1", 0)
>>> draft.change(lambda d: d.model_copy(update={"fish": "sunfish", "dice": [0]}), seen=draft.version).ok
True
>>> draft.current.value.on_day(0, fresh=3).fish, draft.current.value.on_day(1, fresh=3).fish
('sunfish', None)
>>> draft.change(lambda d: d.model_copy(update={"why": "x" * 201}), seen=draft.version).message
'why: String should have at most 200 characters'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from companion.rules.catalog import CatalogFish, UnknownFish, load_catalog
from companion.rules.constants import MAX_PLAYERS
from companion.session.door import DraftDoor

# Bounds where the draft enters (a tap at a time, or a settings file edited by hand).
MAX_DICE = 30  # far more than any angler's Fresh dice
MAX_CARDS = 30  # Dinks and Supplies used on one catch
MAX_ADJUSTMENT = 20
MAX_WHY = 200


class CatchDraft(BaseModel):
    """What the angler has chosen for the catch so far (the fields of the Fish action to be sent)."""

    model_config = ConfigDict(extra="forbid")

    day: int = Field(default=0, ge=0, le=100)  # the Day it was begun on
    dice: list[int] = Field(default_factory=list, max_length=MAX_DICE)  # Fresh dice selected, by index
    fish: str | None = Field(default=None, max_length=100)  # the catalog id of the Fish picked
    secret: bool = False
    overfished: bool = False
    dinks: list[str] = Field(default_factory=list, max_length=MAX_CARDS)
    supplies: list[str] = Field(default_factory=list, max_length=MAX_CARDS)
    life_preserver: bool = False
    adjustment: int = Field(default=0, ge=-MAX_ADJUSTMENT, le=MAX_ADJUSTMENT)
    why: str = Field(default="", max_length=MAX_WHY)
    swap_for: tuple[int, int] | None = None  # Hadal Shade: (seat, slot) of the Mounted Fish it is swapped for

    def on_day(self, day: int, fresh: int) -> CatchDraft:
        """This catch as the screen shows it on ``day`` with ``fresh`` Fresh dice: one begun on another Day is an
        empty one, and a die no longer Fresh (spent since, on another screen) is no longer selected."""
        if self.day != day:
            return CatchDraft(day=day)
        if all(k < fresh for k in self.dice):
            return self
        return self.model_copy(update={"dice": [k for k in self.dice if k < fresh]})

    def toggled(self, field: Literal["dice", "dinks", "supplies"], item: int | str) -> CatchDraft:
        """This catch with ``item`` taken out of ``field`` if it is in, else added at its end (a die, a Dink, a
        Supply tapped).

        >>> CatchDraft(dice=[0, 2]).toggled("dice", 2).dice, CatchDraft(dice=[0]).toggled("dice", 3).dice
        ([0], [0, 3])
        """
        chosen: list[Any] = getattr(self, field)
        return self.model_copy(update={field: [x for x in chosen if x != item] if item in chosen
                                       else [*chosen, item]})

    def caught(self) -> CatchDraft:
        """The next catch, after this one was made (or The Plug put on the table): nothing chosen yet."""
        return CatchDraft(day=self.day)

    def catalog_fish(self) -> CatalogFish | None:
        """The Fish picked, as the catalog has it (``None``: none picked, or one this catalog no longer has)."""
        if self.fish is None:
            return None
        try:
            return load_catalog().fish(self.fish)
        except UnknownFish:
            return None


class Drafts(Protocol):
    """A tab's sessions (``ctx.sessions``, :class:`~companion.session.door.Door`): they open the shared drafts."""

    def draft(self, key: str, make: Callable[[Any], Any] | None = None) -> DraftDoor[Any]: ...


def _from_saved(saved: Any) -> CatchDraft:
    return CatchDraft.model_validate(saved) if saved else CatchDraft()


def catch_draft(tab: Drafts, game_id: str, seat: int) -> DraftDoor[CatchDraft]:
    """The catch being made by angler ``seat`` of game ``game_id`` (a saved one that no longer validates starts
    afresh: :meth:`~companion.session.Sessions.draft`)."""
    if not 0 <= seat < MAX_PLAYERS:
        raise ValueError(f"no angler {seat}")
    session: DraftDoor[CatchDraft] = tab.draft(f"catch-{game_id}-{seat}", _from_saved)
    return session
