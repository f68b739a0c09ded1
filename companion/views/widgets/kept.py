"""The phone app's "Saved" mark in every app bar: whether the browser's storage (IndexedDB) holds every change yet.

The phone app (:mod:`companion.phone`) keeps its data in memory and copies it to IndexedDB a moment after each save;
the mark says "Saved on this phone" only once that copy is done, and "Saving…" until then. The app gives its
:class:`~companion.views.context.KeptSource` to the screens through :data:`KEPT` (a Flet context, provided by the
app's root); elsewhere (the served app writes each change to disk before any phone is shown it) it draws nothing.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.views.context import KeptSource
from companion.views.hooks import current_page, use_subscription, use_threadsafe

# The phone app's KeptSource; None: the served app.
KEPT: ft.ContextProvider[KeptSource | None] = ft.create_context(None)


@ft.component
def KeptMark() -> ft.Control:
    """A check once the browser's storage holds every change, an hourglass while a copy is pending."""
    source: KeptSource | None = ft.use_context(KEPT)
    kept, set_kept = ft.use_state(source is None or source.kept)
    mine = current_page()
    later = use_threadsafe(set_kept)

    def heard() -> None:
        if source is not None:
            # the tab's own save: drawn in the same pass as the tap; the copy's end: on the loop, in this tab
            (set_kept if current_page() is mine else later)(source.kept)

    use_subscription(lambda: source.subscribe(heard) if source is not None else (lambda: None), [source])
    if source is None:
        return ft.Container(visible=False)
    words = t("Saved on this phone") if kept else t("Saving…")
    icon = ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE if kept else ft.Icons.HOURGLASS_TOP, size=22, tooltip=words)
    # basics.tagged's wrapper, written out: basics draws this mark in every app bar
    return ft.Semantics(identifier="kept-mark", label=words,
                        content=ft.Container(icon, padding=ft.Padding.only(right=8)))

