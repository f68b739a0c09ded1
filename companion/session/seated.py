"""The sessions as one tab is given them: every game seen through its seat, every move checked against it.

The app gives each tab ``tab_sessions(shared, viewer)`` (:mod:`companion.session.door`); a screen asks it for a game
(``ctx.sessions.game(id)``) and gets a :class:`SeatedGame`, which holds the shared session and offers only what a
screen may do with it: its versions are the game as the tab's seat may see it
(:func:`~companion.rules.visibility.visible_game`), its moves, undo and redo are refused when the seat may not make
them (the tab's :class:`~companion.session.seats.Place`, decided once per tap and handed to the shared session as
data), and what it makes is logged as that seat's. The scorer's draft filled from a game is seen the same way
(:func:`~companion.scoring.from_game.visible_draft`). This is the one place hidden information is filtered: a
screen never sees what its phone may not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from companion.history import result_json
from companion.i18n import t
from companion.rules.actions import Action
from companion.rules.game import Game
from companion.rules.visibility import visible_game, visible_to
from companion.scoring.draft import TableDraft
from companion.scoring.from_game import merged_draft, visible_draft
from companion.session.base import Outcome, Session, Snapshot
from companion.session.campaigns import CampaignSession
from companion.session.games import DraftSession, GameSession, Moved, edited
from companion.session.listing import Resumable, in_progress, saved_campaigns, saved_games
from companion.session.plays import Plays
from companion.session.powers import require_host
from companion.session.registry import NotFound, Sessions
from companion.session.seats import Place, Seat, Viewer, move_name
from companion.session.service import Records
from companion.store.errors import StoreError
from companion.store.records import GameSummary
from companion.survey import Campaign

T = TypeVar("T")


class _Through(Generic[T]):
    """What a session seen through a tab's seat shares: it holds the shared session and nothing of its own; every
    version it hands out, to a reader, a subscriber or a move's outcome, goes through :meth:`seen_as`."""

    def __init__(self, inner: Session[T]) -> None:
        self._inner = inner

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r})"

    @property
    def key(self) -> str:
        return self._inner.key

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
        return self.shown(self._inner.current)

    @property
    def version(self) -> int:
        return self._inner.version

    def subscribe(self, listener: Callable[[Snapshot[T]], None]) -> Callable[[], None]:
        return self._inner.subscribe(lambda snapshot: listener(self.shown(snapshot)))


class SeatedGame(_Through[Game]):
    """One game as one tab's seat sees and changes it (:class:`~companion.session.door.GameDoor`); the game itself
    stays in the shared session."""

    _inner: GameSession

    def __init__(self, inner: GameSession, place: Callable[[], Place], holder: str, tab: object) -> None:
        super().__init__(inner)
        self._place = place  # the tab's place in this game as the seat book has it now
        self._holder = holder
        self._tab = tab  # which tab this is (its SeatedSessions'): a move it made is not told back to it

    @property
    def place(self) -> Place:
        """This tab's place in the game now (a seat taken or handed over takes effect at once)."""
        return self._place()

    def seen_as(self, value: Game) -> Game:
        return _seen_game(value, self.place)

    def _seen(self, outcome: Outcome[Game], place: Place) -> Outcome[Game]:
        value = _seen_game(outcome.current.value, place)
        if value is outcome.current.value:
            return outcome
        return dataclasses.replace(outcome, current=dataclasses.replace(outcome.current, value=value))

    def apply(self, action: Action, *, seen: int) -> Outcome[Game]:
        """The move as this tab's seat may make it; the outcome carries the table's steps as the seat may see them,
        and the move in one line."""
        place = self.place  # decided once for this tap, handed down as data
        outcome = self._seen(self._inner._apply(action, seen=seen, place=place, tab=self._tab), place)
        moved = self._inner.made(outcome.current) if outcome.ok else None
        if moved is None:
            return outcome
        return dataclasses.replace(outcome, steps=_steps(moved, place), said=moved.said())

    def steps(self, snapshot: Snapshot[Game]) -> tuple[str, ...]:
        """The table's steps after the move that made ``snapshot``, read off the game as this tab's seat sees it
        before and after (:func:`~companion.rules.visibility.visible_to`): what it may not see can't be told."""
        moved = self._inner.made(snapshot)
        return () if moved is None else _steps(moved, self.place)

    def heard(self, snapshot: Snapshot[Game]) -> tuple[str, ...]:
        """The steps this tab is told of a move another tab made."""
        moved = self._inner.made(snapshot)
        return () if moved is None or moved.tab is self._tab else _steps(moved, self.place)

    def undo(self, *, seen: int) -> Outcome[Game]:
        place = self.place
        return self._seen(self._inner.undo(seen=seen, place=place, holder=self._holder), place)

    def undo_question(self) -> str:
        return self._inner.undo_question()

    def not_in_sea(self, fish: str) -> str | None:
        return self._inner.not_in_sea(fish)

    def told(self, snapshot: Snapshot[Game]) -> str | None:
        """What this tab is told of the change ``snapshot`` brings, when another tab took back its angler's move."""
        undone = self._inner.last_undo
        if undone is None or undone.version != snapshot.version or undone.holder == self._holder:
            return None
        place = self.place
        if place.kind != "angler" or undone.angler != place.seat:
            return None
        return t("Your {move} was taken back on another phone.", move=move_name(undone.action))

    def redo(self, *, seen: int) -> Outcome[Game]:
        place = self.place
        return self._seen(self._inner.redo(seen=seen, place=place), place)


def _seen_game(game: Game, place: Place) -> Game:
    return game if place.kind == "all" else visible_game(game, place.seat)


def _steps(moved: Moved, place: Place) -> tuple[str, ...]:
    if place.kind == "all":
        return moved.steps()
    return dataclasses.replace(moved, before=visible_to(moved.before, place.seat),
                               after=visible_to(moved.after, place.seat)).steps()


class SeatedDraft(_Through[Any]):
    """The shared draft as one tab's seat sees it (:class:`~companion.session.door.DraftDoor`): a scorer's draft
    filled from a game the final scoring hasn't revealed shows another angler's Fish in hand and Regret value as
    counts; what the tab keeps leaves them as they were. A change that leaves it the complete score of a finished
    game records that game's play (:meth:`SeatedSessions._record_finished`)."""

    _inner: DraftSession[Any]

    def __init__(self, inner: DraftSession[Any], place: Callable[[str], Place | None],
                 locked: Callable[[str], bool], record: Callable[[Any], str | None]) -> None:
        super().__init__(inner)
        self._place_in = place  # the tab's place in a game (None: it sees all)
        self._locked_game = locked  # whether the tab may not change the scorer of that game (its play recorded)
        self._record = record  # records the play a draft scores; the reason when it could not

    def _place(self, draft: Any) -> Place | None:
        if not isinstance(draft, TableDraft) or draft.game_id is None:
            return None
        return self._place_in(draft.game_id)

    def seen_as(self, value: Any) -> Any:
        place = self._place(value)
        return value if place is None else visible_draft(value, place.seat)

    def locked(self) -> bool:
        """Whether this tab may not change the draft: it scores a game whose play is recorded, and the tab is a
        guest's (a recorded result changes only by the host, issue 35 item 3)."""
        draft = self._inner.current.value
        return isinstance(draft, TableDraft) and draft.game_id is not None and self._locked_game(draft.game_id)

    def _refused(self) -> Outcome[Any]:
        return Outcome(False, self.shown(self._inner.current),
                       t("This play is recorded in History: only the host can change it."))

    def _made(self, outcome: Outcome[Any]) -> Outcome[Any]:
        """A change made: the play it completes recorded (what could not be, said), then seen through the seat."""
        problem = self._record(outcome.current.value) if outcome.ok else None
        if problem is not None:
            outcome = dataclasses.replace(outcome, message=problem)
        return dataclasses.replace(outcome, current=self.shown(outcome.current))

    def replace(self, make: Callable[[Any], Any], *, seen: int) -> Outcome[Any]:
        if self.locked():
            return self._refused()

        def kept(full: Any) -> Any:
            place = self._place(full)
            if place is None:
                return make(full)
            return merged_draft(full, make(visible_draft(full, place.seat)), place.seat)

        return self._made(self._inner.replace(kept, seen=seen))

    def change(self, edit: Callable[[Any], Any | None], *, seen: int) -> Outcome[Any]:
        """``edit(copy)`` returns the new draft (or edits the copy in place and returns ``None``)."""
        return self.replace(edited(edit), seen=seen)

    def reset(self, value: Any, *, seen: int) -> Outcome[Any]:
        """Replace the whole draft (undoable)."""
        return self.replace(lambda _old: value, seen=seen)

    def undo(self, *, seen: int) -> Outcome[Any]:
        return self._refused() if self.locked() else self._made(self._inner.undo(seen=seen))

    def redo(self, *, seen: int) -> Outcome[Any]:
        return self._refused() if self.locked() else self._made(self._inner.redo(seen=seen))


class SeatedSessions:
    """The shared :class:`~companion.session.Sessions` as one tab is given them (see the module's docstring): every
    verb a screen calls is a method here (:class:`~companion.session.door.Door`), and each host-only one refuses a
    guest's tab itself (:func:`~companion.session.powers.require_host`). The history and the kept records work on
    the store the shared sessions were built with at the app's start."""

    def __init__(self, shared: Sessions, viewer: Viewer) -> None:
        self._shared = shared
        self._book = shared.seats
        self.viewer = viewer
        self.plays = Plays(shared.store, viewer)
        self.records = Records(shared.store, viewer, shared)
        self._tab = object()  # this tab, as the moves it makes name it (GameSession.last_move)
        # Each shared session as this tab holds it: the same object at every draw (a screen's memo and its
        # subscription follow it), a new one once the shared session is (after a backup was restored).
        self._held: dict[tuple[str, str], _Through[Any]] = {}

    def __repr__(self) -> str:
        return f"SeatedSessions({self.viewer.holder!r})"

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

    # --- games, campaigns, drafts ---------------------------------------------------------------------------

    def _seated(self, session: GameSession) -> SeatedGame:
        held = self._held.get(("game", session.key))
        if not isinstance(held, SeatedGame) or held._inner is not session:
            held = self._held[("game", session.key)] = SeatedGame(session, lambda: self.place(session.key),
                                                                  self.viewer.holder, self._tab)
        return held

    def game(self, game_id: str) -> SeatedGame:
        return self._seated(self._shared.game(game_id))

    def start_game(self, game: Game) -> SeatedGame:
        """Open and save ``game``: the host's alone (:class:`HostOnly` for a guest's tab, nothing saved). A game a
        guest started was one nobody could move on (a guest's phone is an angler's, or no seat, in it) and went to
        the top of every phone's Home; the host starts it and every phone is offered its seats."""
        require_host(self.viewer, "start_game")
        session = self._seated(self._shared.start_game(game))
        if self.viewer.served:
            self._shared.flush()  # saved before the phones look for its seats
            self._book.game_started(game.id)
        return session

    def campaign(self, campaign_id: str) -> CampaignSession:
        return self._shared.campaign(campaign_id)

    def start_campaign(self, campaign: Campaign) -> CampaignSession:
        return self._shared.start_campaign(campaign)

    def delete_campaign(self, campaign_id: str) -> None:
        require_host(self.viewer, "delete_campaign")
        self._shared.delete_campaign(campaign_id)

    def draft(self, key: str, make: Callable[[Any], Any] | None = None) -> SeatedDraft:
        shared = self._shared.draft(key) if make is None else self._shared.draft(key, make)
        held = self._held.get(("draft", key))
        if not isinstance(held, SeatedDraft) or held._inner is not shared:
            held = self._held[("draft", key)] = SeatedDraft(shared, self._place_unless_all, self._locked,
                                                            self._record_finished)
        return held

    def _place_unless_all(self, game_id: str) -> Place | None:
        place = self.place(game_id)
        return None if place.kind == "all" else place

    def _locked(self, game_id: str) -> bool:
        return not self.viewer.host and self.plays.has_play(f"game-{game_id}")

    def _record_finished(self, draft: Any) -> str | None:
        """Record the play of the finished game ``draft`` scores, when it scores it whole (the scorer's draft filled
        from the game at the table, every hidden number entered): once per change of the draft, by the tab that made
        it, never by a screen while it draws. ``None`` when recorded or nothing to record; else what went wrong
        (the change itself is kept: the scorer then offers to save the play again)."""
        if not isinstance(draft, TableDraft) or draft.game_id is None or not draft.finished or draft.missing():
            return None
        try:
            game = self._shared.game(draft.game_id).current.value
            result = draft.score()
        except (NotFound, ValueError):  # the game is gone, or the table can't be scored (the scorer says why)
            return None
        if not game.finished:
            return None
        try:
            self.plays.record_result(result_json(result), game=game)
        except (StoreError, ValueError) as problem:
            return t("Could not save the play: {problem}", problem=problem)
        return None

    # --- lists ----------------------------------------------------------------------------------------------

    def saved_games(self) -> list[GameSummary]:
        return saved_games(self._shared)

    def in_progress(self, games: list[GameSummary]) -> list[Resumable]:
        return in_progress(self.viewer, self.my_seat(), games)

    def saved_campaigns(self) -> list[dict[str, Any]]:
        return saved_campaigns(self._shared)

    # --- seats ----------------------------------------------------------------------------------------------

    def my_seat(self) -> Seat | None:
        """The seat this tab's phone holds (``None``: none, or the local mode, which sits everywhere)."""
        return self._book.of(self.viewer.holder) if self.viewer.served else None

    def seats_held(self) -> dict[str, Seat]:
        """Who holds which seat, by pass."""
        return self._book.held()

    def newest_game(self) -> str | None:
        """The game the host started last this run (the phones are offered its seats)."""
        return self._book.newest_game

    def place(self, game_id: str) -> Place:
        """This tab's place in game ``game_id`` now."""
        return self._book.place(self.viewer, game_id)

    def take_seat(self, seat: Seat | None, name: str = "") -> str | None:
        """Sit at ``seat`` (``None``: leave the seat held); the refusal when another phone holds it."""
        return self._book.take(self.viewer, seat, name)

    def hand_seat(self, seat: Seat, to: str) -> None:
        """The host hands ``seat`` to the phone of pass ``to``."""
        require_host(self.viewer, "hand_seat")
        self._book.hand(self.viewer, seat, to)

    def keep_seats(self, holders: set[str]) -> None:
        """Drop the seats of every pass not in ``holders`` (the host changed the room code)."""
        require_host(self.viewer, "keep_seats")
        self._book.keep_only(holders)

    def follow_seats(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` (from any thread) when a seat changes hands or a game starts; returns the stop."""
        return self._book.subscribe(listener)
