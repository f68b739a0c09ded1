"""What every screen is given: the store, the game at the table, settings, the route, and the verbs that change them.

Screens are plain functions ``view(ctx: AppContext) -> ft.View``. They read ``ctx`` and call its verbs from their
handlers; they never compute a rule (the rules engine does) and never touch the page (the app does). A test builds
an ``AppContext()`` with no page, calls a screen, taps a handler and reads ``ctx`` back.

>>> ctx = AppContext()
>>> ctx.navigate("/table?game=g1")
>>> (ctx.path, ctx.params)
('/table', {'game': 'g1'})
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from companion.i18n import t
from companion.rules.errors import RuleViolation
from companion.store.errors import StoreError


class LiveGames:
    """The newest version of every game open on any phone: the host holds the one authoritative copy.

    Each browser tab has its own context; all tabs of one server share this table, so a change made on a phone
    showing an old version of the game is refused and that phone is shown the game as it stands (ANCHORS.md 3).

    >>> from types import SimpleNamespace as Version
    >>> v1, v2, v3 = Version(id="g1", n=1), Version(id="g1", n=2), Version(id="g1", n=3)
    >>> live = LiveGames()
    >>> live.publish(None, v1) is None, live.publish(v1, v2) is None, live.publish(v1, v3).n
    (True, True, 2)
    """

    def __init__(self) -> None:
        self._games: dict[str, Any] = {}
        self._lock = threading.Lock()

    def latest(self, game: Any) -> Any:
        """The newest version of ``game`` any tab has made (``game`` itself if none is newer)."""
        with self._lock:
            return self._games.get(game.id, game)

    def publish(self, before: Any, after: Any) -> Any | None:
        """Record ``after`` as the newest version if ``before`` still is; else return the newer version."""
        with self._lock:
            current = self._games.get(after.id)
            if current is not None and current is not before:
                return current
            self._games[after.id] = after
            return None


def route_to(path: str, **params: object) -> str:
    """``route_to("/score", game="g1")`` → ``"/score?game=g1"``; ``None`` values are left out."""
    query = urlencode({k: v for k, v in params.items() if v is not None})
    return f"{path}?{query}" if query else path


@dataclass
class AppContext:
    """One browser tab's session: each tab is its own Flet session, so each has its own context."""

    store: Any | None = None  # companion.store.Store
    game: Any | None = None  # companion.rules.game.Game: the game at the table, if any
    settings: dict[str, Any] = field(default_factory=dict)
    route: str = "/"
    error: str | None = None  # why the last action was refused, one line
    notices: list[str] = field(default_factory=list)  # e.g. what the store repaired at start-up
    drafts: dict[str, Any] = field(default_factory=dict)  # half-filled forms, kept across redraws and routes
    live: LiveGames | None = None  # set by the app: shared by every tab of the server
    on_navigate: Callable[[str], None] | None = None  # set by the app: push the route to the browser
    on_refresh: Callable[[], None] | None = None  # set by the app: rebuild the current screen
    on_setting: Callable[[str, Any], None] | None = None  # set by the app: a setting changed (the theme)
    # Set by the app: run a save off the tap's path (in order, on one worker thread); None saves at once.
    run_save: Callable[[Callable[[], None]], None] | None = None
    # Set by a screen while it is shown: redraw only what changed between two versions of the game, if it can
    # (returns False to have the whole screen redrawn). The table uses it to redraw one angler's card.
    redraw_part: Callable[[Any, Any], bool] | None = None
    # The newest version of each game waiting for the save worker, by game id.
    _unsaved: dict[str, Any] = field(default_factory=dict, repr=False)
    _save_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def path(self) -> str:
        """The route without its query: ``"/table"``."""
        return urlsplit(self.route).path or "/"

    @property
    def params(self) -> dict[str, str]:
        """The route's query parameters: ``{"game": "g1", "seat": "0"}``."""
        return dict(parse_qsl(urlsplit(self.route).query))

    def navigate(self, route: str) -> None:
        """Go to ``route``; the app rebuilds the screen when the browser confirms it."""
        self.error = None
        if self.on_navigate is None:
            self.route = route
        else:
            self.on_navigate(route)

    def refresh(self) -> None:
        """Rebuild the current screen from ``ctx`` (after a change a handler made)."""
        if self.on_refresh is not None:
            self.on_refresh()

    def fail(self, message: str) -> None:
        """Show ``message`` on the error line and change nothing else."""
        self.error = message
        self.refresh()

    # --- the game at the table -------------------------------------------------------------------------------

    def open_game(self, game_id: str | None) -> Any | None:
        """Make the stored game ``game_id`` the one at the table (kept if it already is); ``None`` if unknown."""
        if game_id is None:
            return self.game
        if self.game is not None and self.game.id == game_id:
            if self.live is not None:
                self.game = self.live.latest(self.game)
            return self.game
        if self.store is None:
            return None
        try:
            self.game = self.store.load_game(game_id)
        except StoreError as problem:
            self.error = str(problem)
            return None
        if self.live is not None:
            self.game = self.live.latest(self.game)
        return self.game

    def apply(self, action: Any) -> bool:
        """Apply ``action`` to the game through the rules engine, save, and refresh.

        A refused action leaves the game as it was and puts the rule's one-line reason on the error line.
        """
        try:
            game = self.game.apply(action)
        except RuleViolation as refused:
            self.fail(str(refused))
            return False
        return self._commit(game)

    def undo(self) -> bool:
        """Take back the last action (the engine replays the log)."""
        return self._step(lambda: self.game.undo(), t("Nothing to undo"))

    def redo(self) -> bool:
        """Put back the action last undone."""
        return self._step(lambda: self.game.redo(), t("Nothing to redo"))

    def _step(self, move: Callable[[], Any], nothing: str) -> bool:
        try:
            game = move()
        except (RuleViolation, IndexError):
            self.fail(nothing)
            return False
        return self._commit(game)

    def _commit(self, game: Any) -> bool:
        before, had_error = self.game, self.error is not None
        newer = self.live.publish(before, game) if self.live is not None else None
        if newer is not None:
            self.game = newer
            self.fail(t("Another phone changed this game first. Here it is as it stands now; nothing was changed."))
            return False
        self.game = game
        self.error = None
        if had_error or self.redraw_part is None or not self.redraw_part(before, game):
            self.refresh()
        return self.save()

    def save(self) -> bool:
        """Autosave the game; a failed save is shown, never swallowed (nothing a user entered is lost silently).

        With ``run_save`` set the save is queued (the screen updates first) and ``True`` means "queued".
        """
        if self.store is None or self.game is None:
            return True
        if self.run_save is None:
            return self._save(self.game)
        game = self.game
        with self._save_lock:
            self._unsaved[game.id] = game
        self.run_save(lambda: self._save_latest(game))
        return True

    def _save_latest(self, game: Any) -> bool:
        # Saves run in order on one worker, at once, off the tap's path. When taps come faster than saves, a queued
        # version that is no longer the newest is skipped: the newest version's own save is already queued behind.
        with self._save_lock:
            if self._unsaved.get(game.id) is not game:
                return True
            del self._unsaved[game.id]
        return self._save(game)

    def _save(self, game: Any) -> bool:
        try:
            self.store.save_game(game)
        except (OSError, StoreError) as problem:
            self.fail(t("Could not save the game: {problem}", problem=problem))
            return False
        return True

    def setting(self, key: str, default: Any = None) -> Any:
        """A user setting, from the store when there is one."""
        if key not in self.settings and self.store is not None:
            self.settings[key] = self.store.get_setting(key, default)
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        """Change a setting and keep it."""
        self.settings[key] = value
        if self.store is not None:
            self.store.set_setting(key, value)
        if self.on_setting is not None:
            self.on_setting(key, value)
