"""Week's end (A p.26): the Regret value, the proposed jettison (editable), the haul, the unlock shop, a summary.

Identifiers: ``survey-regret-value``, ``survey-propose``, ``survey-jettison-<fish id>``, ``survey-jettison-total``,
``survey-haul``, ``survey-budget``, ``survey-dink-<dink id>``, ``survey-unlock-<kind>-<item>`` (the item id with
``:`` as ``-``), ``survey-unlock-confirm``, ``survey-summary``, ``survey-next-week``, ``error-line``, ``back``.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.catalog import load_catalog
from companion.i18n import t
from companion.survey import (
    Campaign,
    haul,
    haul_value,
    held_for_jettison,
    is_complete,
    propose_jettison,
    reopen_haul,
    solo_sea,
    unlock,
    unlock_budget,
    unlock_items,
    week_summary,
)
from companion.survey.sea import dink_discounts
from companion.views import theme
from companion.views.context import AppContext
from companion.views.survey_campaign import begin_week
from companion.views.survey_common import apply_move, missing, open_campaign, survey_screen, tabs
from companion.views.widgets import action_button, error_line, section_card, tagged


def _draft(ctx: AppContext, campaign: Campaign) -> dict[str, Any]:
    key = f"survey-end-{campaign.id}-{len(campaign.weeks)}"
    return ctx.drafts.setdefault(key, {"regret_text": "", "regret": None, "jettison": [], "dinks": [], "buy": []})


def unlock_identifier(item_id: str) -> str:
    return "survey-unlock-" + item_id.replace(":", "-")


def propose(ctx: AppContext, campaign: Campaign) -> None:
    """Read the Regret value and fill in the best jettison (RULES.md §8); the player may change it."""
    draft = _draft(ctx, campaign)
    text = draft["regret_text"].strip()
    if not text.isdigit():
        ctx.fail(t("The Regret value is a whole number, 0 or more: the total printed on your Regret cards (A p.26)"))
        return
    draft["regret"] = int(text)
    held = held_for_jettison(campaign)
    ids = campaign.current_week.held_ids
    draft["jettison"] = [ids[i] for i in propose_jettison(held, draft["regret"])]
    ctx.error = None
    ctx.refresh()


def toggle(ctx: AppContext, items: list[str], item: str) -> None:
    if item in items:
        items.remove(item)
    else:
        items.append(item)
    ctx.refresh()


def _jettison_step(ctx: AppContext, campaign: Campaign) -> list[ft.Control]:
    draft = _draft(ctx, campaign)
    week = campaign.current_week

    def on_regret(event: ft.ControlEvent) -> None:
        draft["regret_text"] = event.control.value or ""

    regret_field = tagged("survey-regret-value", ft.TextField(
        label=t("Regret value (sum of your Regret cards)"), value=draft["regret_text"], on_change=on_regret,
        keyboard_type=ft.KeyboardType.NUMBER, on_submit=lambda _e: propose(ctx, campaign)))
    propose_button = action_button("survey-propose", t("Propose a jettison"), lambda: propose(ctx, campaign),
                                   icon=ft.Icons.AUTO_FIX_HIGH, primary=draft["regret"] is None)
    controls: list[ft.Control] = [section_card("survey-count", t("1 · Count Regrets"),
                                              [regret_field, propose_button])]
    if draft["regret"] is None:
        return controls
    sea = solo_sea()
    rows = []
    for c in week.held:
        fish = sea.by_id[c.fish_id]
        hauled_before = bool(campaign.sheet[c.fish_id].hauled_week)
        label = t("{name} · value {value} · {status}", name=fish.name, value=fish.value or 0,
                  status=t("hauled before") if hauled_before else t("not yet hauled"))
        rows.append(tagged(f"survey-jettison-{fish.id}", ft.Checkbox(
            label=label, value=fish.id in draft["jettison"],
            on_change=lambda _e, f=fish.id: toggle(ctx, draft["jettison"], f))))
    total = sum(sea.by_id[f].value or 0 for f in draft["jettison"])
    enough = total >= draft["regret"] or len(draft["jettison"]) == len(week.held)
    summary = tagged("survey-jettison-total", ft.Text(
        t("Jettison value {total} · needed at least {regret}", total=total, regret=draft["regret"]),
        size=theme.BODY, weight=ft.FontWeight.BOLD, color=None if enough else theme.DANGER))
    controls.append(section_card("survey-jettison", t("2 · Jettison Fish (tick to throw overboard)"),
                                 [*(rows or [ft.Text(t("Nothing held: nothing to jettison"))]), summary]))
    controls.append(action_button("survey-haul", t("3 · Bring the rest to Port"),
                                  lambda: apply_move(ctx, haul, draft["regret"], list(draft["jettison"])),
                                  icon=ft.Icons.ANCHOR, primary=True))
    return controls


def _shop_step(ctx: AppContext, campaign: Campaign) -> list[ft.Control]:
    draft = _draft(ctx, campaign)
    items = {u.id: u for u in unlock_items()}
    budget = unlock_budget(campaign, draft["dinks"])
    chosen = sum(items[i].cost for i in draft["buy"])
    dinks = {d.id: d for d in load_catalog().dinks}
    dink_rows = [
        tagged(f"survey-dink-{d}", ft.Checkbox(label=t("{name}: {n} off", name=dinks[d].name, n=off),
                                               value=d in draft["dinks"],
                                               on_change=lambda _e, d=d: toggle(ctx, draft["dinks"], d)))
        for d, off in dink_discounts().items()
    ]
    shop_rows = []
    for item in items.values():
        owned = item.id in campaign.unlocked
        label = t("{item} · {cost}", item=item.label, cost=item.cost) + (f" · {t('unlocked')}" if owned else "")
        shop_rows.append(tagged(unlock_identifier(item.id), ft.Checkbox(
            label=label, value=owned or item.id in draft["buy"], disabled=owned,
            on_change=lambda _e, i=item.id: toggle(ctx, draft["buy"], i))))
    left = budget - chosen
    budget_line = tagged("survey-budget", ft.Text(
        t("Hauled {hauled} + Dinks {dinks} = {budget} to spend · chosen {chosen} · {left} left (lost)",
          hauled=haul_value(campaign), dinks=budget - haul_value(campaign), budget=budget, chosen=chosen, left=left),
        size=theme.BODY, weight=ft.FontWeight.BOLD, color=theme.DANGER if left < 0 else None))
    return [
        section_card("survey-dinks", t("Dinks that reduce the cost of items (A p.24)"), dink_rows),
        section_card("survey-shop", t("4 · Unlock equipment (the sheet's prices)"), [budget_line, *shop_rows]),
        action_button("survey-unlock-confirm", t("Unlock and close the week"),
                      lambda: apply_move(ctx, unlock, list(draft["buy"]), list(draft["dinks"])),
                      icon=ft.Icons.LOCK_OPEN, primary=True),
        action_button("survey-reopen", t("Back: change the jettison"), lambda: apply_move(ctx, reopen_haul),
                      icon=ft.Icons.UNDO),
    ]


def summary_card(campaign: Campaign, number: int) -> ft.Control:
    """What week ``number`` did, in a few lines."""
    s = week_summary(campaign, number)

    def names(items: tuple[str, ...]) -> str:
        return ", ".join(items) if items else "—"

    lines = [
        t("Caught: {names}", names=names(s.caught)),
        t("New on the sheet: {names}", names=names(s.newly_catalogued)),
        t("Regret value {regret}: jettisoned {names} (value {value})", regret=s.regret_value,
          names=names(s.jettisoned), value=s.jettisoned_value),
        t("Brought to Port: {names} (value {value}; {new} newly ticked)", names=names(s.hauled),
          value=s.hauled_value, new=len(s.newly_hauled)),
        t("Unlocked: {names} for {spent}; {lost} lost", names=names(s.bought), spent=s.spent, lost=s.lost),
    ]
    return section_card(f"survey-summary-{number}", t("Week {n} summary", n=number),
                        [ft.Text(line, size=theme.BODY) for line in lines])


def view(ctx: AppContext) -> ft.View:
    campaign = open_campaign(ctx)
    if campaign is None:
        return missing(ctx)
    week = campaign.current_week
    controls: list[ft.Control] = [tabs(ctx, campaign, "week"), error_line(ctx.error)]
    if week is not None and week.stage == "fishing":
        controls += _jettison_step(ctx, campaign)
    elif week is not None:
        controls += _shop_step(ctx, campaign)
    elif campaign.weeks:
        controls.append(tagged("survey-summary", summary_card(campaign, len(campaign.weeks))))
        if is_complete(campaign):
            controls.append(ft.Text(t("Survey complete: every Fish has been brought to Port (A p.23)"),
                                    size=theme.TITLE, color=theme.FAIR))
        else:
            controls.append(action_button("survey-next-week", t("Start week {n}", n=len(campaign.weeks) + 1),
                                          lambda: begin_week(ctx), icon=ft.Icons.SAILING, primary=True))
    return survey_screen(ctx, t("Week's end"), controls)
