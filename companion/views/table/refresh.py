"""Refresh with the table's own dice (A p.8, issue 12): the angler picks the Fresh dice to roll again, taps the face
each rolled die shows, and sends them; "Let the app roll" rolls for a table that wants it.

Identifiers (seat ``<i>``): ``reroll-<i>-<k>`` (Fresh die ``k`` rolled again), ``face-<i>-<n>-<face>`` (die ``n``
of the roll, in :func:`~companion.rules.queries.dice_to_roll` order), ``refresh-faces-<i>``, ``refresh-<i>``
(let the app roll).
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.rules.dice import Die, DieKind, die_label, face_choices
from companion.views import theme
from companion.views.table.common import Moves
from companion.views.widgets import action_button, chip, grow, tagged


@ft.component
def RefreshFaces(moves: Moves, seat: int, name: str, fresh: tuple[Die, ...], spent: tuple[DieKind, ...]
                 ) -> ft.Control:
    """The face rows of the dice this Refresh rolls: the Spent dice, then the Fresh dice chosen to roll again."""
    reroll, set_reroll = ft.use_state(tuple(range(len(fresh))))  # every Fresh die, as the rulebook's default
    faces, set_faces = ft.use_state(())
    kinds = [*spent, *(fresh[k].kind for k in reroll if k < len(fresh))]
    entered = [*faces, *([None] * len(kinds))][:len(kinds)]

    def toggle(k: int) -> None:
        set_reroll(tuple(sorted(set(reroll) ^ {k})))
        set_faces(())  # the rows change: faces entered for another set of dice would be misread

    def pick(n: int, face: int) -> None:
        now = list(entered)
        now[n] = face
        set_faces(tuple(now))

    def send() -> None:
        if any(f is None for f in entered):
            moves.ctx.fail(t("Tap the face of each die {name} rolled first", name=name))
            return
        moves.apply(act.Refresh(player=seat, reroll=list(reroll), faces=[f for f in entered if f is not None]))

    rows: list[ft.Control] = []
    if fresh:
        rows += [ft.Text(t("Fresh dice to roll again"), size=theme.SMALL),
                 ft.Row([chip(f"reroll-{seat}-{k}", d.label, on_click=lambda k=k: toggle(k),
                              color=theme.FOUL if k in reroll else theme.PASSED)
                         for k, d in enumerate(fresh)], wrap=True)]
    for n, kind in enumerate(kinds):
        buttons = [action_button(f"face-{seat}-{n}-{face}", str(face), lambda n=n, face=face: pick(n, face),
                                 primary=entered[n] == face) for face in face_choices(kind)]
        label = die_label(kind, entered[n])
        rows.append(ft.Row([tagged(f"die-{seat}-{n}", ft.Text(label, size=theme.BODY, width=120, no_wrap=True)),
                            *buttons], wrap=True))
    return ft.Column([
        *rows,
        ft.Row([
            grow(action_button(f"refresh-faces-{seat}", t("Refresh with these faces"), send, icon=ft.Icons.CASINO,
                               primary=True)),
            grow(action_button(f"refresh-{seat}", t("Let the app roll"),
                               lambda: moves.apply(act.Refresh(player=seat, reroll=list(reroll))))),
        ]),
    ], spacing=4)
