"""A solo week: the Day tracker with its refresh-phase reminders, catches by name, the hold, single-use items.

Identifiers: ``survey-day``, ``survey-day-<1..5>``, ``survey-next-day``, ``survey-reminder-<n>``,
``survey-catch-search``, ``survey-catch-pick-<fish id>``, ``survey-held-<fish id>``, ``survey-undo-<fish id>``,
``survey-discard-<fish id>``, ``survey-item-<item id>``, ``survey-kit``, ``survey-to-end``, ``survey-start-week``,
``survey-last-catch``, ``error-line``, ``back``.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.i18n import N_, t, tn
from companion.rules.catalog import CatalogFish
from companion.session.said import catch_said, day_said
from companion.survey import (
    CAN_OF_WORMS,
    WEEK_DAYS,
    Campaign,
    Week,
    day_name,
    day_reminders,
    fish_state,
    held_value,
    single_use_items,
    solo_sea,
    unlock_items,
)
from companion.survey.actions import CatchFish, Discard, NextDay, UndoCatch, UseItem
from companion.views import theme
from companion.views.context import AppContext
from companion.views.labels import ROMAN, size_label
from companion.views.survey.common import (
    Survey,
    begin_week,
    campaign_screen,
    survey_screen,
    tabs,
)
from companion.views.widgets import (
    action_button,
    chip,
    fish_picker,
    icon_action,
    section_card,
    tagged,
)
from companion.views.widgets.toggles import toggle

# How a search result names a Fish's place on the sheet (companion.survey.fish_state).
SHEET_STATES = {"out_of_play": N_("out of play"), "empty": N_("new"), "hauled": N_("hauled"),
                "catalogued": N_("catalogued")}


def describe(campaign: Campaign, fish: CatalogFish) -> str:
    """A search result: name, where it goes on the sheet, value, and whether the slot is written yet."""
    value = "—" if fish.value is None else fish.value
    state = t(SHEET_STATES[fish_state(campaign, fish)])
    return f"{fish.name} · {ROMAN[fish.depth]} {size_label(fish.size)} · {value} · {state}"


def catch(sv: Survey, fish: CatalogFish) -> None:
    """Record a catch; show whether it wrote a new slot (a screen reader hears it from :meth:`Survey.apply`)."""
    changed = sv.apply(CatchFish, name=fish.name)
    week = changed.current_week if changed is not None else None
    if week is not None:
        sv.form.texts["survey-last-catch"] = catch_said(week)
        sv.refresh()


def _day_tracker(sv: Survey, campaign: Campaign, week: Week) -> ft.Control:
    def clock_out() -> None:
        sv.form.texts.pop("survey-last-catch", None)
        sv.do(NextDay)

    dots = ft.Row([chip(f"survey-day-{d}", day_name(d)[:3], color=theme.SEED if d == week.day else theme.PASSED)
                   for d in range(1, WEEK_DAYS + 1)], wrap=True, spacing=4)
    reminders = [tagged(f"survey-reminder-{n}", ft.Text(f"• {line}", size=theme.BODY))
                 for n, line in enumerate(day_reminders(campaign, week.day))]
    if week.day < WEEK_DAYS:
        step = action_button("survey-next-day", t("Clock out: go to {day}", day=day_name(week.day + 1)),
                             clock_out, icon=ft.Icons.NIGHTLIGHT)
    else:
        step = action_button("survey-to-end", t("Week's end"),
                             lambda: sv.go("/survey/end"), icon=ft.Icons.ANCHOR,
                             primary=True)
    title = tagged("survey-day", ft.Text(day_said(week), size=theme.TITLE, weight=ft.FontWeight.BOLD))
    return section_card("survey-day-card", None, [title, dots, *reminders, step])


def _hold(sv: Survey, campaign: Campaign, week: Week) -> ft.Control:
    sea = solo_sea()
    rows: list[ft.Control] = []
    for c in week.held:
        fish = sea.by_id[c.fish_id]
        entry = campaign.sheet[c.fish_id]
        note = (t("new slot (Day {d})", d=c.day) if c.wrote_slot
                else t("hauled before") if entry.hauled_week else t("already catalogued"))
        value = "—" if fish.value is None else fish.value
        rows.append(ft.Semantics(label=fish.name, container=True, content=ft.Row([  # a group: whose buttons
            tagged(f"survey-held-{fish.id}", ft.Column([
                ft.Text(f"{fish.name} · {value}", size=theme.BODY, weight=ft.FontWeight.W_600),
                ft.Text(note, size=theme.SMALL)], spacing=0), label=fish.name),
            ft.Container(expand=True),
            icon_action(f"survey-discard-{fish.id}", ft.Icons.OUTPUT, t("Discarded by a card (stays on the sheet)"),
                        partial(sv.do, Discard, fish_id=fish.id)),
            icon_action(f"survey-undo-{fish.id}", ft.Icons.UNDO, t("Not caught: take back this entry"),
                        partial(sv.do, UndoCatch, fish_id=fish.id)),
        ])))
    title = tn("Hold: {n} Fish, value {total}", "Hold: {n} Fish, value {total}", len(week.held),
               total=held_value(campaign))
    return section_card("survey-hold", title, rows or [ft.Text(t("Nothing caught yet this week"), size=theme.SMALL)])


def _kit(sv: Survey, campaign: Campaign, week: Week) -> ft.Control:
    def on_used(item: str, on: bool) -> None:
        sv.do(UseItem, item_id=item, used=on)

    labels = {u.id: u.label for u in unlock_items()}
    owned = [labels[i] for i in campaign.unlocked if not i.startswith("supply:")]
    items = [
        toggle(f"survey-item-{item}", t("Can of Worms") if item == CAN_OF_WORMS else labels.get(item, item),
               item in week.used_items, partial(on_used, item), box=True)
        for item in single_use_items(campaign)
    ]
    gear = ft.Text(t("Unlocked: {items}", items=", ".join(owned)) if owned else t("No Rods, Reels or dice unlocked"),
                   size=theme.BODY)
    return section_card("survey-kit", t("Kit out · single-use items (once per week)"), [gear, *items])


@ft.component
def WeekScreen(ctx: AppContext) -> ft.View:
    return campaign_screen(ctx, _week)


def _week(sv: Survey) -> ft.View:
    campaign = sv.campaign
    week = campaign.current_week
    controls: list[ft.Control] = [tabs(sv, "week")]
    if week is None:
        controls.append(action_button("survey-start-week", t("Start week {n}", n=len(campaign.weeks) + 1),
                                      lambda: begin_week(sv), icon=ft.Icons.SAILING, primary=True))
    elif week.stage != "fishing":
        controls.append(action_button("survey-to-end", t("Continue week's end"),
                                      lambda: sv.go("/survey/end"),
                                      icon=ft.Icons.ANCHOR, primary=True))
    else:
        last = sv.form.texts.get("survey-last-catch")
        catch_card = [fish_picker("survey-catch", lambda f: describe(campaign, f), lambda f: catch(sv, f),
                                 sets=())]
        if last:
            catch_card.insert(0, tagged("survey-last-catch", ft.Text(last, size=theme.BODY, color=theme.FAIR)))
        controls += [
            _day_tracker(sv, campaign, week),
            section_card("survey-catch", t("Catch"), catch_card),
            _hold(sv, campaign, week),
            _kit(sv, campaign, week),
        ]
    return survey_screen(sv, t("Week"), controls)
