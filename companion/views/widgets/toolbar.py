"""Undo and redo, the same two buttons on every screen that changes a session (``undo``, ``redo``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import t
from companion.session import Session, Snapshot
from companion.views.widgets.basics import icon_action


def undo_redo(session: Session[Any], shown: Snapshot[Any], report: Callable[[Any], bool]) -> list[ft.Control]:
    """The two buttons for ``session`` as the screen shows it (``shown``); ``report`` takes the outcome."""
    return [
        icon_action("undo", ft.Icons.UNDO, t("Undo"),
                    (lambda: report(session.undo(seen=shown.version))) if shown.can_undo else None),
        icon_action("redo", ft.Icons.REDO, t("Redo"),
                    (lambda: report(session.redo(seen=shown.version))) if shown.can_redo else None),
    ]
