"""The phone app's browser storage (issue 45 item 1) in headless Chromium, in Italian (the device's language): the
page asks the browser to keep its storage and the Data screen says it did; a copy to IndexedDB that the browser
refuses (its quota full: every ``IDBObjectStore.put`` in Python's worker throws ``QuotaExceededError``) is never
shown as saved, the bar says the changes are on this phone only, and once the browser takes writes again the next
change is copied and "Saved" comes back.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.i18n import t, use_language
from phone_site.serve import serving
from tests.support.browser import FletPage, require_browser
from tests.support.phone_site import BOOT_MS, built_site, phone_context

# In Python's worker: every put to IndexedDB is refused as a full quota refuses it (counted in ``__refused``);
# ``false`` undoes it.
QUOTA = """(full) => {
  self.__put = self.__put || IDBObjectStore.prototype.put;
  self.__refused = self.__refused || 0;
  const refuse = function () {
    self.__refused += 1;
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  IDBObjectStore.prototype.put = full ? refuse : self.__put;
}"""


@pytest.fixture(scope="module")
def site() -> Any:
    require_browser()
    return built_site()


def python_worker(page: Any) -> Any:
    """The Web Worker Pyodide runs the app in (Flet's python-worker.js)."""
    for _ in range(100):
        found = [worker for worker in page.workers if "python" in worker.url]
        if found:
            return found[0]
        page.wait_for_timeout(100)
    raise AssertionError(f"no Python worker among {[w.url for w in page.workers]}")


def test_a_full_browser_storage_is_never_shown_as_saved_and_the_data_screen_says_it_is_kept(
        site: Any, tmp_path: Path) -> None:
    with use_language("it"):
        kept_for_good = t("This browser keeps the app's data for good (persistent storage granted). Still, export a "
                          "long campaign now and then: the file is your copy if the phone is lost or reset.")
        saved, not_saved = t("Saved on this phone"), t("Not saved: the last changes are on this phone only until "
                                                      "this page closes")
        refused = t("This phone's storage did not take the last changes ({problem}): they are kept on this phone "
                    "only until this page closes. Free some space on the phone, or export a copy (Settings, Data); "
                    "the next change tries again.", problem="@@").split("@@")[0]
    assert kept_for_good.startswith("Questo browser") and refused.startswith("La memoria")  # the catalog's Italian
    with phone_context(tmp_path / "profile", locale="it-IT") as (context, _foreign), serving(site.out) as url:
        page = context.new_page()
        # Chromium grants persistent storage to installed or much-used sites; this new profile is made one.
        context.new_cdp_session(page).send("Browser.grantPermissions",
                                           {"origin": url, "permissions": ["durableStorage"]})
        phone = FletPage(page, url, timeout_ms=BOOT_MS).open("/settings")
        phone.tap("settings-data", then="data-storage")
        assert phone.value("data-storage") == kept_for_good
        assert page.evaluate("navigator.storage.persisted()") is True  # the page asked, the browser agreed
        phone.tap("back", then="theme-light")
        phone.wait_value("kept-mark", saved)
        worker = python_worker(page)
        worker.evaluate(QUOTA, True)
        phone.tap("theme-light")  # a setting saved: its copy to IndexedDB is refused
        phone.wait_value("kept-mark", not_saved)
        assert phone.wait_value("error-line", re.compile(re.escape(refused))).count("QuotaExceededError") == 1
        before = worker.evaluate("self.__refused")
        phone.tap("theme-dark")  # the next change tries again, refused again: still not saved
        for _ in range(BOOT_MS // 100):
            if worker.evaluate("self.__refused") > before:
                break
            page.wait_for_timeout(100)
        assert worker.evaluate("self.__refused") > before and phone.value("kept-mark") == not_saved

        worker.evaluate(QUOTA, False)  # space freed
        phone.tap("theme-light")
        phone.wait_value("kept-mark", saved)
