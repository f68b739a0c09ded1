"""A bare one-button Flet counter: the baseline ``ui_latency.py`` compares the table screen against.

    python bench/bare_app.py --port 8600     # then open http://127.0.0.1:8600
"""

from __future__ import annotations

import argparse
import os

import flet as ft


def main(page: ft.Page) -> None:
    """One number and one button that adds one to it."""
    count = ft.Text("0", size=48)

    def add_one(_: ft.Event[ft.Button]) -> None:
        count.value = str(int(count.value) + 1)
        count.update()

    page.add(
        ft.Semantics(identifier="bare-count", content=count),
        ft.Semantics(identifier="bare-add", content=ft.Button("+1", on_click=add_one)),
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8600)
    args = parser.parse_args()
    os.environ.setdefault("FLET_FORCE_WEB_SERVER", "1")  # serve only; never try to open a browser
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True)
