"""Every open session of one server, keyed by id and shared by every tab: two phones showing game ``g1`` hold
the same :class:`GameSession`, so one's change reaches the other.

>>> sessions = Sessions(store=None)
>>> sessions.draft("scorer") is sessions.draft("scorer")
True
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from companion.i18n import t, tn
from companion.rules.game import Game
from companion.scoring.draft import TableDraft
from companion.session.base import Session
from companion.session.campaigns import CampaignSession
from companion.session.games import DraftSession, GameSession
from companion.session.saver import Saver
from companion.session.seats import SeatBook
from companion.store.errors import StoreError
from companion.store.store import Store
from companion.survey import Campaign

S = TypeVar("S")
J = TypeVar("J", GameSession, CampaignSession)



def _table_draft(saved: Any) -> TableDraft:
    return TableDraft.model_validate(saved) if saved else TableDraft()




NOT_SAVED = "not-saved-last-run"  # the setting: what the last run could not save (Sessions.close)


class NotFound(LookupError):
    """The game or campaign asked for is not stored (or could not be read: the message says why)."""


class Sessions:
    """Opens, holds and forgets sessions; with no store, games and campaigns live in memory for the run. No screen
    holds them: each tab is given them through its door (:func:`companion.session.door.tab_sessions`)."""

    def __init__(self, store: Store | None, saver: Saver | None = None) -> None:
        self.store = store
        self.saver = saver or Saver()
        self._games: dict[str, GameSession] = {}
        self._campaigns: dict[str, CampaignSession] = {}
        self._drafts: dict[str, DraftSession[Any]] = {}
        self._lock = threading.Lock()
        self.seats = SeatBook(store)

    @property
    def keeps(self) -> bool:
        """Whether anything is kept (the data folder could be opened): without it, games live for the run."""
        return self.store is not None

    def setting(self, key: str, default: Any = None) -> Any:
        """An app-wide setting as kept (``default`` without a store); the store's error when it can't be read."""
        return default if self.store is None else self.store.get_setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        """Keep an app-wide setting (the host's: a guest's sessions refuse it, :mod:`companion.session.powers`)."""
        if self.store is not None:
            self.store.set_setting(key, value)

    # --- games and campaigns ----------------------------------------------------------------------------------

    def game(self, game_id: str) -> GameSession:
        """The session of game ``game_id``, loading it on first use; :class:`NotFound` if it isn't stored."""
        return self._open(self._games, game_id,
                          lambda: self._load(self._store_call("load_game"), game_id,
                                             t("No game at the table. Start one or resume one from Home.")),
                          lambda game: GameSession(game, self.store, self.saver))

    def campaign(self, campaign_id: str) -> CampaignSession:
        """The session of campaign ``campaign_id``; :class:`NotFound` if it isn't stored."""
        return self._open(self._campaigns, campaign_id,
                          lambda: self._load(self._store_call("load_campaign"), campaign_id,
                                             t("That campaign could not be found")),
                          lambda campaign: CampaignSession(campaign, self.store, self.saver))

    def start_game(self, game: Game) -> GameSession:
        """Open a new game, saved first: ``StoreError`` if it could not be (nothing is opened then)."""
        return self._started(self._games, GameSession(game, self.store, self.saver))

    def start_campaign(self, campaign: Campaign) -> CampaignSession:
        """Open a new campaign, saved whole first: ``StoreError`` if it could not be (nothing is opened then)."""
        return self._started(self._campaigns, CampaignSession(campaign, self.store, self.saver))

    def _started(self, table: dict[str, J], session: J) -> J:
        session._save(session.current.value, 0)
        with self._lock:
            table[session.key] = session
        return session

    def memory_campaigns(self) -> list[Campaign]:
        """The campaigns of this run when there is no store."""
        with self._lock:
            return [s.current.value for s in self._campaigns.values()]

    def delete_campaign(self, campaign_id: str) -> None:
        """Forget the campaign and delete it from the store (its last version stays among the backups)."""
        self.saver.flush()
        if self.store is not None:
            self.store.delete_campaign(campaign_id)
        with self._lock:
            self._campaigns.pop(campaign_id, None)

    # --- drafts ---------------------------------------------------------------------------------------------

    def draft(self, key: str, make: Callable[[Any], Any] = _table_draft) -> DraftSession[Any]:
        """The shared draft ``key``, kept in a small file of its own (:meth:`Store.set_draft`: a tap on a form
        writes that draft alone): ``make(saved)`` builds it from what was saved (``None`` when nothing was); a saved
        draft ``make`` refuses (an old or damaged one) starts afresh. The Deep Regrets scorer's draft
        (``"scorer"``) is a :class:`TableDraft`."""

        def load() -> Any:
            try:
                saved = self.store.get_draft(key) if self.store is not None else None
                return make(saved)
            except (ValidationError, ValueError, TypeError, KeyError, StoreError, OSError):
                return make(None)

        def write(value: Any) -> None:
            if self.store is not None:
                self.store.set_draft(key, value.model_dump(mode="json") if isinstance(value, BaseModel) else value)

        return self._open(self._drafts, key, load, lambda value: DraftSession(key, value, write, self.saver))

    # --- shared plumbing ------------------------------------------------------------------------------------

    def forget_all(self) -> None:
        """Drop every open game and campaign (after a backup was restored over one of them)."""
        self.saver.flush()
        with self._lock:
            self._games.clear()
            self._campaigns.clear()

    def flush(self) -> None:
        """Wait for a save under way, and fold every open game's and campaign's log into its record (a quiet moment:
        the app is shown the list of games, exports, is hidden or stops)."""
        self.saver.flush()
        with self._lock:
            opened: list[GameSession | CampaignSession] = [*self._games.values(), *self._campaigns.values()]
        for session in opened:
            session.compact()

    def close(self) -> list[str]:
        """At the host's stop: fold every open log (:meth:`flush`), then say what is not saved, one line per record
        a change to which was refused this run because it could not be written (each phone that made one was told
        then); empty: every change tapped is saved. A fold that fails loses nothing (the log is folded at the next
        start)."""
        self.flush()
        with self._lock:
            opened: list[Session[Any]] = [*self._games.values(), *self._campaigns.values(), *self._drafts.values()]
        lines = [tn("{what}: {n} change was not saved ({why}).", "{what}: {n} changes were not saved ({why}).",
                    s.not_saved[0], what=s.describe(), why=s.not_saved[1]) for s in opened if s.not_saved[0]]
        if lines and self.store is not None:
            try:  # for the next start to say (last_run); the disk may still refuse it
                self.store.set_setting(NOT_SAVED, lines)
            except StoreError:
                lines.append(t("(This list could not be kept for the next start.)"))
        return lines

    def last_run(self) -> list[str]:
        """What the last run could not save (:meth:`close`), said once: the note is then forgotten."""
        lines = self.setting(NOT_SAVED) if self.store is not None else None
        if not isinstance(lines, list):
            return []
        with contextlib.suppress(StoreError):  # else said again at the next start
            self.set_setting(NOT_SAVED, None)
        return [str(line) for line in lines]

    def _open(self, table: dict[str, S], key: str, load: Callable[[], Any], make: Callable[[Any], S]) -> S:
        with self._lock:
            found = table.get(key)
        if found is not None:
            return found
        value = load()
        with self._lock:
            return table.setdefault(key, make(value))

    def _store_call(self, name: str) -> Callable[[str], Any] | None:
        return None if self.store is None else getattr(self.store, name)

    @staticmethod
    def _load(load: Callable[[str], Any] | None, key: str, unknown: str) -> Any:
        if load is None:
            raise NotFound(unknown)
        try:
            found = load(key)
        except StoreError as problem:
            raise NotFound(str(problem)) from problem
        if found is None:
            raise NotFound(unknown)
        return found
