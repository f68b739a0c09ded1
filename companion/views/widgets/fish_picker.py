"""Pick a Fish from the catalog by typing part of its name; each result says what matters here (its sale value…)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import flet as ft

from companion.catalog import CatalogFish, load_catalog
from companion.i18n import t
from companion.views import theme
from companion.views.context import AppContext
from companion.views.widgets.basics import action_button, tagged

RESULTS = 6


def fish_picker(ctx: AppContext, key: str, describe: Callable[[CatalogFish], str],
                on_pick: Callable[[CatalogFish], None], sets: Iterable[str] | None = None) -> ft.Column:
    """A search field ``{key}-search`` and up to six results ``{key}-pick-{fish id}``; the query lives in
    ``ctx.drafts`` so it survives a redraw. ``sets``: the expansions on the table (their Fish are offered with the
    base game's; ``None``: every Fish).
    """
    # Redraw from what the field holds now, not from the last change event: a redraw that lands between a
    # keystroke and its event would otherwise send the older text back and eat the keystroke.
    shown = ctx.drafts.get(f"{key}-field")
    query = shown.value if shown is not None and shown.value is not None else ctx.drafts.get(f"{key}-query", "")

    def on_change(event: ft.ControlEvent) -> None:
        ctx.drafts[f"{key}-query"] = event.control.value or ""
        ctx.refresh()

    def pick(fish: CatalogFish) -> None:
        ctx.drafts[f"{key}-query"] = ""
        ctx.drafts.pop(f"{key}-field", None)
        on_pick(fish)

    found = load_catalog().search(query, limit=RESULTS, sets=sets) if query.strip() else []
    results = [action_button(f"{key}-pick-{fish.id}", describe(fish), lambda f=fish: pick(f)) for fish in found]
    if query.strip() and not found:
        results.append(ft.Text(t("No Fish called “{name}” in the catalog", name=query), size=theme.SMALL))
    field = ft.TextField(label=t("Fish name"), value=query, on_change=on_change, prefix_icon=ft.Icons.SEARCH,
                         text_size=theme.BODY)
    ctx.drafts[f"{key}-field"] = field
    return ft.Column([tagged(f"{key}-search", field), *results], spacing=6)
