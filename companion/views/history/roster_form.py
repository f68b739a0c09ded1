"""The Statistics screen's Players card: rename someone, or merge two spellings that are one person.

What is typed into its two fields is this phone's draft session (:class:`RosterForm`, kept in a file of its own
like New game's draft): leaving Statistics, a reload or a phone that slept loses nothing; a rename or merge that goes
through empties it. Identifiers: ``stats-roster``, ``stats-rename-from``, ``stats-rename-to``, ``stats-rename``,
``stats-merge``; a guest's phone is shown the names and, instead of the form, ``stats-roster-host-only``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
from pydantic import BaseModel, Field

from companion.history import RosterError
from companion.i18n import t
from companion.session import StoreError
from companion.session.door import DraftDoor
from companion.views import theme
from companion.views.context import AppContext
from companion.views.drafts import phone_draft_key
from companion.views.widgets import TypedField, action_button, section_card, tagged

FORM = "roster-form"


class RosterForm(BaseModel):
    """The names half-typed into the Players card: who (``player``) and the new name, or the name to merge with."""

    player: str = Field(default="", max_length=200)
    other: str = Field(default="", max_length=200)


def _from_saved(saved: Any) -> RosterForm:
    return RosterForm.model_validate(saved) if saved else RosterForm()


def roster_form(ctx: AppContext) -> DraftDoor[RosterForm]:
    """This phone's Players card draft."""
    session: DraftDoor[RosterForm] = ctx.sessions.draft(phone_draft_key(ctx, FORM), _from_saved)
    return session


def roster_card(ctx: AppContext, redraw: Callable[[], None]) -> ft.Control:
    """The Players card. A keystroke is written to the draft without a redraw (the field shows it already)."""
    plays = ctx.sessions.plays
    names = ft.Text(", ".join(plays.roster().names()) or t("Nobody yet."), size=theme.BODY)
    if not ctx.sessions.viewer.host:  # the roster names the anglers of every recorded play: the host's to change
        return section_card("stats-roster", t("Players"), [
            names, tagged("stats-roster-host-only", ft.Text(t("Only the host can rename or merge players."),
                                                            size=theme.SMALL))])
    form = roster_form(ctx)
    typed = form.current.value

    def field(identifier: str, key: str, label: str) -> ft.Control:
        def on_change(event: ft.Event[ft.TextField]) -> None:
            text = event.control.value or ""
            outcome = form.change(lambda draft: setattr(draft, key, text), seen=form.version)
            if not outcome.ok:
                ctx.fail(outcome.message or "")

        return tagged(identifier, TypedField(label=label, value=getattr(typed, key), on_change=on_change,
                                             text_size=theme.BODY, width=200))

    def apply(change: Callable[[str, str], object]) -> None:
        now = form.current.value
        try:
            change(now.player, now.other)
        except (RosterError, StoreError) as problem:
            ctx.fail(str(problem))
            return
        form.reset(RosterForm(), seen=form.version)
        ctx.clear()
        redraw()

    return section_card("stats-roster", t("Players"), [
        ft.Text(t("The same person is one player whatever the case or spaces. Rename someone, or merge two names "
                  "that are one person (the first goes into the second)."), size=theme.SMALL),
        names,
        ft.Row([field("stats-rename-from", "player", t("Player")),
                field("stats-rename-to", "other", t("New name, or the name to merge with"))], wrap=True),
        ft.Row([action_button("stats-rename", t("Rename"), lambda: apply(plays.rename), icon=ft.Icons.EDIT),
                action_button("stats-merge", t("Merge"), lambda: apply(lambda a, b: plays.merge(b, a)),
                              icon=ft.Icons.MERGE)], wrap=True),
    ])
