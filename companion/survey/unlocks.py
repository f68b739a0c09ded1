"""The unlock list at week's end as a screen shows it (A p.26, issue 12): what is ticked, what is left to spend
(never shown below 0), and which items can still be ticked with what is left. :func:`companion.survey.play.unlock`
applies the choice and refuses one over budget, naming the rule.

>>> from companion.survey.play import new_campaign
>>> sheet = unlock_sheet(new_campaign("Demo"), ticked=())
>>> (sheet.budget, sheet.left, sheet.over)
(0, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from companion.i18n import t
from companion.rules.sources import player_source
from companion.survey.models import Campaign
from companion.survey.play import haul_value, unlock_budget
from companion.survey.sea import unlock_items

UNLOCK_RULE = "A p.26"


class UnlockLine(BaseModel):
    """One line of the sheet's unlock list: ``can_tick`` when it may be ticked now (or unticked, if it is
    ticked); ``why_not`` says why not, in words with the rule."""

    model_config = ConfigDict(frozen=True)

    id: str
    label: str
    cost: int
    ticked: bool
    unlocked: bool  # bought in an earlier week: lasts for every later game
    can_tick: bool
    why_not: str | None = None


class UnlockSheet(BaseModel):
    """The whole list with the budget (``hauled``, the printed value brought to Port, plus ``dinks``, the discounts
    of the Dinks spent: A pp.24, 26): ``left`` is what remains after the ticked items, never below 0; ``over`` is
    how far a ticked choice goes beyond the budget (a choice the unlock refuses)."""

    model_config = ConfigDict(frozen=True)

    hauled: int
    dinks: int
    budget: int
    spent: int
    left: int
    over: int
    lines: tuple[UnlockLine, ...]

    @property
    def summary(self) -> str:
        """``"3 of 7 left to spend"``, or what is over budget."""
        if self.over:
            return t("{over} over the budget of {budget}: untick something", over=self.over, budget=self.budget)
        return t("{left} of {budget} left to spend", left=self.left, budget=self.budget)


def unlock_sheet(campaign: Campaign, ticked: Sequence[str], dinks: Sequence[str] = ()) -> UnlockSheet:
    """The unlock list with ``ticked`` items chosen and ``dinks`` spent (A pp.24, 26). An item not ticked can be
    ticked only if its cost fits in what is left; an item unlocked in an earlier week can't be bought again.

    >>> from companion.survey.play import new_campaign
    >>> lines = unlock_sheet(new_campaign("Demo"), ticked=()).lines
    >>> any(line.can_tick for line in lines)  # nothing hauled yet: nothing to spend
    False
    """
    budget, hauled = unlock_budget(campaign, dinks), haul_value(campaign)
    items = unlock_items()
    chosen = set(ticked)
    spent = sum(i.cost for i in items if i.id in chosen)
    left = max(0, budget - spent)
    lines = []
    for item in items:
        owned = item.id in campaign.unlocked
        is_ticked = item.id in chosen
        why = None
        if owned:
            why = t("{item} is already unlocked for every later game ({rule})", item=item.label,
                     rule=player_source(UNLOCK_RULE))
        elif not is_ticked and item.cost > left:
            why = t("{item} costs {cost}; {left} left to spend ({rule})", item=item.label, cost=item.cost,
                    left=left, rule=player_source(UNLOCK_RULE))
        lines.append(UnlockLine(id=item.id, label=item.label, cost=item.cost, ticked=is_ticked, unlocked=owned,
                                can_tick=why is None, why_not=why))
    return UnlockSheet(hauled=hauled, dinks=budget - hauled, budget=budget, spent=spent, left=left,
                       over=max(0, spent - budget), lines=tuple(lines))
