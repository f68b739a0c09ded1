"""The Flet web app: ``serve()`` starts it, ``ROUTES`` says which screen draws which route.

Adding a screen (one line): write ``def view(ctx: AppContext) -> ft.View`` in its own module, then add
``"/your/route": "package.module:function",`` to ``ROUTES`` below. The module is imported the first time its route
is opened, so a screen that fails to import shows its error instead of taking the app down. Query parameters
reach the screen as ``ctx.params`` (``/score?game=<id>`` → ``ctx.params["game"]``); build links with
``companion.views.context.route_to("/score", game=game.id)`` and go there with ``ctx.navigate(route)``.
``ctx.store`` is the store (``None`` if it could not be opened), ``ctx.game`` the game at the table.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import socket
import webbrowser
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import flet as ft

from companion.i18n import t
from companion.resources import assets_path
from companion.views.context import AppContext, LiveGames

ROUTES: dict[str, str] = {
    "/": "companion.views.home:view",
    "/new": "companion.views.new_game:view",
    "/table": "companion.views.table:view",
    "/player": "companion.views.player:view",
    "/port": "companion.views.port:view",
    "/settings": "companion.views.home:settings_view",
    "/score": "companion.views.scorer:view",
    "/score/shallow": "companion.views.shallow_scorer:view",
    "/score/endeavor": "companion.views.endeavor_scorer:view",
    "/survey": "companion.views.survey:view",
    "/survey/campaign": "companion.views.survey_campaign:view",
    "/survey/sheet": "companion.views.survey_sheet:view",
    "/survey/week": "companion.views.survey_week:view",
    "/survey/end": "companion.views.survey_end:view",
    "/survey/progress": "companion.views.survey_progress:view",
    "/data": "companion.views.data_screen:view",
    "/history": "companion.views.history.history_screen:view",
    "/history/play": "companion.views.history.play_screen:view",
    "/stats": "companion.views.history.stats_screen:view",
}

Screen = Callable[[AppContext], ft.View]
log = logging.getLogger(__name__)


def screen_for(path: str) -> Screen:
    """The screen function registered for ``path`` (``"/"`` for an unknown route)."""
    module_name, _, function = ROUTES.get(path, ROUTES["/"]).partition(":")
    return getattr(importlib.import_module(module_name), function)


def _problem_view(ctx: AppContext, message: str) -> ft.View:
    from companion.views.widgets import action_button, error_line, screen

    return screen(ctx.route, t("Something went wrong"), [
        error_line(message),
        action_button("go-home", t("Home"), lambda: ctx.navigate("/"), icon=ft.Icons.HOME, primary=True),
    ])


def build_view(ctx: AppContext) -> ft.View:
    """Draw the screen for ``ctx.route``; a screen that raises is replaced by a one-line explanation."""
    ctx.redraw_part = None  # a screen that can redraw part of itself sets it again
    try:
        view = screen_for(ctx.path)(ctx)
    except Exception as problem:  # a broken screen must not take the table's game down with it
        log.exception("screen %s failed", ctx.route)
        return _problem_view(ctx, t("This screen could not be drawn: {problem}", problem=problem))
    # A new route gets a new view (keyed by route); a redraw of the same route sends only what changed.
    view.key = ctx.route
    return view


@ft.component
def Root(ctx: AppContext, page: ft.Page) -> list[ft.View]:
    """The whole app as one component: it redraws the current screen when the route or ``ctx`` changes, and
    Flet sends only what changed to the browser.
    """
    route, set_route = ft.use_state(page.route or "/")
    _, set_version = ft.use_state(0)
    ctx.route = route
    if ctx.on_refresh is None:  # set once: a new handler each render would be sent to the browser each time
        loop = asyncio.get_running_loop()
        ctx.on_refresh = lambda: loop.call_soon_threadsafe(set_version, lambda v: v + 1)
        page.on_route_change = lambda event: set_route(event.route)
    return [build_view(ctx)]


def _open_store(data_dir: str | Path | None) -> object | None:
    try:
        from companion.store import open_store
    except ImportError:
        return None
    try:
        return open_store(data_dir)
    except Exception:  # the app still scores a table without its store; the home screen says so
        log.exception("could not open the store")
        return None


def make_main(data_dir: str | Path | None = None) -> Callable[[ft.Page], None]:
    """The Flet entry point for one browser tab, sharing one store between tabs."""
    store = _open_store(data_dir)
    # One worker keeps saves in order and off the tap's path; every tab shares it (and the store).
    saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-save")
    live = LiveGames()

    def main(page: ft.Page) -> None:
        from companion.views import theme

        notices = list(getattr(store, "recovery_notes", []))
        if store is None:
            notices.append(t("Games can't be saved: the data folder could not be opened."))
        ctx = AppContext(store=store, notices=notices, live=live, on_navigate=page.navigate,
                         run_save=saver.submit)

        def on_setting(key: str, value: object) -> None:
            if key == "theme":
                page.theme_mode = theme.theme_mode(str(value))
                page.update()

        ctx.on_setting = on_setting
        page.title = t("Deep Regrets Companion")
        theme.apply_theme(page, ctx.setting("theme", "dark"))
        page.render_views(Root, ctx, page)
        _keep_awake(page)

    return main


def _warm_up() -> None:
    """Load the screens, rules and catalog before the first tap, then move everything loaded so far out of the
    garbage collector's way: a full collection over them would otherwise stall a tap now and then."""
    from companion.catalog import load_catalog

    for route in ("/", "/new", "/table", "/player", "/port"):
        screen_for(route)
    load_catalog()
    gc.collect()
    gc.freeze()


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


def _free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def _browser_available() -> bool:
    try:
        webbrowser.get()
    except webbrowser.Error:
        return False
    return True


def serve(host: str = "127.0.0.1", port: int = 8550, open_browser: bool = True,
          data_dir: str | Path | None = None) -> int:
    """Serve the app on ``host:port`` (no CDN: it works offline), print its address, and open a browser when
    asked and one is available. Blocks until stopped; returns the exit status.
    """
    port = port or _free_port(host)
    _warm_up()
    print(t("Deep Regrets Companion is at http://{host}:{port}/", host=host, port=port), flush=True)
    view = ft.AppView.WEB_BROWSER if open_browser and _browser_available() else None
    ft.run(make_main(data_dir), view=view, host=host, port=port, no_cdn=True, assets_dir=str(assets_path()))
    return 0
