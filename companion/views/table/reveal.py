"""The end of the game: an angler types the total value of their Regret cards (A p.22)."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.views.table.common import Moves
from companion.views.widgets import action_button, tagged


@ft.component
def RevealField(moves: Moves, seat: int, name: str, revealed: int | None) -> ft.Control:
    """``reveal-<seat>`` and ``reveal-ok-<seat>``; what is typed stays in this field (keyed by game) until revealed."""
    typed = ft.use_ref("")
    if revealed is not None:
        # The field stays (read-only) rather than giving way to a text: removing the field that has the keyboard
        # focus made the browser swallow the next tap (on "Score the game").
        return ft.Row([tagged(f"reveal-{seat}", ft.TextField(label=t("Regret value"), value=str(revealed),
                                                             read_only=True, width=170))])

    def on_change(event: ft.Event[ft.TextField]) -> None:
        typed.current = event.control.value or ""

    def reveal() -> None:
        text = (typed.current or "").strip()
        if not text.isdigit():
            moves.ctx.fail(t("{name}'s Regret value must be a whole number of 0 or more", name=name))
            return
        moves.apply(act.RevealRegrets(player=seat, value=int(text)))

    return ft.Row([
        tagged(f"reveal-{seat}", ft.TextField(label=t("Regret value"), value=typed.current or "", on_change=on_change,
                                              keyboard_type=ft.KeyboardType.NUMBER, width=170)),
        action_button(f"reveal-ok-{seat}", t("Reveal"), reveal),
    ])
