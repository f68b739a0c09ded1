"""What one table tap sends each phone, counted rather than timed: Flet's WebSocket messages and their bytes.

The real app (behind its gate, local mode) is served in this process on 127.0.0.1 and driven by headless Chromium
phones; each phone's page counts the binary frames its socket receives (Flet's patches; the gate's heartbeat is
text and is left out). The first phone opens a game's table and taps Regret +/− on the first angler; each tap is
counted on the tapping phone alone, then with ``--phones`` − 1 more phones showing the same game (each waits until
it shows the new number).

    .venv/bin/python -m bench.table_wire                # 10 taps, 4 phones
    .venv/bin/python -m bench.table_wire --taps 20 --phones 4

Counts do not depend on the machine's load, which makes them the figure to compare before and after a change to
the table's rendering; ``bench.ui_latency`` and ``bench.table_phones`` give the timings.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.ui_latency import PATIENCE_MS, TABLE_TAPS, open_table, tap_latency_ms
from tests.support.browser import PHONE, FletPage, launch_chromium
from tests.support.serving import served

# Installed in every phone's page before Flet's client starts: a tally of the binary frames each socket receives.
_COUNT_FRAMES = """(() => {
    const tally = window.__frames = {messages: 0, bytes: 0};
    const Socket = window.WebSocket;
    window.WebSocket = function (...args) {
        const socket = new Socket(...args);
        socket.addEventListener('message', (event) => {
            if (typeof event.data === 'string') return;  // the gate's heartbeat
            tally.messages += 1;
            tally.bytes += event.data.byteLength ?? event.data.size;
        });
        return socket;
    };
    window.WebSocket.prototype = Socket.prototype;
    Object.assign(window.WebSocket, Socket);
})();"""

Count = tuple[int, int]  # messages, bytes


def _taken(phone: FletPage) -> Count:
    """The phone's frames since the last call."""
    counted = phone.page.evaluate("() => { const t = {...window.__frames};"
                                  " window.__frames.messages = 0; window.__frames.bytes = 0; return t; }")
    return counted["messages"], counted["bytes"]


def tap_counted(phone: FletPage, others: list[FletPage], button: str) -> list[Count]:
    """Tap ``button`` on ``phone``; once every phone shows the new number (and a moment more), what each got."""
    for each in (phone, *others):
        _taken(each)
    tap_latency_ms(phone, button, "regret-0")
    shown = phone.value("regret-0")
    for other in others:
        other.wait_value("regret-0", shown)
    time.sleep(0.3)  # late patches (effects, a second pass) still count
    return [_taken(each) for each in (phone, *others)]


def report(label: str, samples: list[list[Count]]) -> None:
    """Per tap: median messages and bytes on the tapping phone and on each other phone."""
    for who, rows in (("tapping phone", [s[0] for s in samples]), ("each other phone", [c for s in samples
                                                                                       for c in s[1:]])):
        if rows:
            print(f"{label:10}{who:18}{statistics.median(r[0] for r in rows):>10.0f}"
                  f"{statistics.median(r[1] for r in rows):>10.0f} B")


def main() -> int:
    parser = argparse.ArgumentParser(description="Messages and bytes per table tap, one phone and several")
    parser.add_argument("--taps", type=int, default=10, help="counted taps per phone count (default 10)")
    parser.add_argument("--phones", type=int, default=4, help="phones on the game in the second part (default 4)")
    args = parser.parse_args()
    buttons = itertools.cycle(TABLE_TAPS)
    with tempfile.TemporaryDirectory() as data_dir, served(Path(data_dir), lan=False) as table, \
            launch_chromium() as chromium:
        browser: Any = chromium  # a Playwright Browser

        def phone(route: str = "/") -> FletPage:
            context = browser.new_context(viewport=PHONE)
            context.add_init_script(_COUNT_FRAMES)
            return FletPage(context.new_page(), table.base_url, PATIENCE_MS).open(route)

        first = phone()
        open_table(first)
        for _ in range(3):  # warm-up
            tap_counted(first, [], next(buttons))
        alone = [tap_counted(first, [], next(buttons)) for _ in range(args.taps)]
        others = [phone(first.page.url.removeprefix(table.base_url)) for _ in range(args.phones - 1)]
        for other in others:
            other.wait_id("regret-0")
        tap_counted(first, others, next(buttons))
        together = [tap_counted(first, others, next(buttons)) for _ in range(args.taps)]

    print(f"per table tap (Regret +/− on the first angler), median of {args.taps} taps")
    print(f"{'':28}{'messages':>10}{'sent':>12}")
    report("1 phone", alone)
    report(f"{args.phones} phones", together)
    return 0


if __name__ == "__main__":
    sys.exit(main())
