"""What one table tap costs the server, counted rather than timed: component renders and patch bytes per phone.

The real app (behind its gate, local mode) is served in this process on 127.0.0.1 and driven by headless Chromium
phones, so every count is Flet's own: a render is one run of a component's function (by Flet's scheduler or under
a redrawn parent), a control built is one control object made (what a render really costs: two steppers make
about twenty), bytes are the msgpack messages Flet queues for that phone's WebSocket. The first phone opens a
game's table and taps Regret +/− on the first angler; each tap is counted on the tapping phone alone, then with
``--phones`` − 1 more phones showing the same game (each waits until it shows the new number).

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
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
from flet.components.component import Renderer
from flet.controls.base_control import BaseControl
from flet.controls.context import context
from flet.controls.id_counter import IdCounter
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet_web.fastapi.flet_app import FletApp  # type: ignore[import-untyped]

from bench.ui_latency import PATIENCE_MS, open_table, tap_latency_ms
from tests.support.browser import PHONE, FletPage, free_port, launch_chromium

Sample = tuple[dict[str, Counter[str]], Counter[str], Counter[str]]


class Tally:
    """Renders (by component), controls built and bytes sent, per Flet session, since the last :meth:`take`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.renders: dict[str, Counter[str]] = defaultdict(Counter)
        self.built: Counter[str] = Counter()
        self.sent: Counter[str] = Counter()

    def take(self) -> Sample:
        with self.lock:
            taken = (self.renders, self.built, self.sent)
            self.renders, self.built, self.sent = defaultdict(Counter), Counter(), Counter()
        return taken


def _session_id() -> str:
    try:
        return str(context.page.session.id)
    except (RuntimeError, AttributeError):
        return "?"


@contextmanager
def counting(tally: Tally) -> Iterator[None]:
    """Count every component render and every message sent, by the session they belong to."""
    render, send, number = Renderer.render, FletApp.send_message, IdCounter.next
    encode = configure_encode_object_for_msgpack(BaseControl)

    def counted_render(self: Renderer, fn: Any, *args: Any, **kwargs: Any) -> Any:
        if self._root_component is not None:  # a component's own body, not the page's root call
            with tally.lock:
                tally.renders[_session_id()][fn.__name__] += 1
        return render(self, fn, *args, **kwargs)

    def counted_number(self: IdCounter) -> int:  # every control takes a number when it is made
        with tally.lock:
            tally.built[_session_id()] += 1
        return number(self)

    def counted_send(self: FletApp, message: Any) -> None:
        size = len(msgpack.packb([message.action, message.body], default=encode)) + 1
        with tally.lock:
            tally.sent[_session_id()] += size
        send(self, message)

    Renderer.render, FletApp.send_message, IdCounter.next = (  # type: ignore[method-assign]
        counted_render, counted_send, counted_number)  # type: ignore[assignment]
    try:
        yield
    finally:
        Renderer.render, FletApp.send_message, IdCounter.next = render, send, number  # type: ignore[method-assign]


@contextmanager
def served(data_dir: str) -> Iterator[str]:
    """The app as ``companion serve`` builds it (local mode), served from a thread of this process."""
    import uvicorn

    from companion.app import make_main
    from companion.net.server import build_table
    from companion.resources import assets_path

    port = free_port()
    table = build_table(make_main(data_dir), "127.0.0.1", port, Path(data_dir), lan=False,
                        assets_dir=str(assets_path()))
    server = uvicorn.Server(uvicorn.Config(table.gate, host="127.0.0.1", port=port, ws="websockets-sansio",
                                           log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)




def tap_counted(tally: Tally, phone: FletPage, others: list[FletPage], button: str) -> Sample:
    """Tap ``button`` on ``phone``; once every phone shows the new number (and a moment more), the tally."""
    tally.take()
    tap_latency_ms(phone, button, "regret-0")
    shown = phone.value("regret-0")
    for other in others:
        other.wait_value("regret-0", shown)
    time.sleep(0.3)  # late patches (effects, a second pass) still count
    return tally.take()


def report(label: str, samples: list[Sample], tapper: str) -> None:
    """Per tap: median renders and bytes on the tapping phone and on each other phone; which components ran."""
    def per_phone(sample: Sample, mine: bool) -> list[tuple[int, int, int, Counter[str]]]:
        renders, built, sent = sample
        ids = [tapper] if mine else sorted((set(renders) | set(sent)) - {tapper, "?"})
        return [(sum(renders[i].values()), built[i], sent[i], renders[i]) for i in ids]

    for who, mine in (("tapping phone", True), ("each other phone", False)):
        rows = [row for sample in samples for row in per_phone(sample, mine)]
        if not rows:
            continue
        components: Counter[str] = Counter()
        for *_, names in rows:
            components.update(names)
        common = ", ".join(f"{name} {n / len(rows):.1f}" for name, n in components.most_common(8))
        print(f"{label:10}{who:18}{statistics.median(r[0] for r in rows):>9.0f}"
              f"{statistics.median(r[1] for r in rows):>9.0f}{statistics.median(r[2] for r in rows):>10.0f} B   "
              f"{common}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Renders and bytes per table tap, one phone and several")
    parser.add_argument("--taps", type=int, default=10, help="counted taps per phone count (default 10)")
    parser.add_argument("--phones", type=int, default=4, help="phones on the game in the second part (default 4)")
    args = parser.parse_args()
    tally = Tally()
    buttons = itertools.cycle(["regret-plus-0", "regret-minus-0"])
    with tempfile.TemporaryDirectory() as data_dir, served(data_dir) as url, counting(tally), \
            launch_chromium() as chromium:
        browser: Any = chromium  # a Playwright Browser

        def phone(route: str = "/") -> FletPage:
            return FletPage(browser.new_context(viewport=PHONE).new_page(), url, PATIENCE_MS).open(route)

        first = phone()
        open_table(first)
        for _ in range(3):  # warm-up
            tap_counted(tally, first, [], next(buttons))
        alone = [tap_counted(tally, first, [], next(buttons)) for _ in range(args.taps)]
        tapper = alone[-1][2].most_common(1)[0][0]
        others = [phone(first.page.url.removeprefix(url)) for _ in range(args.phones - 1)]
        for other in others:
            other.wait_id("regret-0")
        tap_counted(tally, first, others, next(buttons))
        together = [tap_counted(tally, first, others, next(buttons)) for _ in range(args.taps)]

    print(f"per table tap (Regret +/− on the first angler), median of {args.taps} taps")
    print(f"{'':28}{'renders':>9}{'built':>9}{'sent':>12}   components rendered (mean per tap)")
    report("1 phone", alone, tapper)
    report(f"{args.phones} phones", together, tapper)
    return 0


if __name__ == "__main__":
    sys.exit(main())
