"""What a phone downloads on first load, in English, Italian and Traditional Chinese (issue 13: the CJK font).

The app is served as ``companion serve`` with an empty data dir; one fresh browser context per language (its
locale is the ``Accept-Language`` the app follows) opens the home screen and waits until it is drawn and the
network is quiet. Every response body is counted, as served (flet-web compresses nothing).

    .venv/bin/python -m bench.first_load

Prints the bytes per language, the bundled font's own bytes, and which languages fetched it: only Chinese should.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.support.browser import PHONE, FletPage, ServedApp, companion_command, free_port, launch_chromium

REPO = Path(__file__).resolve().parents[1]

LOCALES = {"en-US": "Deep Regrets", "it-IT": "Nuova partita", "zh-TW": "新遊戲"}
FONT = "NotoSansCJK-companion.woff2"


def first_load(browser: Any, url: str, locale: str, shown: str) -> tuple[int, int]:
    """Bytes of every response the home screen's first load received, and of those the CJK font's."""
    context = browser.new_context(viewport=PHONE, locale=locale, service_workers="block")
    bodies: dict[str, int] = {}

    def count(response: Any) -> None:
        try:
            bodies[response.url] = bodies.get(response.url, 0) + len(response.body())
        except Exception:  # a redirect or an aborted request has no body
            bodies.setdefault(response.url, 0)

    page = context.new_page()
    page.on("response", count)
    phone = FletPage(page, url).open()
    phone.wait_text(shown)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)  # a font is fetched once the first Chinese frame asks for it
    context.close()
    return sum(bodies.values()), sum(n for u, n in bodies.items() if u.endswith(FONT))


def main() -> int:
    port = free_port()
    with tempfile.TemporaryDirectory() as data_dir, \
            ServedApp.start(companion_command(data_dir, port), port) as app, launch_chromium() as browser:
        results = {locale: first_load(browser, app.url, locale, shown) for locale, shown in LOCALES.items()}
    font_file = REPO / "assets" / "fonts" / FONT
    print(f"bundled font {FONT}: {font_file.stat().st_size / 1024:.0f} KB on disk")
    for locale, (total, font) in results.items():
        print(f"{locale}: first load {total / 1024:,.0f} KB, of which the CJK font {font / 1024:,.0f} KB")
    english = results["en-US"][0]
    chinese = results["zh-TW"][0]
    print(f"Chinese minus English: {(chinese - english) / 1024:+,.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
