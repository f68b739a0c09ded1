"""Building blocks the moves share: checks that raise :class:`RuleViolation`, and copy-on-write state updates."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, NoReturn, TypeVar

from pydantic import BaseModel

from companion.i18n import t
from companion.rules.cards import THE_PLUG, check_fish, known_name
from companion.rules.constants import SHOALS
from companion.rules.dice import NO_FACE, Die, DieKind, die, face_allowed, roll, roller
from companion.rules.errors import ChoiceNeeded, RuleViolation
from companion.rules.fish import FishRef
from companion.rules.state import GameState, PlayerState

if TYPE_CHECKING:
    from companion.rules.catalog import CatalogFish

M = TypeVar("M", bound=BaseModel)


def fail(rule: str, message: str) -> NoReturn:
    """Refuse the action: raise :class:`RuleViolation` naming ``rule``."""
    raise RuleViolation(rule, message)


def replace(model: M, **changes: object) -> M:
    """A copy of a frozen model with some fields changed: ``model_copy(update=...)`` without its generic copying.

    Replaying a log makes a few of these per action, so this is the engine's hot path (``bench/replay.py``).
    The caller passes valid values; nothing is re-validated, exactly as with ``model_copy``.
    """
    values = model.__dict__.copy()
    values.update(changes)
    return build(type(model), values)


def build(cls: type[M], values: dict[str, object]) -> M:
    """A model of ``cls`` from ``values`` naming every field, without validation: ``model_construct`` without its
    per-field default handling, for results the engine makes on every action from values it has checked.

    >>> from companion.rules.pricing import Discount
    >>> build(Discount, {"label": "Dink", "amount": 1}) == Discount(label="Dink", amount=1)
    True
    """
    new = cls.__new__(cls)
    _set_dict(new, values)
    # Every field counts as set (so dumps with exclude_unset keep them): one shared set per class, never mutated.
    _set_fields_set(new, _all_fields(cls))
    _set_extra(new, None)
    _set_private(new, None)
    return new


# BaseModel's slot setters, called directly: object.__setattr__ would look each one up again (bench/replay.py).
_set_dict, _set_fields_set, _set_extra, _set_private = (
    BaseModel.__dict__[slot].__set__
    for slot in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"))


@cache
def _all_fields(cls: type[BaseModel]) -> set[str]:
    return set(cls.model_fields)


def source(state: GameState, rule: str) -> str:
    """The short source of a ruleset rule, for a violation: ``"A p.17"`` from ``"A p.17 (choose one …)"``."""
    return state.ruleset.sources[rule].split(" (")[0]


def player(state: GameState, seat: int) -> PlayerState:
    """The player at ``seat``, or a violation if the table has no such player."""
    if not 0 <= seat < len(state.players):
        fail("docs/rules.md §1", t("There is no player {n} at this table", n=seat + 1))
    return state.players[seat]


def with_player(state: GameState, seat: int, **changes: object) -> GameState:
    """A copy of ``state`` with player ``seat`` changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=players)


def require_location(p: PlayerState, location: str) -> None:
    """Sea actions need the boat at Sea (A p.10), Port actions at Port (A p.16)."""
    if p.location != location:
        if location == "sea":
            fail("A p.10", t("{name} is at Port: that is a Sea action", name=p.name))
        fail("A p.16", t("{name} is at Sea: that is a Port action", name=p.name))


def capped(state: GameState, fishbucks: int) -> int:
    """Fishbucks after the money cap (docs/rules.md §5): the excess is lost."""
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


def faces_for(kinds: Sequence[DieKind], faces: list[int] | None, seed: int, step: int, rule: str) -> list[int]:
    """The faces entered for dice of ``kinds``, checked against the printed faces, or rolled by the seeded roller
    for (``seed``, ``step``) when not entered."""
    if faces is None:
        return roll(kinds, roller(seed, step))
    if len(faces) != len(kinds):
        fail(rule, t("Enter one face for each of the {n} dice rolled", n=len(kinds)))
    for kind, face in zip(kinds, faces, strict=True):
        if not face_allowed(kind, face):
            fail("docs/rules.md §1", t(NO_FACE[kind], face=face))
    return faces


def acquire_dice(state: GameState, seat: int, dice: list[Die]) -> GameState:
    """Add rolled dice: Fresh up to Max dice, highest first, the excess Spent (A p.20)."""
    p = state.players[seat]
    room = max(0, state.max_dice(seat) - len(p.fresh))
    ranked = sorted(dice, key=lambda d: d.face or 0, reverse=True)
    return with_player(state, seat, fresh=p.fresh + ranked[:room],
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


def unequipped(p: PlayerState, items: list[str]) -> dict[str, object]:
    """The Rod and Reel after the player's items became ``items``: one no longer owned is unequipped."""
    return {"rod": p.rod if p.rod in items else None, "reel": p.reel if p.reel in items else None}


class RegretTakes:
    """Whom the Regret cards one action takes from other anglers come from, when both piles are empty (A p.18:
    "choose another player and take a random Regret from them", a choice for each card).

    ``chosen`` is the action's ``regret_from``: a list names one angler per card, in the order the action takes
    them (across all its draws); a single seat names one angler for every card (logs written before issue 37, which
    replay as they were played); ``None`` names nobody yet. Made afresh for each action: it counts the cards taken.
    """

    def __init__(self, chosen: int | Sequence[int] | None) -> None:
        self.chosen = chosen
        self.used = 0

    def next(self) -> int | None:
        """The angler named for the next card, or ``None`` when none is named yet."""
        if self.chosen is None or isinstance(self.chosen, int):
            return self.chosen
        return self.chosen[self.used] if self.used < len(self.chosen) else None


def draw_regrets(state: GameState, seat: int, count: int, takes: RegretTakes) -> GameState:
    """Draw Regrets from the piles; when both are empty, take each card from the angler ``takes`` names for it,
    or ask whom (:class:`ChoiceNeeded`, A p.18). A draw no card is left for doesn't happen: the player already holds
    every Regret card the others don't (A p.18, docs/rules.md §9)."""
    from_piles = min(count, state.regrets_in_piles)
    taken = min(count - from_piles, sum(q.regret_cards for other, q in enumerate(state.players) if other != seat))
    for k in range(taken):
        state = _take_one(state, seat, takes, k, taken)
    return with_player(state, seat, regret_cards=state.players[seat].regret_cards + from_piles)


def _take_one(state: GameState, seat: int, takes: RegretTakes, k: int, taken: int) -> GameState:
    """Card ``k`` of the ``taken`` this draw takes from other anglers (A p.18)."""
    source = takes.next()
    if source is None:
        holders = tuple(other for other, q in enumerate(state.players) if other != seat and q.regret_cards)
        question = (t("Both Regret piles are empty: take the Regret from whom?") if taken == 1 else
                    t("Both Regret piles are empty: take Regret card {k} of {n} from whom?", k=k + 1, n=taken))
        raise ChoiceNeeded("A p.18", question, "regret_from", holders)
    victim = player(state, source)
    if source == seat:
        fail("A p.18", t("{name} can't take a Regret from themselves: choose another angler", name=victim.name))
    if not victim.regret_cards:
        fail("A p.18", t("{name} has no Regret to take", name=victim.name))
    takes.used += 1
    state = with_player(state, source, regret_cards=victim.regret_cards - 1)
    return with_player(state, seat, regret_cards=state.players[seat].regret_cards + 1)


def shoal_emptied(state: GameState) -> GameState:
    """One more Shoal is empty; the move that empties the last one ends the game (A p.27: "If all Shoals are ever
    depleted, the game ends immediately"; docs/rules.md §3)."""
    state = replace(state, shoals_emptied=min(SHOALS, state.shoals_emptied + 1))
    if state.shoals_emptied < SHOALS:
        return state
    return replace(state, phase="ended", turn=None, last_turns_left=None)


def draw_dinks(state: GameState, seat: int, count: int) -> GameState:
    """Draw up to ``count`` Dinks: no more than the deck holds (docs/rules.md §1); with every Dink held, none."""
    p = state.players[seat]
    return with_player(state, seat, dinks=p.dinks + min(count, state.dinks_in_deck))


def move_regrets(state: GameState, giver: int, receiver: int, count: int) -> GameState:
    """Move ``count`` Regret cards from one angler to another in one step (docs/rules.md §10)."""
    a, b = player(state, giver), player(state, receiver)
    if giver == receiver:
        fail("docs/rules.md §10", t("Regrets move from one angler to another"))
    if a.regret_cards < count:
        fail("A p.18", t("{name} has only {n} Regret cards", name=a.name, n=a.regret_cards))
    state = with_player(state, giver, regret_cards=a.regret_cards - count)
    return with_player(state, receiver, regret_cards=b.regret_cards + count)


def where_is(state: GameState, name: str) -> str | None:
    """Where the Fish card called ``name`` is now, in words, or ``None`` if it is still in the Sea.

    Every Fish card exists once (docs/rules.md §10): it is held, displayed, mounted (a slot or the Cloche), or in the
    Graveyard (eaten, sold, discarded). A held card is not said to be whose: a hand is its angler's secret.
    """
    key = known_name(name)
    if key is None:
        return None
    for p in state.players:
        if any(known_name(f.name) == key for f in p.hand):  # whose hand stays hidden (issue 25)
            return t("in an angler's hand")
        if any(known_name(f.name) == key for f in p.displayed):
            return t("displayed by {name}", name=p.name)
        if any(f is not None and known_name(f.name) == key for f in (*p.mounted, p.cloche)):
            return t("mounted by {name}", name=p.name)
    if key in state.graveyard:
        return t("in the Graveyard")
    if key == THE_PLUG and state.plug_out:
        return t("on the table")
    return None


def not_in_sea(state: GameState, name: str) -> str | None:
    """Why the Fish card called ``name`` can't be caught or revealed now: its one card is elsewhere (docs/rules.md
    §10); ``None`` while it is in the Sea."""
    where = where_is(state, name)
    return None if where is None else t("There is one {name} card, and it is {where}", name=name, where=where)


def check_unique(state: GameState, fish: FishRef, field: str) -> CatalogFish | None:
    """Refuse a Fish card that is already held, mounted or discarded (docs/rules.md §10); returns its card, if named."""
    found = check_fish(fish, field)
    if found is not None:
        elsewhere = not_in_sea(state, found.name)
        if elsewhere is not None:
            raise RuleViolation("docs/rules.md §10", elsewhere, field)
    return found


def discard_revealed(state: GameState) -> list[str]:
    """The Graveyard once the Fish still revealed at Sea are discarded at the Day's end (A p.11)."""
    names = [n for n in (known_name(name) for name in state.revealed) if n is not None and n not in state.graveyard]
    return [*state.graveyard, *names] if names else state.graveyard


def to_graveyard(state: GameState, fish: list[FishRef | None]) -> list[str]:
    """The Graveyard after ``fish`` leave play (eaten, sold): named cards are remembered so none is caught twice."""
    names = [n for n in (known_name(f.name) for f in fish if f is not None) if n is not None]
    return [*state.graveyard, *names] if names else state.graveyard
