"""Phones at one table: first-load bytes on the wire (compressed and not) and tap latency with 1 and 4 phones.

Served in the same run, on 127.0.0.1, in headless Chromium:
- the bare Flet counter (``bench/bare_app.py``, Flet's own server, no compression): the baseline;
- ``companion serve --lan --host 127.0.0.1``: each phone joins through ``/join?code=`` like a real one.

First load: a fresh browser context (empty cache) opens ``/`` and waits for the first screen (its accessibility
tree, i.e. a frame the user can tap); bytes are Chromium's own count of what crossed the wire (headers included).
"Not compressed" is the same server asked with ``Accept-Encoding: identity``.

Tap latency: the first phone opens a game's table and taps Regret +/−; measured from ``pointerdown`` to the
changed number, with that phone alone and then with three more phones showing the same game.

    .venv/bin/python -m bench.table_phones                 # 3 loads each, 30 taps each
    .venv/bin/python -m bench.table_phones --loads 5 --taps 50

The other phones hear of each tap a moment after the tapping phone has drawn it (``OTHER_TABS_DELAY``), so the
tapping phone's figure is what a player feels; ``bench.table_wire`` counts what each tap sends.

Targets (issue 10): ≤ 6 MB on the wire for a first load; first screen no slower than bare Flet's; 4 phones
≤ 1.3× one phone at p95.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bench.ui_latency import PATIENCE_MS, TABLE_TAPS, open_table, summary, tap_latency_ms
from tests.support.browser import PHONE, FletPage, ServedApp, free_port, launch_chromium

REPO = Path(__file__).resolve().parents[1]

MB = 1_000_000
WIRE_TARGET_MB = 6.0
PHONES_TARGET = 1.3
_LINK = re.compile(r"http://127\.0\.0\.1:\d+/join\?code=[A-Z0-9]+")  # the room's, then the host's


class LanTable:
    """``companion serve --lan --host 127.0.0.1`` as a subprocess, with the join link it printed."""

    def __init__(self, data_dir: str, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "--data-dir", data_dir, "serve", "--lan", "--host", "127.0.0.1",
             "--port", str(port), "--no-browser"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, start_new_session=True)
        printed = ""
        while len(found := _LINK.findall(printed)) < 2:
            assert self.process.stdout is not None  # piped above
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"companion serve --lan exited:\n{printed}")
            printed += line
        self.join_link, self.host_link = found[0], found[1]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2)
            except urllib.error.HTTPError:
                return  # 401: the gate answers
            except OSError:
                time.sleep(0.1)
        raise TimeoutError("companion serve --lan did not answer")

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)


def first_load(browser: Any, url: str, join_link: str | None, compressed: bool = True) -> tuple[float, float]:
    """(MB on the wire, seconds to the first screen) for one load of ``url`` in a fresh context."""
    context = browser.new_context(viewport=PHONE)
    if not compressed:
        context.set_extra_http_headers({"Accept-Encoding": "identity"})
    page = context.new_page()
    if join_link:
        context.request.get(join_link)  # sets the pass in the context's cookies; not counted
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    wire = [0.0]
    cdp.on("Network.loadingFinished", lambda event: wire.__setitem__(0, wire[0] + event["encodedDataLength"]))
    started = time.perf_counter()
    FletPage(page, url, PATIENCE_MS).open("/")
    seconds = time.perf_counter() - started
    page.wait_for_timeout(500)  # late requests (fonts, icons) still count
    context.close()
    return wire[0] / MB, seconds


def phone_at(browser: Any, table: LanTable, route: str = "/", host: bool = False) -> FletPage:
    """A phone that joined ``table`` through its link (the host's, when ``host``), showing ``route``."""
    context = browser.new_context(viewport=PHONE)
    context.request.get(table.host_link if host else table.join_link)
    return FletPage(context.new_page(), table.url, PATIENCE_MS).open(route)


def tap_latencies(phone: FletPage, taps: int) -> list[float]:
    buttons = itertools.cycle(TABLE_TAPS)
    return [tap_latency_ms(phone, next(buttons), "regret-0") for _ in range(taps)]


def main() -> int:
    parser = argparse.ArgumentParser(description="First load and tap latency with phones at one table")
    parser.add_argument("--loads", type=int, default=3, help="first loads measured per server (default 3)")
    parser.add_argument("--taps", type=int, default=30, help="taps per phone count (default 30; 0 skips)")
    args = parser.parse_args()

    bare_port, table_port = free_port(), free_port()
    loads: dict[str, list[tuple[float, float]]] = {"bare": [], "gzip": [], "plain": []}
    with tempfile.TemporaryDirectory() as data_dir, \
            ServedApp.start([sys.executable, str(REPO / "bench" / "bare_app.py"), "--port", str(bare_port)],
                            bare_port) as bare, launch_chromium() as browser:
        table = LanTable(data_dir, table_port)
        try:
            first_load(browser, table.url, table.join_link)  # unmeasured: the server compresses and keeps
            for _ in range(args.loads):  # alternating, so machine load hits all three alike
                loads["bare"].append(first_load(browser, bare.url, None))
                loads["gzip"].append(first_load(browser, table.url, table.join_link))
                loads["plain"].append(first_load(browser, table.url, table.join_link, compressed=False))
            taps: dict[int, list[float]] = {}
            if args.taps:
                first = phone_at(browser, table, host=True)  # the host starts the game
                open_table(first)
                tap_latencies(first, 5)  # warm-up
                taps[1] = tap_latencies(first, args.taps)
                route = first.page.url.removeprefix(table.url)
                others = [phone_at(browser, table, route) for _ in range(3)]
                for other in others:
                    other.wait_id("regret-0")
                tap_latencies(first, 5)
                taps[4] = tap_latencies(first, args.taps)
        finally:
            table.stop()

    def med(name: str, i: int) -> float:
        return statistics.median(sample[i] for sample in loads[name])

    print(f"first load, fresh context, headless Chromium, median of {args.loads}")
    print(f"{'':34}{'on the wire':>12}{'first screen':>14}")
    for name, label in (("bare", "bare Flet counter (no gzip)"), ("plain", "companion, not compressed"),
                        ("gzip", "companion, gzipped once")):
        print(f"{label:34}{med(name, 0):>9.1f} MB{med(name, 1):>12.2f} s")
    print(f"first load on the wire: {med('gzip', 0):.1f} MB  (target ≤ {WIRE_TARGET_MB} MB: "
          f"{'within' if med('gzip', 0) <= WIRE_TARGET_MB else 'OVER'})")
    print(f"first screen, companion/bare: {med('gzip', 1) / med('bare', 1):.2f}×  (target ≤ 1×)")
    if taps:
        (m1, p1), (m4, p4) = summary(taps[1]), summary(taps[4])
        print(f"tap → visible update on one phone, {args.taps} taps each")
        print(f"{'':22}{'median':>10}{'p95':>10}")
        print(f"{'1 phone':22}{m1:>8.1f}ms{p1:>8.1f}ms")
        print(f"{'4 phones':22}{m4:>8.1f}ms{p4:>8.1f}ms")
        print(f"{'ratio 4/1':22}{m4 / m1:>9.2f}×{p4 / p1:>9.2f}×   target ≤ {PHONES_TARGET}× at p95: "
              f"{'within' if p4 / p1 <= PHONES_TARGET else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
