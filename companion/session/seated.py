"""The sessions as one tab is given them: every game seen through its seat, every move checked against it.

The app gives each tab ``sessions.seated(viewer)``; a screen asks it for a game as it always did
(``ctx.sessions.game(id)``) and gets a :class:`SeatedGame`: its versions are the game as the tab's seat may see it
(:func:`~companion.rules.visibility.visible_game`), its moves, undo and redo are refused when the seat may not make
them (:class:`~companion.session.seats.Place`), and what it makes is logged as that seat's. The scorer's draft
filled from a game is seen the same way (:func:`~companion.scoring.from_game.visible_draft`). This is the one
place hidden information is filtered: a screen never sees what its phone may not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from companion.i18n import t
from companion.rules.actions import Action
from companion.rules.game import Game
from companion.rules.phases import seat_of
from companion.rules.visibility import visible_game, visible_to
from companion.scoring.draft import TableDraft
from companion.scoring.from_game import merged_draft, visible_draft
from companion.session.base import Outcome, Session, Snapshot
from companion.session.campaigns import CampaignSession
from companion.session.games import DraftSession, GameSession, Moved
from companion.session.powers import require_host
from companion.session.saver import Saver
from companion.session.seats import Place, SeatBook, Viewer, move_name, table_only
from companion.store.errors import StoreError
from companion.store.store import Store
from companion.survey import Campaign

if TYPE_CHECKING:  # the shared sessions hand each tab these (Sessions.seated): no import at run time
    from companion.session.registry import Sessions

T = TypeVar("T")


class _Through(Generic[T]):
    """What a session seen through a tab's seat shares: it holds nothing of its own; every version it hands out,
    to a reader, a subscriber or a move's outcome, goes through :meth:`seen_as`."""

    inner: Session[T]

    def seen_as(self, value: T) -> T:
        """``value`` as this tab's seat may see it (each kind of session says how)."""
        raise NotImplementedError

    def shown(self, snapshot: Snapshot[T]) -> Snapshot[T]:
        """``snapshot`` as this tab's seat may see it."""
        value = self.seen_as(snapshot.value)
        if value is snapshot.value:
            return snapshot
        return Snapshot(value, snapshot.version, snapshot.can_undo, snapshot.can_redo)

    @property
    def current(self) -> Snapshot[T]:
        return self.shown(self.inner.current)

    @property
    def version(self) -> int:
        return self.inner.version

    @property
    def subscribers(self) -> int:
        return self.inner.subscribers

    def subscribe(self, listener: Callable[[Snapshot[T]], None]) -> Callable[[], None]:
        return self.inner.subscribe(lambda snapshot: listener(self.shown(snapshot)))

    def _seen(self, outcome: Outcome[T]) -> Outcome[T]:
        return dataclasses.replace(outcome, current=self.shown(outcome.current))


class SeatedGame(_Through[Game], GameSession):
    """One game as one tab's seat sees and changes it; the game itself stays in the shared session."""

    inner: GameSession

    def __init__(self, inner: GameSession, book: SeatBook, viewer: Viewer, tab: object = None) -> None:
        # No GameSession.__init__: this holds nothing of its own, every call goes to ``inner``.
        self.key = inner.key
        self.inner = inner
        self._book = book
        self._viewer = viewer
        self._tab = tab  # which tab this is (its SeatedSessions'): a move it made is not told back to it

    def __repr__(self) -> str:
        return f"SeatedGame({self.key!r})"

    @property
    def place(self) -> Place:
        """This tab's place in the game now (a seat taken or handed over takes effect at once)."""
        return self._book.place(self._viewer, self.key)

    def seen_as(self, value: Game) -> Game:
        place = self.place
        return value if place.kind == "all" else visible_game(value, place.seat)

    def apply(self, action: Action, *, seen: int, by: int | None = None,
              check: Callable[[Game], str | None] | None = None, tab: object | None = None) -> Outcome[Game]:
        """The move as this tab's seat may make it (``by``, ``check`` and ``tab`` are the tab's own)."""
        place = self.place
        mine = place.seat if seat_of(action) == place.seat else None  # the host's move for another is the table's
        return self.told_steps(self._seen(self.inner._apply(action, seen=seen, by=mine, tab=self._tab,
                                                            check=lambda game: place.move_refusal(game, action))))

    def steps(self, snapshot: Snapshot[Game]) -> tuple[str, ...]:
        """The table's steps after the move that made ``snapshot``, read off the game as this tab's seat sees it
        before and after (:func:`~companion.rules.visibility.visible_to`): what it may not see can't be told."""
        moved = self.inner.last_move
        if moved is None or moved.version != snapshot.version:
            return ()
        place = self.place
        if place.kind == "all":
            return moved.steps()
        return dataclasses.replace(moved, before=visible_to(moved.before, place.seat),
                       after=visible_to(moved.after, place.seat)).steps()

    def made(self, snapshot: Snapshot[Game]) -> Moved | None:
        return self.inner.made(snapshot)

    def heard(self, snapshot: Snapshot[Game]) -> tuple[str, ...]:
        moved = self.inner.last_move
        return () if moved is None or moved.tab is self._tab else self.steps(snapshot)

    def replace(self, make: Callable[[Game], Game], *, seen: int) -> Outcome[Game]:
        """A change made outside the engine's moves: the table's (the host's, the whole table's phone's) alone."""
        refusal = None if self.place.acts_for_table else table_only()
        return self._seen(self.inner.replace(make, seen=seen) if refusal is None
                          else Outcome(False, self.inner.current, refusal))

    def undo(self, *, seen: int, check: Callable[[Game], str | None] | None = None, holder: str = ""
             ) -> Outcome[Game]:
        return self._seen(self.inner.undo(seen=seen, check=self.place.undo_refusal, holder=self._viewer.holder))

    def undo_question(self) -> str:
        return self.inner.undo_question()

    def not_in_sea(self, fish: str) -> str | None:
        return self.inner.not_in_sea(fish)

    def told(self, snapshot: Snapshot[Game]) -> str | None:
        undone = self.inner.last_undo
        place = self.place
        if (undone is None or undone.version != snapshot.version or undone.holder == self._viewer.holder
                or place.kind != "angler" or undone.angler != place.seat):
            return None
        return t("Your {move} was taken back on another phone.", move=move_name(undone.action))

    def redo(self, *, seen: int, check: Callable[[Game], str | None] | None = None) -> Outcome[Game]:
        return self._seen(self.inner.redo(seen=seen, check=self.place.redo_refusal))


class SeatedDraft(_Through[Any], DraftSession[Any]):
    """The shared scorer draft as one tab's seat sees it: filled from a game the final scoring hasn't revealed,
    another angler's Fish in hand and Regret value are counts; what the tab keeps leaves them as they were."""

    inner: DraftSession[Any]

    def __init__(self, inner: DraftSession[Any], book: SeatBook, viewer: Viewer,
                 recorded: Callable[[str], bool] = lambda _play_id: False) -> None:
        self.key = inner.key
        self.inner = inner
        self._book = book
        self._viewer = viewer
        self._recorded = recorded  # whether a play id is in the history

    def __repr__(self) -> str:
        return f"SeatedDraft({self.key!r})"

    def _place(self, draft: Any) -> Place | None:
        if not isinstance(draft, TableDraft) or draft.game_id is None:
            return None
        place = self._book.place(self._viewer, draft.game_id)
        return None if place.kind == "all" else place

    def seen_as(self, value: Any) -> Any:
        place = self._place(value)
        return value if place is None else visible_draft(value, place.seat)

    def locked(self) -> bool:
        """Whether this tab may not change the draft: it scores a game whose play is recorded, and the tab is a
        guest's (a recorded result changes only by the host, issue 35 item 3: the host's scorer records the
        shared draft again as it changes)."""
        draft = self.inner.current.value
        return (not self._viewer.host and isinstance(draft, TableDraft) and draft.game_id is not None
                and self._recorded(f"game-{draft.game_id}"))

    def _refused(self) -> Outcome[Any]:
        return Outcome(False, self.shown(self.inner.current),
                       t("This play is recorded in History: only the host can change it."))

    def replace(self, make: Callable[[Any], Any], *, seen: int) -> Outcome[Any]:
        if self.locked():
            return self._refused()

        def kept(full: Any) -> Any:
            place = self._place(full)
            if place is None:
                return make(full)
            return merged_draft(full, make(visible_draft(full, place.seat)), place.seat)

        return self._seen(self.inner.replace(kept, seen=seen))

    def undo(self, *, seen: int) -> Outcome[Any]:
        return self._refused() if self.locked() else self._seen(self.inner.undo(seen=seen))

    def redo(self, *, seen: int) -> Outcome[Any]:
        return self._refused() if self.locked() else self._seen(self.inner.redo(seen=seen))


class SeatedSessions:
    """The shared :class:`~companion.session.Sessions` as one tab is given them (see the module's docstring): every
    verb a screen calls is a method here (:class:`~companion.session.door.Door`), and each host-only one refuses a
    guest's tab itself (:func:`~companion.session.powers.require_host`)."""

    def __init__(self, shared: Sessions, viewer: Viewer) -> None:
        self._shared = shared
        self.viewer = viewer
        self._tab = object()  # this tab, as the moves it makes name it (GameSession.last_move)

    def __repr__(self) -> str:
        return f"SeatedSessions({self.viewer.holder!r})"

    @property
    def store(self) -> Store | None:
        """The store behind the sessions (for the service functions alone: a screen never reads it)."""
        return self._shared.store

    @property
    def seats(self) -> SeatBook:
        return self._shared.seats

    @property
    def saver(self) -> Saver:
        return self._shared.saver

    @property
    def keeps(self) -> bool:
        return self._shared.keeps

    def setting(self, key: str, default: Any = None) -> Any:
        return self._shared.setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        require_host(self.viewer, "set_setting")
        self._shared.set_setting(key, value)

    def flush(self) -> None:
        self._shared.flush()

    def forget_all(self) -> None:
        require_host(self.viewer, "forget_all")  # other tabs' games would be dropped under them
        self._shared.forget_all()

    def game(self, game_id: str) -> SeatedGame:
        return SeatedGame(self._shared.game(game_id), self.seats, self.viewer, self._tab)

    def start_game(self, game: Game) -> SeatedGame:
        """Open and save ``game``: the host's alone (:class:`HostOnly` for a guest's tab, nothing saved). A game a
        guest started was one nobody could move on (a guest's phone is an angler's, or no seat, in it) and went to
        the top of every phone's Home; the host starts it and every phone is offered its seats."""
        require_host(self.viewer, "start_game")
        session = SeatedGame(self._shared.start_game(game), self.seats, self.viewer, self._tab)
        if self.viewer.served:
            self._shared.flush()  # saved before the phones look for its seats
            self.seats.game_started(game.id)
        return session

    def campaign(self, campaign_id: str) -> CampaignSession:
        return self._shared.campaign(campaign_id)

    def start_campaign(self, campaign: Campaign) -> CampaignSession:
        return self._shared.start_campaign(campaign)

    def delete_campaign(self, campaign_id: str) -> None:
        require_host(self.viewer, "delete_campaign")
        self._shared.delete_campaign(campaign_id)

    def memory_campaigns(self) -> list[Campaign]:
        return self._shared.memory_campaigns()

    def draft(self, key: str, make: Callable[[Any], Any] | None = None) -> SeatedDraft:
        store = self._shared.store
        shared = self._shared.draft(key) if make is None else self._shared.draft(key, make)
        return SeatedDraft(shared, self.seats, self.viewer,
                           lambda play_id: store is not None and store.has_play(play_id))


class Tab(Protocol):
    """A tab's sessions as a service function (:mod:`companion.session.plays`, :mod:`~companion.session.service`,
    :mod:`~companion.session.listing`) takes them: who is at the tab, and the store it was given (``None``: the data
    folder could not be opened). ``ctx.sessions`` is one; so are the plain sessions of the local mode."""

    @property
    def viewer(self) -> Viewer: ...

    @property
    def store(self) -> Store | None: ...

    def flush(self) -> None: ...

    def forget_all(self) -> None: ...


def store_of(tab: Tab, missing: str) -> Store:
    """The store ``tab`` was given; ``StoreError(missing)`` when the data folder could not be opened."""
    if tab.store is None:
        raise StoreError(missing)
    return tab.store
