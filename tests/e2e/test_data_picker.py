"""Issue 35 item 8: "Pick a file…" on the Data screen reached through the app's own navigation (Home → Settings →
Data), not opened by its address: the picker opened only when /data was the first screen of the tab (7 of 7 tries
through the navigation opened none)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.store import open_store
from tests.store.conftest import campaign


def test_pick_a_file_reached_through_settings_opens_the_picker_and_imports(phone, tmp_path: Path) -> None:
    other = open_store(tmp_path / "other")
    other.save_campaign(campaign("Halley's expedition"))
    exported = tmp_path / "export.json"
    exported.write_text(json.dumps(other.export_all()))

    phone.wait_id("home-settings")
    phone.tap("home-settings", then="settings-data")
    phone.tap("settings-data", then="data-import-file")
    with phone.page.expect_file_chooser(timeout=15_000) as chooser:
        phone.tap("data-import-file")
    chooser.value.set_files(str(exported))
    phone.wait_value("data-result", re.compile("1 campaign"))


def test_a_file_over_the_limit_is_refused_by_its_size_before_it_is_read(companion_app, new_phone,
                                                                         tmp_path: Path) -> None:
    """Issue 48 N6: a 50 MB file froze the page for 38–84 s, every byte sent to the app before its refusal."""
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (25 * 2**20))
    phone = new_phone(companion_app.url)
    sent: list[int] = []
    phone.page.on("websocket", lambda socket: socket.on("framesent", lambda frame: sent.append(len(frame))))
    phone.open("/data")
    with phone.page.expect_file_chooser(timeout=15_000) as chooser:
        phone.tap("data-import-file")
    chooser.value.set_files(str(big))
    phone.wait_value("error-line", re.compile(r"25\.0 MB.*at most 20 MB"))
    assert sum(sent) < 2**20, f"{sum(sent)} bytes went to the app for a file refused by its size"
