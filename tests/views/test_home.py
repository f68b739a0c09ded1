"""Home and settings: where each button leads, games to resume or score, the theme setting."""

from __future__ import annotations

import errno

import pytest
from seated import on, phone, seen_by
from tables import context, draw, finished, two_players
from viewtree import ids, tap, texts

from companion.session import Sessions
from companion.store import open_store
from tests.support.faults import FailingDisk


@pytest.mark.parametrize(("button", "route"), [
    ("home-new-game", "/new"), ("home-score", "/score"), ("home-survey", "/survey"),
    ("home-shallow", "/score/shallow"), ("home-endeavor", "/score/endeavor"), ("home-settings", "/settings"),
    ("home-phones", "/phones"),
])
def test_each_button_goes_to_its_route(button, route):
    ctx = context()
    tap(draw(ctx), button)
    assert ctx.route == route


def test_store_notices_are_shown():
    ctx = context()
    ctx.notices.append("games/x.json was damaged and restored from a backup")
    assert "games/x.json was damaged and restored from a backup" in texts(draw(ctx))


def test_game_in_progress_resumes_at_the_table(tmp_path):
    store = open_store(tmp_path)
    game = two_players()
    store.save_game(game)
    ctx = context(store=store)
    v = draw(ctx)
    assert "Ada, Bo" in texts(v)
    tap(v, f"resume-{game.id}")
    assert ctx.route == f"/table?game={game.id}"


def test_finished_game_goes_to_the_scorer_prefilled(tmp_path):
    store = open_store(tmp_path)
    game = finished()
    assert game.finished
    store.save_game(game)
    ctx = context(store=store)
    v = draw(ctx)
    assert f"resume-{game.id}" not in ids(v)
    tap(v, f"score-game-{game.id}")
    assert ctx.route == f"/score?game={game.id}"


def test_theme_setting_is_kept_and_applied(tmp_path):
    store = open_store(tmp_path)
    ctx = context(store=store, route="/settings")
    changed = []
    ctx.on_setting = lambda key, value: changed.append((key, value))
    tap(draw(ctx), "theme-light")
    assert store.get_setting("theme") == "light"
    assert changed == [("theme", "light")]


def test_a_theme_the_full_disk_refused_is_not_applied(tmp_path):
    """Issue 45: a setting was changed on screen before it was written, and stayed changed when the write failed."""
    store = open_store(tmp_path)
    ctx = context(store=store, route="/settings")
    changed = []
    ctx.on_setting = lambda key, value: changed.append((key, value))
    with FailingDisk(1, errno.ENOSPC, persistent=True):
        tap(draw(ctx), "theme-light")
    assert changed == [] and ctx.setting("theme", "dark") == "dark" and store.get_setting("theme") is None
    assert "The host's disk is full: this change was not saved. Free some space, then tap again." in texts(draw(ctx))


def test_phones_and_settings_are_on_the_hosts_home_only(keys):
    """Issue 10: host-only screens (Phones, the data screen) aren't offered on a guest's phone; issue 25 finding 8:
    a guest's Home has "Pick my seat" and Settings (its own language and text size)."""
    sessions = Sessions(None)
    host, guest = phone(keys, keys.host_code, None, sessions), phone(keys, keys.room_code, None, sessions)
    with on(host):
        shown_host = draw(context(sessions=seen_by(host, sessions)))
    with on(guest):
        shown_guest = draw(context(sessions=seen_by(guest, sessions)))
    assert {"home-phones", "home-settings"} <= set(ids(shown_host)) and "home-seat" not in ids(shown_host)
    assert "home-phones" not in ids(shown_guest)
    assert {"home-seat", "home-settings", "home-history"} <= set(ids(shown_guest))
