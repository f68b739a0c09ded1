"""Settings: light or dark, this phone's language and text size, and the way to the Data screen. Identifiers:
``theme-dark``, ``theme-light``, ``language-<en|it|zh_Hant>``, ``text-size-<n>`` (``n`` from 0, smallest first),
``settings-data``, ``back``. A guest's phone sets its own language and text size only: the theme and the data are
the app's, the host's."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.i18n import LANGUAGES, language, t
from companion.session import TEXT_SIZE_NAMES
from companion.views import theme
from companion.views.context import AppContext
from companion.views.hooks import use_redraw
from companion.views.widgets import action_button, grow, screen, section_card


@ft.component
def SettingsScreen(ctx: AppContext) -> ft.View:
    """Light or dark, this phone's language, and the way to the data screen (export, import, backups)."""
    current = ctx.setting("theme", "dark")
    redraw = use_redraw()

    def choose(mode: str) -> None:
        ctx.set_setting("theme", mode)
        redraw()

    themes = ft.Row([
        grow(action_button("theme-dark", t("Dark"), lambda: choose("dark"), icon=ft.Icons.DARK_MODE,
                      primary=current != "light", selected=current != "light")),
        grow(action_button("theme-light", t("Light"), lambda: choose("light"), icon=ft.Icons.LIGHT_MODE,
                      primary=current == "light", selected=current == "light")),
    ])

    def pick_language(code: str) -> None:
        if ctx.on_setting is not None:
            ctx.on_setting("language", code)  # per phone: not a store setting shared by every phone
        ctx.refresh()
        redraw()

    buttons: list[ft.Control] = [action_button(f"language-{code}", name, partial(pick_language, code),
                                               primary=code == language(), selected=code == language())
                                 for code, name in LANGUAGES.items()]
    # Side by side while a name fits a third of the row; one under another at the larger Text sizes ("Itali / ano").
    languages = (ft.Column(buttons, horizontal_alignment=ft.CrossAxisAlignment.STRETCH) if theme.stacked()
                 else ft.Row([grow(button) for button in buttons]))
    scale = theme.text_scale()

    def pick_size(chosen: float) -> None:
        theme.choose_text_scale(chosen)  # this phone's: the others at the table keep theirs
        ctx.refresh()  # every text on the screen at its new size
        redraw()

    sizes = ft.Row([action_button(f"text-size-{n}", t(TEXT_SIZE_NAMES[size]), partial(pick_size, size),
                                  primary=size == scale, selected=size == scale)
                    for n, size in enumerate(TEXT_SIZE_NAMES)], wrap=True)
    phone: list[ft.Control] = [section_card("settings-language", t("Language"), [languages]),
             section_card("settings-text-size", t("Text size"), [sizes])]
    if not ctx.sessions.viewer.host:
        return screen(ctx.route, t("Settings"), phone, back=lambda: ctx.navigate("/"))
    return screen(ctx.route, t("Settings"), [
        section_card("settings-theme", t("Theme"), [themes]),
        *phone,
        action_button("settings-data", t("Data: export, import, backups"), lambda: ctx.navigate("/data"),
                      icon=ft.Icons.STORAGE),
    ], back=lambda: ctx.navigate("/"), notices=ctx)  # a theme that could not be kept says why
