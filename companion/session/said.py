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

from companion.i18n import N_, t
from companion.rules.actions import (
    Action,
    AdvancePhase,
    Buy,
    Declare,
    EndGame,
    Fish,
    GiveUp,
    Pass,
    Refresh,
    RevealRegrets,
    Sell,
    ThrowLifePreserver,
)
from companion.rules.dice import KIND_WORDS
from companion.rules.fish import FishRef
from companion.rules.state import GameState
from companion.survey import WEEK_DAYS, Campaign, Week, day_name, progress, solo_sea, unlock_items
from companion.survey.actions import CampaignAction, CatchFish, Haul, NextDay, StartWeek, Unlock

# A shop's name in "bought a card from the Rods" (a purchase whose cards were not named).
SHOP_WORDS = {"rods": N_("Rods"), "reels": N_("Reels"), "supplies": N_("Supplies"), "tackle": N_("Tackle")}


def move_said(before: GameState, action: Action, after: GameState) -> str | None:
    """The line for ``action`` (which turned ``before`` into ``after``), or ``None`` for a move whose steps and
    counts already say it all."""
    if isinstance(action, AdvancePhase | EndGame):
        return _day_said(before, after)
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
    if isinstance(action, Buy):
        return t("{name}: bought {what} for ${n}", name=name, what=_bought(action),
                 n=max(0, was.fishbucks - now.fishbucks))
    if isinstance(action, ThrowLifePreserver) and before.life_preserver == after.life_preserver:
        # Thrown to the angler who held it: no step for the table and no new holder to say, yet a move was made.
        return t("{name}: throw the Life Preserver to {to}", name=name, to=after.players[action.to].name)
    if isinstance(action, RevealRegrets):  # the field keeps the value typed; the move itself changes no count
        return t("{name}: {note}", name=name, note=t("Regret value entered"))
    if isinstance(action, Pass):
        return t("{name}: passed", name=name)
    if isinstance(action, Declare):  # at Sea, the Depth the boat is at ("Bo: Sea, Depth I")
        return t("{name}: Make Port", name=name) if action.location == "port" else t("{name}: {note}", name=name,
                                                                                      note=now.where)
    return None


def _day_said(before: GameState, after: GameState) -> str | None:
    """The Day's end: the next Day begins, or the game ends (the Results say who won)."""
    if after.finished and not before.finished:
        return t("The game is over: the Results show who won")
    if after.day != before.day:
        return t("{day} begins", day=after.day_name)
    return None


def _bought(action: Buy) -> str:
    if action.items:
        return ", ".join(action.items)
    if action.shop == "tackle" and action.colour is not None:
        return t("a {colour} tackle die", colour=t(KIND_WORDS[action.colour]))
    return t("a card from the {shop}", shop=t(SHOP_WORDS[action.shop]))


def campaign_said(before: Campaign, action: CampaignAction, after: Campaign) -> str | None:
    """An Ocean Survey move in one line (A pp.24–26): the Day a week starts or clocks in on, a catch (whether it
    wrote a new slot), what was brought to Port, then what was unlocked and what was lost; ``None`` for a move the
    screen's counts say (an item flipped, a note)."""
    week = after.weeks[-1] if after.weeks else None  # an unlock closes it: no longer the current week
    if week is None or before == after:
        return None
    if isinstance(action, StartWeek | NextDay):
        return day_said(week)
    if isinstance(action, CatchFish) and week.held:
        return catch_said(week)
    if isinstance(action, Haul):
        sea = solo_sea()
        return t("Brought to Port: {fish}. Jettisoned: {jettisoned}",
                 fish=", ".join(sea.by_id[f].name for f in week.hauled) or t("none"),
                 jettisoned=", ".join(sea.by_id[f].name for f in week.jettisoned) or t("none"))
    if isinstance(action, Unlock):
        labels = {item.id: item.label for item in unlock_items()}
        return t("Unlocked: {items} for {cost}; {lost} lost. The week is closed",
                 items=", ".join(labels[i] for i in week.bought) or t("nothing"), cost=week.spent, lost=week.lost)
    return None


def campaign_status(campaign: Campaign) -> str:
    """Where a campaign stands, as its screen shows it and as it is said once made (A p.23)."""
    p = progress(campaign)
    return t("{hauled} of {total} Fish brought to Port · {catalogued} catalogued · {weeks} weeks played",
             hauled=p.hauled, total=p.total, catalogued=p.catalogued, weeks=len(campaign.weeks))


def day_said(week: Week) -> str:
    """The week and its Day, as the Day tracker shows them: "Week 1 · Tuesday (Day 2 of 5)"."""
    return t("Week {n} · {day} (Day {d} of {total})", n=week.number, day=day_name(week.day), d=week.day,
             total=WEEK_DAYS)


def catch_said(week: Week) -> str:
    """The week's last catch: whether it wrote a new slot on the sheet (A p.24)."""
    last = week.held[-1]
    name = solo_sea().by_id[last.fish_id].name
    if last.wrote_slot:
        return t("{name} catalogued: a new slot on the sheet", name=name)
    return t("{name} is already on the sheet: held this week, slot unchanged", name=name)


def _dice(labels: Iterable[str]) -> str:
    return ", ".join(labels) or t("none")


def _fish(fish: FishRef | None) -> str:
    return (fish.name or t("a Fish")) if fish is not None else t("a Fish not entered")
