"""Building blocks the moves share: checks that raise :class:`RuleViolation`, and copy-on-write state updates."""

from __future__ import annotations

from typing import NoReturn, TypeVar

from pydantic import BaseModel

from companion.i18n import t
from companion.rules.dice import KIND_WORDS, Die, die, face_allowed, roll, roller
from companion.rules.errors import RuleViolation
from companion.rules.fish import FishRef
from companion.rules.state import GameState, PlayerState

M = TypeVar("M", bound=BaseModel)


def fail(rule: str, message: str) -> NoReturn:
    """Refuse the action: raise :class:`RuleViolation` naming ``rule``."""
    raise RuleViolation(rule, message)


def replace(model: M, **changes: object) -> M:
    """A copy of a frozen model with some fields changed: ``model_copy(update=...)`` without its generic copying.

    Replaying a log makes a few of these per action, so this is the engine's hot path (``bench/replay.py``).
    The caller passes valid values; nothing is re-validated, exactly as with ``model_copy``.
    """
    cls = type(model)
    new = cls.__new__(cls)
    values = model.__dict__.copy()
    values.update(changes)
    object.__setattr__(new, "__dict__", values)
    object.__setattr__(new, "__pydantic_fields_set__", model.__pydantic_fields_set__ | changes.keys())
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


def source(state: GameState, rule: str) -> str:
    """The short source of a ruleset rule, for a violation: ``"A p.17"`` from ``"A p.17 (choose one …)"``."""
    return state.ruleset.sources[rule].split(" (")[0]


def player(state: GameState, index: int) -> PlayerState:
    """The player at ``index``, or a violation if the table has no such player."""
    if not 0 <= index < len(state.players):
        fail("RULES.md §1", t("There is no player {n} at this table", n=index + 1))
    return state.players[index]


def with_player(state: GameState, index: int, **changes: object) -> GameState:
    """A copy of ``state`` with player ``index`` changed."""
    players = list(state.players)
    players[index] = replace(players[index], **changes)
    return replace(state, players=players)


def require_location(p: PlayerState, location: str) -> None:
    """Sea actions need the boat at Sea (A p.10), Port actions at Port (A p.16)."""
    if p.location != location:
        if location == "sea":
            fail("A p.10", t("{name} is at Port: that is a Sea action", name=p.name))
        fail("A p.16", t("{name} is at Sea: that is a Port action", name=p.name))


def capped(state: GameState, fishbucks: int) -> int:
    """Fishbucks after the money cap (RULES.md §5): the excess is lost."""
    cap = state.ruleset.money_cap
    return min(fishbucks, cap) if cap is not None else fishbucks


def pick_fresh(p: PlayerState, indexes: list[int], rule: str) -> tuple[list[Die], list[Die]]:
    """Split the Fresh pool into (chosen dice, the rest); indexes must be distinct and exist."""
    if len(set(indexes)) != len(indexes) or any(not 0 <= i < len(p.fresh) for i in indexes):
        fail(rule, t("Choose distinct dice from {name}'s Fresh pool", name=p.name))
    chosen = set(indexes)
    return [p.fresh[i] for i in indexes], [d for i, d in enumerate(p.fresh) if i not in chosen]


def spend(p: PlayerState, dice: list[Die]) -> list[Die]:
    """The Spent pool after spending ``dice``: player dice go to Spent, tackle dice back to the bag (A p.10)."""
    return p.spent + [die(d.kind) for d in dice if not d.is_tackle]


def faces_for(kinds: list[str], faces: list[int] | None, seed: int, step: int, rule: str) -> list[int]:
    """The faces entered for dice of ``kinds``, checked against the printed faces, or rolled by the seeded roller
    for (``seed``, ``step``) when not entered."""
    if faces is None:
        return roll(kinds, roller(seed, step))
    if len(faces) != len(kinds):
        fail(rule, t("Enter one face for each of the {n} dice rolled", n=len(kinds)))
    for kind, face in zip(kinds, faces, strict=True):
        if not face_allowed(kind, face):
            fail("RULES.md §1", t("A {kind} die has no face {face}", kind=t(KIND_WORDS[kind]), face=face))
    return faces


def acquire_dice(state: GameState, index: int, dice: list[Die]) -> GameState:
    """Add rolled dice: Fresh up to Max dice, highest first, the excess Spent (A p.20)."""
    p = state.players[index]
    room = max(0, state.max_dice(index) - len(p.fresh))
    ranked = sorted(dice, key=lambda d: d.face or 0, reverse=True)
    return with_player(state, index, fresh=p.fresh + ranked[:room],
                       spent=p.spent + [die(d.kind) for d in ranked[room:]])


def remove_from_hand(p: PlayerState, fish: FishRef | None, rule: str) -> dict[str, object]:
    """The hand after taking out ``fish``: an entered card if one matches, else one the player didn't enter."""
    if fish is not None and fish in p.hand:
        hand = list(p.hand)
        hand.remove(fish)
        return {"hand": hand}
    if p.hand_hidden > 0:
        return {"hand_hidden": p.hand_hidden - 1}
    fail(rule, t("{name} has no such Fish in hand", name=p.name))


def draw_regrets(state: GameState, index: int, count: int, from_player: int | None) -> GameState:
    """Draw Regrets from the piles; when both are empty, take from ``from_player`` (A p.18)."""
    from_piles = min(count, state.regrets_in_piles)
    taken = count - from_piles
    if taken:
        if from_player is None:
            fail("A p.18", t("Both Regret piles are empty: choose a player to take a Regret from"))
        victim = player(state, from_player)
        if from_player == index or victim.regret_cards < taken:
            fail("A p.18", t("{name} has no Regret to take", name=victim.name))
        state = with_player(state, from_player, regret_cards=victim.regret_cards - taken)
    return with_player(state, index, regret_cards=state.players[index].regret_cards + count)

