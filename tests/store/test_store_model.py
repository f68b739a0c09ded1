"""A stateful property test: any sequence of saves (finishing and un-finishing games), deletes and restarts keeps
the lists and every game exactly as a plain dict of the latest saves says."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from companion.rules.game import Game
from companion.store import open_store
from tests.store.games import autosaves, fresh_game
from tests.support.examples import examples

# Three tables' autosaves, each to the end of the game (the last ones are finished).
SAVES: list[list[Game]] = [list(autosaves(fresh_game(names))) for names in (("Ada",), ("Bo", "Cy"), ("Di", "Ed"))]


class StoreMatchesTheLatestSaves(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp()) / "data"
        self.store = open_store(self.folder)
        self.latest: dict[str, Game] = {}

    # -1 is the finishing save and -2 the one before it: finishing and undoing it move a game between lists.
    @rule(table=st.integers(0, 2), step=st.one_of(st.sampled_from([-1, -2]), st.integers(0, 200)))
    def save(self, table: int, step: int) -> None:
        game = SAVES[table][step % len(SAVES[table])]
        self.store.save_game(game)
        self.latest[game.id] = game

    @rule(table=st.integers(0, 2))
    def delete(self, table: int) -> None:
        game_id = SAVES[table][0].id
        if game_id in self.latest:
            self.store.delete_game(game_id)
            del self.latest[game_id]

    @rule()
    def restart(self) -> None:
        self.store = open_store(self.folder)
        assert self.store.recovery_notes == []

    @invariant()
    def lists_and_games_match(self) -> None:
        listed = sorted((s.id, s.finished, s.actions) for s in self.store.list_games())
        assert listed == sorted((i, g.finished, len(g.log)) for i, g in self.latest.items())
        for game_id, game in self.latest.items():
            assert self.store.load_game(game_id).log == game.log

    def teardown(self) -> None:
        shutil.rmtree(self.folder.parent, ignore_errors=True)


StoreMatchesTheLatestSaves.TestCase.settings = settings(max_examples=examples(25), stateful_step_count=20,
                                                        deadline=None)
test_store_matches_the_latest_saves = StoreMatchesTheLatestSaves.TestCase
