"""Settings: light or dark, and the way to the Data screen. Identifiers: ``theme-dark``, ``theme-light``,
``settings-data``, ``back``."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.views.context import AppContext
from companion.views.hooks import use_redraw
from companion.views.widgets import action_button, grow, screen, section_card


@ft.component
def SettingsScreen(ctx: AppContext) -> ft.View:
    """Light or dark, and the way to the data screen (export, import, backups)."""
    current = ctx.setting("theme", "dark")
    redraw = use_redraw()

    def choose(mode: str) -> None:
        ctx.set_setting("theme", mode)
        redraw()

    themes = ft.Row([
        grow(action_button("theme-dark", t("Dark"), lambda: choose("dark"), icon=ft.Icons.DARK_MODE,
                      primary=current != "light")),
        grow(action_button("theme-light", t("Light"), lambda: choose("light"), icon=ft.Icons.LIGHT_MODE,
                      primary=current == "light")),
    ])
    return screen(ctx.route, t("Settings"), [
        section_card("settings-theme", t("Theme"), [themes]),
        action_button("settings-data", t("Data: export, import, backups"), lambda: ctx.navigate("/data"),
                      icon=ft.Icons.STORAGE),
    ], back=lambda: ctx.navigate("/"))
