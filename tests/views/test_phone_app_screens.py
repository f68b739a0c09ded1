"""What the phone app (companion.phone.app, issue 24) changes on the shared screens: no Phones button on Home
(it serves no other phone), and the Data screen's note on whether the browser keeps its storage for good."""

from __future__ import annotations

from pathlib import Path

from tables import context, draw
from viewtree import ids, text_of

from companion.store import open_store


def test_home_in_the_phone_app_has_settings_but_no_phones_screen() -> None:
    ctx = context()
    ctx.lan_screens = False
    shown = ids(draw(ctx))
    assert "home-settings" in shown and "home-phones" not in shown


def test_the_data_screen_says_whether_the_browser_keeps_the_data(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    served = context(store=store, route="/data")
    assert "data-storage" not in ids(draw(served))  # the served app's data is in a folder, not a browser
    kept = context(store=store, route="/data")
    kept.kept_for_good = True
    assert "persistent storage granted" in text_of(draw(kept), "data-storage")
    at_risk = context(store=store, route="/data")
    at_risk.kept_for_good = False
    note = text_of(draw(at_risk), "data-storage")
    assert "not granted" in note and "export a long campaign" in note
