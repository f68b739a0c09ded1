"""Serve a Flet app in a subprocess and drive it in headless Chromium (see FLET_WEB_TESTING.md). The browser
tests (``tests/e2e``) and the benchmarks (``bench/``) share it: ``from tests.support.browser import FletPage``.

Flutter paints to a canvas; the DOM only carries the accessibility tree once semantics is switched on, so every
helper here selects ``flt-semantics`` nodes: by ``Semantics(identifier=…)`` (the DOM attribute
``flt-semantics-identifier``), by role and name, by text, or by ``aria-label`` (an IconButton's tooltip).

Example::

    with ServedApp.start(companion_command(data_dir, port), port) as app:
        phone = FletPage(browser_page, app.url).open()
        phone.tap("new-game")
        phone.type_into("player-name-0", "Ann")
        phone.wait_text("Ann")
        phone.screenshot("new_game")
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

REPO = Path(__file__).resolve().parents[2]
DOC_SCREENSHOTS = REPO / "docs" / "screenshots"
# Browser runs keep their screenshots in a temporary folder; ``scripts/screenshots`` points this at docs/screenshots.
SCREENSHOTS = Path(os.environ.get("COMPANION_SCREENSHOTS") or Path(tempfile.gettempdir()) / "companion-screenshots")
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
# Generous: a 2-core CI box running the first Flutter load takes seconds, not milliseconds.
TIMEOUT_MS = 20_000


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def browser_missing() -> str | None:
    """Why browser tests cannot run here, or None when Chromium and Playwright are both present."""
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        return f"Chromium not found at {CHROMIUM}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed"
    return None


def companion_command(data_dir: Path | str, port: int) -> list[str]:
    """The command line that serves the real app, exactly as a user would start it."""
    return [sys.executable, "-m", "companion.cli", "--data-dir", str(data_dir),
            "serve", "--host", "127.0.0.1", "--port", str(port), "--no-browser"]


@dataclass
class ServedApp:
    """A Flet app running as a subprocess on 127.0.0.1; use as a context manager to stop it."""

    process: subprocess.Popen[bytes]
    port: int
    log_path: Path
    url: str = field(init=False)

    def __post_init__(self) -> None:
        self.url = f"http://127.0.0.1:{self.port}"

    @classmethod
    def start(cls, command: Sequence[str], port: int, env: dict[str, str] | None = None,
              timeout: float = 60.0) -> ServedApp:
        """Start ``command`` and return once ``port`` answers HTTP; raise with the app's log if it never does."""
        log = Path(tempfile.mkstemp(prefix="companion-e2e-", suffix=".log")[1])
        with log.open("wb") as out:
            process = subprocess.Popen(list(command), cwd=REPO, stdout=out, stderr=subprocess.STDOUT,
                                       env={**os.environ, **(env or {})}, start_new_session=True)
        app = cls(process, port, log)
        try:
            app._wait_ready(timeout)
        except BaseException:
            app.stop()
            raise
        return app

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited with code {self.process.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        raise TimeoutError(f"the app did not answer on {self.url} within {timeout:.0f} s:\n{self.log()}")

    def log(self) -> str:
        """What the app printed so far (stdout and stderr)."""
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        """Stop the app (SIGTERM, then SIGKILL after 5 s) and everything it started."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        self.log_path.unlink(missing_ok=True)

    def __enter__(self) -> ServedApp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# Flutter web (flet-web 1.0.5) sometimes rebuilds a semantics node's DOM element (same ``id``, same role and text)
# without its ``flt-semantics-identifier``: on the scorer, every tappable chip loses it for good once a TextField
# on the screen takes focus. Semantics node ids are never reused, so this remembers each node's identifier and puts
# it back on the rebuilt element, unless another node holds that identifier by then.
_KEEP_IDENTIFIERS = """(() => {
    const attr = 'flt-semantics-identifier';
    const known = new Map();  // semantics node id -> its identifier, as Flutter last set it
    const restored = new Map();  // identifier -> the element this script put it back on
    const visit = el => {
        if (!el.id) return;
        const value = el.getAttribute(attr);
        if (value !== null) {
            const mine = restored.get(value);
            if (mine && mine !== el) { restored.delete(value); mine.removeAttribute(attr); }  // Flutter moved it
            if (mine !== el) known.set(el.id, value);
            return;
        }
        const lost = known.get(el.id);
        if (lost && !document.querySelector(`[${attr}="${CSS.escape(lost)}"]`)) {
            el.setAttribute(attr, lost);
            restored.set(lost, el);
        }
    };
    new MutationObserver(records => {
        for (const r of records) {
            if (r.type === 'attributes') { visit(r.target); continue; }
            for (const n of r.addedNodes) {
                if (n.nodeType !== Node.ELEMENT_NODE) continue;
                visit(n);
                n.querySelectorAll('[id^="flt-semantic-node-"]').forEach(visit);
            }
        }
    }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: [attr]});
})();"""



# JavaScript: the part of the window an element can show in, within every scroll view around it (the element is
# clipped to it: a node outside it is scrolled out of view).
VISIBLE_AREA = """n => {
    let top = 0, bottom = innerHeight, left = 0, right = innerWidth;
    for (let a = n.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a), c = a.getBoundingClientRect();
        if (style.overflowY === 'scroll' || style.overflowY === 'auto') {
            top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
        }
        if (style.overflowX === 'scroll' || style.overflowX === 'auto') {
            left = Math.max(left, c.left); right = Math.min(right, c.right);
        }
    }
    return {top, bottom, left, right};
}"""

# JavaScript: whether a click at (x, y) would not reach the element (something else is on top of it there). A
# tappable node (or a field) is hit itself; others may let clicks through to the view, so for them only another
# element on top counts.
COVERED = """(n, x, y) => {
    const hit = document.elementFromPoint(x, y);
    const own = n.hasAttribute('flt-tappable') || !!n.querySelector('input, textarea');
    return !hit || !(n.contains(hit) || (!own && hit.contains(n)));
}"""


# JavaScript: resolves true once the accessibility tree's boxes were the same over ``frames`` animation frames in a
# row (Flutter has laid out what the last wheel or window size asked for), false after ``ms`` without that.
STILL = """([frames, ms]) => new Promise(done => {
    const shape = () => Array.from(document.querySelectorAll('flt-semantics'), n => {
        const r = n.getBoundingClientRect();
        return `${r.x},${r.y},${r.width},${r.height}`;
    }).join(';');
    const end = performance.now() + ms;
    let last = shape(), same = 0;
    const look = () => {
        const now = shape();
        same = now === last ? same + 1 : 0;
        last = now;
        if (same >= frames) done(true); else if (performance.now() > end) done(false); else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
})"""


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class FletPage:
    """A Playwright page showing a Flet app, with semantics on and helpers that speak in identifiers."""

    def __init__(self, page: Page, base_url: str, timeout_ms: int = TIMEOUT_MS) -> None:
        self.page = page
        self.base_url = base_url.rstrip("/")
        self.timeout_ms = timeout_ms
        self._keeping_identifiers = False
        page.set_default_timeout(timeout_ms)

    def open(self, route: str = "/") -> FletPage:
        """Load ``route``, wait for Flutter's first frame and switch the accessibility tree on."""
        if not self._keeping_identifiers:
            self.page.add_init_script(_KEEP_IDENTIFIERS)
            self._keeping_identifiers = True
        self.page.goto(self.base_url + route)
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached")
        placeholder.dispatch_event("click")
        self.page.locator("flt-semantics-host flt-semantics").first.wait_for(state="attached")
        return self

    # -- finding -------------------------------------------------------------------------------------------
    def by_id(self, identifier: str) -> Locator:
        """The node of ``Semantics(identifier=identifier)``."""
        return self.page.locator(f"[flt-semantics-identifier={_css_string(identifier)}]").first

    def has_id(self, identifier: str) -> bool:
        """Whether a node with this identifier is in the accessibility tree right now."""
        return self.page.locator(f"[flt-semantics-identifier={_css_string(identifier)}]").count() > 0

    def wait_id(self, identifier: str, timeout_ms: int | None = None) -> Locator:
        """Wait until the identified node exists (scrolling to it if needed) and return it."""
        node = self.by_id(identifier)
        self._reveal(node, timeout_ms)
        return node

    def _reveal(self, node: Locator, timeout_ms: int | None = None, tap: bool = False) -> dict[str, float]:
        """Wait for ``node`` to sit still where a tap reaches it, wheel-scrolling to it the way a user would.

        Flutter drops the semantics of list items far outside the viewport, and Playwright's own scrolling moves
        the semantics DOM under Flutter's feet (a tap then lands elsewhere, or under the app bar). So: a node that
        exists is wheeled to the middle of its scroll view; one still absent after two seconds is searched for by
        wheeling down, then back up. Returns the node's box.

        ``tap``: also require that nothing else is on top of the node's middle (the point a tap goes to). The
        scroll views' bounds alone do not show the app bar: a button scrolled up under it, its middle a few pixels
        below the top of the window, counted as reachable and the tap went to the app bar's title.
        """
        timeout = (timeout_ms or self.timeout_ms) / 1000
        start = time.monotonic()
        search = [300] * 12 + [-300] * 24
        while True:
            box = self._box(node)
            if box and self._reachable(box) and not (tap and box["covered"]):
                time.sleep(0.05)
                if self._box(node) == box:  # not moving: a list still laying out would move the target
                    return box
                continue
            waited = time.monotonic() - start
            if waited > timeout:
                node.wait_for(state="visible", timeout=1)  # raises Playwright's own, readable error
                raise AssertionError(f"{node} is not where a tap reaches it: {box}")
            if box:
                middle = (box["top"] + box["bottom"]) / 2
                self._wheel(max(-600, min(600, int(box["y"] + box["height"] / 2 - middle))))
            elif waited > min(2.0, timeout / 2) and search:
                self._wheel(search.pop(0))
            else:
                time.sleep(0.05)

    @staticmethod
    def _box(node: Locator) -> dict[str, float] | None:
        """The node's rectangle, the visible area of the scroll views around it (``top``…``right``) and whether
        something else covers its middle (``covered``), or None when it is absent or has no size; never waits
        (unlike Playwright's ``bounding_box``)."""
        boxes = node.evaluate_all("""ns => ns.map(n => {
            const r = n.getBoundingClientRect();
            const {top, bottom, left, right} = (""" + VISIBLE_AREA + """)(n);
            const covered = (""" + COVERED + """)(n, r.x + r.width / 2, r.y + r.height / 2);
            return {x: r.x, y: r.y, width: r.width, height: r.height, top, bottom, left, right, covered};
        })""")
        return boxes[0] if boxes and boxes[0]["width"] and boxes[0]["height"] else None

    @staticmethod
    def _reachable(box: dict[str, float]) -> bool:
        """Whether the node's middle is inside every scroll view around it (so not under the app bar)."""
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        return box["top"] + 2 <= y <= box["bottom"] - 2 and box["left"] <= x <= box["right"]

    def settle(self, frames: int = 3) -> None:
        """Wait until the screen stands still: its accessibility tree's boxes unchanged over ``frames`` animation
        frames (after a wheel or a new window size: Flutter lays it out on the next frames)."""
        assert self.page.evaluate(STILL, [frames, self.timeout_ms]), "the screen never stood still"

    def _wheel(self, dy: int) -> None:
        size = self.page.viewport_size or PHONE
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        self.page.mouse.wheel(0, dy)
        self.settle()

    def scroll_to_top(self) -> None:
        """Scroll the screen back to its top (Flutter stops the wheel at the first item)."""
        for _ in range(3):
            self._wheel(-5000)

    def bring_to_top(self, identifier: str, margin: int = 64) -> Locator:
        """Scroll so the identified node sits just below the app bar, e.g. before a screenshot of that part."""
        node = self.wait_id(identifier)
        for _ in range(5):
            box = self._box(node)
            if box is None or abs(box["y"] - margin) < 8:
                break
            self._wheel(int(box["y"] - margin))
        return node

    # -- acting --------------------------------------------------------------------------------------------
    @staticmethod
    def tap_target(node: Locator) -> Locator:
        """The node a tap on ``node`` lands on: itself when it is tappable, else the tappable node inside it when
        it is only a labelled wrapper.

        Flutter merges a Tooltip's label into the enclosing node (a whole Row, say), whose centre is then no
        button at all; its one unlabelled tappable child is the IconButton the label belongs to.
        """
        tappables = node.locator("[flt-tappable]")
        own = node.evaluate("n => n.hasAttribute('flt-tappable') || !!n.querySelector('input, textarea')")
        if not own and tappables.count() == 1:
            return tappables.first
        if not own and tappables.count() > 1:
            unlabelled = [tappables.nth(i) for i in range(tappables.count())
                          if not tappables.nth(i).inner_text().strip()]
            if len(unlabelled) == 1:
                return unlabelled[0]
        return node

    def _click(self, node: Locator) -> None:
        """Tap the middle of :meth:`tap_target` of ``node``: a mouse click, never Playwright's ``click()``, which
        may scroll the DOM first."""
        box = self._reveal(self.tap_target(node), tap=True)
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def tap(self, identifier: str, then: str | None = None) -> None:
        """Tap the control wrapped in ``Semantics(identifier=identifier)``.

        ``then``: the identifier the tap brings up (the next screen's). The tap is made once: a tap that does not
        bring ``then`` up is a failure (with one rendering path no redraw can swallow a tap).
        """
        self._click(self.wait_id(identifier))
        if then is not None and not self._appears(then, seconds=TIMEOUT_MS / 1000):
            raise AssertionError(f"a tap on {identifier!r} did not bring up {then!r}; the screen shows:\n"
                                 f"{self.screen_text()}")

    def _appears(self, identifier: str, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.has_id(identifier):
                return True
            time.sleep(0.05)
        return False

    def wait_node(self, node: Locator) -> Locator:
        """Wait until ``node`` (found by role and name, say) is where a tap reaches it, wheeling to it; return it."""
        self._reveal(node)
        return node

    def tap_node(self, node: Locator) -> None:
        """Tap ``node`` (found by role and name, say) once it is where a tap reaches it."""
        self._click(self.wait_node(node))

    def tap_text(self, text: str, exact: bool = True) -> None:
        """Tap the visible text ``text`` (a button's caption, a list tile's title…)."""
        self.tap_node(self.page.get_by_text(text, exact=exact).first)

    def tap_role(self, role: str, name: str, exact: bool = True) -> None:
        """Tap by ARIA role and accessible name, e.g. ``tap_role("button", "Start game")``."""
        self.tap_node(self.page.get_by_role(role, name=name, exact=exact).first)  # type: ignore[arg-type]

    def tap_label(self, label: str, exact: bool = True) -> None:
        """Tap by ``aria-label``: how an IconButton's name shows up."""
        self.tap_node(self.page.get_by_label(label, exact=exact).first)

    def type_into(self, identifier: str, text: str, clear: bool = True) -> None:
        """Type into the TextField wrapped in ``Semantics(identifier=…)`` (``fill()`` does not reach Flutter).

        Waits for the field to take focus before typing and for it to show ``text`` afterwards.
        """
        self.type_in(self.wait_id(identifier), text, clear)
        if clear:
            self.wait_value(identifier, text)

    def type_in(self, node: Locator, text: str, clear: bool = True) -> None:
        """Type into the text field ``node`` (found by role and name, say), as :meth:`type_into` does."""
        self._reveal(node)
        fields = "input, textarea"  # the node itself, when found by its role (a textbox)
        field_input = node if node.evaluate(f"n => n.matches('{fields}')") else node.locator(fields).first
        self._click(node)
        field_input.wait_for(state="attached")
        if not self._focused(field_input):  # one tap, as a player's: a redraw that took the focus is a bug
            raise AssertionError(f"{node} did not take the keyboard focus")
        if clear:
            self.page.keyboard.press("Control+A")
            self.page.keyboard.press("Backspace")
        self.page.keyboard.type(text)
        deadline = time.monotonic() + self.timeout_ms / 1000
        while clear and field_input.input_value() != text:  # the field shows it: typed before the next tap
            if time.monotonic() > deadline:
                raise AssertionError(f"{node} shows {field_input.input_value()!r}, not {text!r}")
            time.sleep(0.05)

    @staticmethod
    def _focused(field_input: Locator, seconds: float = 2.0) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if field_input.evaluate("el => document.activeElement === el"):
                return True
            time.sleep(0.05)
        return False

    def press(self, key: str) -> None:
        """Press a key (``"Enter"``, ``"Tab"``…) in whatever has focus."""
        self.page.keyboard.press(key)

    # -- reading -------------------------------------------------------------------------------------------
    def value(self, identifier: str) -> str:
        """What the identified node says: a field's content, else its text, else its ``aria-label``.

        Flutter only puts a TextField's text into the DOM once it has been edited in this tab: a field the app
        filled in reads as "" here, though the screen shows its text.
        """
        node = self.wait_id(identifier)
        field_input = node.locator("input, textarea")
        if field_input.count():
            return field_input.first.input_value()
        text = node.inner_text().strip() or node.text_content().strip()  # innerText is "" while it is hidden
        return text or (node.get_attribute("aria-label") or "").strip()

    def wait_value(self, identifier: str, expected: str | re.Pattern[str], timeout_ms: int | None = None) -> str:
        """Wait until ``value(identifier)`` equals ``expected`` (or matches it, for a regex); return it."""
        deadline = time.monotonic() + (timeout_ms or self.timeout_ms) / 1000
        seen = ""
        while time.monotonic() < deadline:
            if self.has_id(identifier):
                seen = self.value(identifier)
                if (expected.search(seen) if isinstance(expected, re.Pattern) else seen == expected):
                    return seen
            time.sleep(0.05)
        if not self.has_id(identifier):
            raise AssertionError(f"{identifier!r} is not on the screen; expected it to show {expected!r}")
        raise AssertionError(f"{identifier!r} shows {seen!r}, expected {expected!r}")

    def number(self, identifier: str) -> int:
        """The first whole number the identified node shows: ``regret-0`` reading "3 Regret cards" gives 3."""
        found = re.search(r"-?\d+", self.value(identifier))
        if found is None:
            raise AssertionError(f"{identifier!r} shows no number: {self.value(identifier)!r}")
        return int(found.group())

    def wait_gone(self, identifier: str, timeout_ms: int | None = None) -> None:
        """Wait until no node carries this identifier (a button that disappears once used)."""
        self.page.locator(f"[flt-semantics-identifier={_css_string(identifier)}]").first.wait_for(
            state="detached", timeout=timeout_ms)

    def wait_text(self, text: str | re.Pattern[str], exact: bool = False, timeout_ms: int | None = None) -> Locator:
        """Wait until ``text`` is shown somewhere on the screen; return its node."""
        node = self.page.get_by_text(text, exact=exact).first
        self._reveal(node, timeout_ms)
        return node

    def wait_no_text(self, text: str, exact: bool = False, timeout_ms: int | None = None) -> None:
        """Wait until ``text`` is no longer shown."""
        self.page.get_by_text(text, exact=exact).first.wait_for(state="detached", timeout=timeout_ms)

    def screen_text(self) -> str:
        """Everything the accessibility tree says right now; handy in assertion messages."""
        return self.page.locator("flt-semantics-host").inner_text()

    # -- evidence ------------------------------------------------------------------------------------------
    def screenshot(self, name: str) -> Path:
        """Save the current screen as ``<SCREENSHOTS>/<name>.png`` (after the next frame settles): a temporary
        folder, or ``docs/screenshots`` when ``scripts/screenshots`` runs the journeys."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.wait_for_timeout(300)  # a picture for the docs: after the route's and the theme's animations
        self.page.screenshot(path=str(path))
        return path


@contextlib.contextmanager
def launch_chromium(env: dict[str, str] | None = None) -> Iterator[object]:
    """Start Playwright and headless Debian Chromium with the flags these machines need; yield the Browser.
    ``env``: more environment for the browser (e.g. a ``FONTCONFIG_FILE``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
                                             env={**os.environ, **env} if env else None)
        try:
            yield browser
        finally:
            browser.close()


def require_browser() -> None:
    """For a browser test: where the browser is missing the test is skipped, or fails when
    ``COMPANION_REQUIRE_BROWSER=1`` (CI, ``scripts/test``), so browser tests never skip silently there."""
    import pytest

    reason = browser_missing()
    if reason:
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail(f"COMPANION_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
        pytest.skip(f"browser tests skipped: {reason}")


@contextlib.contextmanager
def chromium_for_tests(env: dict[str, str] | None = None) -> Iterator[object]:
    """The browser for a test fixture (:func:`require_browser` first)."""
    require_browser()
    with launch_chromium(env) as browser:
        yield browser
