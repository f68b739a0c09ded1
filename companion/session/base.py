"""One open thing (a game, a campaign, a draft) and the protocol every screen uses on it.

A session holds the newest version of its value and a version number. A move names the version the phone
showed (``seen``): if another phone changed it since, the move is refused and nothing changes (the refusal
carries the version as it stands, which is what the phone is shown next). Every accepted change, undo and redo
is written first, then told to every subscriber, whatever tab they are in: nothing a phone is shown is unsaved. A
change that can't be written is refused with what happened and what to do, and the session stays as it was.

>>> s = Session("n", 1, write=None)
>>> heard = []
>>> stop = s.subscribe(lambda snap: heard.append(snap.value))
>>> s.replace(lambda n: n + 1, seen=0).ok, s.replace(lambda n: n * 10, seen=0).stale, s.current.value
(True, True, 2)
>>> s.undo(seen=1).ok, s.current.value, heard
(True, 1, [2, 1])
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.flet_fixes import short_repr
from companion.i18n import t
from companion.rules.errors import ChoiceNeeded, RuleViolation
from companion.session.saver import Saver
from companion.store.errors import NotSaved, StoreError
from companion.store.failures import not_saved
from companion.store.schema import JsonObject

T = TypeVar("T")
L = TypeVar("L", bound=Callable[..., None])
Listener = Callable[["Snapshot[T]"], None]
HISTORY = 200  # undo steps kept for sessions whose value has no log of its own (drafts)


@dataclass(frozen=True, repr=False)
class Snapshot(Generic[T]):
    """A value as one version of the session: what a screen renders and names back in its moves."""

    value: T
    version: int
    can_undo: bool
    can_redo: bool

    def __repr__(self) -> str:
        # A screen's props may hold a snapshot (companion.flet_fixes.short_repr): the version names it; the value
        # (a whole game with its log) would make every message that carries it cost as much as the game is long.
        return short_repr("Snapshot", version=self.version)


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a move did: ``ok``, or refused with the rule's one-line ``message`` (``stale``: another phone was
    first). ``current`` is the session as it stands after the move either way."""

    ok: bool
    current: Snapshot[T]
    message: str | None = None
    stale: bool = False
    # Refused until the player chooses: the move's field to set and the seats it may name (ChoiceNeeded).
    choice: tuple[str, tuple[int, ...]] | None = None
    # Made: what the table must do by hand because of it (a Regret card to draw, a die to take), worded for the tab
    # that made it and seen through its seat (a game's moves: GameSession.steps).
    steps: tuple[str, ...] = ()
    # Made: the move itself in one line for the tab that made it, said before the steps (a game's moves:
    # companion.session.said.move_said); None when the steps and the new counts say it all.
    said: str | None = None


@dataclass(frozen=True)
class Made(Generic[T]):
    """What a step of a session made, all of it returned together (as boardgame.io's reducer returns the state and
    its log): the new value; its line in the record's log (``None``: the record is written whole); what moved, kept
    by the session once the change is saved (a game's :class:`~companion.session.games.Moved`); the steps the
    outcome tells; and whether it starts a new branch of the session's own undo list (a draft's change)."""

    value: T
    line: JsonObject | None = None
    moved: object = None
    steps: tuple[str, ...] = ()
    branch: bool = False


class Listeners(Generic[L]):
    """Who follows one changing thing: added and stopped from any thread, and called (by the owner, outside any
    lock) in the order they came."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: list[L] = []

    def add(self, listener: L) -> Callable[[], None]:
        """Follow with ``listener``; returns the function that stops it (again: nothing)."""
        with self._lock:
            self._listeners.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return stop

    def now(self) -> list[L]:
        """The listeners as they are now (a copy: one may stop while the others are called)."""
        with self._lock:
            return list(self._listeners)

    def __len__(self) -> int:
        return len(self._listeners)


class Refused(Exception):
    """Raised by a move's function to refuse it with a message (a :class:`RuleViolation` works too)."""


class Session(Generic[T]):
    """The shared, thread-safe holder of one value; subclasses add the moves of their kind of value."""

    def _stale(self) -> str:
        # One sentence for every kind of session until the catalogs have one for campaigns and drafts.
        return t("Another phone changed this game first. Here it is as it stands now; nothing was changed.")

    def __init__(self, key: str, value: T, write: Callable[[T], None] | None, saver: Saver | None = None) -> None:
        self.key = key
        self._value = value
        self._version = 0
        self._write = write
        self._saver = saver or Saver()
        self._past: list[T] = []
        self._future: list[T] = []
        self._listeners: Listeners[Listener[T]] = Listeners()
        self._lock = threading.RLock()
        # Changes refused this run because they could not be written, and what happened to the last of them.
        self.not_saved: tuple[int, str] = (0, "")

    # --- reading --------------------------------------------------------------------------------------------

    @property
    def current(self) -> Snapshot[T]:
        """The newest version, with whether undo and redo are possible."""
        with self._lock:
            return Snapshot(self._value, self._version, self._can_undo(), self._can_redo())

    @property
    def version(self) -> int:
        return self._version

    def _can_undo(self) -> bool:
        return bool(self._past)

    def _can_redo(self) -> bool:
        return bool(self._future)

    # --- subscribing ----------------------------------------------------------------------------------------

    def subscribe(self, listener: Listener[T]) -> Callable[[], None]:
        """Call ``listener(snapshot)`` after every change from any tab; returns the function that stops it."""
        return self._listeners.add(listener)

    @property
    def subscribers(self) -> int:
        return len(self._listeners)

    def _notify(self) -> None:
        snapshot = self.current
        for listener in self._listeners.now():
            listener(snapshot)

    # --- changing -------------------------------------------------------------------------------------------

    def replace(self, make: Callable[[T], T], *, seen: int) -> Outcome[T]:
        """Apply ``make`` to the value shown at version ``seen``; a refusal (``RuleViolation``, ``Refused``,
        ``ValueError``) changes nothing and gives its message."""
        return self._change(seen, lambda value: Made(make(value), branch=True))

    def undo(self, *, seen: int) -> Outcome[T]:
        """Take back the last change."""
        return self._change(seen, self._undone)

    def redo(self, *, seen: int) -> Outcome[T]:
        """Put back the change last undone."""
        return self._change(seen, self._redone)

    def _undone(self, value: T) -> Made[T]:
        if not self._past:
            raise Refused(t("Nothing to undo"))
        self._future.insert(0, value)
        return Made(self._past.pop())

    def _redone(self, value: T) -> Made[T]:
        if not self._future:
            raise Refused(t("Nothing to redo"))
        self._past.append(value)
        return Made(self._future.pop(0))

    def _change(self, seen: int, step: Callable[[T], Made[T]]) -> Outcome[T]:
        with self._lock:
            if seen != self._version:
                return Outcome(False, self.current, self._stale(), stale=True)
            before, back = self._value, self._mark()
            try:
                made = step(before)
            except ChoiceNeeded as needed:
                return Outcome(False, self.current, str(needed), choice=(needed.field, needed.options))
            except (RuleViolation, Refused, ValueError) as refused:
                return Outcome(False, self.current, str(refused))
            try:  # inside the lock: versions reach the disk in their order, each before any phone is shown it
                self._save(made.value, self._version + 1, made.line)
            except (OSError, StoreError) as failed:  # not saved, so never shown: the session is as it was
                back()
                problem = failed if isinstance(failed, StoreError) else not_saved(failed)
                self.not_saved = (self.not_saved[0] + 1, problem.what if isinstance(problem, NotSaved) else
                                  str(problem))
                return Outcome(False, self.current, str(problem))
            if made.branch:
                self._past = [*self._past[-HISTORY + 1:], before]
                self._future = []
            self._value = made.value
            self._version += 1
            self._took(made)
        self._notify()
        self._settle()
        return Outcome(True, self.current, steps=made.steps)

    def describe(self) -> str:
        """What this session holds, in a sentence ("The game of Ann, Bo (g1)")."""
        return self.key

    def _settle(self) -> None:
        """After the phones were told of a change: a moment to tidy what was saved (nothing, as it stands)."""

    def _took(self, made: Made[T]) -> None:
        """A change was saved and is now the session's (under the lock, before anyone is told): what moved is kept
        here by the kinds of session that keep it."""

    def _mark(self) -> Callable[[], None]:
        """What puts back what a move's step changes of the session besides its value (a draft's undo and redo
        lists), should the change not be saved."""
        past, future = list(self._past), list(self._future)

        def back() -> None:
            self._past, self._future = past, future

        return back

    # --- saving ---------------------------------------------------------------------------------------------

    def _save(self, value: T, version: int, line: JsonObject | None = None) -> None:
        """Write ``value``, which will be ``version`` (made by the change its log's ``line`` names, if it has a
        log), before anyone is shown it; ``StoreError`` (or ``OSError``) if it could not be: the change is then not
        made."""
        if self._write is not None:
            self._saver.save(self.key, value, self._write)
