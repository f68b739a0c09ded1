"""``companion serve`` (and ``companion`` alone): start the host. Checks the address, takes the data folder, warms the
screens up, builds the app (:func:`companion.app.build_app`, the composition root), prints where phones join, and
serves until stopped.
"""

from __future__ import annotations

import atexit
import gc
import socket
import sys
import webbrowser
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from companion.app import ROUTES, build_app, screen_for
from companion.i18n import language_from_environment, t, use_language
from companion.resources import assets_path

if TYPE_CHECKING:
    from companion.net.server import Room


def _warm_up() -> None:
    """Load the screens, rules and catalog before the first tap, then move everything loaded so far out of the
    garbage collector's way: a full collection over them would otherwise stall a tap now and then."""
    from companion.i18n import load_catalogs
    from companion.rules.actions import ACTION_ADAPTER
    from companion.rules.catalog import load_catalog
    from companion.survey.actions import CAMPAIGN_ACTION

    for route in ROUTES:
        screen_for(route)
    load_catalog()
    load_catalogs()
    ACTION_ADAPTER.rebuild()  # the typed moves' validators, deferred at import for the phone app's start
    CAMPAIGN_ACTION.rebuild()
    gc.collect()
    gc.freeze()


def _free_port(host: str) -> int:
    """A port free on ``host`` now (``--port 0``)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def _browser_available() -> bool:
    try:
        webbrowser.get()
    except webbrowser.Error:
        return False
    return True


def _announce(table: Room) -> None:
    """Print where the app is: this computer's link, or the phones' join link, its QR code and the host's link."""
    from companion.net.addresses import candidates, system_interfaces
    from companion.views.qr import terminal_qr

    if not table.lan:
        print(t("Deep Regrets Companion is at {link}", link=table.base_url + "/"), flush=True)
        return
    if table.keys is not None and table.keys.damaged is not None:
        print(t("The keys file was damaged and was moved to {moved}: every phone joins again with this room code.",
                moved=str(table.keys.damaged)))
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
    from companion.net.server import run_room
    from companion.store import StoreError, resolve_data_dir
    from companion.store.owner import FolderHeld, hold_folder

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
    owning = ExitStack()  # released at exit, after the sessions' flush (registered later, so run first)
    try:  # one host per data folder, for this process's life: before any code is printed or any log folded
        owning.enter_context(hold_folder(resolve_data_dir(data_dir), f"http://{host}:{port}/"))
    except FolderHeld as held:
        with use_language(language_from_environment()):
            print(str(FolderHeld(held.folder, held.holder)), file=sys.stderr, flush=True)
        return 1
    except StoreError as problem:  # the lock can't be taken (a read-only folder, an odd lock file): never skipped
        print(" ".join(str(problem).split()), file=sys.stderr, flush=True)
        return 1
    atexit.register(owning.close)
    _warm_up()
    table = build_app(host, port, data_dir, lan, assets_dir=str(assets_path()), console=_Console())
    with use_language(language_from_environment()):  # the console speaks LANG; each phone its own
        _announce(table)

    def open_host_browser() -> None:
        webbrowser.open(table.host_link())

    run_room(table, on_ready=open_host_browser if open_browser and _browser_available() else None)
    return 0  # the exit line comes at exit, once every log is folded (_Console.stopped)


class _Console:
    """What the host's console says of what was not saved: at the start, what the last run could not save; at the
    stop, whether every game is saved, or what is not (each change refused when it was tapped, its phone told)."""

    def started(self, not_saved: list[str]) -> None:
        if not_saved:
            with use_language(language_from_environment()):
                print(t("The last run could not save these changes (each was refused when it was tapped):"))
                print("\n".join(not_saved), flush=True)

    def stopped(self, close: Callable[[], list[str]]) -> None:
        with use_language(language_from_environment()):
            not_saved = close()
            if not not_saved:
                print(t("Stopped. Every game is saved."), flush=True)
                return
            print(t("Stopped. Every change the phones were shown is saved, but not these (each was refused when it "
                    "was tapped):"))
            print("\n".join(not_saved), flush=True)
