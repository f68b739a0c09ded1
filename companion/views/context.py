"""What every screen is given: the route, the notices, the last refusal, and the open sessions.

Screens are ``@ft.component`` functions taking ``ctx``. What they show comes from a session
(``ctx.sessions.game(id)``, ``.campaign(id)``, ``.draft("scorer")``); a form that must outlive the screen (a
scorer's table, New game's anglers) is a draft session too, and the rest of what is half-typed lives in the
component's own state. A move's :class:`~companion.session.Outcome` goes through :meth:`outcome`, which
shows a refusal at the bottom of the screen, by the thumb, until the next action.

>>> ctx = AppContext()
>>> ctx.navigate("/table?game=g1")
>>> (ctx.path, ctx.params)
('/table', {'game': 'g1'})
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit

from companion.flet_fixes import short_repr
from companion.i18n import t
from companion.session import Outcome, Sessions, StoreError
from companion.session.door import Door, tab_sessions
from companion.session.seats import LOCAL, Seat
from companion.views.speech import told

EXPANSIONS_SETTING = "expansions"  # the boxes this table usually plays with (New game's default, the scorer's)


class JoinedPhone(Protocol):
    """A joined guest phone, as the Phones screen lists it: its pass's id (the seat book's holder)."""

    @property
    def holder(self) -> str: ...

    @property
    def connected(self) -> bool: ...


class ServedTable(Protocol):
    """The running server as the host's screens see it (``companion.net.server.Room``, handed down by the app)."""

    @property
    def lan(self) -> bool: ...

    @property
    def base_url(self) -> str: ...

    @property
    def room_code(self) -> str: ...

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]: ...

    def change_room_code(self) -> str: ...

    def phones(self) -> Sequence[JoinedPhone]: ...


class KeptSource(Protocol):
    """The phone app's copy of its data to the browser's storage: whether it holds every change yet, whether its
    last copy failed, and who to tell when either flips (:class:`companion.phone.storage.Syncer`)."""

    kept: bool
    failed: bool

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]: ...


def route_to(path: str, **params: object) -> str:
    """``route_to("/score", game="g1")`` → ``"/score?game=g1"``; ``None`` values are left out."""
    query = urlencode({k: v for k, v in params.items() if v is not None})
    return f"{path}?{query}" if query else path


def seat_route(seat: Seat) -> str:
    """The screen a seat opens on: its angler's card, or the table for the whole table's seat.

    >>> seat_route(Seat("g1", 2)), seat_route(Seat("g1", None))
    ('/player?game=g1&seat=2', '/table?game=g1')
    """
    if seat.angler is None:
        return route_to("/table", game=seat.game)
    return route_to("/player", game=seat.game, seat=seat.angler)


class Offer(NamedTuple):
    """One answer to a choice a move needs (whom to take a Regret from): the button's identifier, its label, what
    tapping it does."""

    key: str
    label: str
    handler: Callable[[], object]


@dataclass(eq=False, repr=False)
class AppContext:
    """One browser tab: each tab is its own Flet session, so each has its own context; sessions are shared."""

    sessions: Door = field(default_factory=lambda: tab_sessions(Sessions(None), LOCAL))  # the screens' one door
    route: str = "/"
    notices: list[str] = field(default_factory=list)  # e.g. what the store repaired at start-up
    error: str | None = None  # why the last action was refused, one line (kept until the next action)
    steps: tuple[str, ...] = ()  # what the table must do by hand after the last move (kept until the next action)
    steps_at: object = None  # the point of play the steps belong to: they go once the table moves on from it
    offers: tuple[Offer, ...] = ()  # the answers to the choice the refusal asks for (kept until the next action)
    repeats: int = 0  # how many taps in a row were refused with ``error`` (the bar counts them: issue 37)
    on_navigate: Callable[[str], None] | None = None  # set by the app: push the route to the browser
    # set by the app: the bottom bar may need another shape (given a function that reads notice_shape)
    on_error: Callable[[Any], None] | None = None
    # set by the bottom bar's lines: what they show may have changed (given a function that reads notice)
    on_notice: Callable[[Any], None] | None = None
    on_setting: Callable[[str, Any], None] | None = None  # set by the app: a setting changed (the theme)
    on_refresh: Callable[[], None] | None = None  # set by the app: redraw the whole screen (the language changed)
    settings: dict[str, Any] = field(default_factory=dict)
    table: ServedTable | None = None  # set by the app: the server phones join (None: not served, or a test)
    # The phone app (companion.phone) serves no other phone: no Phones screen. It says on the Data screen whether
    # the browser keeps its storage for good (``navigator.storage.persist()`` granted); None: not the phone app.
    lan_screens: bool = True
    kept_for_good: bool | None = None
    kept: KeptSource | None = None  # the phone app's copy to the browser's storage (the "Saved" mark)

    def __repr__(self) -> str:  # a prop of every screen: the dataclass repr walked this tab's whole page
        return short_repr("AppContext", route=self.route)

    @property
    def path(self) -> str:
        """The route without its query: ``"/table"``."""
        return urlsplit(self.route).path or "/"

    @property
    def params(self) -> dict[str, str]:
        """The route's query parameters: ``{"game": "g1", "seat": "0"}``."""
        return dict(parse_qsl(urlsplit(self.route).query))

    def navigate(self, route: str) -> None:
        """Go to ``route``; the app redraws the screen when the browser confirms it."""
        self.clear()
        if self.on_navigate is None:
            self.route = route
        else:
            self.on_navigate(route)

    def refresh(self) -> None:
        """Draw the whole screen again (every text: the phone's language changed)."""
        if self.on_refresh is not None:
            self.on_refresh()

    def fail(self, message: str) -> None:
        """Show ``message`` by the thumb and change nothing else. The same refusal again is counted ("(×2)"), so a
        second tap visibly registers and a screen reader hears it again (the bar's words change)."""
        self.repeats = self.repeats + 1 if message == self.error and not self.offers else 1
        self.offers = ()
        self._show(message)

    def ask(self, message: str, offers: Sequence[Offer]) -> None:
        """Show ``message`` by the thumb with a button for each of ``offers`` (a move that needs a choice first);
        nothing else changes until one is tapped."""
        self.steps, self.offers = (), tuple(offers)
        self._show(message)

    def clear(self) -> None:
        """An action went through: the last refusal and the last steps are gone."""
        if self.error is not None or self.steps:
            self.steps, self.offers = (), ()
            self._show(None)

    def tell(self, steps: list[str], at: object = None, *, news: bool = True) -> None:
        """Say what the table must do by hand after a move (a Regret card to draw, a die to take), by the thumb,
        until the next action or until the table moves on from ``at`` (:meth:`moved_to`); a screen reader hears
        them too unless they are no ``news`` (the last move's steps shown again as a screen opens)."""
        self.error, self.steps, self.steps_at, self.offers = None, tuple(steps), at, ()
        self._show(None)
        if news:
            told(steps)  # a screen reader hears them with the values the move left, as one announcement

    def moved_to(self, at: object) -> None:
        """The table shown is at ``at`` (another phone may have moved it): steps told at another point are gone."""
        if self.steps and at != self.steps_at:
            self.steps = ()
            self._show(self.error)

    def outcome(self, result: Outcome[Any]) -> bool:
        """Show a move's refusal (or clear the last one); ``True`` when the move was made. A move made with a
        message made what it could: what followed it failed (the play of a finished game not recorded), said."""
        if result.ok:
            self.clear()
            if result.message:
                self.fail(result.message)
        else:
            self.fail(result.message or "")
        return result.ok

    @property
    def notice(self) -> tuple[str | None, tuple[str, ...], tuple[Offer, ...]]:
        """What the bottom bar shows: the last refusal (with the answers it asks for; counted when repeated), else
        what the table must do by hand."""
        error = self.error
        if error and self.repeats > 1:
            error = t("{message} (×{n})", message=error, n=self.repeats)
        return error, self.steps, self.offers

    @property
    def notice_shape(self) -> tuple[bool, int, bool]:
        """What the bar's height depends on: whether a refusal shows, how many steps, whether it offers answers."""
        return bool(self.error), len(self.steps), bool(self.offers)

    def _show(self, message: str | None) -> None:
        self.error = message
        # Each reads what the bar shows when it is delivered: a move clears the last steps, then tells its own, and
        # the two deliveries then bring the same value, which draws nothing (not the bar cleared, then filled again).
        if self.on_notice is not None:
            self.on_notice(lambda _shown: self.notice)
        if self.on_error is not None:
            self.on_error(lambda _shape: self.notice_shape)

    def setting(self, key: str, default: Any = None) -> Any:
        """A user setting, as kept when anything is."""
        if key not in self.settings and self.sessions.keeps:
            try:
                self.settings[key] = self.sessions.setting(key, default)
            except (OSError, StoreError):
                return default
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        """Keep a setting, then change it (the host's: a guest's sessions refuse it); one that can't be kept is
        not changed, and the bar says why."""
        try:
            self.sessions.set_setting(key, value)
        except StoreError as failed:
            self.fail(str(failed))
            return
        self.settings[key] = value
        if self.on_setting is not None:
            self.on_setting(key, value)
