"""The app shell: the route table, a screen that fails, ``companion serve``'s flags."""

from __future__ import annotations

import pytest
from tables import context, draw
from viewtree import ids, texts

from companion import app
from companion.cli import serve as serving
from companion.views.context import route_to


@pytest.mark.parametrize("route", sorted(app.ROUTES))
def test_every_route_draws_a_view(route):
    assert callable(app.screen_for(route))


def test_a_screen_that_raises_is_replaced_by_one_line_and_a_way_home(monkeypatch):
    monkeypatch.setitem(app.ROUTES, "/broken", "companion.views.home:no_such_screen")
    view = draw(context(None, "/broken"))
    assert "go-home" in ids(view)
    assert any("could not be drawn" in line for line in texts(view))


def test_each_route_gets_its_own_view_key():
    ctx = context(None, "/settings")
    assert draw(ctx).key == "/settings"
    ctx.navigate(route_to("/data"))
    assert draw(ctx).key == "/data"


def test_serve_prints_the_address_and_serves_this_computer_only_without_lan(monkeypatch, capsys, tmp_path):
    from companion.net import server

    served = []
    monkeypatch.setattr(server, "run_room", lambda table, on_ready=None: served.append((table, on_ready)))
    monkeypatch.setattr(serving, "_warm_up", lambda: None)
    assert serving.serve(port=8765, open_browser=False, data_dir=tmp_path) == 0
    assert "http://127.0.0.1:8765/" in capsys.readouterr().out
    [(table, on_ready)] = served
    assert (table.host, table.port, table.lan, on_ready) == ("127.0.0.1", 8765, False, None)


def test_serve_refuses_a_network_address_without_lan(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(serving, "_warm_up", lambda: None)
    assert serving.serve(host="192.168.1.5", port=8765, open_browser=False, data_dir=tmp_path) == 2
    assert "--lan" in capsys.readouterr().out


def test_route_parameters():
    assert route_to("/port", game="g1", seat=0) == "/port?game=g1&seat=0"
    assert route_to("/score", game=None) == "/score"
    ctx = context(None, "/player?game=g1&seat=2")
    assert (ctx.path, ctx.params) == ("/player", {"game": "g1", "seat": "2"})


@pytest.mark.parametrize("argv", [
    ["--data-dir", "D", "serve", "--port", "9000", "--no-browser"],
    ["serve", "--data-dir", "D", "--port", "9000", "--no-browser"],
    ["serve", "--port", "9000", "--no-browser", "--data-dir", "D"],
])
def test_global_options_are_accepted_on_either_side_of_serve(monkeypatch, argv):
    """Issue 9 item 7: ``companion serve --data-dir D`` was refused."""
    from companion import cli

    calls = {}
    monkeypatch.setattr(serving, "serve", lambda **kwargs: calls.update(kwargs) or 0)
    assert cli.main(argv) == 0
    assert calls == {"host": None, "port": 9000, "open_browser": False, "data_dir": "D", "lan": False}


def test_no_data_dir_means_the_default(monkeypatch):
    from companion import cli

    calls = {}
    monkeypatch.setattr(serving, "serve", lambda **kwargs: calls.update(kwargs) or 0)
    cli.main(["serve", "--no-browser"])
    assert calls["data_dir"] is None
