"""One campaign: where it stands, the week to start or resume, the equipment unlocked, and its notes.

Identifiers: ``survey-tab-<campaign|sheet|week|progress>``, ``survey-status``, ``survey-start-week``,
``survey-resume-week``, ``survey-unlocked``, ``survey-team``, ``survey-notes``, ``survey-notes-save``,
``survey-rename``, ``survey-rename-save``, ``survey-complete``, ``error-line``, ``back``.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.problems import NAME_MAX
from companion.rules.sources import cited
from companion.session.said import campaign_status
from companion.survey import Campaign, progress, unlock_items
from companion.survey.actions import Rename, SetNotes
from companion.views import theme
from companion.views.context import AppContext
from companion.views.survey.common import (
    Survey,
    begin_week,
    campaign_screen,
    survey_screen,
    tabs,
)
from companion.views.widgets import TypedField, action_button, chip, named, section_card, tagged


def save_notes(sv: Survey, campaign: Campaign) -> None:
    """Keep the notes typed so far ("the one that got away", hazards to avoid: A p.24)."""
    key = f"survey-notes-{campaign.id}"
    if sv.apply(SetNotes, notes=sv.form.texts.get(key, campaign.notes)) is not None:
        sv.form.texts.pop(key, None)


def _status(sv: Survey, campaign: Campaign) -> list[ft.Control]:
    p = progress(campaign)
    week = campaign.current_week
    go_week = lambda: sv.go("/survey/week")  # noqa: E731
    lines: list[ft.Control] = [tagged("survey-status", ft.Text(campaign_status(campaign), size=theme.BODY))]
    if p.complete:
        lines.append(chip("survey-complete", cited(t("Survey complete: every Fish has been brought to Port"), "A p.23"),
                          color=theme.FAIR))
    elif week is None:
        lines.append(action_button("survey-start-week", t("Start week {n}", n=len(campaign.weeks) + 1),
                                   lambda: begin_week(sv), icon=ft.Icons.SAILING, primary=True))
    else:
        lines.append(action_button("survey-resume-week", t("Resume week {n}", n=week.number), go_week,
                                   icon=ft.Icons.PLAY_ARROW, primary=True))
    return lines


@ft.component
def CampaignScreen(ctx: AppContext) -> ft.View:
    return campaign_screen(ctx, _campaign)


def _campaign(sv: Survey) -> ft.View:
    campaign = sv.campaign
    owned = [u.label for u in unlock_items() if u.id in campaign.unlocked]
    notes_key = f"survey-notes-{campaign.id}"

    def on_notes(event: ft.Event[ft.TextField]) -> None:
        sv.form.texts[notes_key] = event.control.value or ""

    controls: list[ft.Control] = [tabs(sv, "campaign"),
                                  section_card("survey-overview", None, _status(sv, campaign))]
    if campaign.mode == "co-op":
        team: list[ft.Control] = [ft.Text(f"{m.name} · {t(m.role) if m.role else t('No role')}", size=theme.BODY)
                for m in campaign.team] or [ft.Text(t("No team members named"), size=theme.SMALL)]
        controls.append(section_card("survey-team", t("Team"), team))
    unlocked = ", ".join(owned) if owned else cited(t("Nothing yet: spend a week's haul at week's end"), "A p.26")
    controls.append(section_card("survey-unlocked", t("Equipment unlocked"), [ft.Text(unlocked, size=theme.BODY)]))
    name_key = f"survey-name-{campaign.id}"

    def on_name(event: ft.Event[ft.TextField]) -> None:
        sv.form.texts[name_key] = event.control.value or ""

    def rename() -> None:
        if sv.apply(Rename, name=sv.form.texts.get(name_key, campaign.name)) is not None:
            sv.form.texts.pop(name_key, None)

    controls.append(section_card("survey-rename-card", t("Name"), [
        named("survey-rename", TypedField(value=sv.form.texts.get(name_key, campaign.name), on_change=on_name,
                                          max_length=NAME_MAX), t("Campaign name")),
        action_button("survey-rename-save", t("Rename"), rename, icon=ft.Icons.EDIT),
    ]))
    controls.append(section_card("survey-notes-card", t("Notes"), [
        tagged("survey-notes", TypedField(value=sv.form.texts.get(notes_key, campaign.notes), multiline=True,
                                          min_lines=3, on_change=on_notes,
                                          hint_text=t("The one that got away, hazards to avoid…"))),
        action_button("survey-notes-save", t("Save notes"), lambda: save_notes(sv, campaign), icon=ft.Icons.SAVE),
    ]))
    return survey_screen(sv, campaign.name, controls)
