"""Ocean Survey campaigns: the list (resume, delete) and a new campaign (name, solo or co-op, team and roles).

Identifiers: ``survey-open-<id>``, ``survey-delete-<id>``, ``survey-delete-confirm-<id>``, ``survey-new-name``,
``survey-mode-solo``, ``survey-mode-co-op``, ``survey-member-<i>``, ``survey-role-<i>-<none|Angler|Scientist>``,
``survey-member-add``, ``survey-member-remove-<i>``, ``survey-create``, ``error-line``, ``back``.
"""

from __future__ import annotations

from typing import Any

import flet as ft
from pydantic import ValidationError

from companion.i18n import t, tn
from companion.rules.errors import RuleViolation
from companion.store.errors import StoreError
from companion.survey import TeamMember, new_campaign
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.survey_common import forget_open, memory, save_campaign
from companion.views.widgets import action_button, error_line, icon_action, screen, section_card, tagged

ROLES = ("none", "Angler", "Scientist")
MAX_TEAM = 5


def _draft(ctx: AppContext) -> dict[str, Any]:
    return ctx.drafts.setdefault("survey-new", {"name": "", "mode": "solo", "team": []})


def _summaries(ctx: AppContext) -> list[dict[str, Any]]:
    if ctx.store is None:
        return [{"id": c.id, "name": c.name, "mode": c.mode, "weeks": len(c.weeks)} for c in memory(ctx).values()]
    try:
        return [s.model_dump() for s in ctx.store.list_campaigns()]
    except (OSError, StoreError) as problem:
        ctx.error = t("Campaigns could not be read: {problem}", problem=problem)
        return []


def create(ctx: AppContext) -> None:
    """Make the drafted campaign, save it and open it."""
    draft = _draft(ctx)
    try:
        team = [TeamMember(name=m["name"].strip(), role=None if m["role"] == "none" else m["role"])
                for m in draft["team"] if m["name"].strip()] if draft["mode"] == "co-op" else []
        campaign = new_campaign(draft["name"], draft["mode"], team)
    except RuleViolation as refused:
        ctx.fail(str(refused))
        return
    except ValidationError as invalid:
        ctx.fail(t("Team member: {problem}", problem=invalid.errors(include_url=False)[0]["msg"]))
        return
    if save_campaign(ctx, campaign):
        ctx.drafts.pop("survey-new", None)
        ctx.navigate(route_to("/survey/campaign", c=campaign.id))
    else:
        ctx.refresh()


def delete(ctx: AppContext, campaign_id: str) -> None:
    """Delete a campaign once the confirm button is tapped (the store keeps its last version among backups)."""
    if ctx.drafts.get("survey-delete") != campaign_id:
        ctx.drafts["survey-delete"] = campaign_id
        ctx.refresh()
        return
    ctx.drafts.pop("survey-delete", None)
    forget_open(ctx)
    if ctx.store is None:
        memory(ctx).pop(campaign_id, None)
    else:
        try:
            ctx.store.delete_campaign(campaign_id)
        except (OSError, StoreError) as problem:
            ctx.fail(t("Could not delete the campaign: {problem}", problem=problem))
            return
    ctx.refresh()


def _row(ctx: AppContext, summary: dict[str, Any]) -> ft.Control:
    cid = summary["id"]
    mode = t("Co-op") if summary["mode"] == "co-op" else t("Solo")
    confirming = ctx.drafts.get("survey-delete") == cid
    delete_button = (
        action_button(f"survey-delete-confirm-{cid}", t("Delete?"), lambda: delete(ctx, cid), icon=ft.Icons.DELETE)
        if confirming
        else icon_action(f"survey-delete-{cid}", ft.Icons.DELETE_OUTLINE, t("Delete campaign"),
                         lambda: delete(ctx, cid))
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


def _new_form(ctx: AppContext) -> ft.Control:
    draft = _draft(ctx)

    def set_name(event: ft.ControlEvent) -> None:
        draft["name"] = event.control.value or ""

    def set_mode(mode: str) -> None:
        draft["mode"] = mode
        if mode == "co-op" and not draft["team"]:
            draft["team"] = [{"name": "", "role": "Angler"}, {"name": "", "role": "Scientist"}]
        ctx.refresh()

    controls: list[ft.Control] = [
        tagged("survey-new-name", ft.TextField(label=t("Campaign name"), value=draft["name"], on_change=set_name,
                                               max_length=60, text_size=theme.BODY)),
        ft.Row([
            action_button("survey-mode-solo", t("Solo"), lambda: set_mode("solo"), icon=ft.Icons.PERSON,
                          primary=draft["mode"] == "solo", expand=True),
            action_button("survey-mode-co-op", t("Co-op"), lambda: set_mode("co-op"), icon=ft.Icons.GROUPS,
                          primary=draft["mode"] == "co-op", expand=True),
        ]),
    ]
    if draft["mode"] == "co-op":
        controls += [_member_row(ctx, i, m) for i, m in enumerate(draft["team"])]
        if len(draft["team"]) < MAX_TEAM:
            controls.append(action_button("survey-member-add", t("Add a scientist"),
                                          lambda: (draft["team"].append({"name": "", "role": "none"}), ctx.refresh()),
                                          icon=ft.Icons.PERSON_ADD))
    controls.append(action_button("survey-create", t("Start campaign"), lambda: create(ctx), icon=ft.Icons.MAP,
                                  primary=True))
    return section_card("survey-new", t("New campaign"), controls)


def _member_row(ctx: AppContext, index: int, member: dict[str, str]) -> ft.Control:
    team = _draft(ctx)["team"]

    def set_name(event: ft.ControlEvent) -> None:
        member["name"] = event.control.value or ""

    def set_role(role: str) -> None:
        member["role"] = role
        ctx.refresh()

    labels = {"none": t("No role"), "Angler": t("Angler"), "Scientist": t("Scientist")}
    return ft.Column([
        ft.Row([
            ft.Container(tagged(f"survey-member-{index}", ft.TextField(
                label=t("Scientist {n}", n=index + 1), value=member["name"], on_change=set_name, max_length=40)),
                expand=True),
            icon_action(f"survey-member-remove-{index}", ft.Icons.CLOSE, t("Remove"),
                        lambda: (team.pop(index), ctx.refresh())),
        ]),
        ft.Row([action_button(f"survey-role-{index}-{role}", labels[role], lambda r=role: set_role(r),
                              primary=member["role"] == role, expand=True) for role in ROLES], spacing=4),
    ], spacing=4)


def view(ctx: AppContext) -> ft.View:
    """Every campaign, most recent first, then the form for a new one."""
    summaries = _summaries(ctx)
    controls: list[ft.Control] = [error_line(ctx.error)]
    if summaries:
        controls.append(section_card("survey-campaigns", t("Campaigns"), [_row(ctx, s) for s in summaries]))
    else:
        controls.append(ft.Text(t("No campaign yet: the Ocean Survey catalogues every Fish in the Sea over many solo "
                                  "or co-op games (A p.23)."), size=theme.BODY))
    controls.append(_new_form(ctx))
    view = screen(ctx.route, t("Ocean Survey"), controls, back=lambda: ctx.navigate("/"))
    view.key = "view:/survey"  # remount, don't patch, when arriving from another screen
    return view
