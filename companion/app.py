"""The Flet web app: :func:`build_app` is the composition root (the store, sessions, codes and server built once and
handed down), ``ROUTES`` says which screen draws which route and ``HOST_ONLY_ROUTES`` which are the host's.
Starting the host (the address, the data folder's lock, the warm-up, what the console prints) is ``companion serve``'s
(:mod:`companion.cli.serve`).

Adding a screen (one line): write an ``@ft.component`` taking ``ctx: AppContext`` and returning an ``ft.View`` in
its own module, then add ``"/your/route": "package.module:Component",`` to ``ROUTES`` below. The module is
imported the first time its route is opened, so a screen that fails to import or to draw shows its error instead
of taking the app down. Query parameters reach the screen as ``ctx.params`` (``/score?game=<id>`` →
``ctx.params["game"]``); build links with ``companion.views.context.route_to("/score", game=game.id)`` and go
there with ``ctx.navigate(route)``. What a screen shows comes from ``ctx.sessions`` (shared by every tab).
"""

from __future__ import annotations

import atexit
import importlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.flet_fixes import navigate_unless_gone
from companion.flet_fixes.tabs import NOTICE_DELAY, answer_late_calls, release
from companion.i18n import t
from companion.net.identity import Tabs
from companion.session import Saver, Sessions
from companion.session.door import tab_sessions
from companion.session.registry import NotFound
from companion.session.seats import LOCAL, Viewer
from companion.views.context import AppContext, ServedTable, route_to, seat_route
from companion.views.hooks import use_subscription, use_threadsafe
from companion.views.widgets.basics import KEPT

if TYPE_CHECKING:
    from companion.net.codes import Keys
    from companion.net.server import Room
    from companion.store import Store

ROUTES: dict[str, str] = {
    "/": "companion.views.home.home:HomeScreen",
    "/new": "companion.views.home.new_game:NewGameScreen",
    "/table": "companion.views.table.screen:TableScreen",
    "/player": "companion.views.table.angler:AnglerScreen",
    "/port": "companion.views.port.screen:PortScreen",
    "/settings": "companion.views.home.settings:SettingsScreen",
    "/score": "companion.views.scorers.deep_regrets:ScorerScreen",
    "/score/shallow": "companion.views.scorers.shallow:ShallowScreen",
    "/score/endeavor": "companion.views.scorers.endeavor:EndeavorScreen",
    "/survey": "companion.views.survey.campaigns:CampaignsScreen",
    "/survey/campaign": "companion.views.survey.campaign:CampaignScreen",
    "/survey/sheet": "companion.views.survey.sheet:SheetScreen",
    "/survey/week": "companion.views.survey.week:WeekScreen",
    "/survey/end": "companion.views.survey.end:EndScreen",
    "/survey/progress": "companion.views.survey.progress:ProgressScreen",
    "/data": "companion.views.home.data:DataScreen",
    "/phones": "companion.views.phones.screen:PhonesScreen",
    "/seat": "companion.views.phones.seat:SeatScreen",
    "/history": "companion.views.history.history_screen:HistoryScreen",
    "/history/play": "companion.views.history.play_screen:PlayScreen",
    "/stats": "companion.views.history.stats_screen:StatisticsScreen",
}

# Screens only the host may open: the data screen (export, import, backups), the Phones screen. A guest's Settings
# shows its own language and text size only.
HOST_ONLY_ROUTES = frozenset({"/data", "/phones"})
# Screens of a served host only (the Phones screen, the seat picker): a tab without them (``ctx.lan_screens``
# False: the phone app, which serves no other phone) draws Home there.
LAN_ROUTES = frozenset({"/phones", "/seat"})
# Where a browser lands once it has joined (the gate is told; it names no screen): the host on the Phones screen
# (the QR code to show the table), a guest on the seat picker.
LANDING_HOST, LANDING_GUEST = "/phones", "/seat"

log = logging.getLogger(__name__)


def route_refusal(ctx: AppContext, path: str) -> str | None:
    """Why this tab may not open ``path``: a host-only screen on a guest's phone."""
    if path in HOST_ONLY_ROUTES and not ctx.sessions.viewer.host:
        return t("Only the host can open this screen.")
    return None


def screen_for(path: str, lan_screens: bool = True) -> Any:
    """The screen component registered for ``path`` (``"/"`` for an unknown route, and for :data:`LAN_ROUTES`
    without ``lan_screens``)."""
    if not lan_screens and path in LAN_ROUTES:
        path = "/"
    module_name, _, name = ROUTES.get(path, ROUTES["/"]).partition(":")
    return getattr(importlib.import_module(module_name), name)


def _problem_view(ctx: AppContext, message: str) -> ft.View:
    from companion.views.widgets import action_button, error_line, screen

    return screen(ctx.route, t("Something went wrong"), [
        error_line(message),
        action_button("go-home", t("Home"), lambda: ctx.navigate("/"), icon=ft.Icons.HOME, primary=True),
    ])


@ft.component
def RouteScreen(ctx: AppContext, route: str) -> ft.View:
    """The screen for ``route``, drawn in place (its hooks are this component's); one that raises is replaced by a
    one-line explanation rather than taking the table's game down with it. Keyed by route: a new route mounts a
    new screen with fresh local state."""
    try:
        view = screen_for(ctx.path, ctx.lan_screens).__wrapped__(ctx)
    except Exception as problem:
        log.exception("screen %s failed", route)
        return _problem_view(ctx, t("This screen could not be drawn: {problem}", problem=problem))
    if isinstance(view, ft.View):  # a screen that hands over to an inner component is keyed by that component
        view.key = route
    return view


def use_notices(ctx: AppContext) -> int:
    """Hook ``ctx`` to the component drawing its screen: a refusal or the table's steps (``ctx.fail``,
    ``ctx.tell``) draw the screen again when the bottom bar needs another shape (its lines follow ``ctx`` by
    themselves, :class:`~companion.views.widgets.basics.NoticeLines`), and ``ctx.refresh()`` counts one more whole
    redraw (the count returned, which keys the screen so that it mounts afresh)."""
    _, set_shape = ft.use_state(ctx.notice_shape)
    version, set_version = ft.use_state(0)
    if ctx.on_error is None:  # set once: a new handler each render would be sent to the browser each time
        # Each runs in this tab's own context (its page, hence its language), whichever tab or thread asks.
        ctx.on_error = use_threadsafe(set_shape, NOTICE_DELAY)
        redraw = use_threadsafe(set_version)
        ctx.on_refresh = lambda: redraw(lambda v: v + 1)
    return version


@ft.component
def Root(ctx: AppContext, page: ft.Page) -> list[ft.Control]:
    """The whole app: the current route's screen; a refusal, a route change or a new language redraws it."""
    route, set_route = ft.use_state(page.route or "/")
    version = use_notices(ctx)
    use_seat_changes(ctx)
    ctx.route = route
    if page.on_route_change is None:
        page.on_route_change = lambda event: set_route(event.route)
    refusal = route_refusal(ctx, ctx.path) or card_refusal(ctx)
    if refusal:  # a host-only screen on a guest's phone, or another angler's card
        view = _problem_view(ctx, refusal)
        view.key = route
        return [view]
    return KEPT(ctx.kept, lambda: [route_screen(ctx, route, version)])  # the phone app's "Saved" mark reads it


def use_seat_changes(ctx: AppContext) -> None:
    """On a guest's phone: when the host starts a game, open the seat picker ("A new game has started: pick your
    angler"), whatever screen the phone shows; when the host hands this phone's seat to another, open it too."""
    door, viewer = ctx.sessions, ctx.sessions.viewer
    seen = ft.use_ref((door.newest_game(), door.my_seat()))
    go = use_threadsafe(ctx.navigate)

    def heard() -> None:
        newest, mine = door.newest_game(), door.my_seat()
        before = seen.current
        seen.current = (newest, mine)
        if before is None:
            return
        if newest != before[0]:
            go(route_to("/seat", new=1))
        elif before[1] is not None and mine is None:
            go(route_to("/seat", moved=1))

    use_subscription(lambda: door.follow_seats(heard) if viewer.served and not viewer.host else _nothing, [door])


def _nothing() -> None:
    return None


# Screens that show one angler's card, hidden things included (``?game=<id>&seat=<seat>``).
CARD_ROUTES = frozenset({"/player", "/port"})


def card_refusal(ctx: AppContext) -> str | None:
    """Why this tab may not open another angler's card: only their own phone, and the host, may."""
    if ctx.path not in CARD_ROUTES:
        return None
    raw = ctx.params.get("seat", "")
    place = ctx.sessions.place(ctx.params.get("game", ""))
    if raw.isdigit() and place.opens_card(int(raw)):
        return None
    return t("That angler's card stays on their own phone. Pick your own seat to see yours.")


def start_route(ctx: AppContext, route: str) -> str:
    """Where a tab opened on ``/`` starts: a joined phone's seat, the seat picker for a guest with none yet."""
    if route != "/" or not ctx.sessions.viewer.served:
        return route
    viewer = ctx.sessions.viewer
    seat = ctx.sessions.my_seat()
    if seat is not None and not _finished(ctx, seat.game):
        return seat_route(seat)
    return "/" if viewer.host else LANDING_GUEST


def _finished(ctx: AppContext, game_id: str) -> bool:
    """Whether ``game_id`` is over (or gone): a phone seated in it is offered a seat in the next game instead."""
    try:
        return ctx.sessions.game(game_id).current.value.finished
    except NotFound:
        return True


def viewer_of(tabs: Tabs, page: ft.Page) -> Viewer:
    """Who is at ``page``'s tab: its pass while phones are served, the one screen of the local mode otherwise."""
    if not tabs.served:
        return LOCAL
    holder = tabs.pass_of(page)
    return Viewer(holder.token_id, holder.is_host)


def route_screen(ctx: AppContext, route: str, version: int) -> Any:
    """The screen of ``route`` after ``version`` whole redraws (:func:`use_notices`): each one mounts it afresh,
    every text drawn again (the phone's language changed)."""
    key = f"{route}#{version}" if version else route
    return RouteScreen(ctx, route, key=key)  # type: ignore[call-arg]  # @ft.component adds key=


def _open_store(data_dir: str | Path | None) -> Store | None:
    try:
        from companion.store import open_store
    except ImportError:
        return None
    try:
        return open_store(data_dir)
    except Exception:  # the app still scores a table without its store; the home screen says so
        log.exception("could not open the store")
        return None


def make_main(shared: Sessions, store: Store | None,
              table: Callable[[], ServedTable | None] = lambda: None, *,
              prepare: Callable[[ft.Page, AppContext], None] | None = None,
              tabs: Tabs | None = None) -> Callable[[ft.Page], None]:
    """The Flet entry point for one browser tab: every tab shares the ``shared`` sessions, the ``store`` (``None``:
    the data folder could not be opened; its repairs are each tab's notices) and the served ``table()`` the Phones
    screen shows; ``tabs`` says who is at each (its pass; ``None``: the local mode's one screen, the host's). Built
    by :func:`build_app`; ``prepare(page, ctx)`` adjusts each tab's context before its first screen (the phone
    app's, :mod:`companion.phone`)."""
    tabs = tabs or Tabs(None)
    answer_late_calls()  # a screen redrawn while the browser scrolled it must not drop the phone

    def main(page: ft.Page) -> None:
        from companion.views import language, theme

        def restyle() -> None:
            page.title = t("Deep Regrets Companion")
            theme.apply_theme(page, ctx.setting("theme", "dark"), language.page_language(page))
            page.update()

        language.install(page, tabs.accept_language(page))

        notices = list(getattr(store, "recovery_notes", []))
        if store is None:
            notices.append(t("Games can't be saved: the data folder could not be opened."))
        ctx = AppContext(sessions=tab_sessions(shared, viewer_of(tabs, page)),
                         notices=notices, on_navigate=page.navigate, table=table())

        def on_setting(key: str, value: object) -> None:
            if key == "theme":
                page.theme_mode = theme.theme_mode(str(value))
                page.update()
                ctx.refresh()  # the accents are chosen per theme as each screen is drawn (theme.palette)
            elif key == "language":  # the phone's own choice, kept in its browser rather than in the store
                language.choose(page, str(value))
                restyle()

        ctx.on_setting = on_setting
        if prepare is not None:
            prepare(page, ctx)

        def preference_found() -> None:  # the phone remembered another language than its browser's, or a Text size
            restyle()
            ctx.refresh()

        language.recall(page, on_change=preference_found)
        theme.recall_text_scale(page, on_change=preference_found)
        page.title = t("Deep Regrets Companion")
        theme.apply_theme(page, ctx.setting("theme", "dark"), language.page_language(page))

        async def closed(_: ft.Event[ft.Page]) -> None:  # on the event loop, where subscriptions start and stop
            release(page)  # a tab gone for good stops following the games it showed

        page.on_close = closed
        page.render_views(Root, ctx, page)
        start = start_route(ctx, page.route or "/")
        if start != (page.route or "/"):  # a phone back in a fresh session goes to its seat again
            page.run_task(navigate_unless_gone, page, start)
        _keep_awake(page)

    return main


def carry_old_seats(keys: Keys, shared: Sessions) -> None:
    """Seats an older version kept in the keys file are the session's seat book's now: carried over once, then
    dropped from the keys file, so every phone finds its seat after an upgrade."""
    old = keys.old_seats()
    if old:
        shared.seats.carry_over(old)
    keys.forget_old_seats()


class Console(Protocol):
    """Where the host's console is told what was not saved (``companion serve``)."""

    def started(self, not_saved: list[str]) -> None: ...

    def stopped(self, close: Callable[[], list[str]]) -> None:
        """At exit: ``close()`` folds every log and returns what this run could not save."""


def build_app(host: str, port: int, data_dir: str | Path | None, lan: bool, sessions: Sessions | None = None,
              assets_dir: str | None = None, console: Console | None = None) -> Room:
    """The composition root: the store, the sessions (over it unless given), the codes (only when ``lan``), who is
    at each tab and the server, built once here and handed down: the gate gets the codes, the tabs and its landing
    routes, each tab (through :func:`make_main`) its sessions, seen as its pass's viewer, the store's repair notices
    and the served table. Nothing is kept in a module global. ``console`` is told, now, what the last run could
    not save, and at exit what this run could not (:meth:`Sessions.close`, after every log is folded)."""
    from companion.net.codes import Keys
    from companion.net.gate import Landing
    from companion.net.server import build_room
    from companion.store.store import resolve_data_dir

    store = _open_store(data_dir)
    # One saver keeps saves in order (each on the tap's path, before the phones are told); every tab shares it,
    # the store and the sessions. On a clean exit the games' logs are folded into their records (after a kill,
    # the next start does it).
    if sessions is None:
        sessions = Sessions(store, Saver())
        closing = sessions
        atexit.register(lambda: console.stopped(closing.close) if console is not None else closing.flush())
        if console is not None:
            console.started(sessions.last_run())
    shared = sessions
    keys = Keys(resolve_data_dir(data_dir)) if lan else None
    if keys is not None:
        carry_old_seats(keys, shared)
    tabs = Tabs(keys)
    built: list[Room] = []
    main = make_main(shared, store, table=lambda: built[0] if built else None, tabs=tabs)
    built.append(build_room(main, host, port, tabs, Landing(LANDING_HOST, LANDING_GUEST), assets_dir=assets_dir))
    # First when the host stops: the phones are told whether everything is saved (a store, and no change refused).
    built[0].close = lambda: shared.store is not None and not shared.close()
    return built[0]


def _keep_awake(page: ft.Page) -> None:
    """Keep the phone's screen on beside the table, where the browser allows it."""
    wakelock = ft.Wakelock()
    page.data = {"wakelock": wakelock}  # services are dropped once nothing references them

    async def enable() -> None:
        try:
            await wakelock.enable()
        except Exception:  # not every browser has the Wake Lock API; the app works without it
            log.info("the screen can't be kept awake in this browser")

    page.run_task(enable)
