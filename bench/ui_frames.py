"""Where a tap's time goes in the browser, the table against the bare Flet counter: when the answer arrives and how
long Flutter's frames take, on the browser's own clock.

``bench.ui_latency`` gives the end-to-end figure; this splits it. Each phone's page records, before Flet's client
starts, the arrival of every binary WebSocket frame (Flet's patches) and the start and length of every
``requestAnimationFrame`` callback (Flutter draws a frame in one). Per tap, from the ``pointerdown``:

- *answer*: the first patch's arrival (the server's time plus the trip);
- *frames*: the animation frames run until the number changed, and their total length (ink ripples and hover
  fades draw frames too, and each takes the CPU the server and the next frame need);
- *shown in*: the length of the frame in which the number changed (build, layout, paint and the accessibility
  tree for the patch);
- *after*: frames and their total length in the 250 ms that follow (the animations a tap leaves running).

With ``--no-tree`` the table is also tapped on a page whose accessibility tree is off, as on a phone with no screen
reader (the tree is off until one asks for it): there a tap is a pointer's, while with the tree on Flutter turns a
tap on a tappable node into the node's tap action. Per tap: the frames drawn in the :data:`WINDOW_MS` after the
``pointerdown`` and their total length.

    .venv/bin/python -m bench.ui_frames             # 30 taps each
    .venv/bin/python -m bench.ui_frames --taps 60 --no-tree
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from bench.ui_latency import _ARM, FRAME_S, TABLE_TAPS, bare_and_table, tap_latency_ms
from tests.support.browser import FletPage

if TYPE_CHECKING:
    from playwright.sync_api import Page

# Installed in every page before Flet's client starts.
_RECORD = """(() => {
    const log = window.__frames = {frames: [], patches: []};
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => request((time) => {
        const start = performance.now();
        try { callback(time); } finally { log.frames.push([start, performance.now() - start]); }
    });
    const Socket = window.WebSocket;
    window.WebSocket = function (...args) {
        const socket = new Socket(...args);
        socket.addEventListener('message', (event) => {
            if (typeof event.data !== 'string') log.patches.push(performance.now());  // text: the gate's heartbeat
        });
        return socket;
    };
    window.WebSocket.prototype = Socket.prototype;
    Object.assign(window.WebSocket, Socket);
})();"""

_TAKE = """() => { const log = window.__frames; const taken = {frames: log.frames, patches: log.patches,
    latency: window.__latency}; log.frames = []; log.patches = []; return taken; }"""
AFTER_MS = 250
WINDOW_MS = 500  # --no-tree: a ripple's whole life (Material's: 225 ms to spread, 375 ms to fade once confirmed)


class Tap(NamedTuple):
    """One tap's figures in milliseconds (see the module's docstring)."""

    latency: float
    answer: float
    frames: int
    frames_ms: float
    shown_in: float
    after: int
    after_ms: float


def measure(phone: FletPage, button: str, watched: str) -> Tap:
    """Tap ``button`` and split the time until ``watched`` changed."""
    page = phone.page
    page.evaluate(_TAKE)
    latency = tap_latency_ms(phone, button, watched)
    page.wait_for_timeout(AFTER_MS)
    taken: dict[str, Any] = page.evaluate(_TAKE)
    down, changed = taken["latency"]["down"], taken["latency"]["changed"]
    frames = [(start - down, length) for start, length in taken["frames"]]
    until = [f for f in frames if 0 <= f[0] <= changed - down]
    drawn = [length for start, length in until if length > 0.2]  # other rAF users (Playwright's polling) take ~0
    after = [f for f in frames if f[0] > changed - down]
    answers = [t - down for t in taken["patches"] if t >= down]
    return Tap(latency, answers[0] if answers else float("nan"), len(drawn), sum(drawn),
               drawn[-1] if drawn else 0.0, len([f for f in after if f[1] > 0.2]), sum(f[1] for f in after))


def without_tree(table: FletPage) -> Page:
    """The table's screen again, in a window of its own (a background tab draws no frames) with the accessibility
    tree left off, its frames recorded."""
    context = table.page.context
    assert context.browser is not None
    blind = context.browser.new_context(viewport=table.page.viewport_size).new_page()
    blind.add_init_script(_RECORD)
    blind.goto(table.page.url)
    # Drawn: the app's first patch arrived and no frame has been drawn for half a second since.
    blind.wait_for_function("""() => { const drawn = window.__frames.frames.filter(([, length]) => length > 0.2);
        const last = drawn[drawn.length - 1];
        return window.__frames.patches.length > 0 && last && performance.now() - last[0] > 500; }""",
                            polling=100, timeout=120_000)
    return blind


def tap_without_tree(blind: Page, table: FletPage, button: str) -> tuple[int, float]:
    """Tap ``button`` on ``blind`` where ``table`` (the same screen, the same size, with the tree) shows it; once
    ``table`` shows the change, the frames ``blind`` drew in the :data:`WINDOW_MS` after the ``pointerdown`` and
    their total length."""
    box = table.tap_target(table.wait_id(button)).bounding_box()
    assert box, f"{button} has no box"
    before = table.value("regret-0")
    blind.evaluate(_TAKE)
    blind.evaluate(_ARM, ["#nothing", None])  # only the pointerdown's time
    time.sleep(random.uniform(0, FRAME_S))
    blind.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    deadline = time.monotonic() + 30
    while table.value("regret-0") == before:  # the tap reached the button: the other tab shows its change
        assert time.monotonic() < deadline, f"a tap on {button} without the tree changed nothing"
        time.sleep(0.02)
    blind.wait_for_timeout(WINDOW_MS)
    taken: dict[str, Any] = blind.evaluate(_TAKE)
    down = taken["latency"]["down"]
    drawn = [length for start, length in taken["frames"] if down <= start <= down + WINDOW_MS and length > 0.2]
    return len(drawn), sum(drawn)


def report(label: str, taps: list[Tap]) -> None:
    def median(pick: Callable[[Tap], float]) -> float:
        return statistics.median(pick(t) for t in taps)

    print(f"{label:12}{median(lambda t: t.latency):>9.1f}{median(lambda t: t.answer):>9.1f}"
          f"{median(lambda t: t.frames):>8.0f}{median(lambda t: t.frames_ms):>9.1f}"
          f"{median(lambda t: t.shown_in):>10.1f}{median(lambda t: t.after):>7.0f}{median(lambda t: t.after_ms):>9.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description="A tap's browser-side legs, the table against a bare Flet app")
    parser.add_argument("--taps", type=int, default=30, help="measured taps per app (default 30)")
    parser.add_argument("--warmup", type=int, default=5, help="unmeasured taps per app first (default 5)")
    parser.add_argument("--no-tree", action="store_true",
                        help="also tap the table with its accessibility tree off (frames in 500 ms per tap)")
    args = parser.parse_args()

    with bare_and_table(_RECORD) as (bare, table):
        table_taps = itertools.cycle(TABLE_TAPS)
        results: dict[str, list[Tap]] = {"bare": [], "table": []}
        blind = without_tree(table) if args.no_tree else None
        untreed: list[tuple[int, float]] = []
        for n in range(args.warmup + args.taps):  # alternating, so machine load hits both
            taps = (measure(bare, "bare-add", "bare-count"), measure(table, next(table_taps), "regret-0"))
            plain = tap_without_tree(blind, table, next(table_taps)) if blind is not None else None
            if n >= args.warmup:
                results["bare"].append(taps[0])
                results["table"].append(taps[1])
                untreed += [plain] if plain is not None else []

    print(f"medians of {args.taps} taps each, ms from pointerdown (browser clock)")
    print(f"{'':12}{'latency':>9}{'answer':>9}{'frames':>8}{'ms':>9}{'shown in':>10}{'after':>7}{'ms':>9}")
    report("bare", results["bare"])
    report("table", results["table"])
    if untreed:
        print(f"table, no accessibility tree: {statistics.median(f for f, _ in untreed):.0f} frames, "
              f"{statistics.median(ms for _, ms in untreed):.1f} ms in the {WINDOW_MS} ms after a tap (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
