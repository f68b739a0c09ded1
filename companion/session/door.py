"""The screens' one door: what a tab's sessions offer (:class:`Door`, the type of ``ctx.sessions``), and how a tab
is given them (:func:`tab_sessions`).

Every verb a screen calls on its sessions is a method of :class:`Door`; what a screen does with the kept records
is a service function taking it (:mod:`companion.session.service`, :mod:`~companion.session.plays`,
:mod:`~companion.session.listing`). Each host-only verb refuses a guest's tab itself
(:func:`~companion.session.powers.require_host`); :mod:`companion.session.powers` declares which verbs those are.
A served tab's door is a :class:`~companion.session.seated.SeatedSessions` (games seen and moved through its seat);
the local mode's is the shared :class:`~companion.session.Sessions` itself, whose one screen is the host's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.rules.game import Game
from companion.session.campaigns import CampaignSession
from companion.session.games import DraftSession, GameSession
from companion.session.registry import Sessions
from companion.session.saver import Saver
from companion.session.seated import SeatedSessions
from companion.session.seats import SeatBook, Viewer
from companion.store.store import Store
from companion.survey import Campaign


class Door(Protocol):
    """A tab's sessions, as the screens are given them."""

    @property
    def viewer(self) -> Viewer:
        """Who is at the tab (the host's tab may do everything)."""
        ...

    @property
    def store(self) -> Store | None:
        """The kept records, for the service functions alone (no screen reads it: ``tests/session/test_door.py``)."""
        ...

    @property
    def seats(self) -> SeatBook: ...

    @property
    def saver(self) -> Saver: ...

    @property
    def keeps(self) -> bool:
        """Whether anything is kept (the data folder could be opened)."""
        ...

    def setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def flush(self) -> None: ...

    def forget_all(self) -> None: ...

    def game(self, game_id: str) -> GameSession: ...

    def start_game(self, game: Game) -> GameSession: ...

    def campaign(self, campaign_id: str) -> CampaignSession: ...

    def start_campaign(self, campaign: Campaign) -> CampaignSession: ...

    def delete_campaign(self, campaign_id: str) -> None: ...

    def memory_campaigns(self) -> list[Campaign]: ...

    def draft(self, key: str, make: Callable[[Any], Any] = ...) -> DraftSession[Any]: ...


def tab_sessions(shared: Sessions, viewer: Viewer) -> Door:
    """The shared sessions as the tab of ``viewer`` is given them: seen through its seat, each host-only verb
    refused to a guest's tab."""
    return SeatedSessions(shared, viewer)
