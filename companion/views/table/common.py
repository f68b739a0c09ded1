"""What the table's screens share: opening the game of the route, making a move as the tab last saw the game,
and the screen shown when the game can't be found. No screen here imports another screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import flet as ft

from companion.i18n import t
from companion.rules import queries
from companion.rules.actions import Action
from companion.rules.game import Game
from companion.rules.state import GameState
from companion.rules.table_steps import table_steps
from companion.session import GameSession, Outcome, Snapshot
from companion.session.registry import NotFound
from companion.views.context import AppContext
from companion.views.hooks import TabFeed, use_feed, use_selected, version
from companion.views.widgets import action_button, error_line, screen


def game_session(ctx: AppContext, game_id: str | None) -> GameSession | None:
    """The session of ``game_id``; ``None`` (with the reason on ``ctx.error``) when it can't be opened."""
    if not game_id:
        return None
    try:
        return ctx.sessions.game(game_id)
    except NotFound as problem:
        ctx.error = str(problem)
        return None


def open_seat(ctx: AppContext) -> tuple[GameSession, int] | None:
    """The session of ``?game=`` and the seat named by ``?seat=``, if the game opens and its table has that seat."""
    session = game_session(ctx, ctx.params.get("game"))
    raw = ctx.params.get("seat", "")
    if session is None or not raw.isdigit() or int(raw) >= len(session.current.value.state.players):
        return None
    return session, int(raw)


@dataclass(eq=False)
class Moves:
    """Moves on one game as this tab last heard of it (``feed``): its components draw the version the feed told
    them, and a move names it (``shown``, the stale-phone check)."""

    ctx: AppContext
    session: GameSession
    feed: TabFeed[Game]
    _can: tuple[GameState | None, dict[int, queries.Available]] = field(default=(None, {}), init=False, repr=False)

    @property
    def shown(self) -> int:
        return self.feed.latest.version

    def available(self, state: GameState, seat: int) -> queries.Available:
        """:func:`~companion.rules.queries.available`, worked out once per version for every part that asks."""
        asked, answers = self._can
        if asked is not state:
            answers = {}
            self._can = (state, answers)
        if seat not in answers:
            answers[seat] = queries.available(state, seat)
        return answers[seat]

    def apply(self, action: Action) -> bool:
        """Make ``action``; a refusal is shown by the thumb and changes nothing. Once made, what the table must do
        by hand (draw a Regret card, take a die) is shown there instead, until the next action."""
        return self.apply_all([action])

    def apply_all(self, actions: Sequence[Action]) -> bool:
        """Make ``actions`` in order, each on the game the one before left (each is its own step of undo); stop at
        the first refusal. What the table must do by hand after them is told together."""
        told: list[str] = []
        for action in actions:
            before = self.session.current.value.state
            result = self.session.apply(action, seen=self.shown)
            if not self._answered(result):
                return False
            told += [step.text for step in table_steps(before, action, result.current.value.state)]
        if told:
            self.ctx.tell(told)
        return True

    def tap(self, action: Action) -> Callable[[], None]:
        """A button's handler that makes ``action`` (what it answers is shown by :meth:`apply`)."""
        def make() -> None:
            self.apply(action)

        return make

    def undo(self) -> bool:
        return self._answered(self.session.undo(seen=self.shown))

    def redo(self) -> bool:
        return self._answered(self.session.redo(seen=self.shown))

    def _answered(self, result: Outcome[Game]) -> bool:
        # The tab hears of its own move at once; of the version a stale tap was refused on, only now: it draws
        # the game as it stands, and its next tap names that version.
        if self.feed.latest.version < result.current.version:
            self.feed.tell(result.current)
        return self.ctx.outcome(result)


def use_moves(ctx: AppContext, session: GameSession) -> Moves:
    """One :class:`Moves` per game for the component's life (a stable prop for memoized children), with the
    tab's feed of the game; the component itself draws only when the parts it selects change."""
    feed = use_feed(session)
    return ft.use_memo(lambda: Moves(ctx, session, feed), [session])


def use_shown(moves: Moves) -> Snapshot[Game]:
    """The version the tab heard of last, redrawing the component at every change (a screen drawn whole)."""
    use_selected(moves.feed, version)
    return moves.feed.latest


def no_game(ctx: AppContext, title: str) -> ft.View:
    """What a table screen shows when its game can't be found (a stale link, a deleted game)."""
    return screen(ctx.route, title, [
        error_line(ctx.error or t("No game at the table. Start one or resume one from Home.")),
        action_button("go-home", t("Home"), lambda: ctx.navigate("/"), icon=ft.Icons.HOME, primary=True),
    ])
