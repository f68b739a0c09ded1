"""The browser harness proves itself on a tiny Flet app started the same way as the real one.

Run as a script, this file *is* that tiny app: ``python tests/e2e/test_harness.py --port 8600``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import flet as ft

ROWS = 40


def tiny_app(page: ft.Page) -> None:
    """A counter, an IconButton, a text field echoed into a greeting and a long scrolling list."""
    count = ft.Text("0", size=40)
    greeting = ft.Text("")

    def add(_: ft.Event[ft.Control]) -> None:
        count.value = str(int(count.value) + 1)
        page.update()

    def name_changed(e: ft.Event[ft.TextField]) -> None:
        greeting.value = f"Hello {e.control.value}"
        page.update()

    page.add(ft.ListView(expand=True, controls=[
        ft.Semantics(identifier="count", content=count),
        ft.Row([
            ft.Semantics(identifier="add", content=ft.Button("Add one", on_click=add)),
            ft.IconButton(ft.Icons.ADD, tooltip="Add another", on_click=add),
        ]),
        ft.Semantics(identifier="name", content=ft.TextField(label="Name", on_change=name_changed)),
        ft.Semantics(identifier="greeting", content=greeting),
        *[ft.Semantics(identifier=f"row-{i}", content=ft.ListTile(title=ft.Text(f"Row {i}"), on_click=add))
          for i in range(ROWS)],
    ]))


def _tiny_command(port: int) -> list[str]:
    return [sys.executable, str(Path(__file__)), "--port", str(port)]


def _open_tiny(serve_command: Callable, new_phone: Callable):
    from tests.support.browser import free_port

    port = free_port()
    app = serve_command(_tiny_command(port), port)
    return app, new_phone(app.url).open()


def test_tap_by_identifier_role_and_label_updates_the_number(browser, serve_command, new_phone) -> None:
    _, phone = _open_tiny(serve_command, new_phone)
    assert phone.value("count") == "0"
    phone.tap("add")
    phone.wait_value("count", "1")
    phone.tap_role("button", "Add one")
    phone.wait_value("count", "2")
    phone.tap_label("Add another")
    phone.wait_value("count", "3")


def test_typing_reaches_the_flutter_text_field(browser, serve_command, new_phone) -> None:
    _, phone = _open_tiny(serve_command, new_phone)
    phone.type_into("name", "Ann")
    phone.wait_value("greeting", "Hello Ann")
    assert phone.value("name") == "Ann"
    phone.type_into("name", "Bo")  # clears first by default
    phone.wait_value("greeting", "Hello Bo")


def test_wheel_scrolls_to_a_row_far_below_and_taps_it(browser, serve_command, new_phone) -> None:
    _, phone = _open_tiny(serve_command, new_phone)
    last = f"row-{ROWS - 1}"
    phone.tap(last)
    phone.wait_text(f"Row {ROWS - 1}", exact=True)
    phone.tap("count")  # back at the top again: the counter was scrolled away
    phone.wait_value("count", "1")


def test_screenshot_is_written(browser, serve_command, new_phone, tmp_path, monkeypatch) -> None:
    from tests.support import browser as harness

    monkeypatch.setattr(harness, "SCREENSHOTS", tmp_path)
    _, phone = _open_tiny(serve_command, new_phone)
    path = phone.screenshot("tiny")
    assert path == tmp_path / "tiny.png"
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_app_that_dies_at_start_is_reported_with_its_log(serve_command) -> None:
    from tests.support.browser import free_port

    port = free_port()
    try:
        serve_command([sys.executable, "-c", "print('boom'); raise SystemExit(3)"], port)
    except RuntimeError as error:
        assert "code 3" in str(error)
        assert "boom" in str(error)
    else:
        raise AssertionError("a dead app was reported as ready")


def test_the_server_is_gone_after_stop(browser, serve_command) -> None:
    import urllib.error
    import urllib.request

    from tests.support.browser import free_port

    port = free_port()
    app = serve_command(_tiny_command(port), port)
    app.stop()
    assert app.process.poll() is not None
    try:
        urllib.request.urlopen(app.url, timeout=2)
    except (urllib.error.URLError, ConnectionError):
        pass
    else:
        raise AssertionError("the app still answers after stop()")


def test_an_identifier_dropped_by_a_rebuilt_node_is_put_back_until_another_node_takes_it(browser) -> None:
    from tests.support.browser import _KEEP_IDENTIFIERS

    page = browser.new_page()
    try:
        page.evaluate(_KEEP_IDENTIFIERS)
        page.evaluate("""() => { const n = document.createElement('div'); n.id = 'flt-semantic-node-7';
            n.setAttribute('flt-semantics-identifier', 'chip'); n.textContent = 'Hand'; document.body.append(n); }""")
        ids = """() => [...document.querySelectorAll('[flt-semantics-identifier]')]
                       .map(n => n.id + '=' + n.getAttribute('flt-semantics-identifier'))"""
        # What Flutter does to a chip: a new element, same node id, no identifier.
        page.evaluate("""() => { const old = document.getElementById('flt-semantic-node-7');
            const rebuilt = document.createElement('div'); rebuilt.id = old.id; rebuilt.textContent = 'Hand';
            old.replaceWith(rebuilt); }""")
        page.wait_for_function(f"() => ({ids})().length === 1", timeout=5000)
        assert page.evaluate(ids) == ["flt-semantic-node-7=chip"]
        # Later Flutter gives the identifier to another node: the restored copy steps aside.
        page.evaluate("""() => { const n = document.createElement('div'); n.id = 'flt-semantic-node-9';
            n.setAttribute('flt-semantics-identifier', 'chip'); document.body.append(n); }""")
        page.wait_for_function(f"() => ({ids})().length === 1 && ({ids})()[0].startsWith('flt-semantic-node-9')",
                               timeout=5000)
    finally:
        page.close()


def _run_without_chromium(require: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_CHROMIUM": "/nonexistent/chromium", "COMPANION_REQUIRE_BROWSER": require}
    test = f"{Path(__file__)}::test_tap_by_identifier_role_and_label_updates_the_number"
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs", test],
                          capture_output=True, text=True, env=env, timeout=120)


def test_without_chromium_browser_tests_skip() -> None:
    run = _run_without_chromium("")
    assert run.returncode == 0, run.stdout
    assert "1 skipped" in run.stdout and "Chromium not found" in run.stdout, run.stdout


def test_without_chromium_browser_tests_fail_when_required() -> None:
    run = _run_without_chromium("1")
    assert run.returncode != 0, run.stdout
    assert "COMPANION_REQUIRE_BROWSER=1 but Chromium not found" in run.stdout, run.stdout


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    os.environ.setdefault("FLET_FORCE_WEB_SERVER", "1")
    ft.run(tiny_app, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=args.port, no_cdn=True)
