"""A text field whose typing wins over the host's answer to older typing (issue 45 item 8).

Flet applies a field's new text the moment the phone sends it, but handles the phone's ``change`` event (and draws
the screen again) later: on a busy host, hundreds of milliseconds later. A screen that draws a field with its
state's text then sent that text, older than what the phone had typed since, over the newer letters: "Flounder"
typed into the catch search right after a pick ended as "nder", a name typed while the last field's leaving was
handled came out empty.

:class:`TypedField` is a ``TextField`` that knows which of its texts the host has handled (the text its last
``change`` handler saw, or the one the host last drew). When the screen draws it again and the phone's text is one
the host has not handled yet, the phone's text stays (Flet then sends nothing); otherwise the screen's text is
drawn, as with any field: a pick that empties the search, a reset form, another phone's change.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, cast

import flet as ft


class TypedField(ft.TextField):
    """``ft.TextField`` with the same arguments; its ``on_change`` handler marks the text it handles."""

    _handled: str | None = None  # the phone's text at the last change the host handled, or the text it drew

    def init(self) -> None:
        super().init()
        self._handled = self.value
        if self.on_change is None:
            return
        typed = cast(Callable[[ft.Event[ft.TextField]], Any], self.on_change)  # every field's takes the event
        if inspect.iscoroutinefunction(typed):
            async def handled_async(event: ft.Event[ft.TextField]) -> None:
                _mark(event)
                await typed(event)
            self.on_change = handled_async
        else:
            def handled(event: ft.Event[ft.TextField]) -> None:
                _mark(event)
                typed(event)
            self.on_change = handled

    def _migrate_state(self, other: Any) -> None:
        drawn = self.value
        super()._migrate_state(other)
        if not isinstance(other, TypedField):
            return
        if other.value != other._handled:  # typed since the host last handled or drew it: the phone's text stays
            self.value, self._handled = other.value, other._handled
        else:
            self._handled = drawn


def _mark(event: ft.Event[ft.TextField]) -> None:
    """Note the phone's text at this ``change`` (its data) as handled: not the field's text now, which may hold
    letters typed after a tap the host has still to handle. A field still at the text handled before takes it
    (after a screen was drawn twice at once Flet was seen to apply the phone's texts to an older copy)."""
    field = event.control
    if not isinstance(field, TypedField):
        return
    text = event.data if isinstance(event.data, str) else field.value
    if field.value == field._handled:
        field.value = text
    field._handled = text
