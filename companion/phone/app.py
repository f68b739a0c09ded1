"""The phone app's entry point: the companion run by Pyodide in the phone's browser, with no server.

What differs from the served app, all decided here:

- the store lives in IndexedDB (:mod:`companion.phone.storage`), loaded before the first screen, copied after
  every save and once more when the app is hidden; every app bar says "Saved on this phone" only once the copy of
  the last change is done, and "Not saved" after a copy the browser refused, until a later change's copy works;
- a write the store's own folder refuses names this phone's storage (there is no host);
- saves are written at once, as everywhere (the Saver starts no thread: Pyodide can't);
- the phone's owner is the host: this tab gets the owner's pass, so export, import, restore and delete are its;
- the language comes from the device's locales (Flet's device info), given to the app as a browser's
  ``Accept-Language`` would be;
- no LAN screens (Phones, Seat): this app serves no other phone;
- the Data screen says whether the browser granted persistent storage.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.net.codes import Pass, Role
from companion.net.identity import Tabs
from companion.phone.boot import build_deferred
from companion.phone.marks import mark, post_to_page

if TYPE_CHECKING:  # loaded once the page is up (main), as the rest of the app
    from companion.phone.storage import Syncer
    from companion.store import Store

log = logging.getLogger(__name__)
# The store's folder, mounted from IndexedDB.
DATA_DIR = "/home/pyodide/deep-regrets-companion"
# The phone's owner: the one tab of this app, with the host's powers.
OWNER = Pass("local", Role.HOST)
# Where versions of the app before its archive shipped compiled bytecode kept what they compiled (about 10 MB).
OLD_BYTECODE = "/home/pyodide/pycache"
HIDDEN = frozenset({ft.AppLifecycleState.HIDE, ft.AppLifecycleState.INACTIVE, ft.AppLifecycleState.PAUSE})


def locale_tags(locales: list[Any]) -> str:
    """The device's locales (Flet ``Locale``s, best first) as an ``Accept-Language`` value.

    >>> locale_tags([ft.Locale("zh", "TW", "Hant"), ft.Locale("en")])
    'zh-Hant-TW,en'
    """
    tags = []
    for locale in locales:
        parts = [locale.language_code, getattr(locale, "script_code", None), locale.country_code]
        tags.append("-".join(p for p in parts if p))
    return ",".join(tags)


def tell_app(tabs: Tabs, page: Any, locales: list[Any]) -> None:
    """Tell ``tabs`` that ``page``'s tab holds the owner's pass and the device's languages, as the served app's
    gate would give a host's browser its pass and ``Accept-Language``."""
    tabs.hold(page, OWNER, locale_tags(locales))


def telling_the_page(on_setting: Callable[[str, object], None]) -> Callable[[str, object], None]:
    """``on_setting`` that also tells the page a language chosen in Settings: the page's own words (the update
    banner, the offline mark: phone_site/web/shell.html) follow the app's language, not the browser's."""
    def changed(key: str, value: object) -> None:
        on_setting(key, value)
        if key == "language":
            post_to_page({"appLanguage": str(value)})

    return changed


async def device_locales(page: ft.Page) -> list[Any]:
    try:
        info = await page.get_device_info()
    except Exception:  # the language then falls back to English; the app works
        log.exception("no device info")
        return []
    return list(getattr(info, "locales", None) or [])


async def open_phone_store() -> tuple[Store | None, Syncer | None]:
    """The store in IndexedDB and its syncer; ``(None, None)`` when the browser gives no IndexedDB (the app then
    scores but keeps nothing, and says so on Home)."""
    from companion.phone import storage
    from companion.store import open_store

    try:
        await storage.mount(DATA_DIR)
        syncer = storage.Syncer(lambda: storage.sync_folder(DATA_DIR, False))
        return storage.keep_in_indexeddb(open_store(DATA_DIR), syncer), syncer
    except Exception:
        log.exception("the store could not be opened in IndexedDB")
        return None, None


async def main(page: ft.Page) -> None:
    """One phone: load the store, learn the device's languages and storage, then draw the app."""
    mark("connected")  # Flutter's client is up and has asked for the app
    try:
        from companion.phone import profile  # the tap profile: bench.phone_app's, not on a phone's start

        if profile.asked():
            profile.install()
        from companion.app import make_main
        from companion.i18n import t
        from companion.phone import storage
        from companion.session import Saver, Sessions
        from companion.store.failures import speak_for_the_phone

        mark("imports done")
        speak_for_the_phone()  # a refused write names this phone's storage: there is no host
        storage.forget(OLD_BYTECODE)
        store, syncer = await open_phone_store()
        mark("store open")
        kept = await storage.persisted()
        tabs = Tabs(None)  # no codes: this app serves no other phone, its one tab is the owner's
        tell_app(tabs, page, await device_locales(page))

        def prepare(_page: ft.Page, ctx: Any) -> None:
            ctx.lan_screens = False  # no Phones screen, no seat picker (companion.app.LAN_ROUTES draw Home)
            ctx.kept_for_good = bool(kept)
            ctx.on_setting = telling_the_page(ctx.on_setting)
            if syncer is not None:
                ctx.kept = syncer
                syncer.on_failure = lambda problem: ctx.fail(t(
                    "This phone's storage did not take the last changes ({problem}): they are kept on this phone "
                    "only until this page closes. Free some space on the phone, or export a copy (Settings, "
                    "Data); the next change tries again.", problem=problem))

        sessions = Sessions(store, Saver())
        make_main(sessions, store, prepare=prepare, tabs=tabs)(page)
        mark("Home built")
    finally:  # whether or not Home came up: the collector must not stay off for the page's life
        page.run_task(build_deferred)  # the validators left unbuilt at the start, before the first taps need them

    async def lifecycle(event: ft.AppLifecycleStateChangeEvent) -> None:
        if syncer is not None and event.state in HIDDEN:
            sessions.flush()  # the games' logs folded into their records, then all of it copied to IndexedDB
            await syncer.flush()

    page.on_app_lifecycle_state_change = lifecycle


def run() -> None:
    """Start the app in the browser (``main.py`` of the site's app archive)."""
    ft.run(main)
