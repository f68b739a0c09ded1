"""The phone app as its browser tests and ``bench.phone_app`` use it: the site built once per run, and a Chromium
profile on it in which every request to another origin is aborted (and noted).

Example::

    with phone_context(profile) as (context, foreign):
        page = context.new_page()
        phone = FletPage(page, url, timeout_ms=BOOT_MS).open()
        phone.wait_id("home-new-game")
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, PHONE

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

# Pyodide's start on a busy 2-core machine: Flutter, the runtime, the wheels and the app, well under this.
BOOT_MS = 180_000
_built: dict[str, Any] = {}


def built_site() -> Any:
    """The phone app's site, built once per process (``COMPANION_PHONE_SITE``: one built earlier, e.g. by
    ``scripts/build_phone_app``); returns :class:`phone_site.build.Built`."""
    from phone_site import build

    if "site" not in _built:
        given = os.environ.get("COMPANION_PHONE_SITE")
        if given:
            raw, packed = build.site_size(Path(given))
            found = re.search(r'const CACHE = "([^"]+)"', (Path(given) / "sw.js").read_text())
            assert found, f"{given}/sw.js names no cache"
            cache = found.group(1)
            _built["site"] = build.Built(Path(given), cache, raw, packed)
        else:
            _built["site"] = build.build(Path(tempfile.mkdtemp(prefix="companion-phone-")) / "site")
    return _built["site"]


@contextlib.contextmanager
def phone_context(profile: Path, locale: str = "en-GB") -> Iterator[tuple[BrowserContext, list[str]]]:
    """A persistent Chromium profile (service workers and Chromium's installability check need one) at phone size,
    every request to another origin aborted; yields it and the list of those requests."""
    from playwright.sync_api import sync_playwright

    foreign: list[str] = []
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport=PHONE,
            locale=locale, accept_downloads=True, service_workers="allow")

        def route(request_route: Any) -> None:
            url = request_route.request.url
            if url.startswith(("http://127.0.0.1", "http://localhost")):
                request_route.continue_()
            else:
                foreign.append(url)
                request_route.abort()

        context.route("**/*", route)
        try:
            yield context, foreign
        finally:
            context.close()


def cached_site(page: Page) -> dict[str, Any]:
    """What the service worker holds: whether one is active, its caches and how many files the site's has."""
    return dict(page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        const names = await caches.keys();
        const mine = names.filter((n) => n.startsWith("deep-regrets-"));
        const files = mine.length ? (await (await caches.open(mine[0])).keys()).length : 0;
        return {active: !!registration.active, controlled: !!navigator.serviceWorker.controller, caches: mine,
                files};
    }"""))
