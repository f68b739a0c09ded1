"""What a seat may see of a game (boardgame.io's ``playerView``): the one place hidden information is filtered.

An angler's Fish in hand and their Regret value are theirs until the final scoring reveals them (A p.22: the game
is over and every angler has revealed their Regret value). Every other seat, the whole table's included, sees how
many Fish they hold and whether their Regret value was entered, never which Fish or what value.

>>> from companion.rules.fish import FishRef
>>> from companion.rules.game import GameSetup, PlayerSetup, new_game
>>> from companion.rules.ruleset import build_ruleset
>>> from companion.rules.actions import EnterFish
>>> game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
...                           ruleset=build_ruleset(), seed=1))
>>> state = game.state.model_copy(update={"players": [game.state.players[0].model_copy(update={
...     "hand": [FishRef(name="Sunfish", value=4, type="fair")]}), game.state.players[1]]})
>>> [p.hand_count for p in visible_to(state, 1).players], visible_to(state, 1).players[0].hand
([1, 0], [])
>>> visible_to(state, 0).players[0].hand[0].name, visible_to(state, TABLE).players[0].hand_hidden
('Sunfish', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from companion.rules.fish import FishRef
from companion.rules.state import GameState, PlayerState

if TYPE_CHECKING:
    from companion.rules.game import Game

TABLE = None  # the whole table's seat: every angler's counts, nobody's secrets


class Angler(Protocol):
    """The secrets of an angler, in a game's state or in a scorer draft filled from one."""

    @property
    def hand(self) -> Sequence[FishRef]: ...

    @property
    def regret_value(self) -> int | None: ...


A = TypeVar("A", bound=Angler)


def all_revealed(finished: bool, anglers: Iterable[Angler]) -> bool:
    """Whether the final scoring has revealed everything: the game is over and every Regret value is in (A p.22)."""
    return finished and all(p.regret_value is not None for p in anglers)


def seen_from(seat: int | None, anglers: Sequence[A], counts_only: Callable[[A], A]) -> list[A] | None:
    """The anglers as ``seat`` sees them before the final scoring: its own angler whole, every other one with a
    secret through ``counts_only`` (the model's own way of keeping just the counts); ``None`` when ``seat`` sees
    them all as they are, so the caller hands out the very object it was given."""
    shown = [p if other == seat or (not p.hand and p.regret_value is None) else counts_only(p)
             for other, p in enumerate(anglers)]
    return None if all(a is b for a, b in zip(shown, anglers, strict=True)) else shown


def revealed(state: GameState) -> bool:
    """Whether the final scoring has revealed everything (:func:`all_revealed`)."""
    return all_revealed(state.finished, state.players)


def counts_only(p: PlayerState) -> PlayerState:
    """An angler as another seat sees them: how many Fish they hold, whether their Regret value was entered."""
    return p.model_copy(update={"hand": [], "hand_hidden": p.hand_count, "regret_value": None,
                                "regret_value_hidden": p.regret_value is not None})


def visible_to(state: GameState, seat: int | None) -> GameState:
    """``state`` as the angler at ``seat`` (0-based) may see it; :data:`TABLE` (``None``) is the whole table."""
    players = None if revealed(state) else seen_from(seat, state.players, counts_only)
    return state if players is None else state.model_copy(update={"players": players})


def visible_game(game: Game, seat: int | None) -> Game:
    """``game`` as ``seat`` may see it: its state through :func:`visible_to`, and no log (the log names every Fish
    and every value; who made the last move is asked of the session). Not a game to play on: moves go to the
    session, which holds the whole game."""
    state = game.state
    shown = visible_to(state, seat)
    if shown is state:
        return game
    seen = game.model_copy(update={"log": [], "redo_log": [], "by": [], "redo_by": []})
    seen._state = shown
    return seen
