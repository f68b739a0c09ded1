"""The Difficulty of a catch after every effect the companion applies, line by line (docs/rules.md §10).

The printed Difficulty, then a reveal ability that sets it (Fugu, Porcupine Fish, Mermer), the card's own effect
(Hollow Earth Worm's 4 after the Can of Worms, Vampire Squid's −1 per angler at its Depth), Sub Matriarch's +1 per
Fish in hand, a displayed Orca or Eversquid, the equipped Rod, each Dink and Supply used, the Life Preserver, and
last a change the table makes by hand; never below 0. Exact dice (eels, octopuses, the Kraken) are unchanged
(A p.27). The catch screen shows :attr:`CatchDifficulty.summary` and the lines; the engine checks the dice
against :attr:`CatchDifficulty.total`.

>>> from companion.rules.actions import Fish
>>> from companion.rules.common import with_player
>>> from companion.rules.scenario import start_action_phase, table
>>> from companion.rules.catalog import load_catalog
>>> s = with_player(start_action_phase(table(2)), 0, items=["Narwhal Rod"], rod="Narwhal Rod")
>>> d = catch_difficulty(s, Fish(player=0, fish=load_catalog().fish_ref("Hammerhead Shark"), depth=1))
>>> d.summary
'Hammerhead Shark: Difficulty 3 − 1 Narwhal Rod = 2'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from companion.i18n import N_, t, tn
from companion.rules.cards import ROD_OF_THE_DEAD, catalog, check_fish, item
from companion.rules.common import build, fail, player
from companion.rules.errors import RuleViolation
from companion.rules.fish import FISH_WORDS, FishFilter, applies
from companion.rules.state import GameState

if TYPE_CHECKING:
    from companion.rules.actions import Fish
    from companion.rules.catalog import CatalogFish

Kind = Literal["set", "change", "manual"]
Add = Callable[[Kind, str, int], None]
# What a catch said that its named card doesn't print, per field, in words (the field's name is not one, issue 37).
_PRINTS = {"depth": N_("{name} is a Depth {printed} Fish, not Depth {given}"),
           "difficulty": N_("{name} prints Difficulty {printed}, not {given}"),
           "exact_dice": N_("{name} needs exactly {printed} dice, not {given}")}


class DifficultyLine(BaseModel):
    """One step of the reduction: ``kind`` says what it is; ``change`` is added (``set`` lines replace the
    running Difficulty with ``amount``); ``running`` is the Difficulty after this line, before the floor at 0."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["printed", "set", "change", "manual"]
    label: str
    amount: int
    running: int

    @property
    def text(self) -> str:
        """The line as the screen shows it: ``"− 1 Narwhal Rod"``, ``"→ 2 Fugu (reveal)"``."""
        if self.kind == "printed":
            return t("Difficulty {n}", n=self.amount)
        if self.kind == "set":
            return f"→ {self.amount} {self.label}"
        sign = "−" if self.amount < 0 else "+"
        return f"{sign} {abs(self.amount)} {self.label}"


class CatchDifficulty(BaseModel):
    """The Difficulty of one catch: ``printed`` (``None``: the card prints none, so no dice are needed unless
    ``exact_dice``), each line, and ``total`` (never below 0; ``None`` when there is no Difficulty)."""

    model_config = ConfigDict(frozen=True)

    fish: str | None
    printed: int | None
    lines: tuple[DifficultyLine, ...]
    total: int | None
    exact_dice: int | None

    @property
    def summary(self) -> str:
        """One line: ``"Hammerhead Shark: Difficulty 3 − 1 Narwhal Rod = 2"``."""
        if self.total is None:
            body = t("no Difficulty")
        else:
            body = " ".join(line.text for line in self.lines) + f" = {self.total}"
        return f"{self.fish}: {body}" if self.fish else body


def _printed(action: Fish, found: CatalogFish | None) -> tuple[int | None, int | None]:
    """The printed Difficulty and exact dice: the card's for a named Fish (what the action says must agree)."""
    if found is None:
        return action.difficulty, action.exact_dice
    for field, given, printed in (("depth", action.depth, found.depth),
                                  ("difficulty", action.difficulty, found.difficulty),
                                  ("exact_dice", action.exact_dice, found.exact_dice)):
        if given is not None and given != printed:
            raise RuleViolation("docs/rules.md §10", t(_PRINTS[field], name=found.name,
                                                      printed="–" if printed is None else printed, given=given), field)
    return found.difficulty, found.exact_dice


def catch_difficulty(state: GameState, action: Fish) -> CatchDifficulty:
    """The Difficulty of the catch ``action`` describes, for its player in ``state``, every effect itemised.

    Raises :class:`RuleViolation` naming the field for a Fish no card prints, a Dink or Supply the player can't
    use on a catch, or the Life Preserver held by someone else.
    """
    p = player(state, action.player)
    found = check_fish(action.fish, "fish") if action.fish is not None else None
    printed, exact = _printed(action, found)
    fish_type = action.fish.type if action.fish is not None else None
    size = found.size if found is not None else action.size
    if found is not None and action.size is not None and action.size != found.size:
        raise RuleViolation("docs/rules.md §10", t("{name} is {size}", name=found.name,
                                                  size=t(FISH_WORDS[found.size])), "size")
    lines: list[DifficultyLine] = []
    running = printed if printed is not None else 0

    def add(kind: Kind, label: str, amount: int) -> None:
        nonlocal running
        running = amount if kind == "set" else running + amount
        lines.append(build(DifficultyLine, {"kind": kind, "label": label, "amount": amount, "running": running}))

    if printed is not None:
        # build, not validation: the engine makes these on every catch (bench/replay.py), from values it has checked
        lines.append(build(DifficultyLine, {"kind": "printed", "label": t("Difficulty"), "amount": printed,
                                            "running": printed}))
        rod = item(p.rod) if p.rod else None
        if (found is not None and found.reveal_difficulty is not None and found.name not in state.revealed
                and not (rod is not None and rod.name == ROD_OF_THE_DEAD)):
            # "this turn": a Fish revealed on an earlier turn keeps its printed Difficulty (A p.10); with the Rod of
            # the Dead no reveal ability is triggered at all (A p.27)
            add("set", t("{name} (reveal)", name=found.name), found.reveal_difficulty)
        if found is not None:
            _card_own(state, action.player, found, add)
        if found is not None and found.difficulty_per_fish_in_hand and p.hand_count:
            add("change", tn("{n} Fish in hand", "{n} Fish in hand", p.hand_count),
                found.difficulty_per_fish_in_hand * p.hand_count)
        for shown in p.displayed:
            discount = _displayed_discount(shown.name)
            if discount is not None and applies(discount[0], fish_type, size):
                add("change", t("{name} (displayed)", name=shown.name), -discount[1])
        if (rod is not None and rod.discount_applies_to and applies(rod.discount_applies_to, fish_type, size)
                and not (rod.first_catch_each_day and p.caught_today)):
            add("change", rod.name, -rod.difficulty_discount)
    record: Add | None = add if printed is not None else None
    _dinks(state, action, record)
    sets = _supplies(state, action, record, fish_type, size)
    if action.life_preserver:
        if state.life_preserver != action.player:
            fail("A p.11", t("{name} doesn't hold the Life Preserver", name=p.name))
        if printed is not None:
            add("change", t("Life Preserver"), -state.ruleset.life_preserver_difficulty)
    for label, value in sets:
        add("set", label, value)
    if action.adjustment:
        if printed is None:
            fail("A p.10", t("adjustment: this Fish has no Difficulty to adjust"))
        label = action.adjustment_label.strip() if action.adjustment_label else ""
        add("manual", t("adjusted by hand: {why}", why=label) if label else t("adjusted by hand"),
            action.adjustment)
    total = max(0, running) if printed is not None else None
    return build(CatchDifficulty, {"fish": found.name if found else None, "printed": printed, "lines": tuple(lines),
                                   "total": total, "exact_dice": exact})


def _card_own(state: GameState, seat: int, found: CatalogFish, add: Add) -> None:
    """The caught card's own Difficulty effects (docs/rules.md §10): Hollow Earth Worm's 4 once its catcher flipped
    the Can of Worms face down on this turn; Vampire Squid's −1 for each angler whose boat is at its Depth."""
    p = state.players[seat]
    if found.can_of_worms_difficulty is not None and p.worms_this_turn and not p.can_of_worms:
        add("set", t("{name} (Can of Worms)", name=found.name), found.can_of_worms_difficulty)
    if found.off_per_angler_at_its_depth:
        here = sum(1 for q in state.players if q.at_sea and q.depth == found.depth)
        if here:
            add("change", tn("{name}: {n} angler at Depth {depth}", "{name}: {n} anglers at Depth {depth}", here,
                             name=found.name, depth="I" * found.depth), -found.off_per_angler_at_its_depth * here)


def _displayed_discount(name: str | None) -> tuple[FishFilter, int] | None:
    if name is None:
        return None
    try:
        discount = catalog().fish(name).displayed_discount
    except KeyError:
        return None
    return (discount.applies_to, discount.amount) if discount else None


def _dinks(state: GameState, action: Fish, add: Add | None) -> None:
    """Each Dink used: a Difficulty Dink from the catalog, no more than the player holds (A p.11)."""
    p = state.players[action.player]
    if len(action.dinks) > p.dinks:
        fail("A p.11", tn("dinks: {name} has only {n} Dink", "dinks: {name} has only {n} Dinks", p.dinks, name=p.name))
    for name in action.dinks:
        dink = catalog().dink(name)
        if dink is None or dink.difficulty_discount == 0:
            fail("docs/rules.md §10", t("dinks: {dink} doesn't lower a Difficulty", dink=name))
        if add is not None:
            add("change", dink.name, -dink.difficulty_discount)


def _supplies(state: GameState, action: Fish, add: Add | None, fish_type: str | None,
              size: str | None) -> list[tuple[str, int]]:
    """Each Supply used on the catch: owned, one that lowers a Difficulty; returns the ones that set it."""
    p = state.players[action.player]
    owned = list(p.items)
    sets: list[tuple[str, int]] = []
    for name in action.supplies:
        supply = item(name)
        if name not in owned:
            fail("A p.11", t("supplies: {name} doesn't own {item}", name=p.name, item=name))
        owned.remove(name)
        if supply is None or not lowers_difficulty(name):
            fail("docs/rules.md §10", t("supplies: {item} doesn't lower a Difficulty", item=name))
        if supply.difficulty_set is not None:
            sets.append((supply.name, supply.difficulty_set))
        elif add is not None and supply.discount_applies_to and applies(supply.discount_applies_to, fish_type, size):
            add("change", supply.name, -supply.difficulty_discount)
    return sets



def lowers_difficulty(name: str) -> bool:
    """Whether the Supply called ``name`` may be used on a catch to lower (or set) its Difficulty (docs/rules.md §10).

    >>> lowers_difficulty("Bag of Maggots"), lowers_difficulty("Claw Hammer")
    (True, False)
    """
    supply = item(name)
    return supply is not None and supply.lowers_difficulty and supply in catalog().supplies


def difficulty_dinks() -> tuple[str, ...]:
    """The Dinks of the catalog that lower a Difficulty, in catalog order (docs/rules.md §10)."""
    return tuple(d.name for d in catalog().dinks if d.difficulty_discount)
