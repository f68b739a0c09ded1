"""Issue 45 item 7: a campaign exported, played on, and its old copy imported back asks "Already here … Replace it,
or keep both?"; each of the three buttons, clicked by its role and name in the served app, does what it says (they
did nothing: the handlers were lambdas around a coroutine Flet never awaited)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.store import open_store
from companion.survey.play import catch_fish, rename_campaign
from tests.store.conftest import campaign
from tests.support.browser import FletPage

OLD, ON = "Halley's expedition", "Halley's expedition, played on"


@pytest.fixture
def old_copy(data_dir: Path, tmp_path: Path) -> tuple[str, Path]:
    """The campaign's exported copy, and the campaign played on since (a Fish caught, a new name) in the data
    folder the app serves."""
    store = open_store(data_dir)
    exported = campaign(OLD)
    store.save_campaign(exported)
    copy = tmp_path / "deep-regrets-campaign.json"
    copy.write_text(json.dumps(store.export_campaign(exported.id)))
    store.save_campaign(rename_campaign(catch_fish(exported, "Eyefish"), ON))
    return exported.id, copy


def _import(phone: FletPage, copy: Path) -> None:
    with phone.page.expect_file_chooser(timeout=15_000) as chooser:
        phone.tap("data-import-file")
    chooser.value.set_files(str(copy))
    phone.wait_value("data-import-clash-question", re.compile("differs from the one already here"))


def _name(phone: FletPage, campaign_id: str) -> str:
    return phone.value(f"data-export-campaign-{campaign_id}")


def test_replace_keep_both_and_cancel_each_do_what_they_say(old_copy: tuple[str, Path], phone: FletPage) -> None:
    campaign_id, copy = old_copy
    phone.wait_id("home-settings")
    phone.tap("home-settings", then="settings-data")
    phone.tap("settings-data", then="data-import-file")

    _import(phone, copy)
    phone.tap_role("button", "Cancel")
    phone.wait_gone("data-import-clash")
    assert ON in _name(phone, campaign_id) and not phone.has_id(f"data-export-campaign-{campaign_id}-2")

    _import(phone, copy)
    phone.tap_role("button", "Keep both")
    phone.wait_value("data-result", re.compile("kept beside it as a copy"))
    assert ON in _name(phone, campaign_id) and OLD in _name(phone, f"{campaign_id}-2")

    _import(phone, copy)
    phone.tap_role("button", "Replace")
    phone.wait_value("data-result", re.compile("replaced the one stored under the same id"))
    assert ON not in _name(phone, campaign_id) and OLD in _name(phone, campaign_id)
    phone.wait_gone("data-import-clash")
