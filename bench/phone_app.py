"""The phone app (issue 24) against the served app, measured in the same run on this machine.

Builds the site (or takes one: ``--site dist/phone``), serves it on 127.0.0.1 beside ``companion serve``, and opens
both in one headless Chromium profile at phone size, every request to another origin aborted. Prints:

- the site's bytes, raw and gzipped file by file (what a host serving it compressed sends), and its biggest parts;
- cold start (empty cache, Pyodide downloaded) and start from the service worker's cache, navigation to a usable
  Home (its "New game" button in the accessibility tree), beside the served app's first screen (first load, and
  loads after it with the browser's cache); the visit that installs the site is kept open until Python's
  memory snapshot is made (``phone_site/web/restore.js``), as a player's first visit would be;
- tap → visible update on a new game's table (Regret + and −, as ``bench.ui_latency``), alternating between apps.

    .venv/bin/python -m bench.phone_app                 # builds into a temporary folder
    .venv/bin/python -m bench.phone_app --site dist/phone --starts 3 --taps 40

Then the phone app's start profile (the marks of its start, from the page, Flet's worker and the app: Pyodide
ready, the app archive unpacked, imports done, the store open, Home built and usable; Flutter's first frame beside
them) and its tap profile (Python's time per phase of a tap, from a tab opened with ``?profile=taps``).

Targets (issue 38): a phone's precache ≤ 18 MB gzipped (the CJK font included, issue 37; the site holds two Flutter
clients, a phone precaches the one it runs: phone_site.build.CLIENTS); start from cache ≤ 2.5× the served app's
first screen; tap ≤ 1.5× the served app's.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.ui_latency import TABLE_TAPS, open_table, summary, tap_latency_ms
from phone_site.serve import serving
from tests.support.browser import FletPage, ServedApp, companion_command, free_port
from tests.support.phone_site import BOOT_MS, cached_site, phone_context

TARGET_GZIP_MB, TARGET_START, TARGET_TAP = 18.0, 2.5, 1.5


def parts(site: Path) -> dict[str, int]:
    """Gzipped bytes by part of the site."""
    groups: dict[str, int] = defaultdict(int)
    for path in site.rglob("*"):
        if not path.is_file():
            continue
        relative = path.relative_to(site).as_posix()
        if relative.startswith("pyodide/"):
            group = "pyodide/" + relative.split("/", 1)[1] if relative.endswith((".wasm", ".zip")) else "pyodide/other"
        elif relative.startswith("canvaskit/"):
            group = "canvaskit"
        else:
            group = relative if relative in ("main.dart.js", "main.dart.wasm", "app.tar.gz") else "other"
        groups[group] += len(gzip.compress(path.read_bytes(), compresslevel=6))
    return dict(sorted(groups.items(), key=lambda item: -item[1]))


# The phone app's start, in order: the page's own marks (``prestart.html``), the worker's (Pyodide ready: the
# patched ``python-worker.js``) and the app's (``companion.phone.marks``); Flutter's first frame runs beside them.
START_MARKS = ("python worker started", "python from snapshot", "pyodide ready", "archive unpacked", "entry imported",
               "connected", "imports done", "store open", "Home built")
FIRST_FRAME = "flutter first frame"
HOME = "Home usable"
# A tap's Python phases (``companion.phone.profile``).
TAP_PHASES = ("event", "render", "diff", "patch", "send")


def start_seconds(context: Any, url: str, marks: list[dict[str, float]] | None = None) -> float:
    """Navigation to a usable Home in a new tab, by the page's own clock (from its navigation start); the tab is
    closed afterwards, so no two copies of the phone app run at once. The page's marks (ms from its navigation
    start) and :data:`HOME` are appended to ``marks``."""
    page = context.new_page()
    phone = FletPage(page, url, BOOT_MS)
    phone.open("/")
    phone.wait_id("home-new-game", timeout_ms=BOOT_MS)
    seconds = float(page.evaluate("() => performance.now()")) / 1000
    if marks is not None:
        found = page.evaluate("() => performance.getEntriesByType('mark').map(m => [m.name, m.startTime])")
        marks.append({**{str(name): float(at) for name, at in found}, HOME: seconds * 1000})
    page.close()
    return seconds


def snapshot_seconds(page: Any) -> float:
    """Keep the installing visit open until Python's memory snapshot is kept (``phone_site/web/restore.js``: made
    in a worker of its own a few seconds after a start that had none), as a player's first visit stays open well
    past it; returns how long that was after the site was cached."""
    from phone_site.build import SNAPSHOTS

    waited = 0.0
    while not page.evaluate("async (name) => (await (await caches.open(name)).keys()).length", SNAPSHOTS):
        if waited > 60:
            raise AssertionError("no memory snapshot of Python was kept within 60 s of caching the site")
        page.wait_for_timeout(250)
        waited += 0.25
    return waited


def print_start_profile(starts: list[dict[str, float]]) -> None:
    """Each mark's median time from navigation start over ``starts``, and the step from the mark before."""
    print(f"start profile (ms from navigation, median of {len(starts)}; step from the line before):")
    before = 0.0
    for name in (*START_MARKS, HOME):
        times = [start[name] for start in starts if name in start]
        if not times:
            print(f"  {name}: not marked")
            continue
        at = statistics.median(times)
        print(f"  {name}: {at:7.0f}  (+{at - before:.0f})")
        before = at
    frames = [start[FIRST_FRAME] for start in starts if FIRST_FRAME in start]
    if frames:
        print(f"  beside them, {FIRST_FRAME}: {statistics.median(frames):7.0f}")


def tap_profile(context: Any, url: str, taps: int) -> list[dict[str, float]]:
    """The phone app opened to profile its taps (``?profile=taps``): Python's time per phase (ms) of each of
    ``taps`` table taps (after 5 unmeasured)."""
    phone = FletPage(context.new_page(), url, BOOT_MS).open("/?profile=taps")
    phone.wait_id("home-new-game", timeout_ms=BOOT_MS)
    open_table(phone)
    for n in range(taps + 5):
        if n == 5:
            phone.page.wait_for_timeout(1000)
            phone.page.evaluate("() => { globalThis.companionTaps = []; }")
        tap_latency_ms(phone, TABLE_TAPS[n % 2], "regret-0")
        phone.page.wait_for_timeout(100)
    phone.page.wait_for_timeout(1000)  # the last tap's record is posted once its updates are done
    records: list[dict[str, float]] = phone.page.evaluate("() => globalThis.companionTaps || []")
    phone.page.close()
    return records


def print_tap_profile(records: list[dict[str, float]]) -> None:
    """Each phase's median over the taps, and the median total."""
    if not records:
        print("tap profile: no records (was the site built with the profile?)")
        return
    print(f"tap profile (Python ms per tap in the phone app, median of {len(records)} taps; each phase without "
          "the phases inside it):")
    totals = [sum(record.values()) for record in records]
    for phase in TAP_PHASES:
        print(f"  {phase}: {statistics.median([record.get(phase, 0.0) for record in records]):.1f}")
    print(f"  total: {statistics.median(totals):.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description="The phone app against the served app")
    parser.add_argument("--site", help="a site built already (default: build one into a temporary folder)")
    parser.add_argument("--starts", type=int, default=3, help="starts from the cache (and served loads) measured")
    parser.add_argument("--taps", type=int, default=30, help="measured taps per app")
    parser.add_argument("--profile-taps", type=int, default=20, help="taps profiled in the phone app")
    args = parser.parse_args()

    from phone_site import build

    if args.site:
        site = Path(args.site)
        raw, packed = build.site_size(site)
    else:
        built = build.build(Path(tempfile.mkdtemp(prefix="companion-phone-")) / "site")
        site, raw, packed = built.out, built.raw_bytes, built.gzip_bytes
    installed = {client: sum(len(gzip.compress((site / name).read_bytes(), compresslevel=6))
                             for name in [*build.precached(site, client), "sw.js"]) for client in build.CLIENTS}
    print(f"site: {raw / 1e6:.1f} MB raw, {packed / 1e6:.2f} MB gzipped (both Flutter clients)")
    for client, size in installed.items():
        print(f"precached when installed, a phone running {client}: {size / 1e6:.2f} MB gzipped "
              f"(target ≤ {TARGET_GZIP_MB:.0f} MB: {'within' if size / 1e6 <= TARGET_GZIP_MB else 'OVER'})")
    font = site / build.CJK_FONT
    print(f"  of which the CJK font (every phone's, offline too): {font.stat().st_size / 1e6:.2f} MB (WOFF2)")
    for group, size in list(parts(site).items())[:9]:
        print(f"  {group}: {size / 1e6:.2f} MB gzipped")

    port = free_port()
    with tempfile.TemporaryDirectory() as work, serving(site) as phone_url, \
            ServedApp.start(companion_command(Path(work) / "data", port), port) as served, \
            phone_context(Path(work) / "profile") as (context, foreign):
        cold = start_seconds(context, phone_url)
        served_cold = start_seconds(context, served.url)
        page = context.new_page()
        page.goto(phone_url + "/")
        for _ in range(240):  # the service worker precaches the site in the background
            if cached_site(page)["files"] >= len(build.precached(site, page.evaluate("flet.webRenderer"))):
                break
            page.wait_for_timeout(500)
        else:
            raise AssertionError(f"the service worker did not cache the site: {cached_site(page)}")
        snapshot_wait = snapshot_seconds(page)
        page.close()
        from_cache, served_warm = [], []
        profiles: list[dict[str, float]] = []
        for _ in range(args.starts):
            served_warm.append(start_seconds(context, served.url))
            from_cache.append(start_seconds(context, phone_url, profiles))

        phone_table = FletPage(context.new_page(), phone_url, BOOT_MS).open()
        phone_table.wait_id("home-new-game", timeout_ms=BOOT_MS)
        open_table(phone_table)
        served_table = FletPage(context.new_page(), served.url, BOOT_MS).open()
        open_table(served_table)
        taps: dict[str, list[float]] = {"phone": [], "served": []}
        for n in range(args.taps + 5):  # the first 5 of each warm up
            for name, phone in (("phone", phone_table), ("served", served_table)):
                phone.page.bring_to_front()  # a tab behind another draws its frames a second apart
                phone.page.wait_for_timeout(100)
                latency = tap_latency_ms(phone, TABLE_TAPS[n % 2], "regret-0")
                if n >= 5:
                    taps[name].append(latency)
        phone_table.page.close()
        tap_records = tap_profile(context, phone_url, args.profile_taps)

    cache_median, served_median = statistics.median(from_cache), statistics.median(served_warm)
    print(f"served app's first screen: {served_cold:.1f} s first load, {served_median:.1f} s with the browser's cache "
          f"(median of {args.starts})")
    print(f"phone app cold start (empty cache): {cold:.1f} s = {cold / served_cold:.1f}× the served first load")
    print(f"the installing visit kept Python's memory snapshot {snapshot_wait:.1f} s after the site was cached")
    start_ratio = cache_median / served_median
    print(f"phone app start from the service worker's cache: {cache_median:.1f} s (median of {args.starts}: "
          f"{', '.join(f'{s:.1f}' for s in from_cache)}) = {start_ratio:.1f}× the served app's "
          f"(target ≤ {TARGET_START}×)")
    print_start_profile(profiles)
    phone_median, phone_p95 = summary(taps["phone"])
    served_tap, served_p95 = summary(taps["served"])
    print(f"tap → visible update, {args.taps} taps each: phone app median {phone_median:.0f} ms (p95 {phone_p95:.0f}), "
          f"served app {served_tap:.0f} ms (p95 {served_p95:.0f}) = {phone_median / served_tap:.2f}× "
          f"(target ≤ {TARGET_TAP}×)")
    print_tap_profile(tap_records)
    print(f"requests to another origin (aborted): {foreign or 'none'}")
    met = (max(installed.values()) / 1e6 <= TARGET_GZIP_MB and start_ratio <= TARGET_START
           and phone_median / served_tap <= TARGET_TAP)
    print("targets met" if met else "targets NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
