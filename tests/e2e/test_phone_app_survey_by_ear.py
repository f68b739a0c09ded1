"""The Ocean Survey week of test_survey_by_ear.py, played by ear in the phone app (Pyodide, issue 46 item 6): started
online (the site served on 127.0.0.1, built once per run), then the site's server stopped and the network cut, so
every move is made and said in the browser alone. Its own module: the phone's Chromium is a Playwright of its own,
which can't start while a module's shared browser runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from phone_site.serve import serving
from tests.e2e.test_survey_by_ear import play_a_week
from tests.support.browser import FletPage, require_browser
from tests.support.hearing import HEAR, Ear
from tests.support.phone_site import BOOT_MS, built_site, phone_context


@pytest.fixture(scope="module")
def site() -> Any:
    require_browser()
    return built_site()


def test_a_survey_week_by_ear_in_the_phone_app_offline(site: Any, tmp_path: Path) -> None:
    with phone_context(tmp_path / "profile") as (context, foreign):
        context.add_init_script(HEAR)
        page = context.new_page()
        with serving(site.out) as url:
            ear = Ear(FletPage(page, url).open("/"))
            page.get_by_role("button", name="Ocean Survey").wait_for(state="attached", timeout=BOOT_MS)
        context.set_offline(True)
        play_a_week(ear)
    assert foreign == []
