"""Muster your courage with the table's own dice (A p.8, issue 12), at Refresh and again on Making Port (A p.17): the
angler picks the Fresh dice to roll again, taps the face each rolled die shows, and sends them; "Let the app roll"
rolls for a table that wants it.

Identifiers (``<seat>``: the angler's seat): ``reroll-<seat>-<k>`` (Fresh die ``k`` rolled again),
``face-<seat>-<n>-<face>`` (die ``n`` of the roll, in :func:`~companion.rules.queries.dice_to_roll` order),
``die-<seat>-<n>`` (its name and face); Refresh: ``refresh-faces-<seat>``, ``refresh-<seat>`` (let the app roll); Making
Port: ``port-faces-<seat>``, ``port-roll-<seat>`` (let the app roll), ``port-cancel-<seat>`` (back to Sea or Port, or to
the Lifeboat); Abandon Ship with an Overmind in hand: ``abandon-ship-overmind-<slot>``; with a Regret card:
``abandon-ship-port``, ``abandon-ship-discard`` (A p.17).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import cast

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.rules.dice import Die, DieKind, die_label
from companion.rules.expansions import OVERMIND
from companion.rules.sources import cited
from companion.views import theme
from companion.views.table.common import Moves
from companion.views.table.confirm import ConfirmButton
from companion.views.widgets import action_button, chip, face_row, grow
from companion.views.widgets.toggles import toggle

# Builds the move from the Fresh dice rolled again and the faces entered (``None``: the app rolls).
RollMove = Callable[[list[int], list[int] | None], act.Action]


@ft.component
def RollFaces(moves: Moves, seat: int, name: str, fresh: tuple[Die, ...], spent: tuple[DieKind, ...],
              move: RollMove, send_id: str, send_text: str, roll_id: str,
              cancel: Callable[[], None] | None = None) -> ft.Control:
    """The face rows of the dice one muster rolls: the Spent dice, then the Fresh dice chosen to roll again."""
    reroll, set_reroll = ft.use_state(tuple(range(len(fresh))))  # every Fresh die, as the rulebook's default
    faces, set_faces = ft.use_state(cast(tuple[int | None, ...], ()))
    kinds = [*spent, *(fresh[k].kind for k in reroll if k < len(fresh))]
    entered: list[int | None] = [*faces, *([None] * len(kinds))][:len(kinds)]

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
        moves.apply(move(list(reroll), [f for f in entered if f is not None]))

    rows: list[ft.Control] = []
    if fresh:
        rows += [ft.Text(t("Fresh dice to roll again"), size=theme.SMALL),
                 ft.Row([chip(f"reroll-{seat}-{k}", d.label, on_click=partial(toggle, k),
                              color=theme.FOUL if k in reroll else theme.PASSED)
                         for k, d in enumerate(fresh)], wrap=True)]
    rows += [face_row(f"die-{seat}-{n}", f"face-{seat}-{n}", kind, entered[n], partial(pick, n),
                      whose=t("{name}: die {n}, {die}", name=name, n=n + 1, die=die_label(kind)))
             for n, kind in enumerate(kinds)]
    rows.append(ft.Row([
        grow(action_button(send_id, send_text, send, icon=ft.Icons.CASINO, primary=True)),
        grow(action_button(roll_id, t("Let the app roll"), lambda: moves.apply(move(list(reroll), None)))),
    ]))
    if cancel is not None:
        rows.append(action_button(f"port-cancel-{seat}", t("Back"), cancel, icon=ft.Icons.ARROW_BACK))
    return ft.Column(rows, spacing=4)


@ft.component
def RefreshFaces(moves: Moves, seat: int, name: str, fresh: tuple[Die, ...], spent: tuple[DieKind, ...]
                 ) -> ft.Control:
    """The Refresh phase's muster (A p.8)."""
    return RollFaces(moves, seat, name, fresh, spent,
                     lambda reroll, faces: act.Refresh(player=seat, reroll=reroll, faces=faces),
                     f"refresh-faces-{seat}", t("Refresh with these faces"), f"refresh-{seat}")


@ft.component
def PortFaces(moves: Moves, seat: int, name: str, fresh: tuple[Die, ...], spent: tuple[DieKind, ...],
              making: act.Declare | act.AbandonShip, cancel: Callable[[], None]) -> ft.Control:
    """Making Port's second muster (A p.17) for ``making`` (Make Port, perhaps discarding a Regret or Mounting
    the Overmind, or Abandon Ship), sent with the faces rolled."""
    def move(reroll: list[int], faces: list[int] | None) -> act.Action:
        return type(making).model_validate({**making.model_dump(), "reroll": reroll, "faces": faces})

    return ft.Column([
        ft.Text(t("Making Port: muster your courage again"), size=theme.BODY, weight=ft.FontWeight.W_600),
        RollFaces(moves, seat, name, fresh, spent, move, f"port-faces-{seat}", t("Make Port with these faces"),
                  f"port-roll-{seat}", cancel),
    ], spacing=4)


@ft.component
def AbandonShip(moves: Moves, seat: int, name: str, fresh: tuple[Die, ...], spent: tuple[DieKind, ...],
                caption: str, question: str, overmind_slots: tuple[int, ...] = (), port_discard: bool = False
                ) -> ft.Control:
    """``abandon-ship``, asked first (issue 12); then, when there is a choice, how to arrive at Port: with an
    Overmind in hand its slot (``abandon-ship-overmind-<s>``, docs/rules.md §11: it is Mounted when you Make Port),
    and with a Regret card the optional discard (A p.17: ``abandon-ship-port``, ``abandon-ship-discard``, or the
    ``abandon-ship-discard`` checkbox beside the slots); then Making Port's muster (A p.10, p.17) with the faces
    rolled."""
    making, set_making = ft.use_state(cast(act.AbandonShip | None, None))
    choosing, set_choosing = ft.use_state(False)
    discard, set_discard = ft.use_state(False)
    if making is not None:
        return PortFaces(moves, seat, name, fresh, spent, making, lambda: set_making(None))
    back = action_button(f"port-cancel-{seat}", t("Back"), lambda: set_choosing(False), icon=ft.Icons.ARROW_BACK)
    if choosing and overmind_slots:
        chosen = discard and port_discard
        rows: list[ft.Control] = [
            ft.Text(t("{card} is Mounted when you Make Port: choose an empty slot ({slots})", card=OVERMIND,
                      slots=", ".join(map(str, overmind_slots))), size=theme.BODY),
            ft.Row([grow(action_button(f"abandon-ship-overmind-{s}", t("Make Port, Overmind on slot {slot}", slot=s),
                                       partial(set_making, act.AbandonShip(player=seat, overmind_slot=s,
                                                                           discard_regret=chosen)),
                                       icon=ft.Icons.ANCHOR)) for s in overmind_slots], wrap=True)]
        if port_discard:
            rows.append(toggle("abandon-ship-discard", cited(t("Also discard a Regret"), "A p.17"), chosen, set_discard,
                               box=True))
        return ft.Column([*rows, back], spacing=4)
    if choosing:
        return ft.Column([
            action_button("abandon-ship-port", t("Make Port"), partial(set_making, act.AbandonShip(player=seat)),
                          icon=ft.Icons.ANCHOR, primary=True),
            action_button("abandon-ship-discard", cited(t("Make Port and discard a Regret"), "A p.17"),
                          partial(set_making, act.AbandonShip(player=seat, discard_regret=True))),
            back,
        ], spacing=4)

    def confirmed() -> None:
        if overmind_slots or port_discard:
            set_choosing(True)
        else:
            set_making(act.AbandonShip(player=seat))

    return ConfirmButton("abandon-ship", caption, question, t("Yes, abandon ship"), confirmed, icon=ft.Icons.SURFING)
