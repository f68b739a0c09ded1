"""Pick a Fish from the catalog by typing part of its name; each result says what matters here (its sale value…)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

import flet as ft

from companion.i18n import FISH_NAME, t, tc
from companion.rules.catalog import CatalogFish, load_catalog
from companion.rules.expansions import expansion_name
from companion.views import theme
from companion.views.widgets.basics import action_button, tagged
from companion.views.widgets.typed_field import TypedField

RESULTS = 6


def _not_found(query: str, sets: tuple[str, ...] | None) -> str:
    """Why nothing is offered: no such Fish, or one from a box that isn't on the table (it stays in the box)."""
    boxed = load_catalog().search(query, limit=1) if sets is not None else []
    if boxed:
        return t("{fish} is a {box} Fish, not in this game", fish=tc(FISH_NAME, boxed[0].name),
                 box=expansion_name(boxed[0].set))
    return t("No Fish called “{name}” in the catalog", name=query)


@ft.component
def FishPicker(name: str, describe: Callable[[CatalogFish], str], on_pick: Callable[[CatalogFish], object],
               sets: tuple[str, ...] | None = None) -> ft.Column:
    """A search field ``{name}-search`` and up to six results ``{name}-pick-{fish id}``; the query is the
    component's own state, so a redraw of the screen around it keeps what was typed. ``sets``: the expansions on
    the table (their Fish are offered with the base game's, the others' left out; ``None``: every Fish)."""
    query, set_query = ft.use_state("")

    def on_change(event: ft.Event[ft.TextField]) -> None:
        set_query(event.control.value or "")

    def pick(fish: CatalogFish) -> None:
        set_query("")  # the field empties, unless the phone typed on since the tap
        on_pick(fish)

    found = load_catalog().search(query, limit=RESULTS, sets=sets) if query.strip() else []
    results: list[ft.Control] = [action_button(f"{name}-pick-{fish.id}", describe(fish), partial(pick, fish))
                                 for fish in found]
    if query.strip() and not found:
        results.append(ft.Text(_not_found(query, sets), size=theme.SMALL))
    # A redraw for one keystroke, made after the next ones were typed, wrote its older text over them
    # ("Hammerhead" typed fast in the phone app ended as "Ham"): a TypedField keeps the phone's newer text.
    field = TypedField(label=t("Fish name"), value=query, on_change=on_change, prefix_icon=ft.Icons.SEARCH,
                       text_size=theme.BODY)
    return ft.Column([tagged(f"{name}-search", field), *results], spacing=6)


def fish_picker(name: str, describe: Callable[[CatalogFish], str], on_pick: Callable[[CatalogFish], object],
                sets: Iterable[str] | None = None, *, key: str | None = None) -> ft.Control:
    """:class:`FishPicker`, keyed (``key``, default ``name``) so each picker keeps its own query."""
    return FishPicker(name, describe, on_pick, None if sets is None else tuple(sets),
                      key=key or name)  # type: ignore[call-arg]  # @ft.component adds key=
