"""What every Ocean Survey screen shares: the campaign of the route (its session), moves on it, its tabs, the
week summary card and starting a week. No survey screen imports another.

A screen reads the campaign named by ``?c=<id>`` through :func:`campaign_screen` and changes it only through
:meth:`Survey.apply` (a typed action of :mod:`companion.survey.actions`, made by the campaign's session on the version
the screen shows): a refused move shows its rule by the thumb and changes nothing; an accepted one is saved and
shown on every phone. A screen never makes a move itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import flet as ft
from pydantic import ValidationError

from companion.i18n import N_, t
from companion.problems import field_path, validation_message
from companion.session import Outcome
from companion.session.door import CampaignDoor
from companion.session.registry import NotFound
from companion.survey import Campaign, week_summary
from companion.survey.actions import CampaignAction, StartWeek
from companion.views import theme
from companion.views.changes import Changes
from companion.views.context import AppContext, route_to
from companion.views.hooks import use_form, use_redraw, use_session
from companion.views.speech import told
from companion.views.widgets import action_button, error_line, screen, section_card

# A field typed on a survey screen, named as the screen labels it when its action refuses it (a text too long).
FIELDS = {"name": N_("Name"), "notes": N_("Notes"), "regret_value": N_("Regret value (sum of your Regret cards)")}


@dataclass
class SurveyForm:
    """What a survey screen holds before a move: text being typed, the week's end choices, the last catch."""

    texts: dict[str, str] = field(default_factory=dict)  # by field identifier
    last_catch: str | None = None
    regret: int | None = None  # the week's end: the Regret value read
    jettison: list[str] = field(default_factory=list)
    dinks: list[str] = field(default_factory=list)
    buy: list[str] = field(default_factory=list)


class Survey(Changes[Campaign]):
    """One render of a campaign screen: its changes go through :class:`~companion.views.changes.Changes`, as a
    game's moves and a scorer's edits do."""

    session: CampaignDoor

    def __init__(self, ctx: AppContext, session: CampaignDoor, campaign: Campaign, shown: int, form: SurveyForm,
                 refresh: Callable[[], None]) -> None:
        super().__init__(ctx, session, shown)
        self.campaign, self.form, self.refresh = campaign, form, refresh

    def apply(self, kind: Callable[..., CampaignAction], **fields: object) -> Campaign | None:
        """Make the action ``kind(**fields)`` (``CatchFish, name="Sheepshead"``); the new campaign, or ``None`` when
        it was refused (the reason is shown: a field out of its bounds by name, a rule by its page)."""
        try:
            action = kind(**fields)
        except ValidationError as invalid:
            first = invalid.errors(include_url=False)[0]
            name = str(first["loc"][0])
            self.fail(t("{field}: {message}", field=t(FIELDS[name]) if name in FIELDS else field_path(first["loc"]),
                        message=validation_message(first)))
            return None
        outcome = self.session.apply(action, seen=self.shown)
        return outcome.current.value if self._said(outcome) else None

    def undo(self) -> bool:
        return self._said(self.session.undo(seen=self.shown))

    def redo(self) -> bool:
        return self._said(self.session.redo(seen=self.shown))

    def _said(self, outcome: Outcome[Campaign]) -> bool:
        """:meth:`answer` ``outcome``, and have a screen reader say the move made (issue 46)."""
        if not self.answer(outcome):
            return False
        if outcome.said:
            told([outcome.said])
        return True

    def do(self, kind: Callable[..., CampaignAction], **fields: object) -> None:
        """:meth:`apply` for a button or a tick: the outcome is shown, nothing is returned."""
        self.apply(kind, **fields)

    def fail(self, message: str) -> None:
        self.ctx.fail(message)

    def go(self, path: str) -> None:
        self.ctx.navigate(route_to(path, c=self.campaign.id))


def campaign_session(ctx: AppContext) -> CampaignDoor | None:
    """The session of the route's ``?c=`` campaign; ``None`` with the reason on ``ctx.error``."""
    campaign_id = ctx.params.get("c")
    if not campaign_id:
        return None
    try:
        return ctx.sessions.campaign(campaign_id)
    except NotFound as problem:
        ctx.error = str(problem)
        return None


def campaign_screen(ctx: AppContext, body: Callable[[Survey], ft.View]) -> ft.View:
    """The screen of the route's ``?c=`` campaign, drawn by ``body`` from the campaign as this screen shows it; the
    "not found" screen when there is none."""
    session = campaign_session(ctx)
    if session is None:
        return missing(ctx)
    # Keyed by screen and campaign, so that its local state (text being typed) belongs to that screen of that campaign.
    return _CampaignView(ctx, session, body, key=f"{body.__qualname__}:{session.key}")  # type: ignore[call-arg]


@ft.component
def _CampaignView(ctx: AppContext, session: CampaignDoor, body: Callable[[Survey], ft.View]) -> ft.View:
    shown = use_session(session)  # the screen redraws when any phone changes the campaign
    return body(Survey(ctx, session, shown.value, shown.version, use_form(SurveyForm), use_redraw()))


def begin_week(sv: Survey) -> None:
    """Start the next week and go to it."""
    if sv.apply(StartWeek) is not None:
        sv.go("/survey/week")


def survey_screen(sv: Survey, title: str, controls: list[ft.Control]) -> ft.View:
    """The shared screen frame (back to the list, undo and redo, the refusal by the thumb)."""
    from companion.views.widgets import undo_redo

    return screen(sv.ctx.route, title, controls, back=back_to_list(sv.ctx),
                  actions=undo_redo(sv, sv.session.current), notices=sv.ctx)


def tabs(sv: Survey, current: str) -> ft.Row:
    """Buttons between the campaign's screens: ``survey-tab-<name>``; the current one is filled."""
    entries = [
        ("campaign", t("Campaign"), ft.Icons.HOME_WORK, "/survey/campaign"),
        ("sheet", t("Sheet"), ft.Icons.GRID_VIEW, "/survey/sheet"),
        ("week", t("Week"), ft.Icons.CALENDAR_VIEW_WEEK, "/survey/week"),
        ("progress", t("Progress"), ft.Icons.SHOW_CHART, "/survey/progress"),
    ]
    return ft.Row([
        action_button(f"survey-tab-{name}", label, partial(sv.go, route), icon=icon,
                      primary=name == current, selected=name == current, expand=True)
        for name, label, icon, route in entries
    ], wrap=True, spacing=6, run_spacing=6)


def summary_card(campaign: Campaign, number: int) -> ft.Control:
    """What week ``number`` did, in a few lines (``survey-summary-<n>``)."""
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


def back_to_list(ctx: AppContext) -> Callable[[], None]:
    return lambda: ctx.navigate("/survey")


def missing(ctx: AppContext) -> ft.View:
    """The screen shown for an unknown or unreadable campaign id."""
    return screen(ctx.route, t("Ocean Survey"), [
        error_line(ctx.error or t("That campaign could not be found")),
        action_button("survey-to-list", t("All campaigns"), back_to_list(ctx), icon=ft.Icons.LIST, primary=True),
    ], back=back_to_list(ctx))
