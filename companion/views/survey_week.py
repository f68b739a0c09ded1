"""A solo week: the Day tracker with its refresh-phase reminders, catches by name, the hold, single-use items.

Identifiers: ``survey-day``, ``survey-day-<1..5>``, ``survey-next-day``, ``survey-reminder-<n>``,
``survey-catch-search``, ``survey-catch-pick-<fish id>``, ``survey-held-<fish id>``, ``survey-undo-<fish id>``,
``survey-discard-<fish id>``, ``survey-item-<item id>``, ``survey-kit``, ``survey-to-end``, ``survey-start-week``,
``survey-last-catch``, ``error-line``, ``back``.
"""

from __future__ import annotations

import flet as ft

from companion.catalog import CatalogFish
from companion.i18n import t
from companion.survey import (
    CAN_OF_WORMS,
    WEEK_DAYS,
    Campaign,
    catch_fish,
    day_name,
    day_reminders,
    discard_held,
    next_day,
    set_item_used,
    single_use_items,
    solo_sea,
    undo_catch,
    unlock_items,
)
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.survey_campaign import begin_week
from companion.views.survey_common import apply_move, missing, open_campaign, survey_screen, tabs
from companion.views.survey_sheet import ROMAN, size_label
from companion.views.widgets import (
    action_button,
    chip,
    error_line,
    fish_picker,
    icon_action,
    section_card,
    tagged,
)


def describe(campaign: Campaign, fish: CatalogFish) -> str:
    """A search result: name, where it goes on the sheet, value, and whether the slot is written yet."""
    entry = campaign.sheet.get(fish.id)
    if fish.solo_removed:
        state = t("out of play")
    elif entry is None:
        state = t("new")
    elif entry.hauled_week:
        state = t("hauled")
    else:
        state = t("catalogued")
    value = "—" if fish.value is None else fish.value
    return f"{fish.name} · {ROMAN[fish.depth]} {size_label(fish.size)} · {value} · {state}"


def catch(ctx: AppContext, fish: CatalogFish) -> None:
    """Record a catch; say whether it wrote a new slot."""
    changed = apply_move(ctx, catch_fish, fish.name, redraw=False)
    if changed is not None:
        wrote = changed.current_week.held[-1].wrote_slot
        ctx.drafts["survey-last-catch"] = (
            t("{name} catalogued: a new slot on the sheet", name=fish.name) if wrote
            else t("{name} is already on the sheet: held this week, slot unchanged", name=fish.name)
        )
        ctx.refresh()


def _day_tracker(ctx: AppContext, campaign: Campaign) -> ft.Control:
    week = campaign.current_week
    dots = ft.Row([chip(f"survey-day-{d}", day_name(d)[:3], color=theme.SEED if d == week.day else theme.PASSED)
                   for d in range(1, WEEK_DAYS + 1)], wrap=True, spacing=4)
    reminders = [tagged(f"survey-reminder-{n}", ft.Text(f"• {line}", size=theme.BODY))
                 for n, line in enumerate(day_reminders(campaign, week.day))]
    if week.day < WEEK_DAYS:
        step = action_button("survey-next-day", t("Clock out: go to {day}", day=day_name(week.day + 1)),
                             lambda: (ctx.drafts.pop("survey-last-catch", None), apply_move(ctx, next_day)),
                             icon=ft.Icons.NIGHTLIGHT)
    else:
        step = action_button("survey-to-end", t("Week's end"),
                             lambda: ctx.navigate(route_to("/survey/end", c=campaign.id)), icon=ft.Icons.ANCHOR,
                             primary=True)
    title = tagged("survey-day", ft.Text(t("Week {n} · {day} (Day {d} of {total})", n=week.number,
                                           day=day_name(week.day), d=week.day, total=WEEK_DAYS),
                                         size=theme.TITLE, weight=ft.FontWeight.BOLD))
    return section_card("survey-day-card", None, [title, dots, *reminders, step])


def _hold(ctx: AppContext, campaign: Campaign) -> ft.Control:
    week = campaign.current_week
    sea = solo_sea()
    rows: list[ft.Control] = []
    for c in week.held:
        fish = sea.by_id[c.fish_id]
        entry = campaign.sheet[c.fish_id]
        note = (t("new slot (Day {d})", d=c.day) if c.wrote_slot
                else t("hauled before") if entry.hauled_week else t("already catalogued"))
        value = "—" if fish.value is None else fish.value
        rows.append(ft.Row([
            tagged(f"survey-held-{fish.id}", ft.Column([
                ft.Text(f"{fish.name} · {value}", size=theme.BODY, weight=ft.FontWeight.W_600),
                ft.Text(note, size=theme.SMALL)], spacing=0), label=fish.name),
            ft.Container(expand=True),
            icon_action(f"survey-discard-{fish.id}", ft.Icons.OUTPUT, t("Discarded by a card (stays on the sheet)"),
                        lambda f=fish.id: apply_move(ctx, discard_held, f)),
            icon_action(f"survey-undo-{fish.id}", ft.Icons.UNDO, t("Not caught: take back this entry"),
                        lambda f=fish.id: apply_move(ctx, undo_catch, f)),
        ]))
    total = sum(sea.by_id[c.fish_id].value or 0 for c in week.held)
    title = t("Hold: {n} Fish, value {total}", n=len(week.held), total=total)
    return section_card("survey-hold", title, rows or [ft.Text(t("Nothing caught yet this week"), size=theme.SMALL)])


def _kit(ctx: AppContext, campaign: Campaign) -> ft.Control:
    week = campaign.current_week
    labels = {u.id: u.label for u in unlock_items()}
    owned = [labels[i] for i in campaign.unlocked if not i.startswith("supply:")]
    items = [
        tagged(f"survey-item-{item}", ft.Checkbox(
            label=t("Can of Worms") if item == CAN_OF_WORMS else labels.get(item, item),
            value=item in week.used_items,
            on_change=lambda e, i=item: apply_move(ctx, set_item_used, i, bool(e.control.value))))
        for item in single_use_items(campaign)
    ]
    gear = ft.Text(t("Unlocked: {items}", items=", ".join(owned)) if owned else t("No Rods, Reels or dice unlocked"),
                   size=theme.BODY)
    return section_card("survey-kit", t("Kit out · single-use items (once per week)"), [gear, *items])


def view(ctx: AppContext) -> ft.View:
    campaign = open_campaign(ctx)
    if campaign is None:
        return missing(ctx)
    week = campaign.current_week
    controls: list[ft.Control] = [tabs(ctx, campaign, "week"), error_line(ctx.error)]
    if week is None:
        controls.append(action_button("survey-start-week", t("Start week {n}", n=len(campaign.weeks) + 1),
                                      lambda: begin_week(ctx), icon=ft.Icons.SAILING, primary=True))
    elif week.stage != "fishing":
        controls.append(action_button("survey-to-end", t("Continue week's end"),
                                      lambda: ctx.navigate(route_to("/survey/end", c=campaign.id)),
                                      icon=ft.Icons.ANCHOR, primary=True))
    else:
        last = ctx.drafts.get("survey-last-catch")
        catch_card = [fish_picker(ctx, "survey-catch", lambda f: describe(campaign, f), lambda f: catch(ctx, f))]
        if last:
            catch_card.insert(0, tagged("survey-last-catch", ft.Text(last, size=theme.BODY, color=theme.FAIR)))
        controls += [
            _day_tracker(ctx, campaign),
            section_card("survey-catch", t("Catch"), catch_card),
            _hold(ctx, campaign),
            _kit(ctx, campaign),
        ]
    return survey_screen(ctx, t("Week"), controls)
