"""A campaign record checked against the Ocean Survey's rules, not only its shape: what an imported file must hold
to be a campaign this app could have played (issue 45 item 7). The moves of :mod:`companion.survey.play` keep
these true; a file written by hand, or by another program, may not.

>>> from companion.survey.play import new_campaign
>>> campaign_fault(new_campaign("Doc")) is None
True
>>> campaign_fault(new_campaign("Doc").model_copy(update={"unlocked": ["rod:wishing-well"]}))
('unlocked[0]', "'rod:wishing-well' is not on the Ocean Survey sheet's unlock list (Angler's Guide pp.24, 26)")
"""

from __future__ import annotations

from companion.i18n import t
from companion.rules.errors import RuleViolation
from companion.rules.sources import cited
from companion.survey import timeline
from companion.survey.models import Campaign, Week
from companion.survey.sea import dink_discounts, solo_sea, unlock_items


def campaign_fault(campaign: Campaign) -> tuple[str, str] | None:
    """The first field that breaks a rule, as (its path, what is wrong and the rule's page), or ``None``; the
    steps kept for Undo too: they start from a campaign that keeps the rules and make this one."""
    start, found = campaign.steps.start, _fault(campaign)
    if found is None and start is not None:
        inner = _fault(start)
        found = None if inner is None else (f"steps.start.{inner[0]}", inner[1])
    if found is not None:
        return found[0], cited(found[1], "A p.24 and p.26")
    return None if start is None else _steps_fault(campaign)


def _steps_fault(campaign: Campaign) -> tuple[str, str] | None:
    try:
        made = timeline.replayed_steps(campaign)
    except RuleViolation as refused:
        return "steps.done", str(refused)
    if made.model_dump(exclude={"updated", "steps"}) != campaign.model_dump(exclude={"updated", "steps"}):
        return "steps.done", t("the steps kept for Undo are not this campaign's")
    return None


def _fault(campaign: Campaign) -> tuple[str, str] | None:
    """Every unlock on the sheet's list and bought in a week, every Fish hauled or jettisoned one of the solo Sea,
    every Dink spent one that discounts, and no week spending more than its haul and Dinks (A pp.24, 26)."""
    items = {item.id: item.cost for item in unlock_items()}
    for i, item_id in enumerate(campaign.unlocked):
        if item_id not in items:
            return f"unlocked[{i}]", t("{item} is not on the Ocean Survey sheet's unlock list",
                                       item=repr(item_id))
        if item_id in campaign.unlocked[:i]:
            return f"unlocked[{i}]", t("{item} is unlocked twice: each piece of equipment is unlocked once",
                                       item=repr(item_id))
    bought: set[str] = set()
    for w, week in enumerate(campaign.weeks):
        found = _week_fault(week, items)
        if found is not None:
            return f"weeks[{w}].{found[0]}", found[1]
        bought.update(week.bought)
    for i, item_id in enumerate(campaign.unlocked):
        if item_id not in bought:
            return f"unlocked[{i}]", t("{item} was not bought at any week's end", item=repr(item_id))
    return None


def _week_fault(week: Week, items: dict[str, int]) -> tuple[str, str] | None:
    sea, discounts = solo_sea(), dink_discounts()
    for key in ("hauled", "jettisoned"):
        for j, fish_id in enumerate(getattr(week, key)):
            fish = sea.by_id.get(fish_id)
            if fish is None or fish.solo_removed:
                return f"{key}[{j}]", t("{fish} is not a Fish of the solo Sea", fish=repr(fish_id))
    for j, dink in enumerate(week.dinks):
        if dink not in discounts or dink in week.dinks[:j]:
            return f"dinks[{j}]", t("Only Dinks that reduce the cost of items count towards unlocks, once each")
    for j, item_id in enumerate(week.bought):
        if item_id not in items:
            return f"bought[{j}]", t("{item} is not on the Ocean Survey sheet's unlock list",
                                     item=repr(item_id))
    cost = sum(items[i] for i in week.bought)
    budget = sum(sea.by_id[f].value or 0 for f in week.hauled) + sum(discounts[d] for d in week.dinks)
    if week.spent != cost:
        return "spent", t("week {number} spent {spent}, but what it unlocked costs {cost}",
                          number=week.number, spent=week.spent, cost=cost)
    if cost > budget:
        return "spent", t("week {number} spent {spent} of a haul worth {budget}", number=week.number,
                          spent=cost, budget=budget)
    if week.stage == "done" and week.lost != budget - cost:
        return "lost", t("week {number} lost {lost}, but {left} was left of its haul", number=week.number,
                         lost=week.lost, left=budget - cost)
    return None
