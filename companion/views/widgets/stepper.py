"""The big number with − and + either side: Regret cards, Fishbucks, anything counted at the table."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.views import theme
from companion.views.widgets.basics import Handler, icon_action, tagged


def stepper(name: str, index: int | str, value: int | str, on_minus: Handler | None, on_plus: Handler | None, *,
            label: str | None = None, color: str | None = None) -> ft.Row:
    """``−  value  +`` with identifiers ``{name}-minus-{index}``, ``{name}-{index}`` and ``{name}-plus-{index}``
    (``{name}-minus``, ``{name}``, ``{name}-plus`` when ``index`` is ``""``).

    A handler of ``None`` disables its button (nothing to take away, say).

    >>> row = stepper("regret", 0, 3, None, lambda: None)
    >>> [c.identifier for c in row.controls]
    ['regret-minus-0', 'regret-0', 'regret-plus-0']
    """
    caption = label or name
    suffix = f"-{index}" if index != "" else ""
    shown = str(value)
    # Three characters ("$10", the cap) at the big size are wider than the box: a size down, and never wrapped.
    size = theme.BIG_NUMBER if len(shown) <= 2 else theme.NUMBER
    number = ft.Column([
        ft.Text(shown, size=size, weight=ft.FontWeight.BOLD, color=color, no_wrap=True),
        ft.Text(caption, size=theme.SMALL),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Row([
        icon_action(f"{name}-minus{suffix}", ft.Icons.REMOVE, t("{what} minus one", what=caption), on_minus,
                    size=theme.MIN_TOUCH, show_tooltip=False),
        tagged(f"{name}{suffix}", ft.Container(number, width=theme.BIG_NUMBER * 1.6, alignment=ft.Alignment.CENTER)),
        icon_action(f"{name}-plus{suffix}", ft.Icons.ADD, t("{what} plus one", what=caption), on_plus,
                    size=theme.MIN_TOUCH, show_tooltip=False),
    ], alignment=ft.MainAxisAlignment.CENTER, spacing=0, tight=True)  # tight: two fit side by side
