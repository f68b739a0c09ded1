"""A game: its setup and the log of actions; the state is the log replayed. Undo and redo replay the log.

>>> from companion.rules.actions import Refresh
>>> from companion.rules.ruleset import build_ruleset
>>> g = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="red")], ruleset=build_ruleset(), seed=1))
>>> g2 = g.apply(Refresh(player=0, faces=[1, 2, 3]))
>>> (len(g2.log), g2.state.players[0].fresh_total, g2.undo().state == g.state)
(1, 6, True)
"""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from companion.i18n import t
from companion.rules.actions import Action
from companion.rules.constants import MAX_PLAYERS, MIN_PLAYERS
from companion.rules.engine import apply, initial_state
from companion.rules.errors import RuleViolation
from companion.rules.expansions import BIGGEST_REGRETS, table_problem
from companion.rules.personalities import deal_problem
from companion.rules.ruleset import Ruleset
from companion.rules.state import GameState


def _now() -> datetime:
    return datetime.now(UTC)


class PlayerSetup(BaseModel):
    """A player as the table names them: a name and the colour of their pieces."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    colour: str = Field(min_length=1, max_length=20)
    personality: str | None = None  # Biggest Regrets: the personality card dealt to them (docs/rules.md §11)


class GameSetup(BaseModel):
    """Who plays (in turn order, first player first), the ruleset fixed at the start, and the dice seed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: list[PlayerSetup] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    ruleset: Ruleset
    seed: int = Field(default_factory=lambda: random.randrange(2**31))

    @model_validator(mode="after")
    def _expansions_fit_the_table(self) -> GameSetup:
        problem = table_problem(self.ruleset.expansions, len(self.players)) or deal_problem(
            [p.personality for p in self.players], self.ruleset.plays(BIGGEST_REGRETS))
        if problem:
            raise ValueError(problem)
        return self


def replay(setup: GameSetup, log: list[Action]) -> GameState:
    """The state after applying every action of ``log`` to a new table; a bad log raises :class:`RuleViolation`
    naming the action that broke a rule."""
    state = initial_state([(p.name, p.colour) for p in setup.players], setup.ruleset, setup.seed,
                          [p.personality for p in setup.players])
    for number, action in enumerate(log, start=1):
        try:
            state = apply(state, action)
        except RuleViolation as e:
            raise RuleViolation(e.rule, t("Action {n} of the log: {message}", n=number, message=e.message)) from e
    return state


class Game(BaseModel):
    """One game as stored: setup, the applied actions (``log``) and the undone ones (``redo``, newest first).

    ``by`` says which seat made each action of ``log`` (the angler's 0-based seat, ``None`` for the whole table
    or the host), ``redo_by`` the same for ``redo``; a game saved before seats were recorded has fewer entries,
    and its older actions count as the table's.

    A ``Game`` is never changed in place: :meth:`apply`, :meth:`undo` and :meth:`redo` return a new one.
    ``redo_log`` is serialised as ``redo``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", validate_by_name=True, validate_by_alias=True,
                              serialize_by_alias=True)

    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    setup: GameSetup
    log: list[Action] = Field(default_factory=list)
    redo_log: list[Action] = Field(default_factory=list, alias="redo")
    by: list[int | None] = Field(default_factory=list)
    redo_by: list[int | None] = Field(default_factory=list)
    created: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now)
    finished: bool = False
    _state: GameState | None = PrivateAttr(default=None)

    @property
    def state(self) -> GameState:
        """The current state: the log replayed (cached)."""
        if self._state is None:
            self._state = replay(self.setup, self.log)
        return self._state

    def _with(self, state: GameState, log: list[Action], redo: list[Action], by: list[int | None],
              redo_by: list[int | None]) -> Game:
        game = self.model_copy(update={"log": log, "redo_log": redo, "by": by, "redo_by": redo_by, "updated": _now(),
                                       "finished": state.finished})
        game._state = state
        return game

    def movers(self) -> list[int | None]:
        """Which seat made each action of the log (``None``: the whole table, the host, or not recorded)."""
        return _aligned(self.by, len(self.log))

    def redo_movers(self) -> list[int | None]:
        """Which seat made each undone action of ``redo`` (newest first)."""
        return _aligned(self.redo_by, len(self.redo_log), end=True)

    def apply(self, action: Action, by: int | None = None) -> Game:
        """The game after ``action``, made by seat ``by`` (``None``: the table); raises :class:`RuleViolation` (and
        this game stays as it was). Clears redo."""
        return self._with(apply(self.state, action), [*self.log, action], [], [*self.movers(), by], [])

    def can_undo(self) -> bool:
        """Whether there is an action to undo."""
        return bool(self.log)

    def can_redo(self) -> bool:
        """Whether there is an undone action to redo."""
        return bool(self.redo_log)

    def undo(self) -> Game:
        """The game before its last action, replayed from the start (so it is exactly the earlier state)."""
        if not self.log:
            raise RuleViolation("undo", t("Nothing to undo"))
        log, movers = self.log[:-1], self.movers()
        return self._with(replay(self.setup, log), log, [self.log[-1], *self.redo_log], movers[:-1],
                          [movers[-1], *self.redo_movers()])

    def redo(self) -> Game:
        """Re-apply the most recently undone action."""
        if not self.redo_log:
            raise RuleViolation("redo", t("Nothing to redo"))
        action, *rest = self.redo_log
        mover, *others = self.redo_movers()
        return self._with(apply(self.state, action), [*self.log, action], rest, [*self.movers(), mover], others)


def _aligned(movers: list[int | None], n: int, end: bool = False) -> list[int | None]:
    """``movers`` fitted to ``n`` actions: the missing ones (saved before seats were recorded) are the table's,
    at the start of the log (``end``: at the end of the redo list, whose newest undone action comes first)."""
    kept = movers[:n] if end else movers[len(movers) - n:] if n else []
    missing: list[int | None] = [None] * (n - len(kept))
    return [*kept, *missing] if end else [*missing, *kept]


def new_game(setup: GameSetup) -> Game:
    """A new game with an empty log."""
    return Game(setup=setup)
