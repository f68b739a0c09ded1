"""Serve a built phone app on 127.0.0.1, as any static host would: ``.mjs`` as JavaScript, ``.wasm`` as
``application/wasm``, and every path that is no file answered with ``index.html`` (the app's routes).

    .venv/bin/python -m phone_site.serve dist/phone [PORT]

A service worker needs a secure context: ``http://127.0.0.1`` is one, a LAN address is not (use HTTPS there).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".otf": "font/otf",
         ".woff2": "font/woff2"}


class SiteHandler(SimpleHTTPRequestHandler):
    def guess_type(self, path: Any) -> str:
        return TYPES.get(Path(str(path)).suffix) or super().guess_type(path)

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if not path.exists():
            self.path = "/index.html"
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests and the bench print their own
        pass


@contextmanager
def serving(site: Path, port: int = 0) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 from a thread while the ``with`` block runs; yields its address."""
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(SiteHandler, directory=str(site)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "dist/phone")
    with serving(site, int(argv[1]) if len(argv) > 1 else 8560) as address:
        print(f"The phone app is at {address}/ (Ctrl+C stops it)", flush=True)
        with suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
