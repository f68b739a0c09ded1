"""Fixtures for the browser tests: the served app, headless Chromium and a phone-sized page on it.

- ``browser``: headless Debian Chromium (session). Skips every browser test when Chromium or Playwright is
  missing, unless ``COMPANION_REQUIRE_BROWSER=1`` (``scripts/test`` and CI set it): then they fail.
- ``companion_app``: the real app served by ``companion serve`` on a free port with an empty temporary data dir.
- ``phone``: a ``FletPage`` (see ``harness.py``) at 390×844 on ``companion_app``, semantics switched on.
- ``serve_command``: start any other command that serves a Flet app (e.g. a tiny app in a harness test).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from harness import PHONE, FletPage, ServedApp, browser_missing, companion_command, free_port, launch_chromium


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder drives a browser: mark it ``e2e`` so ``-m "not e2e"`` leaves them out."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    reason = browser_missing()
    if reason:
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail(f"COMPANION_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
        pytest.skip(f"browser tests skipped: {reason}")
    with launch_chromium() as chromium:
        yield chromium


@pytest.fixture
def serve_command() -> Iterator[Callable[[Sequence[str], int], ServedApp]]:
    """Start a command serving a Flet app on the given port; every app started is stopped after the test."""
    started: list[ServedApp] = []

    def start(command: Sequence[str], port: int, env: dict[str, str] | None = None) -> ServedApp:
        app = ServedApp.start(command, port, env=env)
        started.append(app)
        return app

    yield start
    for app in started:
        app.stop()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture
def companion_app(browser: object, data_dir: Path, serve_command: Callable[..., ServedApp]) -> ServedApp:
    """``companion --data-dir <tmp> serve --host 127.0.0.1 --port <free> --no-browser``, answering HTTP."""
    port = free_port()
    return serve_command(companion_command(data_dir, port), port)


@pytest.fixture
def new_phone(browser: object) -> Iterator[Callable[[str], FletPage]]:
    """Open a phone-sized tab on an app URL: ``new_phone(app.url).open("/score")``; each tab is a Flet session."""
    contexts = []

    def open_phone(url: str) -> FletPage:
        context = browser.new_context(viewport=PHONE)
        contexts.append(context)
        return FletPage(context.new_page(), url)

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def phone(companion_app: ServedApp, new_phone: Callable[[str], FletPage]) -> FletPage:
    """The real app's home screen in a 390×844 tab, semantics on."""
    return new_phone(companion_app.url).open()
