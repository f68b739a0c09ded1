"""What a move is, said in one line to the phone that made it (issue 46): who did what, and what it left that the
table's steps don't say (the faces typed for a Refresh, the Fish caught and the dice spent on it, the Fish sold).
A screen reader hears it first in the tap's announcement, before the table's steps and the new counts; the
screen shows the same things where they are drawn, so the line is said, not shown.

>>> from companion.rules.actions import Pass, Refresh
>>> from companion.rules.scenario import play, table
>>> start = table(2)
>>> refreshed = play(start, Refresh(player=0, faces=[3, 1, 2]))
>>> move_said(start, Refresh(player=0, faces=[3, 1, 2]), refreshed)
'P1: Refresh. Fresh dice: Angler die 3, Angler die 1, Angler die 2'
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.i18n import t
from companion.rules.actions import Action, Declare, Fish, GiveUp, Pass, Refresh, Sell
from companion.rules.fish import FishRef
from companion.rules.state import GameState


def move_said(before: GameState, action: Action, after: GameState) -> str | None:
    """The line for ``action`` (which turned ``before`` into ``after``), or ``None`` for a move whose steps and
    counts already say it all."""
    player = getattr(action, "player", None)
    if not isinstance(player, int) or player >= len(after.players):
        return None
    name, was, now = after.players[player].name, before.players[player], after.players[player]
    if isinstance(action, Refresh):
        return t("{name}: Refresh. Fresh dice: {dice}", name=name, dice=_dice(d.label for d in now.fresh))
    if isinstance(action, Fish):
        spent = _dice(was.fresh[k].label for k in action.dice if k < len(was.fresh))
        return t("{name}: caught {fish} with {dice}", name=name, fish=_fish(action.fish), dice=spent)
    if isinstance(action, GiveUp):
        die = was.fresh[action.die].label if action.die < len(was.fresh) else "?"
        return t("{name}: gave up the catch, spent {die}, drew a Dink", name=name, die=die)
    if isinstance(action, Sell):
        fish = ", ".join(_fish(f) for f in action.fish)
        return t("{name}: sold {fish} for ${n}", name=name, fish=fish, n=max(0, now.fishbucks - was.fishbucks))
    if isinstance(action, Pass):
        return t("{name}: passed", name=name)
    if isinstance(action, Declare) and action.location == "port":
        return t("{name}: Make Port", name=name)
    return None


def _dice(labels: Iterable[str]) -> str:
    return ", ".join(labels) or t("none")


def _fish(fish: FishRef | None) -> str:
    return (fish.name or t("a Fish")) if fish is not None else t("a Fish not entered")
