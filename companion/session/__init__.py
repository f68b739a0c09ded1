"""Open games, campaigns and scorer drafts, held on the server and shared by every tab (no Flet here).

A screen asks its door (``ctx.sessions``, :mod:`companion.session.door`, over the shared :class:`Sessions`) for the
session of the thing it shows, renders ``session.current``, changes it only through the session's moves (each naming
the version the phone showed), and subscribes to hear of changes made from any tab. Every change is saved before any
tab hears of it, in order (a game's as one line of its log).

>>> from companion.session import Sessions
>>> sessions = Sessions(store=None)
>>> draft = sessions.draft("scorer")
>>> seen = draft.version
>>> draft.change(lambda d: d.model_copy(update={"preset": "three-shops"}), seen=seen).ok
True
>>> draft.change(lambda d: d, seen=seen).ok  # a phone still showing the old version is refused
False
"""

# The point of play a move's steps belong to (Outcome.steps: shown until the table moves on from it): screens
# never import the engine's step diffing (an import-linter contract).
from companion.rules.table_steps import Moment, moment
from companion.session.base import Outcome, Session, Snapshot
from companion.session.campaigns import CampaignSession
from companion.session.games import DraftSession, GameSession
from companion.session.registry import Sessions
from companion.session.saver import Saver

# The store's words the screens use (its refusals, a game's summary, the text sizes):
# screens take them from here, the one door, and never import the store (an import-linter contract).
from companion.store import GameSummary, ImportRefused, NotFound, Store, StoreError
from companion.store.display import TEXT_SCALE_DEFAULT, TEXT_SIZE_NAMES, check_text_scale, scaled

__all__ = ["TEXT_SCALE_DEFAULT", "TEXT_SIZE_NAMES", "CampaignSession", "DraftSession", "GameSession", "GameSummary",
           "ImportRefused", "Moment", "NotFound", "Outcome", "Saver", "Session", "Sessions", "Snapshot", "Store",
           "StoreError", "check_text_scale", "moment", "scaled"]
