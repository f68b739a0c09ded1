"""Week's end (A p.26): the Regret value, the proposed jettison (editable), the haul, the unlock shop, a summary.

Identifiers: ``survey-regret-value``, ``survey-propose``, ``survey-jettison-<fish id>``, ``survey-jettison-total``,
``survey-haul``, ``survey-budget``, ``survey-dink-<dink id>``, ``survey-unlock-<kind>-<item>`` (the item id with
``:`` as ``-``), ``survey-unlock-confirm`` (with nothing chosen it asks first: ``survey-unlock-confirm-question``,
``survey-unlock-confirm-cancel``), ``survey-summary``, ``survey-next-week``, ``error-line``, ``back``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.i18n import t
from companion.rules.catalog import load_catalog
from companion.rules.sources import cited, player_source
from companion.survey import (
    Campaign,
    Week,
    check_jettison,
    is_complete,
    proposed_jettison,
    solo_sea,
)
from companion.survey.actions import Haul, ReopenHaul, Unlock
from companion.survey.sea import dink_discounts
from companion.survey.unlocks import UNLOCK_RULE, unlock_sheet
from companion.views import theme
from companion.views.context import AppContext
from companion.views.home.data import copy_reminder
from companion.views.survey.common import (
    Survey,
    begin_week,
    campaign_screen,
    summary_card,
    survey_screen,
    tabs,
)
from companion.views.table.confirm import ConfirmButton
from companion.views.widgets import action_button, section_card, tagged
from companion.views.widgets.toggles import toggle


def unlock_identifier(item_id: str) -> str:
    return "survey-unlock-" + item_id.replace(":", "-")


def propose(sv: Survey, campaign: Campaign) -> None:
    """Read the Regret value and fill in the best jettison (docs/rules.md §8); the player may change it."""
    draft = sv.form
    text = draft.texts.get("regret", "").strip()
    if not text.isdigit():
        sv.fail(cited(t("The Regret value is a whole number, 0 or more: the total printed on your Regret cards"),
                      "A p.26"))
        return
    draft.regret = int(text)
    draft.jettison = proposed_jettison(campaign, draft.regret)
    sv.refresh()


def flip(sv: Survey, items: list[str], item: str) -> None:
    if item in items:
        items.remove(item)
    else:
        items.append(item)
    sv.refresh()


def _jettison_step(sv: Survey, campaign: Campaign, week: Week) -> list[ft.Control]:
    draft = sv.form

    def on_regret(event: ft.Event[ft.TextField]) -> None:
        draft.texts["regret"] = event.control.value or ""

    def bring_to_port() -> None:
        sv.do(Haul, regret_value=draft.regret, jettison=list(draft.jettison))

    regret_field = tagged("survey-regret-value", ft.TextField(
        label=t("Regret value (sum of your Regret cards)"), value=draft.texts.get("regret", ""), on_change=on_regret,
        keyboard_type=ft.KeyboardType.NUMBER, on_submit=lambda _e: propose(sv, campaign)))
    propose_button = action_button("survey-propose", t("Propose a jettison"), lambda: propose(sv, campaign),
                                   icon=ft.Icons.AUTO_FIX_HIGH, primary=draft.regret is None)
    controls: list[ft.Control] = [section_card("survey-count", t("1 · Count Regrets"),
                                              [regret_field, propose_button])]
    if draft.regret is None:
        return controls
    sea = solo_sea()
    rows: list[ft.Control] = []
    for c in week.held:
        fish = sea.by_id[c.fish_id]
        hauled_before = bool(campaign.sheet[c.fish_id].hauled_week)
        label = t("{name} · value {value} · {status}", name=fish.name, value=fish.value or 0,
                  status=t("hauled before") if hauled_before else t("not yet hauled"))
        rows.append(toggle(f"survey-jettison-{fish.id}", label, fish.id in draft.jettison,
                           lambda _on, f=fish.id: flip(sv, draft.jettison, f), box=True))
    check = check_jettison(campaign, draft.regret, draft.jettison)
    summary = tagged("survey-jettison-total", ft.Text(
        t("Jettison value {total} · needed at least {regret}", total=check.total, regret=check.regret_value),
        size=theme.BODY, weight=ft.FontWeight.BOLD, color=None if check.enough else theme.DANGER))
    controls.append(section_card("survey-jettison", t("2 · Jettison Fish (tick to throw overboard)"),
                                 [*(rows or [ft.Text(t("Nothing held: nothing to jettison"))]), summary]))
    controls.append(action_button("survey-haul", t("3 · Bring the rest to Port"), bring_to_port,
                                  icon=ft.Icons.ANCHOR, primary=True))
    return controls


def _shop_step(sv: Survey, campaign: Campaign) -> list[ft.Control]:
    draft = sv.form
    sheet = unlock_sheet(campaign, draft.buy, draft.dinks)
    dinks = {d.id: d for d in load_catalog().dinks}

    def confirm() -> None:
        sv.do(Unlock, purchases=list(draft.buy), dinks=list(draft.dinks))

    dink_rows: list[ft.Control] = [
        toggle(f"survey-dink-{d}", t("{name}: {n} off", name=dinks[d].name, n=off), d in draft.dinks,
               lambda _on, d=d: flip(sv, draft.dinks, d), box=True)
        for d, off in dink_discounts().items()
    ]
    shop_rows: list[ft.Control] = []
    if any(line.why_not and not line.unlocked for line in sheet.lines):  # said once, not under every item
        shop_rows.append(tagged("survey-shop-unaffordable", ft.Text(
            t("Greyed out: each costs more than the {left} left to spend ({rule})", left=sheet.left,
              rule=player_source(UNLOCK_RULE)), size=theme.SMALL, color=theme.PASSED)))
    for line in sheet.lines:  # an item that doesn't fit in what is left can't be ticked
        state = t("unlocked") if line.unlocked else t("more than is left") if not line.can_tick else ""
        label = t("{item} · {cost}", item=line.label, cost=line.cost) + (f" · {state}" if state else "")
        shop_rows.append(toggle(unlock_identifier(line.id), label, line.unlocked or line.ticked,
                                (lambda _on, i=line.id: flip(sv, draft.buy, i)) if line.can_tick else None, box=True))
    budget_text = t("Hauled {hauled} + Dinks {dinks} = {budget} to spend · chosen {chosen} · {left} left (lost)",
                    hauled=sheet.hauled, dinks=sheet.dinks, budget=sheet.budget, chosen=sheet.spent,
                    left=sheet.left)
    if sheet.over:  # a Dink unticked after the items were chosen
        budget_text += " · " + sheet.summary
    budget_line = tagged("survey-budget", ft.Text(budget_text, size=theme.BODY, weight=ft.FontWeight.BOLD,
                                                  color=theme.DANGER if sheet.over else None))
    return [
        section_card("survey-dinks", cited(t("Dinks that reduce the cost of items"), "A p.24"), dink_rows),
        section_card("survey-shop", t("4 · Unlock equipment (the sheet's prices)"), [budget_line, *shop_rows]),
        _close_week(sv, campaign, sheet.left if not draft.buy else 0, confirm),
        action_button("survey-reopen", t("Back: change the jettison"), partial(sv.do, ReopenHaul),
                      icon=ft.Icons.UNDO),
    ]


def _close_week(sv: Survey, campaign: Campaign, lost: int, confirm: Callable[[], None]) -> ft.Control:
    """``survey-unlock-confirm``; with nothing chosen and ``lost`` left to spend, it asks first, saying what is lost
    (issue 48 N9: the week closed at once and the whole haul was gone)."""
    text = t("Unlock and close the week")
    if not lost:
        return action_button("survey-unlock-confirm", text, confirm, icon=ft.Icons.LOCK_OPEN, primary=True)
    question = t("Nothing is chosen: all {n} to spend will be lost. Close the week anyway?", n=lost)
    return ConfirmButton("survey-unlock-confirm", text, question, t("Yes, close the week"), confirm,
                         icon=ft.Icons.LOCK_OPEN, primary=True,
                         key=f"close-week-{campaign.id}-{len(campaign.weeks)}")  # type: ignore[call-arg]  # Flet: key=


@ft.component
def EndScreen(ctx: AppContext) -> ft.View:
    return campaign_screen(ctx, _end)


def _end(sv: Survey) -> ft.View:
    campaign = sv.campaign
    week = campaign.current_week
    controls: list[ft.Control] = [tabs(sv, "week")]
    if week is not None and week.stage == "fishing":
        controls += _jettison_step(sv, campaign, week)
    elif week is not None:
        controls += _shop_step(sv, campaign)
    elif campaign.weeks:
        controls.append(tagged("survey-summary", summary_card(campaign, len(campaign.weeks))))
        controls += copy_reminder(sv.ctx, sv.refresh)  # a week closed: the phone app's only copy is due
        if is_complete(campaign):
            controls.append(ft.Text(cited(t("Survey complete: every Fish has been brought to Port"), "A p.23"),
                                    size=theme.TITLE, color=theme.FAIR))
        else:
            controls.append(action_button("survey-next-week", t("Start week {n}", n=len(campaign.weeks) + 1),
                                          lambda: begin_week(sv), icon=ft.Icons.SAILING, primary=True))
    return survey_screen(sv, t("Week's end"), controls)
