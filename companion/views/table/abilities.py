"""A Fish's catch or eat ability as one-tap buttons, just after the catch or the eat (issue 12 item 4,
docs/rules.md §10): one button per option of the card, one per side of a Fish Coin; an option the engine refuses
now is shown disabled with its reason. The offers come from the engine
(:func:`companion.rules.abilities.ability_offers`); an offer that rolls dice (a Refresh, the Omen Die) asks for
the faces the table rolled, or lets the app roll.

Identifiers (``<seat>``: the angler's seat): ``ability-title-<seat>``, ``ability-<seat>-<k>`` (offer ``k``),
``ability-why-<seat>-<k>`` (why it can't be used now), ``ability-done-<seat>`` (not now / done); faces of an offer that
rolls: ``ability-die-<seat>-<n>``, ``ability-face-<seat>-<n>-<face>``, ``ability-faces-<seat>`` (apply with these
faces), ``ability-roll-<seat>`` (let the app roll).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import cast

import flet as ft

from companion.i18n import t
from companion.rules.abilities import AbilityOffer, When, ability_offers, with_faces
from companion.rules.dice import die_label
from companion.rules.state import GameState
from companion.views import theme
from companion.views.table.common import Moves
from companion.views.widgets import action_button, face_row, grow, tagged


@dataclass(frozen=True)
class Pending:
    """The Fish whose ability is offered, ``catch`` or ``eat``, and the game's version the move left: any later
    change of the game (another move, an undo) takes the offer away."""

    fish: str
    when: When
    version: int


def _heading(pending: Pending) -> str:
    if pending.when == "catch":
        return t("{fish} — when caught", fish=pending.fish)
    return t("{fish} — when eaten", fish=pending.fish)


@ft.component
def AbilityOffers(moves: Moves, seat: int, state: GameState, pending: Pending,
                  done: Callable[[], None]) -> ft.Control:
    """The buttons for ``pending``'s ability; ``done`` is called once one is applied or the angler dismisses them."""
    rolling, set_rolling = ft.use_state(cast(int | None, None))  # the offer whose faces are being entered
    faces, set_faces = ft.use_state(cast(tuple[int | None, ...], ()))
    offers = ability_offers(state, seat, pending.fish, pending.when)
    if not offers:  # the Fish's ability changes nothing the app counts
        return ft.Column([])

    def use(offer: AbilityOffer, entered: list[int] | None) -> None:
        actions = offer.actions if entered is None else with_faces(offer, entered)
        if moves.apply_all(actions):
            done()

    def tap(k: int) -> None:
        if offers[k].rolled:
            set_rolling(k)
            set_faces(())
        else:
            use(offers[k], None)

    rows: list[ft.Control] = [tagged(f"ability-title-{seat}", ft.Text(
        _heading(pending), size=theme.BODY, weight=ft.FontWeight.W_600))]
    for k, offer in enumerate(offers):
        rows.append(action_button(f"ability-{seat}-{k}", offer.label, partial(tap, k), icon=ft.Icons.BOLT,
                                  primary=k == rolling, disabled=not offer.ok))
        if not offer.ok:
            rows.append(tagged(f"ability-why-{seat}-{k}",
                               ft.Text(offer.why or "", size=theme.SMALL, color=theme.DANGER)))
    if rolling is not None and rolling < len(offers):
        rows += _faces(moves, seat, state.players[seat].name, offers[rolling], faces, set_faces, use)
    rows.append(action_button(f"ability-done-{seat}", t("Not now"), done, icon=ft.Icons.CLOSE))
    return ft.Column(rows, spacing=4)


def _faces(moves: Moves, seat: int, name: str, offer: AbilityOffer, faces: tuple[int | None, ...],
           set_faces: Callable[[tuple[int | None, ...]], None],
           use: Callable[[AbilityOffer, list[int] | None], None]) -> list[ft.Control]:
    """A face row per die the offer rolls, then apply with those faces or let the app roll."""
    entered: list[int | None] = [*faces, *([None] * len(offer.rolled))][:len(offer.rolled)]

    def pick(n: int, face: int) -> None:
        now = list(entered)
        now[n] = face
        set_faces(tuple(now))

    def send() -> None:
        chosen = [f for f in entered if f is not None]
        if len(chosen) < len(entered):
            moves.ctx.fail(t("Tap the face of each die {name} rolled first", name=name))
            return
        use(offer, chosen)

    return [
        ft.Text(t("The faces rolled"), size=theme.SMALL),
        *(face_row(f"ability-die-{seat}-{n}", f"ability-face-{seat}-{n}", kind, entered[n], partial(pick, n),
                   whose=t("{name}: die {n}, {die}", name=name, n=n + 1, die=die_label(kind)))
          for n, kind in enumerate(offer.rolled)),
        ft.Row([
            grow(action_button(f"ability-faces-{seat}", t("Apply with these faces"), send, icon=ft.Icons.CASINO,
                               primary=True)),
            grow(action_button(f"ability-roll-{seat}", t("Let the app roll"), lambda: use(offer, None))),
        ]),
    ]
