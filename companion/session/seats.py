"""Seats: which angler each phone is (or the whole table), who holds which seat, and what a seat may do.

A seat belongs to one phone: the first to take an angler's seat holds it; another phone gets it only when the
host hands it over (or the holder leaves it). The whole table's seat may be taken by any number of phones. The
host's own browser is a seat like any other: the whole table until the host picks an angler. Seats are kept in
the store (the ``seats`` setting, by pass), so a phone back after a sleep or a host restart finds its seat again.

What a seat may see is :func:`companion.rules.visibility.visible_to`; what it may do is :meth:`Place.move_refusal`
and :meth:`Place.undo_refusal`, checked by the session a tab is given (:mod:`companion.session.seated`).

>>> book = SeatBook(None)
>>> ada, bo = Viewer("p1", host=False), Viewer("p2", host=False)
>>> book.take(ada, Seat("g1", 0)) is None, book.take(bo, Seat("g1", 0)) is not None
(True, True)
>>> book.hand(Viewer("h", host=True), Seat("g1", 0), "p2") is None, book.of("p1"), book.of("p2")
(True, None, Seat(game='g1', angler=0))
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from companion.i18n import t
from companion.rules.actions import Action
from companion.rules.game import Game
from companion.rules.phases import seat_of
from companion.session.base import Listeners
from companion.session.moves import MOVE_NAMES
from companion.store.errors import StoreError

SETTING = "seats"


@dataclass(frozen=True)
class Seat:
    """Angler ``angler`` (0-based) of game ``game``; ``angler`` ``None`` is the whole table."""

    game: str
    angler: int | None

    def saved(self) -> dict[str, Any]:
        return {"game": self.game, "angler": self.angler}

    @classmethod
    def from_saved(cls, saved: Any) -> Seat | None:
        """The seat as saved by :meth:`saved`; ``None`` for anything else.

        >>> Seat.from_saved({"game": "g1", "angler": 0}) == Seat("g1", 0), Seat.from_saved({"bad": 1})
        (True, None)
        """
        if not isinstance(saved, dict) or not isinstance(saved.get("game"), str):
            return None
        angler = saved.get("angler")
        return cls(saved["game"], angler if isinstance(angler, int) and angler >= 0 else None)


@dataclass(frozen=True)
class Viewer:
    """Who is at a tab: ``holder`` names its pass; ``served`` is ``False`` in the local mode, where the one screen
    is everyone's (it sees and does everything)."""

    holder: str
    host: bool
    served: bool = True


LOCAL = Viewer("local", host=True, served=False)

Kind = Literal["all", "host", "table", "angler", "outside"]


@dataclass(frozen=True)
class Place:
    """A viewer's place in one game: ``all`` (the local mode), ``host``, ``table`` (the whole table's phone),
    ``angler`` (seat ``angler``), or ``outside`` (a phone seated elsewhere, or nowhere). ``host``: the host's
    browser, which keeps the host's moves (every angler's, the table's) when it sits as an angler."""

    kind: Kind
    angler: int | None = None
    host: bool = False

    @property
    def seat(self) -> int | None:
        """The angler whose secrets this place sees (``None``: counts only)."""
        return self.angler if self.kind == "angler" else None

    def sees(self, seat: int) -> bool:
        """Whether angler ``seat``'s Fish in hand and Regret value are shown here."""
        return self.kind == "all" or self.seat == seat

    def opens_card(self, seat: int) -> bool:
        """Whether angler ``seat``'s own screens (their dice, Fish and gear; their Port) open here: on their phone,
        and for the host (who plays for an angler with no phone)."""
        return self.sees(seat) or self.host

    def acts_for(self, seat: int) -> bool:
        """Whether this place may change angler ``seat``'s numbers and make their moves."""
        return self.acts_for_table or self.seat == seat

    @property
    def acts_for_table(self) -> bool:
        """Whether this place makes the table-wide moves (phases, the Day's end, the table's undo)."""
        return self.kind in ("all", "host", "table") or self.host

    def move_refusal(self, game: Game, action: Action) -> str | None:
        """Why this place may not make ``action`` in ``game`` (``None``: it may)."""
        if self.kind == "outside":
            return not_seated()
        player = seat_of(action)
        if player is None:
            return None if self.acts_for_table else table_only()
        if self.acts_for(player):
            return None
        names = [p.name for p in game.state.players]
        return t("This phone is {mine}'s: {name}'s numbers are changed on {name}'s phone.",
                 mine=names[self.seat or 0], name=names[player] if player < len(names) else "?")

    def undo_refusal(self, game: Game) -> str | None:
        """Why this place may not take back the game's last move: an angler's phone takes back its own last move
        while it is still the table's last, and is told whose move is in the way."""
        if self.kind == "outside":
            return not_seated()
        if self.acts_for_table or not game.log:
            return None
        mover = game.movers()[-1]
        if mover == self.seat:
            return None
        names = [p.name for p in game.state.players]
        return t("{move} came after your last move: it is taken back on that phone, the whole table's or the "
                 "host's.", move=move_label(game, len(game.log) - 1, names))

    def redo_refusal(self, game: Game) -> str | None:
        """Why this place may not put back the move last undone (an angler's phone: only its own)."""
        if self.kind == "outside":
            return not_seated()
        if self.acts_for_table or not game.redo_log:
            return None
        mover = game.redo_movers()[0]
        return None if mover == self.seat else t("Only the phone that made that move, or the whole table, puts it "
                                                 "back.")


EVERYWHERE = Place("all")  # the local mode's one screen: it sees and does everything


class HostOnly(StoreError):
    """A guest asked for a host-only power (:mod:`companion.session.powers`); nothing was changed."""


def host_starts_games() -> str:
    return t("Only the host starts a game: ask the host to start it, then pick your seat (Home → Pick my seat).")


def table_only() -> str:
    return t("Only the whole table's phone or the host moves the table on (phases, the Day's end).")


def not_seated() -> str:
    return t("This phone is not seated in this game: pick your seat first.")


def move_label(game: Game, n: int, names: list[str] | None = None) -> str:
    """The ``n``-th move of the game's log as the table names it: "Chen's Refresh", "Next phase", or, for the
    last move when it began a Day, the words of its button, "Start the next Day"."""
    action = game.log[n]
    if action.type == "advance_phase" and n == len(game.log) - 1 and game.state.phase == "refresh":
        return t("Start the next Day")  # only the Action phase's end leads to a Refresh phase
    names = names if names is not None else [p.name for p in game.setup.players]
    player = seat_of(action)
    if isinstance(player, int) and player < len(names):
        return t("{name}'s {move}", name=names[player], move=move_name(action))
    return move_name(action)


def mover_of(game: Game, n: int) -> int | None:
    """The angler whose move the ``n``-th move of the log was: the seat that made it, else the angler it names."""
    mover = game.movers()[n]
    player = seat_of(game.log[n])
    return mover if mover is not None else player if isinstance(player, int) else None


def move_name(action: Action) -> str:
    """A move as a player names it: "Refresh", "Draw a Regret"."""
    return t(MOVE_NAMES[action.type]) if action.type in MOVE_NAMES else action.type.replace("_", " ")


class SeatBook:
    """Who holds which seat (by pass), kept in the store's ``seats`` setting; thread-safe. ``store`` ``None``:
    kept for the run."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self._lock = threading.RLock()
        self._held: dict[str, Seat] = {}
        self._listeners: Listeners[Callable[[], None]] = Listeners()
        self.newest_game: str | None = None  # the game the host started last (phones are offered its seats)
        saved: Any = {}
        if store is not None:
            try:
                saved = store.get_setting(SETTING, {}) or {}
            except (OSError, StoreError):
                saved = {}
        if isinstance(saved, dict):
            for holder, raw in saved.items():
                seat = Seat.from_saved(raw)
                if seat is not None:
                    self._held[str(holder)] = seat

    # --- reading --------------------------------------------------------------------------------------------

    def of(self, holder: str) -> Seat | None:
        """The seat ``holder`` holds, ``None`` if none."""
        with self._lock:
            return self._held.get(holder)

    def holder_of(self, seat: Seat) -> str | None:
        """The pass holding angler ``seat`` (the whole table's seat is nobody's alone)."""
        if seat.angler is None:
            return None
        with self._lock:
            return next((h for h, s in self._held.items() if s == seat), None)

    def held(self) -> dict[str, Seat]:
        with self._lock:
            return dict(self._held)

    def place(self, viewer: Viewer, game_id: str) -> Place:
        """``viewer``'s place in game ``game_id``."""
        if not viewer.served:
            return Place("all")
        seat = self.of(viewer.holder)
        here = seat is not None and seat.game == game_id
        if here and seat is not None and seat.angler is not None:
            return Place("angler", seat.angler, host=viewer.host)
        if viewer.host:
            return Place("host", host=True)
        return Place("table") if here else Place("outside")

    # --- changing -------------------------------------------------------------------------------------------

    def take(self, viewer: Viewer, seat: Seat | None, name: str = "") -> str | None:
        """Seat ``viewer`` at ``seat`` (``None``: leave the seat it holds); the refusal when another phone holds it
        (the host takes any seat: it hands it to itself)."""
        with self._lock:
            holder = self.holder_of(seat) if seat is not None else None
            if holder is not None and holder != viewer.holder and not viewer.host:
                return t("{name}'s seat is held by another phone. The host can hand it to you on the Phones screen.",
                         name=name or t("That angler"))
            if holder is not None:
                self._held.pop(holder, None)
            if seat is None:
                self._held.pop(viewer.holder, None)
            else:
                self._held[viewer.holder] = seat
            self._save()
        self._changed()
        return None

    def hand(self, viewer: Viewer, seat: Seat, to: str) -> str | None:
        """The host hands ``seat`` to the phone ``to`` (whoever held it is left with no seat)."""
        if not viewer.host:
            return t("Only the host can hand a seat to another phone.")
        with self._lock:
            holder = self.holder_of(seat)
            if holder is not None:
                self._held.pop(holder, None)
            self._held[to] = seat
            self._save()
        self._changed()
        return None

    def keep_only(self, holders: set[str]) -> None:
        """Drop the seats of every pass not in ``holders`` (the room code changed: those phones join again)."""
        with self._lock:
            gone = set(self._held) - holders
            if not gone:
                return
            for holder in gone:
                del self._held[holder]
            self._save()
        self._changed()

    def carry_over(self, old: Iterable[tuple[str, Any]]) -> int:
        """Take over the seats an older version kept with the passes (``(holder, seat as saved)``, oldest pass
        first), so no phone has to pick again after an upgrade: a phone that holds a seat here already keeps it,
        and an angler's seat goes to the first phone that had it (then any phone could sit anywhere). How many
        were carried over."""
        carried = 0
        with self._lock:
            for holder, raw in old:
                seat = Seat.from_saved(raw)
                if seat is None or holder in self._held or self.holder_of(seat) is not None:
                    continue
                self._held[holder] = seat
                carried += 1
            if carried:
                self._save()
        if carried:
            self._changed()
        return carried

    def game_started(self, game_id: str) -> None:
        """The host started ``game_id``: every phone is offered its seat picker."""
        self.newest_game = game_id
        self._changed()

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` (from any thread) when a seat changes hands or a game starts."""
        return self._listeners.add(listener)

    def _save(self) -> None:
        if self._store is None:
            return
        with contextlib.suppress(OSError, StoreError):  # the seat holds for the run; asked again after a restart
            self._store.set_setting(SETTING, {h: s.saved() for h, s in self._held.items()})

    def _changed(self) -> None:
        for listener in self._listeners.now():
            listener()
