"""Undo and redo, the same two buttons on every screen that changes a session (``undo``, ``redo``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import t
from companion.session import Snapshot
from companion.views.widgets.basics import icon_action

if TYPE_CHECKING:
    from companion.views.changes import Changes


def undo_redo(changes: Changes[Any], shown: Snapshot[Any]) -> list[ft.Control]:
    """The two buttons for the session ``changes`` makes its changes to, as the screen shows it (``shown``): an
    undo or redo is answered as any change is (:class:`~companion.views.changes.Changes`)."""
    return [
        icon_action("undo", ft.Icons.UNDO, t("Undo"), changes.undo if shown.can_undo else None),
        icon_action("redo", ft.Icons.REDO, t("Redo"), changes.redo if shown.can_redo else None),
    ]
