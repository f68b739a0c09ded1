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
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import t
from companion.net import route_refusal, start_route
from companion.net.identity import pass_of
from companion.net.powers import guard
from companion.resources import assets_path
from companion.views.context import AppContext, LiveGames

if TYPE_CHECKING:
    from companion.net.server import Table

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
    "/phones": "companion.views.phones:view",
    "/seat": "companion.views.seat:view",
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


def build_view(ctx: AppContext, refusal: str | None = None) -> ft.View:
    """Draw the screen for ``ctx.route``; a screen that raises is replaced by a one-line explanation, and one
    this phone may not open (``refusal``, from :func:`companion.net.route_refusal`) by the reason."""
    ctx.redraw_part = None  # a screen that can redraw part of itself sets it again
    if refusal:
        return _problem_view(ctx, refusal)
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
    return [build_view(ctx, refusal=route_refusal(page, ctx.path, ctx.params))]


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
        ctx = AppContext(store=guard(store, pass_of(page)), notices=notices, live=live, on_navigate=page.navigate,
                         run_save=saver.submit)

        def on_setting(key: str, value: object) -> None:
            if key == "theme":
                page.theme_mode = theme.theme_mode(str(value))
                page.update()

        ctx.on_setting = on_setting
        page.title = t("Deep Regrets Companion")
        theme.apply_theme(page, ctx.setting("theme", "dark"))
        page.render_views(Root, ctx, page)
        start = start_route(page)
        if start != (page.route or "/"):  # a phone back in a fresh session goes to its seat again
            page.navigate(start)
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


def _announce(table: Table) -> None:
    from companion.net.addresses import candidates, system_interfaces
    from companion.net.qr import terminal_qr

    if not table.lan:
        print(t("Deep Regrets Companion is at {link}", link=table.base_url + "/"), flush=True)
        return
    print(t("Phones join at {link} (room code {code})", link=table.join_link(), code=table.room_code))
    print(terminal_qr(table.join_link()))
    print(t("This computer's own browser joins as the host at {link} (keep it to yourself)",
            link=table.host_link()))
    others = [i.address for i in candidates(system_interfaces()) if i.address != table.host]
    if others:
        print(t("Other addresses of this machine (pick one with --host): {addresses}", addresses=", ".join(others)))
    print(flush=True)


def serve(host: str | None = None, port: int = 8550, open_browser: bool = True,
          data_dir: str | Path | None = None, lan: bool = False) -> int:
    """Serve the app (no CDN: it works offline) behind the join gate, print its address, and open a browser
    when asked and one is available. Without ``lan`` it serves this computer only (a loopback address); with
    ``lan`` it serves the phones at the table on ``host`` (default: the LAN address a phone can reach) and
    prints the join link and its QR code. Blocks until stopped; returns the exit status.
    """
    import ipaddress

    from companion.net.addresses import choose_address, system_interfaces
    from companion.net.server import build_table, run_table
    from companion.store.store import resolve_data_dir

    if host is None:
        host = (choose_address(system_interfaces()) if lan else "127.0.0.1") or ""
        if not host:
            print(t("No network address a phone could reach was found: connect to the Wi-Fi, or pick one "
                    "with --host."), flush=True)
            return 2
    if not lan and not ipaddress.ip_address(host).is_loopback:
        print(t("To let other devices in, start with --lan (they then join with the room code)."), flush=True)
        return 2
    port = port or _free_port(host)
    _warm_up()
    table = build_table(make_main(data_dir), host, port, resolve_data_dir(data_dir), lan,
                        assets_dir=str(assets_path()))
    _announce(table)
    def open_host_browser() -> None:
        webbrowser.open(table.host_link())

    run_table(table, on_ready=open_host_browser if open_browser and _browser_available() else None)
    return 0
