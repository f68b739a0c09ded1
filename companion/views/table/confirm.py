"""A button whose move can't be taken back at the table by one stray tap (issue 12, item 5): the first tap asks
"Tap again to confirm", the second makes the move; the angler can tap elsewhere and nothing happened."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import t
from companion.views import theme
from companion.views.widgets import action_button, tagged


@ft.component
def ConfirmButton(identifier: str, text: str, question: str, yes: str, on_confirm: Callable[[], object],
                  icon: ft.IconData | None = None, primary: bool = False) -> ft.Control:
    """``identifier`` reads ``text`` and asks first: ``<identifier>-question`` says what will happen, then
    ``identifier`` (now reading ``yes``) makes the move and ``<identifier>-cancel`` puts it back."""
    asked, set_asked = ft.use_state(False)
    if not asked:
        return action_button(identifier, text, lambda: set_asked(True), icon=icon, primary=primary)

    def confirm() -> None:
        set_asked(False)
        on_confirm()

    return ft.Column([
        tagged(f"{identifier}-question", ft.Text(question, size=theme.BODY, color=theme.DANGER)),
        ft.Row([action_button(identifier, yes, confirm, icon=icon, primary=True),
                action_button(f"{identifier}-cancel", t("Cancel"), lambda: set_asked(False))], wrap=True),
    ], spacing=4)
