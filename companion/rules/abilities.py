"""A Fish's catch and eat abilities that change a number the companion tracks, offered as one-tap actions
(issue 12, item 4): "Draw 1 Regret card", "Gain $3", a Fish Coin's heads and tails as two buttons.

The effects are card data (``data/fish_abilities.json``, built from the card data D by
``scripts/build_abilities.py``); what each offer does is ordinary engine actions, checked by the engine itself.
Abilities the engine has no move for (Increment, Refresh one die) come as reminders in ``by_hand``.

>>> from companion.rules.scenario import start_action_phase, table
>>> s = start_action_phase(table(2))
>>> [(o.label, o.ok) for o in ability_offers(s, 0, "Ghoul Ray", "catch")]
[('Draw a Regret card', True)]
"""

from __future__ import annotations

import json
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.i18n import t
from companion.resources import data_path
from companion.rules.actions import (
    Action,
    AdjustFishbucks,
    DiscardRegret,
    DrawDink,
    DrawRegret,
    GainDie,
    MoveRegrets,
    UseCanOfWorms,
)
from companion.rules.engine import apply
from companion.rules.errors import RuleViolation
from companion.rules.state import GameState

When = Literal["catch", "eat"]
Coin = Literal["heads", "tails"]
CARD_SOURCE = "D"  # the printed cards (docs/rules.md sources table)


class Effect(BaseModel):
    """One tracked effect of an ability: ``do`` ``n`` times, for ``who``, on a Fish Coin side or always."""

    model_config = ConfigDict(frozen=True)

    do: Literal["draw_regret", "discard_regret", "gain_money", "draw_dink", "increment", "refresh", "give_regret",
                "take_regret", "flip_can", "omen_die"]
    n: int = 1
    who: Literal["self", "others", "everyone"] = "self"
    coin: Coin | None = None
    random: bool = False


class AbilityOffer(BaseModel):
    """One button: ``label`` to show, ``actions`` to apply in order (each through the session, so undo takes
    them back one by one), ``by_hand`` reminders of what the app doesn't track, and whether the engine accepts
    the actions now (``ok``; ``why`` names the rule when it doesn't)."""

    model_config = ConfigDict(frozen=True)

    fish: str
    when: When
    label: str
    actions: tuple[Action, ...]
    by_hand: tuple[str, ...] = ()
    coin: Coin | None = None
    ok: bool = True
    why: str | None = None
    source: str = CARD_SOURCE


@cache
def _abilities() -> dict[str, dict[str, list[list[dict[str, object]]]]]:
    raw = json.loads(data_path("fish_abilities.json").read_text(encoding="utf-8"))
    return {name.casefold(): entry for name, entry in raw["fish"].items()}


def ability_effects(fish: str, when: When) -> list[list[Effect]]:
    """The options of a Fish's ``when`` ability (a card's "OR" gives several), each a list of tracked effects;
    ``[]`` for a Fish whose ability changes nothing the app counts, or a name no card has.

    >>> [[e.do for e in option] for option in ability_effects("Sockeye Salmon", "eat")]
    [['increment'], ['discard_regret']]
    """
    from companion.catalog import UnknownFish, load_catalog  # the catalog imports the rules package

    try:
        name = load_catalog().fish(fish).name
    except UnknownFish:
        name = fish
    entry = _abilities().get(name.casefold(), {})
    return [[Effect.model_validate(e) for e in option] for option in entry.get(when, [])]


def _seats(state: GameState, seat: int, who: str) -> list[int]:
    order = state.turn_order()
    return [i for i in order if i != seat] if who == "others" else order if who == "everyone" else [seat]


def _word(effect: Effect) -> str:
    n = effect.n
    words = {
        "draw_regret": (t("draw a Regret card"), t("draw {n} Regret cards", n=n)),
        "discard_regret": ((t("discard a random Regret card"), t("discard {n} random Regret cards", n=n))
                           if effect.random else (t("discard a Regret card"), t("discard {n} Regret cards", n=n))),
        "gain_money": (t("gain ${n}", n=n), t("gain ${n}", n=n)),
        "draw_dink": (t("draw a Dink"), t("draw {n} Dinks", n=n)),
        "increment": (t("Increment a die"), t("Increment {n} times", n=n)),
        "refresh": (t("Refresh a die"), t("Refresh {n} dice", n=n)),
        "give_regret": (t("give each other angler one of your Regret cards"),) * 2,
        "take_regret": (t("each other angler gives you one of their Regret cards"),) * 2,
        "flip_can": (t("flip your Can of Worms face down"),) * 2,
        "omen_die": (t("take the Omen Die"),) * 2,
    }[effect.do]
    text = words[0] if n == 1 else words[1]
    if effect.who == "others" and effect.do not in ("give_regret", "take_regret"):
        return t("every other angler: {effect}", effect=text)
    if effect.who == "everyone":
        return t("everyone: {effect}", effect=text)
    return text


def _actions(state: GameState, seat: int, effect: Effect) -> list[Action]:
    """The engine actions for one effect; Regrets discarded only as far as each angler holds them."""
    if effect.do == "give_regret":
        # One card to each other angler in turn order, as far as the giver's cards go (A p.27: with fewer cards
        # than anglers the giver chooses; the screen may change who).
        order = [j for j in state.turn_order() if j != seat][:state.players[seat].regret_cards]
        return [MoveRegrets(player=seat, to=j, count=1) for j in order]
    out: list[Action] = []
    for i in _seats(state, seat, effect.who):
        held = state.players[i].regret_cards
        if effect.do == "draw_regret":
            out.append(DrawRegret(player=i, count=effect.n))
        elif effect.do == "discard_regret" and held:
            out.append(DiscardRegret(player=i, count=min(effect.n, held)))
        elif effect.do == "gain_money":
            out.append(AdjustFishbucks(player=i, amount=effect.n))
        elif effect.do == "draw_dink":
            out.append(DrawDink(player=i, count=effect.n))
        elif effect.do == "flip_can" and state.players[i].can_of_worms:
            out.append(UseCanOfWorms(player=i))
        elif effect.do == "omen_die" and state.omen_holder is None:
            out.append(GainDie(player=i, kind="omen"))
        elif effect.do == "take_regret" and held:
            out.append(MoveRegrets(player=i, to=seat, count=1))
    return out


def _check(state: GameState, actions: list[Action]) -> str | None:
    """``None`` if the engine accepts ``actions`` one after the other now, else the refusal with its rule."""
    try:
        for action in actions:
            state = apply(state, action)
    except RuleViolation as e:
        return str(e)
    return None


def ability_offers(state: GameState, seat: int, fish: str, when: When) -> list[AbilityOffer]:
    """The one-tap buttons for angler ``seat``'s ``when`` ability of the Fish called ``fish`` (just caught, or
    being eaten): one per option of the card, and for a Fish Coin one per side. Effects with no engine move
    (Increment, Refresh one die) are listed in ``by_hand``; an offer with nothing left to apply is still shown
    so the table sees the reminder.

    >>> from companion.rules.scenario import start_action_phase, table
    >>> s = start_action_phase(table(2))
    >>> [(o.coin, o.label) for o in ability_offers(s, 0, "Selkie", "catch")]
    [('heads', 'Heads: gain $3'), ('tails', 'Tails: every other angler: gain $1')]
    """
    offers = []
    for option in ability_effects(fish, when):
        sides: list[Coin | None] = ["heads", "tails"] if any(e.coin for e in option) else [None]
        for side in sides:
            chosen = [e for e in option if e.coin in (None, side)]
            tracked = [e for e in chosen if e.do not in ("increment", "refresh")]
            actions = [a for e in tracked for a in _actions(state, seat, e)]
            words = ", ".join(_word(e) for e in chosen)
            if side == "heads":
                label = t("Heads: {effect}", effect=words)
            elif side == "tails":
                label = t("Tails: {effect}", effect=words)
            else:
                label = words[:1].upper() + words[1:]
            why = _check(state, actions)
            offers.append(AbilityOffer(fish=fish, when=when, label=label, actions=tuple(actions), coin=side,
                                       by_hand=tuple(_word(e) for e in chosen if e not in tracked),
                                       ok=why is None, why=why))
    return offers
