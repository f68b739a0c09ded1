"""Real games for the store tests and the autosave benchmark, played through the rules engine."""

from __future__ import annotations

from collections.abc import Iterator

from companion.rules.actions import AdvancePhase, Declare, Pass, Refresh, ThrowLifePreserver
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset


def fresh_game(names: tuple[str, ...] = ("Ada", "Bo"), seed: int = 3) -> Game:
    colours = ("red", "blue", "green", "yellow", "purple")
    players = [PlayerSetup(name=n, colour=c) for n, c in zip(names, colours, strict=False)]
    return new_game(GameSetup(players=players, ruleset=build_ruleset(), seed=seed))


def autosaves(game: Game) -> Iterator[Game]:
    """Every game after each action of a plain playthrough (everyone refreshes, goes to Sea, passes), to the end."""
    while not game.finished:
        for i in range(len(game.state.players)):
            game = game.apply(Refresh(player=i))
            yield game
        if len(game.state.players) > 1:
            thrower = game.state.life_preserver_thrower
            game = game.apply(ThrowLifePreserver(player=thrower, to=(thrower + 1) % len(game.state.players)))
            yield game
        game = game.apply(AdvancePhase())
        yield game
        while game.state.phase == "declaration" and game.state.turn is not None:
            game = game.apply(Declare(player=game.state.turn, location="sea"))
            yield game
        if game.state.phase == "declaration":
            game = game.apply(AdvancePhase())
            yield game
        while game.state.turn is not None:
            game = game.apply(Pass(player=game.state.turn))
            yield game
        game = game.apply(AdvancePhase())
        yield game


def played_game(actions: int | None = None, **kwargs: object) -> Game:
    """A game ``actions`` long (``None``: played to the end)."""
    game = fresh_game(**kwargs)  # type: ignore[arg-type]
    for n, later in enumerate(autosaves(game), start=1):
        game = later
        if n == actions:
            break
    return game
