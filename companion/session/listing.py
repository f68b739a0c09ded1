"""What is kept, listed for the screens as functions of the session layer: the saved games (Home, the seat
picker, the Phones screen) and the campaigns (the Ocean Survey). Each list is as last saved: every queued save is
written first. Screens call these with ``ctx.sessions``; none reaches the store.

>>> from companion.session import Sessions
>>> saved_games(Sessions(None)), saved_campaigns(Sessions(None))
([], [])
"""

from __future__ import annotations

from typing import Any, Protocol

from companion.session.seated import Tab
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


def saved_campaigns(tab: Campaigns) -> list[dict[str, Any]]:
    """Every campaign as the Survey lists it (``id``, ``name``, ``mode``, ``weeks``): the stored ones, or this
    run's without a store; the store's error when the list can't be read."""
    if tab.store is None:
        return [{"id": c.id, "name": c.name, "mode": c.mode, "weeks": len(c.weeks)}
                for c in tab.memory_campaigns()]
    tab.flush()
    return [s.model_dump() for s in tab.store.list_campaigns()]
