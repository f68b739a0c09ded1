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

    .venv/bin/python -m bench.ui_frames             # 30 taps each
    .venv/bin/python -m bench.ui_frames --taps 60
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from bench.ui_latency import TABLE_TAPS, bare_and_table, tap_latency_ms
from tests.support.browser import FletPage

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
    args = parser.parse_args()

    with bare_and_table(_RECORD) as (bare, table):
        table_taps = itertools.cycle(TABLE_TAPS)
        results: dict[str, list[Tap]] = {"bare": [], "table": []}
        for n in range(args.warmup + args.taps):  # alternating, so machine load hits both
            taps = (measure(bare, "bare-add", "bare-count"), measure(table, next(table_taps), "regret-0"))
            if n >= args.warmup:
                results["bare"].append(taps[0])
                results["table"].append(taps[1])

    print(f"medians of {args.taps} taps each, ms from pointerdown (browser clock)")
    print(f"{'':12}{'latency':>9}{'answer':>9}{'frames':>8}{'ms':>9}{'shown in':>10}{'after':>7}{'ms':>9}")
    report("bare", results["bare"])
    report("table", results["table"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
