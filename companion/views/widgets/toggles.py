"""Switches, checkboxes and radio buttons with a label that wraps.

Flet draws a control's own ``label`` in a Row with no room to wrap: a long one ("Penalty by printed value (Chinese
rules summary)", "Market fluctuations: …") is cut off on one line at a phone's width, in every language (issue 26).
Here the label is a Text beside the control, wrapping onto as many lines as it needs; tapping it flips the control
as tapping the control does, and the control carries the label for screen readers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.views import theme
from companion.views.widgets.basics import named

# Called with the control's new value (``...``: a handler that ignores it is often a lambda with a default
# argument binding its row, which mypy can't match against ``Callable[[bool], object]``).
Flip = Callable[..., object]


def toggle(identifier: str, label: str, value: bool, on_flip: Flip | None, *, box: bool = False) -> ft.Row:
    """A Switch (a Checkbox with ``box``) tagged ``identifier``, its ``label`` beside it; ``on_flip(new_value)``
    when either is tapped. With no ``on_flip`` it is shown disabled.

    >>> row = toggle("short-game", "Short game: start on Tuesday (A p.6)", False, print)
    >>> named = row.controls[0].content.controls[0].content
    >>> named.identifier, named.label
    ('short-game', 'Short game: start on Tuesday (A p.6)')
    """
    changed = None if on_flip is None else _changed(on_flip)
    control: ft.Control = (ft.Checkbox(value=value, on_change=changed, disabled=on_flip is None) if box
                           else ft.Switch(value=value, on_change=changed, disabled=on_flip is None))
    return _beside(named(identifier, control, label, disabled=on_flip is None), label,
                   None if on_flip is None else lambda: on_flip(not value))


def radio(value: str, label: str, on_pick: Callable[[str], object]) -> ft.Row:
    """One option of a ``ft.RadioGroup`` (whose ``on_change`` hears a tap on the button), its ``label`` beside it;
    tapping the label calls ``on_pick(value)``."""
    return _beside(ft.MergeSemantics(content=ft.Semantics(label=label, content=ft.Radio(value=value))), label,
                   lambda: on_pick(value))


def _changed(on_flip: Flip) -> Callable[[ft.Event[Any]], object]:
    def changed(event: ft.Event[Any]) -> object:
        return on_flip(bool(event.control.value))

    return changed


def _beside(control: ft.Control, label: str, tapped: Callable[[], object] | None) -> ft.Row:
    """``control`` and its caption in a row. The caption's own semantics are left out (it was a second button of
    the same name, heard twice, issue 46); the row is merged into the control's one node, which carries the label
    and spans the caption's lines, as a screen reader's highlight and the layout test's check of the caption do."""
    text = ft.Text(label, size=theme.BODY, color=None if tapped is not None else theme.PASSED)
    caption = ft.Container(text, on_click=None if tapped is None else lambda _e: tapped(),
                           padding=ft.Padding.symmetric(vertical=4))
    # disabled as the control is: a Semantics merged in says "enabled" unless told (and the control's "disabled"
    # was lost in the merge)
    unsaid = ft.Semantics(content=caption, exclude_semantics=True, expand=True, disabled=tapped is None)
    row = ft.Row([control, unsaid], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Row([ft.MergeSemantics(content=row, expand=True)])
