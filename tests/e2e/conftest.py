"""Fixtures for the browser tests: the served app, headless Chromium and a phone-sized page on it.

- ``browser``: headless Debian Chromium (session). Skips every browser test when Chromium or Playwright is
  missing, unless ``COMPANION_REQUIRE_BROWSER=1`` (``scripts/test`` and CI set it): then they fail.
- ``companion_app``: the real app served by ``companion serve`` on a free port with an empty temporary data dir.
- ``phone``: a ``FletPage`` (see ``tests/support/browser.py``) at 390×844 on ``companion_app``, semantics switched on.
- ``serve_command``: start any other command that serves a Flet app (e.g. a tiny app in a harness test).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from tests.support.browser import (
    PHONE,
    FletPage,
    ServedApp,
    chromium_for_tests,
    companion_command,
    free_port,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder drives a browser: mark it ``e2e`` so ``-m "not e2e"`` leaves them out."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    """Keep each phase's report on the test item, so fixtures can tell a failed test at teardown."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    # Per module, so Playwright's event loop is closed before later folders' tests run their own (asyncio.run).
    with chromium_for_tests() as chromium:
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
def new_phone(browser: object, request: pytest.FixtureRequest) -> Iterator[Callable[[str], FletPage]]:
    """Open a phone-sized tab on an app URL: ``new_phone(app.url).open("/score")``; each tab is a Flet session.

    When the test fails, each tab's last screen and accessibility tree are kept in
    ``<tmp>/companion-e2e-failures/<test>/`` and its text printed.
    """
    phones: list[FletPage] = []

    def open_phone(url: str) -> FletPage:
        phone = FletPage(browser.new_context(viewport=PHONE).new_page(), url)
        phones.append(phone)
        return phone

    yield open_phone
    failed = getattr(request.node, "report_call", None) is not None and request.node.report_call.failed
    kept = Path(tempfile.gettempdir()) / "companion-e2e-failures" / re.sub(r"\W+", "_", request.node.nodeid)
    for n, phone in enumerate(phones):
        if failed:
            kept.mkdir(parents=True, exist_ok=True)
            _keep_failure(phone, kept / f"tab-{n}.png")
        phone.page.context.close()


def _keep_failure(phone: FletPage, path: Path) -> None:
    try:
        phone.page.screenshot(path=str(path))
        path.with_suffix(".html").write_text(phone.page.locator("flt-semantics-host").inner_html())
        print(f"\n--- last screen: {path} (and its accessibility tree beside it)\n{phone.screen_text()}")
    except Exception as problem:  # the browser may be what failed; the test's own error says more
        print(f"\n--- could not keep the last screen: {problem}")


@pytest.fixture
def phone(companion_app: ServedApp, new_phone: Callable[[str], FletPage]) -> FletPage:
    """The real app's home screen in a 390×844 tab, semantics on."""
    return new_phone(companion_app.url).open()
