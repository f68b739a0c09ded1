"""Ocean Survey campaigns: the list (resume, delete) and a new campaign (name, solo or co-op, team and roles).

Identifiers: ``survey-open-<id>``, ``survey-delete-<id>``, ``survey-delete-confirm-<id>``, ``survey-new-name``,
``survey-mode-solo``, ``survey-mode-co-op``, ``survey-member-<i>``, ``survey-role-<i>-<none|Angler|Scientist>``,
``survey-member-add``, ``survey-member-remove-<i>``, ``survey-create``, ``error-line``, ``back``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft
from pydantic import ValidationError

from companion.i18n import t, tn
from companion.problems import NAME_MAX, validation_message
from companion.rules.errors import RuleViolation
from companion.rules.sources import cited
from companion.session import StoreError
from companion.session.said import campaign_status
from companion.survey import TeamMember, new_campaign
from companion.survey.models import Mode
from companion.survey.sea import setup_note
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.hooks import use_form, use_redraw
from companion.views.speech import told
from companion.views.widgets import TypedField, action_button, error_line, icon_action, screen, section_card, tagged

ROLES = ("none", "Angler", "Scientist")
MAX_TEAM = 5


@dataclass
class NewCampaignForm:
    """The list screen's own state: the campaign being set up, and the campaign whose delete awaits a confirm."""

    name: str = ""
    mode: Mode = "solo"
    team: list[dict[str, str]] = field(default_factory=list)
    delete: str | None = None


@dataclass(eq=False)
class Lst:
    ctx: AppContext
    form: NewCampaignForm
    refresh: Callable[[], None]


def _summaries(ctx: AppContext) -> tuple[list[dict[str, Any]], str | None]:
    try:
        return ctx.sessions.saved_campaigns(), None
    except (OSError, StoreError) as problem:
        return [], t("Campaigns could not be read: {problem}", problem=problem)


def create(ls: Lst) -> None:
    """Make the drafted campaign, save it and open it."""
    ctx, draft = ls.ctx, ls.form
    try:
        team = [TeamMember(name=m["name"].strip(), role=None if m["role"] == "none" else m["role"])
                for m in draft.team if m["name"].strip()] if draft.mode == "co-op" else []
        campaign = new_campaign(draft.name, draft.mode, team)
    except RuleViolation as refused:
        ctx.fail(str(refused))
        return
    except ValidationError as invalid:
        ctx.fail(t("Team member: {problem}", problem=validation_message(invalid.errors(include_url=False)[0])))
        return
    try:
        ctx.sessions.start_campaign(campaign)
    except StoreError as failed:  # not saved: nothing is opened
        ctx.fail(str(failed))
        return
    told([campaign.name, campaign_status(campaign)])  # a screen reader hears the campaign made (issue 46)
    ctx.navigate(route_to("/survey/campaign", c=campaign.id))


def delete(ls: Lst, campaign_id: str) -> None:
    """Delete a campaign once the confirm button is tapped (the store keeps its last version among backups)."""
    if ls.form.delete != campaign_id:
        ls.form.delete = campaign_id
        ls.refresh()
        return
    ls.form.delete = None
    try:
        ls.ctx.sessions.delete_campaign(campaign_id)
    except (OSError, StoreError) as problem:
        ls.ctx.fail(t("Could not delete the campaign: {problem}", problem=problem))
        return
    ls.ctx.clear()
    ls.refresh()


def _row(ls: Lst, summary: dict[str, Any]) -> ft.Control:
    ctx, cid = ls.ctx, summary["id"]
    mode = t("Co-op") if summary["mode"] == "co-op" else t("Solo")
    confirming = ls.form.delete == cid
    delete_button = (
        action_button(f"survey-delete-confirm-{cid}", t("Delete?"), lambda: delete(ls, cid), icon=ft.Icons.DELETE)
        if confirming
        else icon_action(f"survey-delete-{cid}", ft.Icons.DELETE_OUTLINE, t("Delete campaign"),
                         lambda: delete(ls, cid))
    )
    return ft.Row([
        ft.Column([ft.Text(summary["name"], size=theme.BODY, weight=ft.FontWeight.W_600),
                   ft.Text(tn("{mode} · {n} week", "{mode} · {n} weeks", summary["weeks"], mode=mode),
                           size=theme.SMALL)],
                  expand=True, spacing=0),
        action_button(f"survey-open-{cid}", t("Open"), lambda: ctx.navigate(route_to("/survey/campaign", c=cid)),
                      icon=ft.Icons.PLAY_ARROW, primary=True),
        delete_button,
    ])


def _new_form(ls: Lst) -> ft.Control:
    draft = ls.form

    def set_name(event: ft.Event[ft.TextField]) -> None:
        draft.name = event.control.value or ""

    def set_mode(mode: Mode) -> None:
        draft.mode = mode
        if mode == "co-op" and not draft.team:
            draft.team = [{"name": "", "role": "Angler"}, {"name": "", "role": "Scientist"}]
        ls.refresh()

    def add_member() -> None:
        draft.team.append({"name": "", "role": "none"})
        ls.refresh()

    controls: list[ft.Control] = [
        tagged("survey-new-name", TypedField(label=t("Campaign name"), value=draft.name, on_change=set_name,
                                             max_length=NAME_MAX, text_size=theme.BODY)),
        ft.Row([
            action_button("survey-mode-solo", t("Solo"), lambda: set_mode("solo"), icon=ft.Icons.PERSON,
                          primary=draft.mode == "solo", selected=draft.mode == "solo", expand=True),
            action_button("survey-mode-co-op", t("Co-op"), lambda: set_mode("co-op"), icon=ft.Icons.GROUPS,
                          primary=draft.mode == "co-op", selected=draft.mode == "co-op", expand=True),
        ]),
    ]
    if draft.mode == "co-op":
        controls += [_member_row(ls, i, m) for i, m in enumerate(draft.team)]
        if len(draft.team) < MAX_TEAM:
            controls.append(action_button("survey-member-add", t("Add a scientist"), add_member,
                                          icon=ft.Icons.PERSON_ADD))
    controls.append(tagged("survey-setup-note", ft.Text(setup_note(), size=theme.SMALL)))
    controls.append(action_button("survey-create", t("Start campaign"), lambda: create(ls), icon=ft.Icons.MAP,
                                  primary=True))
    return section_card("survey-new", t("New campaign"), controls)


def _member_row(ls: Lst, index: int, member: dict[str, str]) -> ft.Control:
    team = ls.form.team

    def set_name(event: ft.Event[ft.TextField]) -> None:
        member["name"] = event.control.value or ""

    def set_role(role: str) -> None:
        member["role"] = role
        ls.refresh()

    def remove() -> None:
        team.pop(index)
        ls.refresh()

    labels = {"none": t("No role"), "Angler": t("Angler"), "Scientist": t("Scientist")}
    return ft.Column([
        ft.Row([
            ft.Container(tagged(f"survey-member-{index}", TypedField(
                label=t("Scientist {n}", n=index + 1), value=member["name"], on_change=set_name, max_length=40)),
                expand=True),
            icon_action(f"survey-member-remove-{index}", ft.Icons.CLOSE, t("Remove"), remove),
        ]),
        ft.Row([action_button(f"survey-role-{index}-{role}", labels[role], partial(set_role, role),
                              primary=member["role"] == role, selected=member["role"] == role, expand=True,
                              whose=member["name"].strip() or t("Scientist {n}", n=index + 1))
                for role in ROLES], spacing=4),
    ], spacing=4)


@ft.component
def CampaignsScreen(ctx: AppContext) -> ft.View:
    """Every campaign, most recent first, then the form for a new one."""
    ls = Lst(ctx, use_form(NewCampaignForm), use_redraw())
    summaries, problem = _summaries(ctx)
    controls: list[ft.Control] = [error_line(problem)] if problem else []
    if summaries:
        controls.append(section_card("survey-campaigns", t("Campaigns"), [_row(ls, s) for s in summaries]))
    else:
        controls.append(ft.Text(cited(t("No campaign yet: the Ocean Survey catalogues every Fish in the Sea over many "
                                        "solo or co-op games"), "A p.23"), size=theme.BODY))
    controls.append(_new_form(ls))
    return screen(ctx.route, t("Ocean Survey"), controls, back=lambda: ctx.navigate("/"), notices=ctx)
