"""The phone app (issue 24) in headless Chromium: the built static site served on 127.0.0.1, every request to another
origin aborted, the companion running in the browser (Pyodide) with its store in IndexedDB.

One phone's journey: score a 3-angler table (expected figures: tests/e2e/test_standalone_scoring.py, docs/rules.md
§7; with three anglers the same ranking holds and Bo, the highest Regret total, still discards his slot-1 Fish), play
a survey week, export the campaign and import it on a game-night host, import the host's campaign, reload and find
everything kept; the service worker holds the whole site; with the server stopped and the browser offline the app
starts again (Python restored from its memory snapshot), records a catch, says it is saved, keeps it across a reload,
and switches to Chinese drawn in glyphs. Chromium's installability check reports no error; nothing is asked of
another origin.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.i18n import t, use_language
from companion.store import open_store
from phone_site.build import PAGE_WORDS, SNAPSHOTS, precached, service_worker
from phone_site.serve import serving
from tests.e2e.test_standalone_scoring import TABLE, BrowserThumb
from tests.e2e.test_survey_campaign import catch
from tests.store.conftest import campaign
from tests.support.browser import FletPage, require_browser
from tests.support.glyphs import wait_glyphs
from tests.support.phone_site import BOOT_MS, built_site, cached_site, phone_context
from tests.support.scorer import fill_in

# The host's campaign, named by a Chinese player: drawn on this English phone with the CJK fallback (issue 37).
CHINESE_CAMPAIGN = "陳志豪的調查"


@pytest.fixture(scope="module")
def site() -> Any:
    require_browser()
    return built_site()


def start(phone: FletPage, route: str = "/") -> None:
    """Open the app and wait for a usable Home (Pyodide boots first: much longer than a served page)."""
    phone.open(route)
    phone.wait_id("home-new-game" if route == "/" else "back", timeout_ms=BOOT_MS)


def score_three_anglers(phone: FletPage) -> None:
    phone.tap("home-score", then="scorer-player-1")
    phone.tap("scorer-add-player")
    phone.wait_id("scorer-player-2")
    thumb = BrowserThumb(phone)
    for i, angler in enumerate(TABLE[:3]):
        fill_in(thumb, i, angler)
    phone.wait_value("scorer-winners", "Winner: Ann")
    for k, line in enumerate(["1. Ann: 20", "2. Cy: 20", "3. Bo: 13"]):
        phone.wait_value(f"scorer-rank-{k}", re.compile(rf"^{re.escape(line)}\b"))
    phone.tap("history-save", then="history-saved")


def play_a_survey_week(phone: FletPage) -> str:
    """A campaign's first week, hauled and unlocked (A pp.23–27); returns the campaign's id."""
    phone.tap("home-survey")
    phone.type_into("survey-new-name", "Pocket survey")
    phone.tap("survey-create")
    phone.tap("survey-start-week")
    phone.wait_value("survey-day", re.compile("Monday"))
    catch(phone, "Sunfish", "sunfish")
    catch(phone, "Swordf", "swordfish")
    for day in ("Tuesday", "Wednesday", "Thursday", "Friday"):
        phone.tap("survey-next-day")
        phone.wait_value("survey-day", re.compile(day))
    phone.tap("survey-to-end")
    phone.type_into("survey-regret-value", "0")
    phone.tap("survey-propose")
    phone.tap("survey-haul")
    phone.wait_id("survey-budget")
    phone.tap("survey-unlock-confirm", then="survey-unlock-confirm-question")  # nothing chosen: asked first
    phone.tap("survey-unlock-confirm")
    phone.wait_value("survey-summary", re.compile("Week 1"))
    opened = re.search(r"[?&]c=([0-9a-f]+)", phone.page.url)
    assert opened, phone.page.url
    return opened.group(1)


# A share sheet where the browser has none: records the shared file's name and text in window.__shared.
FAKE_SHARE = """() => {
  const share = async (data) => { window.__shared = [data.files[0].name, await data.files[0].text()]; };
  Object.defineProperty(navigator, "share", {value: share, configurable: true});
  Object.defineProperty(navigator, "canShare", {value: () => true, configurable: true});
}"""


def export_download(phone: FletPage, identifier: str) -> dict[str, Any]:
    """Tap an export button and read the file the browser downloads."""
    with phone.page.expect_download() as download:
        phone.tap(identifier)
    path = download.value.path()
    assert path is not None
    document: dict[str, Any] = json.loads(Path(path).read_text())
    return document


def test_the_phone_app_alone_online_then_offline(site: Any, tmp_path: Path) -> None:
    host = open_store(tmp_path / "host")
    from_host = campaign(CHINESE_CAMPAIGN, catches=2)
    host.save_campaign(from_host)
    host_file = tmp_path / "from-host.json"
    host_file.write_text(json.dumps(host.export_campaign(from_host.id)))

    with phone_context(tmp_path / "profile") as (context, foreign):
        page = context.new_page()
        with serving(site.out) as url:
            phone = FletPage(page, url)
            start(phone)
            assert phone.has_id("home-settings") and not phone.has_id("home-phones")  # the owner's; no LAN screens
            score_three_anglers(phone)
            phone.open("/")
            phone.wait_id("home-survey", timeout_ms=BOOT_MS)
            survey_id = play_a_survey_week(phone)
            phone.wait_id("copy-reminder-send")  # a week closed, and no copy has left the phone yet

            # The owner's Data screen, reached as a person would (the picker opened no file that way, issue 35):
            # the browser storage note, export as a download, import from a file.
            phone.open("/")
            phone.wait_id("home-settings", timeout_ms=BOOT_MS)
            phone.tap("home-settings", then="settings-data")
            phone.tap("settings-data", then="data-storage")
            exported = export_download(phone, f"data-export-campaign-{survey_id}")
            report = host.import_data(json.dumps(exported))
            assert report.message()
            [on_phone] = exported["campaigns"]
            assert host.load_campaign(survey_id).model_dump(mode="json") == on_phone  # unchanged on the host
            # Send a copy (issue 35 item 8): where the browser can't share a file (Chromium on Linux), a download;
            # with a share sheet (faked here), the whole export handed to it as a file.
            with page.expect_download() as download:
                phone.tap("data-send-copy")
            assert download.value.suggested_filename.startswith("deep-regrets-everything-")
            page.evaluate(FAKE_SHARE)
            phone.tap("data-send-copy")
            page.wait_for_function("window.__shared !== undefined", timeout=15_000)
            name, text = page.evaluate("window.__shared")
            assert name.startswith("deep-regrets-everything-") and name.endswith(".json")
            assert survey_id in [c["id"] for c in json.loads(text)["campaigns"]]
            phone.wait_text("Last copy made")
            with page.expect_file_chooser() as chooser:
                phone.tap("data-import-file")
            chooser.value.set_files(str(host_file))
            phone.wait_value("data-result", re.compile("1"))

            # A reload (Pyodide starts afresh): the play, the campaign and the import are kept (IndexedDB).
            start(phone, "/history")
            phone.wait_text("Ann")
            phone.open("/survey")
            phone.wait_id(f"survey-open-{survey_id}", timeout_ms=BOOT_MS)
            phone.wait_id(f"survey-open-{from_host.id}")

            # Every file of the site this phone runs is in the service worker's cache (Chromium: the skwasm client,
            # issue 38); the app is installable.
            assert page.evaluate("flet.webRenderer") == "skwasm"
            deadline_files = len(precached(site.out, "skwasm"))
            held = cached_site(page)
            for _ in range(120):
                if held["files"] == deadline_files:
                    break
                page.wait_for_timeout(500)
                held = cached_site(page)
            assert held == {"active": True, "controlled": True, "caches": [site.cache], "files": deadline_files}
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

            # The phone's export of everything, back on a fresh host: the host's campaign is unchanged.
            phone.open("/data")
            phone.wait_id("data-export-all", timeout_ms=BOOT_MS)
            everything = export_download(phone, "data-export-all")
            back_home = open_store(tmp_path / "host-2")
            back_home.import_data(json.dumps(everything))
            assert back_home.load_campaign(from_host.id) == from_host

        # Python's memory snapshot is kept (made after a start that had none, issue 38 item 4: web/restore.js).
        page.wait_for_function("async (name) => (await (await caches.open(name)).keys()).length === 1", arg=SNAPSHOTS,
                               timeout=BOOT_MS)
        # The server is gone and the phone is offline: the app starts from the service worker's cache, and Python
        # from its snapshot.
        context.set_offline(True)
        start(phone, f"/survey/week?c={survey_id}")
        assert page.evaluate("performance.getEntriesByName('python from snapshot').length") == 1
        phone.tap("survey-start-week")
        phone.wait_value("survey-day", re.compile("Week 2 · Monday"))
        catch(phone, "Hammerhead", "hammerhead-shark")
        # Issue 24: the app bar says "Saved" only once the copy to IndexedDB holds the catch; then a reload finds it.
        phone.wait_value("kept-mark", re.compile("Saved on this phone"))
        start(phone, f"/survey/week?c={survey_id}")
        phone.wait_value("survey-day", re.compile("Week 2 · Monday"))
        phone.wait_id("survey-held-hammerhead-shark")

        # Issue 37: offline, this English phone draws the Chinese campaign name (Flutter's fallback font, answered
        # by the service worker from its cache) ...
        start(phone, f"/survey/campaign?c={from_host.id}")
        title = phone.wait_text(CHINESE_CAMPAIGN, exact=True).bounding_box()
        assert title is not None
        wait_glyphs(page, title, len(CHINESE_CAMPAIGN))
        # ... and, English since its first visit, switches to Chinese offline: drawn in glyphs, with
        # the font the service worker precached (before, only a phone that had shown Chinese online had it).
        start(phone, "/settings")
        phone.tap("language-zh_Hant")
        title = phone.wait_text("設定", exact=True).bounding_box()
        assert title is not None
        wait_glyphs(page, title, 2)

    assert foreign == [], "the app asked another origin for something (issue 37: Rive's runtime from a CDN)"


def test_a_new_version_waits_for_the_user_and_never_mixes_with_the_old(site: Any, tmp_path: Path) -> None:
    """The site is published again with one file changed: the phone keeps running the old version, whole, from the
    old cache until "A new version is ready" → Reload; then it runs the new one and the old cache is gone."""
    copy = tmp_path / "site"
    shutil.copytree(site.out, copy)
    with phone_context(tmp_path / "profile") as (context, _foreign), serving(copy) as url:
        page = context.new_page()
        page.goto(url + "/", timeout=BOOT_MS)
        held = cached_site(page)
        for _ in range(120):
            if held["controlled"] and held["files"] == len(precached(copy, "skwasm")):
                break
            page.wait_for_timeout(500)
            held = cached_site(page)
        assert held["caches"] == [site.cache]

        (copy / "version.json").write_text('{"app_name": "deep-regrets-companion", "version": "next"}')
        new_cache = service_worker(copy)
        assert new_cache != site.cache
        page.reload(timeout=BOOT_MS)
        page.wait_for_selector("#update-banner", timeout=BOOT_MS)
        # Until the user says so, the page is served the old version, from the old cache alone.
        assert json.loads(page.evaluate("fetch('version.json').then((r) => r.text())"))["version"] != "next"
        assert set(cached_site(page)["caches"]) == {site.cache, new_cache}

        with page.expect_navigation(timeout=BOOT_MS):
            page.click("#update-reload")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        assert json.loads(page.evaluate("fetch('version.json').then((r) => r.text())"))["version"] == "next"
        assert cached_site(page)["caches"] == [new_cache]


def test_the_page_says_when_it_works_offline_in_the_app_s_language(site: Any, tmp_path: Path) -> None:
    """Issue 48 N2 and N10. Once the service worker holds the whole site, the page says so once ("Ready to work
    offline", in English: this browser's language, none chosen yet); while the browser is offline a mark says so,
    in the language chosen in Settings (Italian, on an English browser), and follows a new choice at once; the
    banner of a new version speaks it too. None of these was said in the app's language before (the banner used
    the browser's; nothing said offline at all)."""
    copy = tmp_path / "site"
    shutil.copytree(site.out, copy)
    words = {}
    for language in ("it", "zh_Hant"):
        with use_language(language):
            words[language] = {key: t(message) for key, message in PAGE_WORDS.items()}
    with phone_context(tmp_path / "profile") as (context, _foreign), serving(copy) as url:
        page = context.new_page()
        phone = FletPage(page, url)
        phone.open("/")
        said = page.wait_for_selector("#offline-ready", timeout=BOOT_MS)
        assert said is not None and said.text_content() == "Ready to work offline"
        phone.wait_id("home-new-game", timeout_ms=BOOT_MS)
        phone.tap("home-settings", then="language-it")
        phone.tap("language-it")
        page.wait_for_function("() => localStorage.getItem('flutter.companion.language') === '\"it\"'")

        context.set_offline(True)
        page.wait_for_function("(said) => document.getElementById('offline-mark')?.textContent === said",
                               arg=words["it"]["offline"])
        phone.tap("language-zh_Hant")  # a new choice: the mark follows it at once
        page.wait_for_function("(said) => document.getElementById('offline-mark')?.textContent === said",
                               arg=words["zh_Hant"]["offline"])
        phone.tap("language-it")
        page.wait_for_function("() => localStorage.getItem('flutter.companion.language') === '\"it\"'")
        context.set_offline(False)
        page.wait_for_selector("#offline-mark", state="detached")

        (copy / "version.json").write_text('{"app_name": "deep-regrets-companion", "version": "next"}')
        service_worker(copy)
        page.reload(timeout=BOOT_MS)
        page.wait_for_selector("#update-banner", timeout=BOOT_MS)
        assert page.text_content("#update-banner span") == words["it"]["update"]
        assert page.text_content("#update-reload") == words["it"]["reload"]
        assert page.locator("#offline-ready").count() == 0  # said once, on the visit that cached the site
