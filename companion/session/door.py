"""The screens' one door: what a tab's sessions offer (:class:`Door`, the type of ``ctx.sessions``), and how a tab
is given them (:func:`tab_sessions`).

Every verb a screen calls is a method of :class:`Door` or of what it hands out: a game, a campaign or a draft as
the small Protocols below (what a screen may do with one, nothing of the shared session behind it), the history
(:class:`~companion.session.plays.Plays`) and the kept records (:class:`~companion.session.service.Records`). The
store they work on is the one the app opened at its start (the shared :class:`~companion.session.Sessions`'); no
screen is handed it, nor the seat book. Each host-only verb refuses a guest's tab itself
(:func:`~companion.session.powers.require_host`); :mod:`companion.session.powers` declares which verbs those are.
A tab's door is a :class:`~companion.session.seated.SeatedSessions`: games seen and moved through its seat (the
local mode's one screen sits everywhere).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from companion.rules.actions import Action
from companion.rules.game import Game
from companion.session.base import Outcome, Snapshot
from companion.session.listing import Resumable
from companion.session.plays import Plays
from companion.session.registry import Sessions
from companion.session.seated import SeatedSessions
from companion.session.seats import Place, Seat, Viewer
from companion.session.service import Records
from companion.store.records import GameSummary
from companion.survey import Campaign
from companion.survey.actions import CampaignAction

T = TypeVar("T")


class Followed(Protocol[T]):
    """A shared value a screen draws and follows (:func:`companion.views.hooks.use_session`)."""

    @property
    def key(self) -> str: ...

    @property
    def current(self) -> Snapshot[T]: ...

    @property
    def version(self) -> int: ...

    def subscribe(self, listener: Callable[[Snapshot[T]], None]) -> Callable[[], None]: ...


class Undoable(Followed[T], Protocol[T]):
    """A shared value whose last change a screen may take back and put back (the Undo and Redo buttons)."""

    def undo(self, *, seen: int) -> Outcome[T]: ...

    def redo(self, *, seen: int) -> Outcome[T]: ...


class GameDoor(Undoable[Game], Protocol):
    """A game as a tab's seat sees it and moves it."""

    @property
    def place(self) -> Place:
        """The tab's place in the game now."""
        ...

    def apply(self, action: Action, *, seen: int) -> Outcome[Game]: ...

    def heard(self, snapshot: Snapshot[Game]) -> tuple[str, ...]: ...

    def told(self, snapshot: Snapshot[Game]) -> str | None: ...

    def undo_question(self) -> str: ...

    def not_in_sea(self, fish: str) -> str | None: ...


class CampaignDoor(Undoable[Campaign], Protocol):
    """An Ocean Survey campaign, changed by its typed actions."""

    def apply(self, action: CampaignAction, *, seen: int) -> Outcome[Campaign]: ...


class DraftDoor(Undoable[T], Protocol[T]):
    """A form kept where every phone sees it (a scorer's table, New game's anglers, a catch being made)."""

    def replace(self, make: Callable[[T], T], *, seen: int) -> Outcome[T]: ...

    def change(self, edit: Callable[[T], T | None], *, seen: int) -> Outcome[T]: ...

    def reset(self, value: T, *, seen: int) -> Outcome[T]: ...

    def locked(self) -> bool: ...


class Door(Protocol):
    """A tab's sessions, as the screens are given them."""

    @property
    def viewer(self) -> Viewer:
        """Who is at the tab (the host's tab may do everything)."""
        ...

    @property
    def keeps(self) -> bool:
        """Whether anything is kept (the data folder could be opened)."""
        ...

    @property
    def plays(self) -> Plays:
        """The history: plays listed, opened, recorded and changed (the host's)."""
        ...

    @property
    def records(self) -> Records:
        """The kept records as the Data screen uses them: exports, imports, backups (the host's)."""
        ...

    def setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def flush(self) -> None: ...

    def game(self, game_id: str) -> GameDoor: ...

    def start_game(self, game: Game) -> GameDoor: ...

    def campaign(self, campaign_id: str) -> CampaignDoor: ...

    def start_campaign(self, campaign: Campaign) -> CampaignDoor: ...

    def delete_campaign(self, campaign_id: str) -> None: ...

    def draft(self, key: str, make: Callable[[Any], Any] | None = None) -> DraftDoor[Any]: ...

    def saved_games(self) -> list[GameSummary]: ...

    def in_progress(self, games: list[GameSummary]) -> list[Resumable]: ...

    def saved_campaigns(self) -> list[dict[str, Any]]: ...

    def my_seat(self) -> Seat | None: ...

    def seats_held(self) -> dict[str, Seat]: ...

    def newest_game(self) -> str | None: ...

    def place(self, game_id: str) -> Place: ...

    def take_seat(self, seat: Seat | None, name: str = "") -> str | None: ...

    def hand_seat(self, seat: Seat, to: str) -> None: ...

    def keep_seats(self, holders: set[str]) -> None: ...

    def follow_seats(self, listener: Callable[[], None]) -> Callable[[], None]: ...


def tab_sessions(shared: Sessions, viewer: Viewer) -> Door:
    """The shared sessions as the tab of ``viewer`` is given them: seen through its seat, each host-only verb
    refused to a guest's tab."""
    return SeatedSessions(shared, viewer)
