"""What the angler uses on a catch and the Difficulty that results, line by line (docs/rules.md §10): switches for the
Life Preserver and the Supplies they hold, a button per Difficulty Dink while they hold Dinks, and a change made by
hand, labelled as such, for an effect the companion doesn't model. The Difficulty comes from the engine
(:func:`companion.rules.queries.catch_difficulty`); the screen computes none.

Identifiers: ``catch-life-preserver``, ``catch-supply-<k>`` (the k-th owned card), ``catch-dink-<k>`` (the k-th
Difficulty Dink of the catalog), ``catch-adjust-minus``, ``catch-adjust``, ``catch-adjust-plus``,
``catch-adjust-why``, ``catch-difficulty`` (the summary) and ``catch-line-<k>``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Literal

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.rules.catalog import CatalogFish
from companion.rules.errors import RuleViolation
from companion.rules.queries import catch_aids, catch_difficulty
from companion.rules.state import GameState
from companion.session import Outcome
from companion.session.catches import CatchDraft
from companion.session.door import DraftDoor
from companion.views import theme
from companion.views.changes import Changes
from companion.views.context import AppContext
from companion.views.widgets import TypedField, action_button, stepper, tagged
from companion.views.widgets.toggles import toggle

ADJUST_WIDTH = 180  # px for the change by hand and its caption: 360 px phone less − and +, the card's padding


class Catching(Changes[CatchDraft]):
    """One render of the catch being made (:mod:`companion.session.catches`): ``catch`` is the draft as drawn, and
    each tap changes the draft session itself, kept before any screen shows it (a reload, a phone that slept or a
    host restart finds it). A tap is made on the catch as it is when it comes (a toggle flips what is there then),
    so a second phone on the seat loses none of it."""

    session: DraftDoor[CatchDraft]

    def __init__(self, ctx: AppContext, session: DraftDoor[CatchDraft], shown: int, catch: CatchDraft,
                 fresh: int) -> None:
        super().__init__(ctx, session, shown)
        self.session = session
        self.catch = catch
        self.fresh = fresh  # the angler's Fresh dice: a die beyond them is no longer selected

    def edit(self, change: Callable[[CatchDraft], CatchDraft]) -> bool:
        """Keep ``change`` of the catch; a field out of bounds is refused by name and the catch stays as it was."""
        day, fresh = self.catch.day, self.fresh
        return self.answer(self.session.change(lambda kept: change(kept.on_day(day, fresh)),
                                               seen=self.session.version))

    def set(self, **fields: Any) -> bool:
        """Keep the catch with ``fields`` set."""
        return self.edit(lambda catch: catch.model_copy(update=fields))

    def answer(self, outcome: Outcome[CatchDraft], choose: Callable[[str, int], object] | None = None,
               label: Callable[[int], str] = str) -> bool:
        """As :meth:`Changes.answer`, but a change kept leaves the bar as it is: what the table must do by hand
        after the last move stays while the next catch is chosen."""
        if not outcome.ok:
            return super().answer(outcome, choose, label)
        self.shown = outcome.current.version
        return True


def fish_action(seat: int, fish: CatalogFish, catch: CatchDraft, *, swap_for: act.SwapFor | None = None) -> act.Fish:
    """The Fish action for catching ``fish`` as ``catch`` has it (its dice, what is used on it)."""
    return act.Fish(player=seat, fish=None if catch.secret else fish.ref(), depth=fish.depth,
                    difficulty=fish.difficulty, exact_dice=fish.exact_dice, dice=list(catch.dice),
                    dinks=list(catch.dinks), supplies=list(catch.supplies), life_preserver=catch.life_preserver,
                    adjustment=catch.adjustment, adjustment_label=catch.why.strip() or None,
                    overfished=catch.overfished, swap_for=swap_for)


def catch_options(state: GameState, seat: int, catching: Catching, *,
                  typing: Callable[[bool], None] | None = None) -> list[ft.Control]:
    """The switches and buttons for what the engine says the angler may use (:func:`catch_aids`), and the stepper
    for a change by hand; ``typing`` hears when its reason is being typed in (``True``: each keystroke is kept but
    the screen is not drawn again under the thumb) and when the field is left (``False``)."""
    aids = catch_aids(state, seat)
    controls: list[ft.Control] = []
    choice = catching.catch

    def flip(field: Literal["dinks", "supplies"], name: str) -> None:
        catching.edit(lambda c: c.toggled(field, name))

    def flip_preserver() -> None:
        catching.edit(lambda c: c.model_copy(update={"life_preserver": not c.life_preserver}))

    if aids.life_preserver:
        controls.append(toggle("catch-life-preserver", t("Use the Life Preserver"), choice.life_preserver,
                               lambda _on: flip_preserver()))
    # ``catch-supply-<k>``: k counts the owned cards, so the same card owned twice has two switches.
    owned = [(k, name) for k, name in enumerate(state.players[seat].items) if name in aids.supplies]
    controls += [toggle(f"catch-supply-{k}", t("Use {item}", item=name), name in choice.supplies,
                        lambda _on, n=name: flip("supplies", n))
                 for k, name in owned]
    if aids.dinks:
        full = len(choice.dinks) >= aids.dinks_held
        controls += [ft.Text(t("Dinks used ({used} of {n})", used=len(choice.dinks), n=aids.dinks_held),
                             size=theme.SMALL),
                     ft.Row([action_button(f"catch-dink-{k}", name, partial(flip, "dinks", name),
                                           primary=name in choice.dinks, disabled=full and name not in choice.dinks)
                             for k, name in enumerate(aids.dinks)], wrap=True)]

    def adjust(by: int) -> None:
        catching.edit(lambda c: c.model_copy(update={"adjustment": c.adjustment + by}))

    def on_why(event: ft.Event[ft.TextField]) -> None:
        if typing is not None:
            typing(True)
        catching.set(why=event.control.value or "")

    def left_why(event: ft.Event[ft.TextField]) -> None:
        if typing is not None:
            typing(False)
        catching.set(why=event.control.value or "")

    shown = f"{choice.adjustment:+d}" if choice.adjustment else "0"
    limit = aids.adjustment_max
    # The caption gets the row's width beside − and + (beside the reason field it wrapped a word, or in Chinese
    # two characters, to a line: four lines), and the reason its own line under it.
    controls += [
        stepper("catch-adjust", "", shown, partial(adjust, -1) if choice.adjustment > -limit else None,
                partial(adjust, 1) if choice.adjustment < limit else None, label=t("Difficulty adjusted by hand"),
                width=ADJUST_WIDTH),
        # Kept as typed, drawn again once left (the summary names it): a redraw under the thumb loses keystrokes.
        tagged("catch-adjust-why", TypedField(label=t("Why (optional)"), value=choice.why, on_change=on_why,
                                              on_blur=left_why)),
    ]
    return controls


def difficulty_lines(state: GameState, action: act.Fish) -> list[ft.Control]:
    """The engine's Difficulty for ``action``, one line per effect, or why it can't be worked out."""
    try:
        found = catch_difficulty(state, action)
    except RuleViolation as e:
        return [tagged("catch-difficulty", ft.Text(str(e), size=theme.BODY, color=theme.DANGER))]
    return [tagged("catch-difficulty", ft.Text(found.summary, size=theme.BODY, weight=ft.FontWeight.W_600)),
            *(tagged(f"catch-line-{k}", ft.Text(line.text, size=theme.SMALL)) for k, line in enumerate(found.lines))]
