"""The moves of an Ocean Survey campaign (docs/rules.md §8, A pp.23–27).

Every move is a plain function: campaign in, new campaign out. A move that breaks a rule raises
:class:`~companion.rules.errors.RuleViolation` naming the rule, and the campaign passed in is never changed.

>>> c = start_week(new_campaign("Test"))
>>> c = catch_fish(c, "Sheepshead")
>>> c.current_week.held[0].wrote_slot
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from companion.i18n import t
from companion.rules.errors import RuleViolation
from companion.rules.expansions import expansion_name
from companion.rules.names import check_name
from companion.survey.jettison import HeldFish, jettison_is_enough, jettison_total, propose_jettison
from companion.survey.models import CAN_OF_WORMS, WEEK_DAYS, Campaign, Catch, Mode, SheetEntry, TeamMember, Week
from companion.survey.sea import dink_discounts, solo_sea, unlock_items

SOLO = "docs/rules.md §8"


def _refuse(rule: str, message: str) -> RuleViolation:
    return RuleViolation(rule, message)


def _touch(campaign: Campaign, **changes: object) -> Campaign:
    return campaign.model_copy(update={**changes, "updated": datetime.now(UTC)}, deep=True)


def _open_week(campaign: Campaign, stage: str = "fishing") -> Week:
    week = campaign.current_week
    if week is None:
        raise _refuse(SOLO, t("No week is being played: start a week first"))
    if week.stage != stage:
        if stage == "fishing":
            raise _refuse(SOLO, t("Fishing is over for week {n}: it has reached week's end", n=week.number))
        raise _refuse(SOLO, t("Week {n} isn't at that step of week's end", n=week.number))
    return week


def _with_week(campaign: Campaign, week: Week, **changes: object) -> Campaign:
    return _touch(campaign, weeks=[*campaign.weeks[:-1], week], **changes)


def new_campaign(name: str, mode: Mode = "solo", team: Iterable[TeamMember] = ()) -> Campaign:
    """A fresh sheet: every slot empty, nothing unlocked."""
    name = _named(name)
    team = list(team)
    for i, member in enumerate(team):
        try:
            check_name(member.name, f"team[{i}].name")
        except ValueError as e:
            raise _refuse(SOLO, str(e)) from None
    return Campaign(name=name, mode=mode, team=team)


def _named(name: str) -> str:
    """``name`` without surrounding spaces, if a campaign may be called that (:func:`check_name`)."""
    name = name.strip()
    if not name:
        raise _refuse(SOLO, t("A campaign needs a name"))
    try:
        return check_name(name)
    except ValueError as e:
        raise _refuse(SOLO, str(e)) from None


def rename_campaign(campaign: Campaign, name: str) -> Campaign:
    """Give the campaign another name."""
    return _touch(campaign, name=_named(name))


def set_notes(campaign: Campaign, notes: str) -> Campaign:
    """Keep the sheet's notes: the one that got away, hazards to avoid (A p.24)."""
    return _touch(campaign, notes=notes)


def is_complete(campaign: Campaign) -> bool:
    """The campaign ends once every Fish in the solo Sea has been brought to Port (A p.23)."""
    return all(
        (entry := campaign.sheet.get(f.id)) is not None and entry.hauled_week is not None
        for f in solo_sea().in_play
    )


def start_week(campaign: Campaign) -> Campaign:
    """Begin the next game of the campaign on Monday (A p.23, setup step 5)."""
    if campaign.current_week is not None:
        raise _refuse(SOLO, t("Week {n} isn't finished yet", n=campaign.current_week.number))
    if is_complete(campaign):
        raise _refuse(SOLO, t("The survey is complete: every Fish has been brought to Port"))
    return _touch(campaign, weeks=[*campaign.weeks, Week(number=len(campaign.weeks) + 1)])


def next_day(campaign: Campaign) -> Campaign:
    """Clock out and clock in on the next Day (A p.25). A week has five Days."""
    week = _open_week(campaign)
    if week.day >= WEEK_DAYS:
        raise _refuse(SOLO, t("Friday is the last Day of a solo week: go to week's end"))
    return _with_week(campaign, week.model_copy(update={"day": week.day + 1}))


def catch_fish(campaign: Campaign, name: str) -> Campaign:
    """Record a catch by catalog name (A p.24, "Be scientifically rigorous").

    The first catch of a Fish writes its slot; a later one leaves the slot alone but the Fish is still held this
    week. A Fish the solo setup puts back in the box can't be caught (A p.23).
    """
    week = _open_week(campaign)
    fish = solo_sea().find(name)
    if fish is None:
        raise _refuse(SOLO, t("No Fish called \u201c{name}\u201d in the catalog", name=name.strip()))
    if fish.set != "base":
        raise _refuse("A p.23", t("{name} is a {expansion} Fish: expansion Fish stay in the box in the Ocean Survey",
                                  name=fish.name, expansion=expansion_name(fish.set)))
    if fish.solo_removed:
        raise _refuse(
            "A p.23",
            t("{name} is put back in the box for solo/co-op play and can't be caught", name=fish.name),
        )
    if fish.id in week.held_ids:
        raise _refuse(
            "docs/rules.md §1",
            t("{name} is already in your hold this week: the Sea has one card of each Fish",
              name=fish.name),
        )
    first = fish.id not in campaign.sheet
    catch = Catch(fish_id=fish.id, day=week.day, wrote_slot=first)
    sheet = dict(campaign.sheet)
    if first:
        sheet[fish.id] = SheetEntry(first_week=week.number, first_day=week.day)
    return _with_week(campaign, week.model_copy(update={"held": [*week.held, catch]}), sheet=sheet)


def undo_catch(campaign: Campaign, fish_id: str) -> Campaign:
    """Take back a catch entered by mistake; if it wrote the slot, the slot is empty again."""
    week = _open_week(campaign)
    catch = next((c for c in week.held if c.fish_id == fish_id), None)
    if catch is None:
        raise _refuse(SOLO, t("That Fish isn't in your hold this week"))
    sheet = dict(campaign.sheet)
    if catch.wrote_slot:
        sheet.pop(fish_id, None)
    held = [c for c in week.held if c.fish_id != fish_id]
    return _with_week(campaign, week.model_copy(update={"held": held}), sheet=sheet)


def discard_held(campaign: Campaign, fish_id: str) -> Campaign:
    """A held Fish leaves your hand during the week (a card effect made you discard it): it stays catalogued."""
    week = _open_week(campaign)
    catch = next((c for c in week.held if c.fish_id == fish_id), None)
    if catch is None:
        raise _refuse(SOLO, t("That Fish isn't in your hold this week"))
    held = [c for c in week.held if c.fish_id != fish_id]
    return _with_week(campaign, week.model_copy(update={"held": held, "discarded": [*week.discarded, catch]}))


def single_use_items(campaign: Campaign) -> list[str]:
    """Items flipped once used this week (A p.24): the Can of Worms and every unlocked Supply."""
    supplies = [item.id for item in unlock_items() if item.kind == "supply" and item.id in campaign.unlocked]
    return [CAN_OF_WORMS, *supplies]


def set_item_used(campaign: Campaign, item_id: str, used: bool = True) -> Campaign:
    """Flip a single-use item face down (or back up, to fix a mistake) for this week (A p.24)."""
    week = _open_week(campaign)
    if item_id not in single_use_items(campaign):
        raise _refuse("A p.24", t("Only the Can of Worms and unlocked Supplies are single-use items"))
    if used and item_id in week.used_items:
        raise _refuse("A p.24", t("That item has already been used this week: once per game"))
    items = [i for i in week.used_items if i != item_id] + ([item_id] if used else [])
    return _with_week(campaign, week.model_copy(update={"used_items": items}))


def held_for_jettison(campaign: Campaign) -> list[HeldFish]:
    """The held Fish of the open week as the jettison optimiser sees them, in the order they were caught."""
    week = campaign.current_week
    if week is None:
        return []
    sea = solo_sea()
    return [
        HeldFish(
            value=sea.by_id[c.fish_id].value,
            hauled_before=(e := campaign.sheet.get(c.fish_id)) is not None and e.hauled_week is not None,
        )
        for c in week.held
    ]


def held_value(campaign: Campaign) -> int:
    """Total printed value of the Fish held in the open week (a Fish with no value counts 0; A p.26).

    >>> c = catch_fish(catch_fish(start_week(new_campaign("Doc")), "Sheepshead"), "Barracuda")
    >>> held_value(c)
    6
    """
    return sum(f.worth for f in held_for_jettison(campaign))


@dataclass(frozen=True)
class JettisonCheck:
    """A jettison at week's end as the screen shows it: the printed value thrown overboard and whether it meets
    the Regret value (A p.26: at least that value, or every Fish held)."""

    total: int
    regret_value: int
    enough: bool


def check_jettison(campaign: Campaign, regret_value: int, jettison: Sequence[str]) -> JettisonCheck:
    """How the jettison of the held Fish ``jettison`` (ids) stands against ``regret_value`` (docs/rules.md §8 step
    2); ids not held this week count for nothing (:func:`haul` refuses them).

    >>> c = catch_fish(catch_fish(start_week(new_campaign("Doc")), "Sheepshead"), "Barracuda")
    >>> check_jettison(c, 4, ["sheepshead"])
    JettisonCheck(total=2, regret_value=4, enough=False)
    >>> check_jettison(c, 9, ["sheepshead", "barracuda"]).enough  # everything held goes overboard
    True
    """
    week = campaign.current_week
    held_ids = week.held_ids if week is not None else []
    chosen = sorted({held_ids.index(f) for f in jettison if f in held_ids})
    held = held_for_jettison(campaign)
    return JettisonCheck(total=jettison_total(held, chosen), regret_value=regret_value,
                         enough=jettison_is_enough(held, chosen, regret_value))


def proposed_jettison(campaign: Campaign, regret_value: int) -> list[str]:
    """The held Fish (ids, in catch order) the companion proposes to jettison (docs/rules.md §8, see
    :func:`~companion.survey.jettison.propose_jettison`).

    >>> c = catch_fish(catch_fish(start_week(new_campaign("Doc")), "Sheepshead"), "Barracuda")
    >>> proposed_jettison(c, 4)
    ['barracuda']
    """
    week = campaign.current_week
    if week is None:
        return []
    return [week.held_ids[i] for i in propose_jettison(held_for_jettison(campaign), regret_value)]


def haul(campaign: Campaign, regret_value: int, jettison: Sequence[str]) -> Campaign:
    """Week's end steps 1–3 (A p.26): count Regrets, jettison at least that value, tick every Fish still held.

    ``jettison`` is a list of held Fish ids. A jettison short of the Regret value is refused (unless it throws
    everything overboard).
    """
    week = _open_week(campaign)
    if week.day < WEEK_DAYS:
        raise _refuse(SOLO, t("Week's end comes after the fifth Day, Friday"))
    if regret_value < 0:
        raise _refuse("A p.26", t("The Regret value can't be negative"))
    held_ids = week.held_ids
    unknown = [f for f in jettison if f not in held_ids]
    if unknown:
        raise _refuse("A p.26", t("You can only jettison Fish you hold this week"))
    check = check_jettison(campaign, regret_value, jettison)
    if not check.enough:
        raise _refuse(
            "A p.26",
            t("Jettisoned Fish total {total}: they must total at least your Regret value {regret}",
              total=check.total, regret=regret_value),
        )
    kept = [f for f in held_ids if f not in jettison]
    sheet = dict(campaign.sheet)
    for fish_id in kept:
        entry = sheet[fish_id]
        if entry.hauled_week is None:
            sheet[fish_id] = entry.model_copy(update={"hauled_week": week.number})
    done = week.model_copy(
        update={"stage": "shop", "regret_value": regret_value, "jettisoned": list(dict.fromkeys(jettison)),
                "hauled": kept}
    )
    return _with_week(campaign, done, sheet=sheet)


def reopen_haul(campaign: Campaign) -> Campaign:
    """Take back this week's jettison and haul (a mistake at the counter) before anything is unlocked."""
    week = _open_week(campaign, stage="shop")
    sheet = dict(campaign.sheet)
    for fish_id in week.hauled:
        entry = sheet[fish_id]
        if entry.hauled_week == week.number:
            sheet[fish_id] = entry.model_copy(update={"hauled_week": None})
    reopened = week.model_copy(update={"stage": "fishing", "regret_value": None, "jettisoned": [], "hauled": []})
    return _with_week(campaign, reopened, sheet=sheet)


def haul_value(campaign: Campaign) -> int:
    """Total printed value of the Fish brought to Port this week (A p.26, "Unlock equipment")."""
    week = campaign.current_week
    if week is None:
        return 0
    sea = solo_sea()
    return sum(sea.by_id[f].value or 0 for f in week.hauled)


def unlock_budget(campaign: Campaign, dinks: Sequence[str] = ()) -> int:
    """What week's end can spend: the hauled value plus the discounts of the Dinks spent (A pp.24, 26)."""
    discounts = dink_discounts()
    return haul_value(campaign) + sum(discounts.get(d, 0) for d in set(dinks))


def unlock(campaign: Campaign, purchases: Sequence[str], dinks: Sequence[str] = ()) -> Campaign:
    """Week's end step 4 (A p.26): spend the hauled value plus Dink discounts (A p.24) on the sheet's unlock list.

    Each item is bought once, at the sheet's price, never beyond the budget; what isn't spent is lost.
    """
    week = _open_week(campaign, stage="shop")
    discounts = dink_discounts()
    if len(set(dinks)) != len(dinks) or any(d not in discounts for d in dinks):
        raise _refuse("A p.24", t("Only Dinks that reduce the cost of items count towards unlocks, once each"))
    items = {item.id: item for item in unlock_items()}
    if len(set(purchases)) != len(purchases):
        raise _refuse("A p.26", t("Each piece of equipment is unlocked once"))
    for item_id in purchases:
        if item_id not in items:
            raise _refuse("A p.26", t("Only items listed on the Ocean Survey sheet can be unlocked"))
        if item_id in campaign.unlocked:
            raise _refuse(
                "A p.26", t("{item} is already unlocked for every later game", item=items[item_id].label)
            )
    budget = unlock_budget(campaign, dinks)
    cost = sum(items[i].cost for i in purchases)
    if cost > budget:
        raise _refuse(
            "A p.26", t("Those unlocks cost {cost} but you have {budget} to spend", cost=cost, budget=budget)
        )
    done = week.model_copy(
        update={"stage": "done", "dinks": list(dinks), "bought": list(purchases), "spent": cost,
                "lost": budget - cost}
    )
    return _with_week(campaign, done, unlocked=[*campaign.unlocked, *purchases])
