"""What is kept, listed for the screens: the saved games (Home, the seat picker, the Phones screen) and the
campaigns (the Ocean Survey). Each list is as last saved: every queued save is written first. Screens ask their
door (``ctx.sessions.saved_games()``, :class:`~companion.session.door.Door`), which calls these with the shared
sessions it was built with; none reaches the store. A phone's games in progress come with the game it holds a seat
in first, and Resume takes it to its seat (:func:`in_progress`).

>>> from companion.session import Sessions
>>> saved_games(Sessions(None)), saved_campaigns(Sessions(None))
([], [])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.session.seats import Seat, Viewer
from companion.store.records import GameSummary
from companion.store.store import Store
from companion.survey import Campaign


class Kept(Protocol):
    """The shared sessions as the lists need them: the store the app opened (``None``: the data folder could not be
    opened), this run's campaigns without it, and the saves under way written first."""

    @property
    def store(self) -> Store | None: ...

    def flush(self) -> None: ...

    def memory_campaigns(self) -> list[Campaign]: ...


def saved_games(kept: Kept) -> list[GameSummary]:
    """Every saved game, newest first (none without a store); the store's error when the list can't be read."""
    if kept.store is None:
        return []
    kept.flush()
    return list(kept.store.list_games())


@dataclass(frozen=True)
class Resumable:
    """A game in progress as a phone's Home lists it: ``seat`` is the seat its Resume opens (``None``: the seat
    picker for the game), ``mine`` whether the phone holds a seat in it."""

    game: GameSummary
    seat: Seat | None
    mine: bool


def in_progress(viewer: Viewer, seat: Seat | None, games: list[GameSummary]) -> list[Resumable]:
    """The unfinished ``games`` as the Home of ``viewer``'s tab, seated at ``seat``, offers them: the game the phone
    holds a seat in first (a guest's first Resume is its own game, not the newest one), then the rest as listed. A
    guest's Resume opens its seat's screen, or the seat picker for a game it has no seat in; the host's (and the
    local mode's) the whole table's seat."""
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


def saved_campaigns(kept: Kept) -> list[dict[str, Any]]:
    """Every campaign as the Survey lists it (``id``, ``name``, ``mode``, ``weeks``): the stored ones, or this
    run's without a store; the store's error when the list can't be read."""
    if kept.store is None:
        return [{"id": c.id, "name": c.name, "mode": c.mode, "weeks": len(c.weeks)}
                for c in kept.memory_campaigns()]
    kept.flush()
    return [s.model_dump() for s in kept.store.list_campaigns()]
