"""What the phone app (companion.phone.app, issue 24) changes on the shared screens: no Phones button on Home
(it serves no other phone), and the Data screen's note on whether the browser keeps its storage for good."""

from __future__ import annotations

from pathlib import Path

from tables import context, draw
from viewtree import ids, text_of

from companion.app import LAN_ROUTES, ROUTES
from companion.store import open_store


def test_home_in_the_phone_app_has_settings_but_no_phones_screen() -> None:
    ctx = context()
    ctx.lan_screens = False
    shown = ids(draw(ctx))
    assert "home-settings" in shown and "home-phones" not in shown


def test_the_served_hosts_screens_draw_home_in_the_phone_app_and_the_route_table_is_left_alone() -> None:
    """The phone app serves no other phone: /phones and /seat draw Home there (it once removed them from the app's
    shared ROUTES table, a module's state edited at start-up), and stay in ROUTES for the served app."""
    for route in sorted(LAN_ROUTES):
        ctx = context(route=route)
        ctx.lan_screens = False
        assert "home-settings" in ids(draw(ctx)), route
    assert set(ROUTES) >= LAN_ROUTES
    assert "home-settings" not in ids(draw(context(route="/phones")))  # the served host's Phones screen


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
