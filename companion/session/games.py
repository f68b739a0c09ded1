"""Two kinds of session: a game at the table and a scorer's draft table (a campaign's is in :mod:`.campaigns`).

>>> from companion.rules.actions import DrawRegret
>>> from companion.rules.game import GameSetup, PlayerSetup, new_game
>>> from companion.rules.ruleset import build_ruleset
>>> game = GameSession(new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber")],
...                                       ruleset=build_ruleset(), seed=1)))
>>> game.apply(DrawRegret(player=0), seen=0).ok, game.current.value.state.players[0].regret_cards
(True, 1)
>>> game.undo(seen=1).ok, game.current.can_redo
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass, replace
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from companion.i18n import t
from companion.problems import validation_message
from companion.rules.actions import Action
from companion.rules.common import not_in_sea
from companion.rules.game import Game
from companion.rules.phases import seat_of
from companion.rules.state import GameState
from companion.rules.table_steps import table_steps
from companion.session.base import Made, Outcome, Refused, Session, Snapshot
from companion.session.journaled import Journaled
from companion.session.said import move_said
from companion.session.saver import Saver
from companion.session.seats import EVERYWHERE, Place, move_label, mover_of
from companion.store.journal import GAME
from companion.store.records import describe_game
from companion.store.store import Store

D = TypeVar("D")


@dataclass(frozen=True)
class Undone:
    """The last move taken back: the version the undo made, the move, the angler whose move it was (``None``: the
    table's), and the pass of the tab that took it back (``""``: no pass, the local mode)."""

    version: int
    action: Action
    angler: int | None
    holder: str


@dataclass(frozen=True)
class Moved:
    """The last move made: the version it made, the game's state before and after it, the move, and the tab that
    made it (``None``: the local mode's one screen). The table's steps are read off it by whoever asks, in their
    own language (:meth:`steps`); a tab's seat sees them from what it may see (``SeatedGame``)."""

    version: int
    before: GameState
    action: Action
    after: GameState
    tab: object | None

    def steps(self) -> tuple[str, ...]:
        """What the table must do by hand because of the move, worded in the asking tab's language."""
        return tuple(step.text for step in table_steps(self.before, self.action, self.after))

    def said(self) -> str | None:
        """The move in one line, in the asking tab's language (:func:`~companion.session.said.move_said`)."""
        return move_said(self.before, self.action, self.after)


class GameSession(Journaled[Game, Action]):
    """A game at the table: moves go through the rules engine; undo and redo replay the game's own log.

    With a ``store`` each change is saved as one line appended to the game's log, fsynced before anyone is told of
    it, and the log is folded into the record later (:class:`~companion.session.journaled.Journaled`).
    """

    def __init__(self, game: Game, store: Store | None = None, saver: Saver | None = None) -> None:
        super().__init__(game.id, game, GAME, store, saver)
        self.last_undo: Undone | None = None
        self.last_move: Moved | None = None

    def apply(self, action: Action, *, seen: int, place: Place = EVERYWHERE, tab: object | None = None
              ) -> Outcome[Game]:
        """Apply ``action`` from ``tab``, whose place in the game the tab decided for this tap (its seat: the move
        is logged as that angler's when it is theirs), refused with the rule's reason if the engine says no, or
        with the place's when it may not make it (checked on the game as it stands when the move is made). Once
        made, the outcome carries the table's steps."""
        return self.told_steps(self._apply(action, seen=seen, place=place, tab=tab))

    def _apply(self, action: Action, *, seen: int, place: Place, tab: object | None) -> Outcome[Game]:
        """:meth:`apply` without the steps (a seated tab words them for its seat: ``SeatedGame.apply``)."""
        by = place.seat if seat_of(action) == place.seat else None  # the host's move for another is the table's

        def make(game: Game) -> Made[Game]:
            _refused(place.move_refusal(game, action))
            made = self._applied(game, action, by)
            return replace(made, moved=Moved(self._version + 1, game.state, action, made.value.state, tab))

        return self._change(seen, make)

    def told_steps(self, outcome: Outcome[Game]) -> Outcome[Game]:
        """``outcome`` of a move with the table's steps it asks for (:meth:`steps`) and the move in one line."""
        if not outcome.ok:
            return outcome
        moved = self.made(outcome.current)
        return replace(outcome, steps=self.steps(outcome.current), said=moved.said() if moved is not None else None)

    def made(self, snapshot: Snapshot[Game]) -> Moved | None:
        """The move that made ``snapshot``, if it was a move (not an undo or redo)."""
        moved = self.last_move
        return moved if moved is not None and moved.version == snapshot.version else None

    def steps(self, snapshot: Snapshot[Game]) -> tuple[str, ...]:
        """What the table must do by hand after the move that made ``snapshot`` (none after an undo or redo, or
        once the game moved on), in the asking tab's language."""
        moved = self.last_move
        return moved.steps() if moved is not None and moved.version == snapshot.version else ()

    def undo(self, *, seen: int, place: Place = EVERYWHERE, holder: str = "") -> Outcome[Game]:
        """Take back the last move (refused when ``place`` may not), taken back by the tab of pass ``holder``
        (kept in :attr:`last_undo`, so the angler whose move it was can be told). The outcome's steps name the move
        taken back: "Undone: Ann's Refresh"."""
        def make(game: Game) -> Made[Game]:
            _refused(place.undo_refusal(game))
            made, last = self._undone(game), len(game.log) - 1
            return replace(made, moved=Undone(self._version + 1, game.log[last], mover_of(game, last), holder),
                           steps=(t("Undone: {move}", move=move_label(game, last)),))

        return self._change(seen, make)

    def redo(self, *, seen: int, place: Place = EVERYWHERE) -> Outcome[Game]:
        """Put back the move last taken back (refused when ``place`` may not); the outcome's steps name it:
        "Redone: Ann's Refresh"."""
        def make(game: Game) -> Made[Game]:
            _refused(place.redo_refusal(game))
            made = self._redone(game)
            return replace(made, steps=(t("Redone: {move}", move=move_label(made.value, len(made.value.log) - 1)),))

        return self._change(seen, make)

    def describe(self) -> str:
        return describe_game(self._value.model_dump(mode="json"), self.key)

    def _took(self, made: Made[Game]) -> None:
        if isinstance(made.moved, Moved):
            self.last_move = made.moved
        elif isinstance(made.moved, Undone):
            self.last_undo = made.moved

    def undo_question(self) -> str:
        """What the table's Undo asks before it takes the last move back: "Undo Chen's Refresh?"."""
        game = self.current.value
        return t("Undo {move}?", move=move_label(game, len(game.log) - 1)) if game.log else t("Nothing to undo")

    def not_in_sea(self, fish: str) -> str | None:
        """Why the Fish card called ``fish`` can't be caught now, as the engine would refuse the catch (its one card
        is held, displayed, mounted or gone: docs/rules.md §10); asked of the whole game, since a seat's own view
        has no other angler's hand. Whose hand stays unsaid."""
        return not_in_sea(self.current.value.state, fish)



def _refused(refusal: str | None) -> None:
    if refusal:
        raise Refused(refusal)


class DraftSession(Session[D]):
    """A form that must survive navigation, reloads and a second phone (a scorer's table), kept as a setting: a
    pydantic model or plain JSON data. ``change`` gets a deep copy to edit, so a rendered version is never
    changed under a screen; a model that fails validation is refused with the field named."""

    def change(self, edit: Callable[[D], D | None], *, seen: int) -> Outcome[D]:
        """``edit(copy)`` returns the new draft (or edits the copy in place and returns ``None``)."""
        return self.replace(edited(edit), seen=seen)

    def describe(self) -> str:
        return t("The scorer's table")

    def reset(self, value: D, *, seen: int) -> Outcome[D]:
        """Replace the whole draft (undoable)."""
        return self.replace(lambda _old: value, seen=seen)



def edited(edit: Callable[[D], D | None]) -> Callable[[D], D]:
    """A draft's change made by ``edit`` on a deep copy (:meth:`DraftSession.change`): a rendered version is never
    changed under a screen, and a model that fails validation is refused with the field named."""
    def make(value: D) -> D:
        copy = deepcopy(value)
        result = edit(copy)
        made = copy if result is None else result
        if not isinstance(made, BaseModel):
            return made
        try:
            return type(made).model_validate(made.model_dump())
        except ValidationError as invalid:
            first = invalid.errors(include_url=False)[0]
            raise Refused(t("{field}: {message}", field=".".join(str(p) for p in first["loc"]),
                            message=validation_message(first))) from invalid

    return make
