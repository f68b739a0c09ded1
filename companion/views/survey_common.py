"""What every Ocean Survey screen shares: the open campaign, applying a move to it, saving it, its tabs.

A screen reads the campaign named by ``?c=<id>`` with :func:`open_campaign` and changes it only through
:func:`apply_move` (one of :mod:`companion.survey.play`'s moves): a refused move shows its rule on the error line and
changes nothing; an accepted one is saved at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import t
from companion.rules.errors import RuleViolation
from companion.store.errors import StoreError
from companion.survey import Campaign
from companion.views.context import AppContext, route_to
from companion.views.widgets import action_button, screen

_OPEN = "survey-open"  # ctx.drafts key: the campaign last loaded, so a redraw doesn't re-read the disk
_MEMORY = "survey-memory"  # ctx.drafts key: campaigns kept in this tab when there is no store


def memory(ctx: AppContext) -> dict[str, Campaign]:
    """Campaigns of this tab when the data folder could not be opened."""
    return ctx.drafts.setdefault(_MEMORY, {})


def open_campaign(ctx: AppContext, campaign_id: str | None = None) -> Campaign | None:
    """The campaign ``campaign_id`` (default: the route's ``?c=``), or ``None`` with the reason on the error line."""
    campaign_id = campaign_id or ctx.params.get("c")
    if not campaign_id:
        return None
    cached = ctx.drafts.get(_OPEN)
    if isinstance(cached, Campaign) and cached.id == campaign_id:
        return cached
    if ctx.store is None:
        found = memory(ctx).get(campaign_id)
    else:
        try:
            found = ctx.store.load_campaign(campaign_id)
        except StoreError as problem:
            ctx.error = str(problem)
            return None
    if found is not None:
        ctx.drafts[_OPEN] = found
    return found


def save_campaign(ctx: AppContext, campaign: Campaign) -> bool:
    """Keep ``campaign`` (store, or this tab's memory); a failed save goes on the error line."""
    ctx.drafts[_OPEN] = campaign
    if ctx.store is None:
        memory(ctx)[campaign.id] = campaign
        return True
    try:
        ctx.store.save_campaign(campaign)
    except (OSError, StoreError) as problem:
        ctx.error = t("Could not save the campaign: {problem}", problem=problem)
        return False
    return True


def apply_move(ctx: AppContext, move: Callable[..., Campaign], *args: Any, redraw: bool = True,
               **kwargs: Any) -> Campaign | None:
    """Apply a survey move to the open campaign, save and redraw; a refused move changes nothing.

    Returns the new campaign, or ``None`` when the move was refused. ``redraw=False`` when the caller navigates
    away at once (one redraw, not two).
    """
    campaign = open_campaign(ctx)
    if campaign is None:
        ctx.fail(t("That campaign could not be found"))
        return None
    try:
        changed = move(campaign, *args, **kwargs)
    except RuleViolation as refused:
        ctx.fail(str(refused))
        return None
    ctx.error = None
    save_campaign(ctx, changed)
    if redraw:
        ctx.refresh()
    return changed


def survey_screen(ctx: AppContext, title: str, controls: list[ft.Control]) -> ft.View:
    """The shared screen frame, keyed by route so moving between survey screens remounts the view instead of
    patching one screen's controls into another's.
    """
    view = screen(ctx.route, title, controls, back=back_to_list(ctx))
    view.key = f"view:{ctx.path}"
    return view


def forget_open(ctx: AppContext) -> None:
    ctx.drafts.pop(_OPEN, None)


def tabs(ctx: AppContext, campaign: Campaign, current: str) -> ft.Row:
    """Buttons between the campaign's screens: ``survey-tab-<name>``; the current one is filled."""
    go = ctx.navigate
    entries = [
        ("campaign", t("Campaign"), ft.Icons.HOME_WORK, "/survey/campaign"),
        ("sheet", t("Sheet"), ft.Icons.GRID_VIEW, "/survey/sheet"),
        ("week", t("Week"), ft.Icons.CALENDAR_VIEW_WEEK, "/survey/week"),
        ("progress", t("Progress"), ft.Icons.SHOW_CHART, "/survey/progress"),
    ]
    return ft.Row([
        action_button(f"survey-tab-{name}", label, lambda r=route: go(route_to(r, c=campaign.id)), icon=icon,
                      primary=name == current, expand=True)
        for name, label, icon, route in entries
    ], wrap=True, spacing=6, run_spacing=6)


def back_to_list(ctx: AppContext) -> Callable[[], None]:
    return lambda: ctx.navigate("/survey")


def missing(ctx: AppContext) -> ft.View:
    """The screen shown for an unknown or unreadable campaign id."""
    from companion.views.widgets import error_line

    return survey_screen(ctx, t("Ocean Survey"), [
        error_line(ctx.error or t("That campaign could not be found")),
        action_button("survey-to-list", t("All campaigns"), back_to_list(ctx), icon=ft.Icons.LIST, primary=True),
    ])
