"""What the table's screens share: opening the game of the route, making a move as the tab last saw the game,
and the screen shown when the game can't be found. No screen here imports another screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from companion.i18n import t
from companion.rules.actions import Action
from companion.rules.game import Game
from companion.session import Outcome, Snapshot, moment
from companion.session.door import GameDoor
from companion.session.registry import NotFound
from companion.views import speech
from companion.views.changes import Changes
from companion.views.context import AppContext
from companion.views.hooks import use_subscription, use_threadsafe
from companion.views.widgets import action_button, error_line, screen


def game_session(ctx: AppContext, game_id: str | None) -> GameDoor | None:
    """The session of ``game_id``; ``None`` (with the reason on ``ctx.error``) when it can't be opened."""
    if not game_id:
        return None
    try:
        return ctx.sessions.game(game_id)
    except NotFound as problem:
        ctx.error = str(problem)
        return None


def open_seat(ctx: AppContext) -> tuple[GameDoor, int] | None:
    """The session of ``?game=`` and the seat named by ``?seat=``, if the game opens and its table has that seat."""
    session = game_session(ctx, ctx.params.get("game"))
    raw = ctx.params.get("seat", "")
    if session is None or not raw.isdigit() or int(raw) >= len(session.current.value.state.players):
        return None
    return session, int(raw)


class Moves(Changes[Game]):
    """The table's moves on one game as this tab last drew it; :class:`~companion.views.changes.Changes` answers
    each (a refusal, a choice, the table's steps the session says the move asks for)."""

    session: GameDoor

    def __init__(self, ctx: AppContext, session: GameDoor, shown: int = 0) -> None:
        super().__init__(ctx, session, shown)
        self.session = session

    def apply(self, action: Action, then: Callable[[], None] | None = None) -> bool:
        """Make ``action``; a refusal is shown by the thumb and changes nothing. Once made, what the table must do
        by hand (draw a Regret card, take a die) is shown there instead, until the next action, and ``then`` runs.
        A move that needs a choice first (whom to take a Regret from, A p.18) asks it there, one button per
        answer; the answer makes the move, then ``then``."""
        return self.apply_all([action], then)

    def apply_all(self, actions: Sequence[Action], then: Callable[[], None] | None = None) -> bool:
        """Make ``actions`` in order, each on the game the one before left (each is its own step of undo); stop at
        the first refusal. What the table must do by hand after them is told together; then ``then`` runs."""
        told: list[str] = []
        said: list[str] = []
        state = self.session.current.value.state
        for n, action in enumerate(actions):
            result = self.session.apply(action, seen=self.shown)
            if not self.answer(result, partial(self._chosen, list(actions[n:]), then), self._name):
                return False
            state = result.current.value.state
            told += result.steps  # the session says what the move asks of the table
            said += [result.said] if result.said else []  # and the move itself, in one line
        speech.told(said)  # heard first, before the steps and the new counts (not shown: the screen shows it)
        self.tell(told, at=moment(state))
        if then is not None:
            then()
        return True

    def undo(self) -> bool:
        """Take back the last move; the bar (and a screen reader) says which: "Undone: Ann's Refresh"."""
        return self._stepped(self.session.undo(seen=self.shown))

    def redo(self) -> bool:
        """Put back the move last taken back, said the same way."""
        return self._stepped(self.session.redo(seen=self.shown))

    def _stepped(self, outcome: Outcome[Game]) -> bool:
        if not self.answer(outcome):
            return False
        self.tell(outcome.steps, at=moment(outcome.current.value.state))
        return True

    def _chosen(self, actions: list[Action], then: Callable[[], None] | None, field: str, seat: int) -> None:
        """Make ``actions`` with ``seat`` as the answer to the choice the first needed. The field lists a seat per
        card (A p.18: each Regret taken is its own choice), so the answer is added to those given before; the
        engine asks again for the next card."""
        first, rest = actions[0], actions[1:]
        given = getattr(first, field)
        before = list(given) if isinstance(given, list) else []
        self.apply_all([first.model_copy(update={field: [*before, seat]}), *rest], then)

    def _name(self, seat: int) -> str:
        return self.session.current.value.state.players[seat].name

    def drawn(self, shown: Snapshot[Game]) -> None:
        """The screen draws ``shown``: the next move is checked against its version, and steps told before the
        table moved on (another phone played a turn, or started the next Day) are gone (issue 26)."""
        super().drawn(shown)
        self.ctx.moved_to(moment(shown.value.state))

    def tap(self, action: Action) -> Callable[[], None]:
        """A button's handler that makes ``action`` (what it answers is shown by :meth:`apply`)."""
        def make() -> None:
            self.apply(action)

        return make


def use_moves(ctx: AppContext, session: GameDoor, shown: Snapshot[Game] | None = None) -> Moves:
    """One :class:`Moves` per game for the component's life (a stable prop for memoized children); ``shown``
    is the game on screen (the component that draws the game passes it when it draws: :meth:`Moves.drawn`)."""
    moves = ft.use_memo(lambda: Moves(ctx, session, session.current.version), [session])
    if shown is not None:
        moves.drawn(shown)
    return moves


def use_told(ctx: AppContext, session: GameDoor) -> None:
    """Tell this tab, by the thumb, when another phone takes back its angler's move (issue 25), and what a move
    made on another phone asks of the table (issue 36: Bo's sale on his phone, "Bo: draw a Regret card", on the
    table's); the latest move's steps again when the screen opens (a reload), shown but not read out again (a
    screen reader heard them with the move). Worded on this tab's own loop, in its phone's language, not in the
    thread of the tab that made the change."""
    def word(snapshot: Snapshot[Game], news: bool = True) -> None:
        message = session.told(snapshot)
        # Another phone's steps never cover this phone's own refusal or question (they may arrive after it).
        lines = [message] if message else [] if ctx.error is not None else list(session.heard(snapshot))
        if lines:  # said at the point the change left the table, so the redraw after it keeps the lines
            ctx.tell(lines, at=moment(snapshot.value.state), news=news)

    later = use_threadsafe(word)

    def follow() -> Callable[[], None]:
        word(session.current, news=False)
        return session.subscribe(later)

    use_subscription(follow, [session])


def no_game(ctx: AppContext, title: str) -> ft.View:
    """What a table screen shows when its game can't be found (a stale link, a deleted game)."""
    return screen(ctx.route, title, [
        error_line(ctx.error or t("No game at the table. Start one or resume one from Home.")),
        action_button("go-home", t("Home"), lambda: ctx.navigate("/"), icon=ft.Icons.HOME, primary=True),
    ])
