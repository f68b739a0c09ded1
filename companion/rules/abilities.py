"""A Fish's catch and eat abilities that change a number the companion tracks, offered as one-tap actions
(issue 12, item 4): "Draw 1 Regret card", "Gain $3", a Fish Coin's heads and tails as two buttons.

The effects are card data (``data/fish_abilities.json``, built from the card data D by
``scripts/build_abilities.py``); what each offer does is ordinary engine actions, checked by the engine itself.

>>> from companion.rules.scenario import start_action_phase, table
>>> s = start_action_phase(table(2))
>>> [(o.label, o.ok) for o in ability_offers(s, 0, "Ghoul Ray", "catch")]
[('Draw a Regret card', True)]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.i18n import t, tn
from companion.resources import data_path
from companion.rules.actions import (
    Action,
    AdjustFishbucks,
    DiscardRegret,
    DrawDink,
    DrawRegret,
    GainDie,
    IncrementDie,
    MoveRegrets,
    RefreshDie,
    UseCanOfWorms,
)
from companion.rules.catalog import UnknownFish, load_catalog
from companion.rules.dice import lowest_increments
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
    them back one by one), and whether the engine accepts them now (``ok``; ``why`` names the rule when it
    doesn't; ``actions`` then holds those accepted before it)."""

    model_config = ConfigDict(frozen=True)

    fish: str
    when: When
    label: str
    actions: tuple[Action, ...]
    rolled: tuple[str, ...] = ()  # the kind of each die rolled, in the order of the RefreshDie and GainDie actions
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
    try:
        name = load_catalog().fish(fish).name
    except UnknownFish:
        name = fish
    entry = _abilities().get(name.casefold(), {})
    return [[Effect.model_validate(e) for e in option] for option in entry.get(when, [])]


def _seats(state: GameState, seat: int, who: str) -> list[int]:
    order = state.turn_order()
    return [other for other in order if other != seat] if who == "others" else order if who == "everyone" else [seat]


def _word(effect: Effect) -> str:
    n = effect.n
    if effect.do == "draw_regret":
        text = tn("draw a Regret card", "draw {n} Regret cards", n)
    elif effect.do == "discard_regret" and effect.random:
        text = tn("discard a random Regret card", "discard {n} random Regret cards", n)
    elif effect.do == "discard_regret":
        text = tn("discard a Regret card", "discard {n} Regret cards", n)
    elif effect.do == "gain_money":
        text = t("gain ${n}", n=n)
    elif effect.do == "draw_dink":
        text = tn("draw a Dink", "draw {n} Dinks", n)
    elif effect.do == "increment":
        text = tn("Increment a die", "Increment {n} times", n)
    elif effect.do == "refresh":
        text = tn("Refresh a die", "Refresh {n} dice", n)
    else:
        text = {"give_regret": t("give each other angler one of your Regret cards"),
                "take_regret": t("each other angler gives you one of their Regret cards"),
                "flip_can": t("flip your Can of Worms face down"),
                "omen_die": t("take the Omen Die")}[effect.do]
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
    for target in _seats(state, seat, effect.who):
        held = state.players[target].regret_cards
        if effect.do == "draw_regret":
            out.append(DrawRegret(player=target, count=effect.n))
        elif effect.do == "discard_regret" and held:
            out.append(DiscardRegret(player=target, count=min(effect.n, held)))
        elif effect.do == "gain_money":
            out.append(AdjustFishbucks(player=target, amount=effect.n))
        elif effect.do == "draw_dink":
            out.append(DrawDink(player=target, count=effect.n))
        elif effect.do == "flip_can" and state.players[target].can_of_worms:
            out.append(UseCanOfWorms(player=target))
        elif effect.do == "omen_die" and state.omen_holder is None:
            out.append(GainDie(player=target, kind="omen"))
        elif effect.do == "take_regret" and held:
            out.append(MoveRegrets(player=target, to=seat, count=1))
    return out


def _increment(state: GameState, seat: int, n: int) -> list[Action]:
    """Increment ``n`` times, each time the lowest Fresh die that can still go up (A p.28); the screen may let
    the angler pick other dice (:class:`IncrementDie` ``dice``)."""
    picks = lowest_increments(state.players[seat].fresh, n)
    return [IncrementDie(player=seat, dice=picks)] if picks else []


def _refresh(state: GameState, seat: int) -> RefreshDie | None:
    """One Refresh (A p.28): a Spent die while the Fresh pool has room, else the lowest Fresh die rolled again."""
    p = state.players[seat]
    if p.spent and len(p.fresh) < state.max_dice(seat):
        return RefreshDie(player=seat, pool="spent", die=0)
    if p.fresh:
        return RefreshDie(player=seat, pool="fresh", die=min(range(len(p.fresh)), key=lambda i: p.fresh[i].face or 0))
    return None


def _play(state: GameState, seat: int, effects: list[Effect]) -> tuple[list[Action], list[str], str | None]:
    """The actions for ``effects`` in order, each built on the state the previous ones leave, the kinds of the
    dice rolled (whose faces the table enters), and the engine's refusal if one is refused."""
    actions: list[Action] = []
    rolled: list[str] = []
    try:
        for effect in effects:
            if effect.do == "refresh":
                for _ in range(effect.n):
                    refresh = _refresh(state, seat)
                    if refresh is None:
                        break
                    pool = state.players[seat].spent if refresh.pool == "spent" else state.players[seat].fresh
                    rolled.append(pool[refresh.die].kind)
                    state = apply(state, refresh)
                    actions.append(refresh)
                continue
            todo = _increment(state, seat, effect.n) if effect.do == "increment" else _actions(state, seat, effect)
            for action in todo:
                if isinstance(action, GainDie):  # the Omen Die is rolled as it is taken (A p.27)
                    rolled.append(action.kind)
                state = apply(state, action)
                actions.append(action)
    except RuleViolation as e:
        return actions, rolled, str(e)
    return actions, rolled, None


def ability_offers(state: GameState, seat: int, fish: str, when: When) -> list[AbilityOffer]:
    """The one-tap buttons for angler ``seat``'s ``when`` ability of the Fish called ``fish`` (just caught, or
    being eaten): one per option of the card, and for a Fish Coin one per side. A Refresh rolls with the app's
    dice unless the screen enters the faces the table rolled: ``rolled`` lists the kind of each die (the Omen Die
    too, A p.27), and :func:`with_faces` puts the faces into the :class:`RefreshDie` and :class:`GainDie` actions.

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
            actions, rolled, why = _play(state, seat, chosen)
            # A Fish Coin side may change nothing the app counts (Blanket Octopus): the button says so.
            words = ", ".join(_word(e) for e in chosen) or t("nothing the app counts")
            if side == "heads":
                label = t("Heads: {effect}", effect=words)
            elif side == "tails":
                label = t("Tails: {effect}", effect=words)
            else:
                label = words[:1].upper() + words[1:]
            offers.append(AbilityOffer(fish=fish, when=when, label=label, actions=tuple(actions), coin=side,
                                       rolled=tuple(rolled), ok=why is None, why=why))
    return offers


def with_faces(offer: AbilityOffer, faces: Sequence[int]) -> tuple[Action, ...]:
    """``offer``'s actions with the faces the table rolled, one per die of ``offer.rolled`` in order; the engine
    checks each against its die when applied (docs/rules.md §1).

    >>> from companion.rules.scenario import start_action_phase, table
    >>> amulet = ability_offers(start_action_phase(table(2)), 0, "Amulet of Agarta", "catch")[0]
    >>> amulet.rolled, [getattr(a, "face", None) for a in with_faces(amulet, [4])][-1]
    (('omen',), 4)
    """
    if len(faces) != len(offer.rolled):
        raise ValueError(f"{len(offer.rolled)} faces expected, {len(faces)} given")
    entered = iter(faces)
    return tuple(a.model_copy(update={"face": next(entered)}) if isinstance(a, RefreshDie | GainDie) else a
                 for a in offer.actions)
