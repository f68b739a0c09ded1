"""The restore path in the phone app (issue 45 item 7, issue 48 N6), the store in the browser's IndexedDB: a
campaign's old copy imported over the one played on asks "Already here"; Cancel, Keep both and Replace, clicked by
role and name, each do what they say; a file over the import limit is refused by its size before it is read."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.store import open_store
from companion.survey.play import catch_fish, rename_campaign
from phone_site.serve import serving
from tests.store.conftest import campaign
from tests.support.browser import FletPage, require_browser
from tests.support.phone_site import BOOT_MS, built_site, phone_context

OLD, ON = "Halley's expedition", "Halley's expedition, played on"


@pytest.fixture(scope="module")
def site() -> Any:
    require_browser()
    return built_site()


def _pick(phone: FletPage, path: Path) -> None:
    with phone.page.expect_file_chooser(timeout=15_000) as chooser:
        phone.tap("data-import-file")
    chooser.value.set_files(str(path))


def test_the_old_copy_of_a_campaign_restores_and_a_huge_file_is_refused_at_once(site: Any, tmp_path: Path) -> None:
    other = open_store(tmp_path / "other")
    old = campaign(OLD)
    other.save_campaign(old)
    (copy := tmp_path / "old.json").write_text(json.dumps(other.export_campaign(old.id)))
    other.save_campaign(rename_campaign(catch_fish(old, "Eyefish"), ON))
    (played := tmp_path / "played-on.json").write_text(json.dumps(other.export_campaign(old.id)))
    (huge := tmp_path / "huge.json").write_bytes(b" " * (25 * 2**20))

    with phone_context(tmp_path / "profile") as (context, _), serving(site.out) as url:
        phone = FletPage(context.new_page(), url)
        phone.open("/")
        phone.wait_id("home-settings", timeout_ms=BOOT_MS)
        phone.tap("home-settings", then="settings-data")
        phone.tap("settings-data", then="data-import-file")
        _pick(phone, played)
        phone.wait_value("data-result", re.compile("Imported 0 games and 1 campaign"))

        answers = [("Cancel", None), ("Keep both", "kept beside it as a copy"),
                   ("Replace", "replaced the one stored under the same id")]
        for button, said in answers:
            _pick(phone, copy)
            phone.wait_value("data-import-clash-question", re.compile("differs from the one already here"))
            phone.tap_role("button", button)
            phone.wait_gone("data-import-clash")
            if said is not None:
                phone.wait_value("data-result", re.compile(said))
        assert OLD in phone.value(f"data-export-campaign-{old.id}")
        assert OLD in phone.value(f"data-export-campaign-{old.id}-2")

        _pick(phone, huge)
        phone.wait_value("error-line", re.compile(r"25\.0 MB.*at most 20 MB"), timeout_ms=10_000)
