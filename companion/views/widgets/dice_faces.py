"""The faces a rolled die may show, one button each: the angler taps the face their own die shows (issue 12).

Used wherever the table rolls: Refresh and Making Port (the table screen), a die bought at the Market (Port).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.i18n import t
from companion.rules.dice import die_label, face_choices
from companion.views import theme
from companion.views.widgets.basics import action_button, tagged


def face_row(label_id: str, prefix: str, kind: str, chosen: int | None, on_pick: Callable[[int], object], *,
             name: str | None = None, whose: str | None = None) -> ft.Row:
    """``Blue 1  [0] [1] [2]``: the die's name (with the face picked so far, identifier ``label_id``) and a button
    per printed face, identifiers ``{prefix}-{face}``; ``name`` replaces the die's own label. A screen reader hears
    each face with the die it belongs to (``whose``, else the die's name: "Bo: die 2, Blue: face 1") and whether
    it is the face picked.

    >>> row = face_row("die-0-1", "face-0-1", "blue", 1, lambda face: None)
    >>> [c.identifier for c in row.controls[:1]] + [c.content.identifier for c in row.controls[1:]]
    ['die-0-1', 'face-0-1-0', 'face-0-1-1', 'face-0-1-2']
    >>> [(c.content.label, c.content.selected) for c in row.controls[1:]]
    [('Blue: face', False), ('Blue: face', True), ('Blue: face', False)]
    """
    label = name if name is not None else die_label(kind, chosen)
    die = t("{die}: face", die=whose or die_label(kind))  # "Bo: die 2, Blue: face 1", not a die named "Blue 1"
    buttons = [action_button(f"{prefix}-{face}", str(face), partial(on_pick, face), primary=chosen == face,
                             whose=die, selected=chosen == face)
               for face in face_choices(kind)]
    caption = ft.Text(label, size=theme.BODY, width=120, no_wrap=True)
    return ft.Row([tagged(label_id, caption), *buttons], wrap=True)
