"""What is kept, listed for the screens as functions of the session layer: the saved games (Home, the seat
picker, the Phones screen) and the campaigns (the Ocean Survey). Each list is as last saved: every queued save is
written first. Screens call these with ``ctx.sessions``; none reaches the store. A phone's games in progress
come with the game it holds a seat in first, and Resume takes it to its seat (:func:`in_progress`).

>>> from companion.session import Sessions
>>> saved_games(Sessions(None)), saved_campaigns(Sessions(None))
([], [])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.session.seated import Tab
from companion.session.seats import Seat, SeatBook
from companion.store.records import GameSummary
from companion.survey import Campaign


class Campaigns(Tab, Protocol):
    """A tab's sessions, which hold this run's campaigns when there is no store."""

    def memory_campaigns(self) -> list[Campaign]: ...


def saved_games(tab: Tab) -> list[GameSummary]:
    """Every saved game, newest first (none without a store); the store's error when the list can't be read."""
    if tab.store is None:
        return []
    tab.flush()
    return list(tab.store.list_games())


class Seated(Tab, Protocol):
    """A tab's sessions with the seat book (``ctx.sessions``, served or local)."""

    @property
    def seats(self) -> SeatBook: ...


@dataclass(frozen=True)
class Resumable:
    """A game in progress as a phone's Home lists it: ``seat`` is the seat its Resume opens (``None``: the seat
    picker for the game), ``mine`` whether the phone holds a seat in it."""

    game: GameSummary
    seat: Seat | None
    mine: bool


def in_progress(tab: Seated, games: list[GameSummary]) -> list[Resumable]:
    """The unfinished ``games`` as ``tab``'s Home offers them: the game the phone holds a seat in first (a guest's
    first Resume is its own game, not the newest one), then the rest as listed. A guest's Resume opens its seat's
    screen, or the seat picker for a game it has no seat in; the host's (and the local mode's) the whole table's
    seat."""
    viewer = tab.viewer
    seat = tab.seats.of(viewer.holder) if viewer.served else None
    rows = []
    for game in games:
        if game.finished:
            continue
        mine = seat is not None and seat.game == game.id
        if viewer.host:
            opens: Seat | None = Seat(game.id, None)
        else:
            opens = seat if mine else None
        rows.append(Resumable(game, opens, mine))
    return sorted(rows, key=lambda row: not row.mine)  # stable: the rest keep their order


def saved_campaigns(tab: Campaigns) -> list[dict[str, Any]]:
    """Every campaign as the Survey lists it (``id``, ``name``, ``mode``, ``weeks``): the stored ones, or this
    run's without a store; the store's error when the list can't be read."""
    if tab.store is None:
        return [{"id": c.id, "name": c.name, "mode": c.mode, "weeks": len(c.weeks)}
                for c in tab.memory_campaigns()]
    tab.flush()
    return [s.model_dump() for s in tab.store.list_campaigns()]
