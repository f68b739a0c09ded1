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
from dataclasses import dataclass, field
from functools import partial

import flet as ft

from companion.i18n import t
from companion.rules import actions as act
from companion.rules.catalog import CatalogFish
from companion.rules.errors import RuleViolation
from companion.rules.queries import catch_aids, catch_difficulty
from companion.rules.state import GameState
from companion.views import theme
from companion.views.widgets import TypedField, action_button, stepper, tagged
from companion.views.widgets.toggles import toggle

ADJUST_WIDTH = 180  # px for the change by hand and its caption: 360 px phone less − and +, the card's padding


@dataclass
class CatchChoice:
    """The cards used on the catch and the change made by hand, before the Fish action is sent."""

    dinks: list[str] = field(default_factory=list)
    supplies: list[str] = field(default_factory=list)
    life_preserver: bool = False
    adjustment: int = 0
    why: str = ""


def fish_action(i: int, fish: CatalogFish, secret: bool, dice: list[int], choice: CatchChoice, *,
                overfished: bool = False, swap_for: act.SwapFor | None = None) -> act.Fish:
    """The Fish action for catching ``fish`` with ``dice`` and what ``choice`` names."""
    return act.Fish(player=i, fish=None if secret else fish.ref(), depth=fish.depth, difficulty=fish.difficulty,
                    exact_dice=fish.exact_dice, dice=list(dice), dinks=list(choice.dinks),
                    supplies=list(choice.supplies), life_preserver=choice.life_preserver,
                    adjustment=choice.adjustment, adjustment_label=choice.why.strip() or None,
                    overfished=overfished, swap_for=swap_for)


def catch_options(state: GameState, i: int, choice: CatchChoice, redraw: Callable[[], None], *,
                  typed: Callable[[], None] | None = None) -> list[ft.Control]:
    """The switches and buttons for what the engine says the angler may use (:func:`catch_aids`), and the stepper
    for a change by hand; ``typed`` hears each keystroke of its reason (which doesn't redraw)."""
    aids = catch_aids(state, i)
    controls: list[ft.Control] = []

    def flip(chosen: list[str], name: str) -> None:
        if name in chosen:
            chosen.remove(name)
        else:
            chosen.append(name)
        redraw()

    def flip_preserver() -> None:
        choice.life_preserver = not choice.life_preserver
        redraw()

    if aids.life_preserver:
        controls.append(toggle("catch-life-preserver", t("Use the Life Preserver"), choice.life_preserver,
                               lambda _on: flip_preserver()))
    # ``catch-supply-<k>``: k counts the owned cards, so the same card owned twice has two switches.
    owned = [(k, name) for k, name in enumerate(state.players[i].items) if name in aids.supplies]
    controls += [toggle(f"catch-supply-{k}", t("Use {item}", item=name), name in choice.supplies,
                        lambda _on, n=name: flip(choice.supplies, n))
                 for k, name in owned]
    if aids.dinks:
        full = len(choice.dinks) >= aids.dinks_held
        controls += [ft.Text(t("Dinks used ({used} of {n})", used=len(choice.dinks), n=aids.dinks_held),
                             size=theme.SMALL),
                     ft.Row([action_button(f"catch-dink-{k}", name, partial(flip, choice.dinks, name),
                                           primary=name in choice.dinks, disabled=full and name not in choice.dinks)
                             for k, name in enumerate(aids.dinks)], wrap=True)]

    def adjust(by: int) -> None:
        choice.adjustment += by
        redraw()

    def on_why(event: ft.Event[ft.TextField]) -> None:
        choice.why = event.control.value or ""
        if typed is not None:
            typed()

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
                                              on_blur=lambda _e: redraw())),
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
