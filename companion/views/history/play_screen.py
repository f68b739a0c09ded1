"""One play: when, how long, the rules, the ranking and every player's breakdown; who started (an edit); delete
(undoable from History, the host's alone); and "Log in BG Stats", with the same link as a QR code on the host's
screen.

Route ``/history/play?play=<id>``. Identifiers: ``play-summary``, ``play-start-<seat>``, ``play-bgstats``,
``play-bgstats-link``, ``play-qr``, ``play-delete``, ``play-undo``, ``scorer-results``, ``scorer-rank-<k>``,
``play-breakdown-<seat>`` (Deep Regrets: ``scorer-breakdown-<seat>``), ``back``.
"""

from __future__ import annotations

from functools import partial

import flet as ft
from pydantic import ValidationError

from companion.history import link, qr_png, qr_side
from companion.history.models import Play, PlayEdit
from companion.i18n import N_, t, tn
from companion.scoring.deep_regrets import DeepRegretsScore
from companion.session import StoreError
from companion.session.plays import edited_scores
from companion.views import theme
from companion.views.context import AppContext
from companion.views.history.common import game_label, undo_control
from companion.views.hooks import use_redraw
from companion.views.labels import when_label
from companion.views.scorers.common import ranking, winners_line
from companion.views.scorers.results import breakdown as deep_regrets_breakdown
from companion.views.widgets import action_button, caption, chip, error_line, screen, section_card, tagged

# The breakdown fields of the other games, in the order a table reads them out.
FIELDS = {"shallow-regrets": (("fish_points", N_("Fish points")), ("foul_fish", N_("Foul Fish")),
                              ("penalty", N_("Penalty"))),
          "endeavor-deep-sea": (("tracks", N_("Attribute tracks")), ("impact", N_("Impact hexes")),
                                ("journals", N_("Journals")), ("specialists", N_("Senior tier-5 specialists")),
                                ("leftover_points", N_("Leftover ÷ 3")), ("goal_points", N_("Mission goals")))}


def _summary(play: Play) -> ft.Control:
    lines = [t("{game} · {when}", game=game_label(play.game), when=when_label(play.played.astimezone()))]
    if play.duration_min is not None:
        lines.append(tn("{n} minute", "{n} minutes", play.duration_min))
    if play.ruleset:
        lines.append(t("Rules: {rules}", rules=" · ".join(play.rules())))
    if play.mode == "co-op":
        goals = play.details
        lines.append((t("Team won") if play.won else t("Team lost")) + " · " + t(
            "{met} of {needed} goals met", met=len(goals.get("goals_met", [])), needed=goals.get("needed", "?")))
    summary: list[ft.Control] = [ft.Text(line, size=theme.BODY) for line in lines]
    summary += [tagged(f"play-edit-{k}", ft.Text(_edit_line(edit), size=theme.BODY, italic=True))
                for k, edit in enumerate(play.edits)]
    return tagged("play-summary", ft.Column(summary, spacing=2))


def _edit_line(edit: PlayEdit) -> str:
    """"Edited 4 Dec 21:40: Ann 14 → 15" (a recorded play corrected by the host; History's Undo takes it back)."""
    when = when_label(edit.at.astimezone())
    scores = edited_scores(edit)
    return t("Edited {when}: {scores}", when=when, scores=scores) if scores else t("Edited {when}", when=when)


def _breakdowns(play: Play) -> list[ft.Control]:
    cards: list[ft.Control] = []
    for seat, p in enumerate(play.players):
        if play.game == "deep-regrets":
            try:
                score = DeepRegretsScore.model_validate({"name": p.name, "score": p.score, "rank": p.rank,
                                                         "winner": p.winner, **p.breakdown})
            except ValidationError:
                score = None
            if score is not None:
                cards.append(deep_regrets_breakdown(seat, score))
                continue
        rows: list[ft.Control] = [ft.Text(f"{t(label)}: {p.breakdown[key]}", size=theme.BODY)
                                  for key, label in FIELDS.get(play.game, ()) if key in p.breakdown]
        rows += [ft.Text(t("{goal}: count {count} = {points} + bonus {bonus}", **g), size=theme.BODY)
                 for g in p.breakdown.get("goals", [])]
        if p.score is not None:
            rows.append(ft.Text(t("Total {score}", score=p.score), size=theme.NUMBER, weight=ft.FontWeight.BOLD))
        if rows:
            cards.append(section_card(f"play-breakdown-{seat}", p.name, rows))
    return cards


def _bgstats(play: Play, host: bool) -> list[ft.Control]:
    """The link on every phone; on the host's screen (the laptop or tablet everyone sees) also as a QR code, for
    the phone that has BG Stats to scan."""
    url = link(play)
    button = tagged("play-bgstats", ft.FilledButton(content=caption(t("Log in BG Stats")),
                                                     icon=ft.Icons.OPEN_IN_NEW, url=url))
    shown: list[ft.Control] = [button, tagged("play-bgstats-link", ft.Text(
        url, size=theme.SMALL, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS))]
    if host:
        shown += [ft.Text(t("Or scan this with the phone that has BG Stats:"), size=theme.SMALL),
                  tagged("play-qr", ft.Image(src=qr_png(play), width=qr_side(play), height=qr_side(play)))]
    return shown


@ft.component
def PlayScreen(ctx: AppContext) -> ft.View:
    """The screen of one play (``?play=<id>``)."""
    redraw = use_redraw()
    back = lambda: ctx.navigate("/history")  # noqa: E731

    undo_button = undo_control(ctx, "play-undo", redraw)
    try:
        play = ctx.sessions.plays.opened(ctx.params.get("play", ""))
    except StoreError as problem:
        return screen(ctx.route, t("Play"), [error_line(str(problem)), *undo_button], back=back, notices=ctx)

    def set_start(seat: int) -> None:
        try:
            ctx.sessions.plays.set_start_player(play, seat)
        except StoreError as problem:
            ctx.fail(t("Could not save the play: {problem}", problem=problem))
            return
        ctx.clear()
        redraw()

    def delete() -> None:
        try:
            ctx.sessions.plays.delete(play.id)
        except StoreError as problem:
            ctx.fail(str(problem))
            return
        ctx.navigate("/history")

    host = ctx.sessions.viewer.host  # a recorded play is the host's to change (the session refuses a guest's anyway)
    rows = [(p.name, p.score if p.score is not None else 0, p.rank or 1, p.winner, None) for p in play.players]
    result: list[ft.Control] = [winners_line(play.winners)]
    if play.mode != "co-op":
        result += ranking(rows)
    starts: list[ft.Control] = [chip(f"play-start-{seat}", p.name, color=theme.SEED if p.start_player else theme.PASSED,
                                     selected=p.start_player,
                                     on_click=partial(set_start, seat) if host else None)
                               for seat, p in enumerate(play.players) if not p.bot]
    return screen(ctx.route, t("Play"), [
        _summary(play),
        section_card("scorer-results", t("Result"), result),
        section_card("play-start", t("Start player"), [ft.Row(starts, wrap=True, spacing=8)]),
        *_breakdowns(play),
        section_card("play-export", t("Export"), _bgstats(play, host)),
        ft.Row([*([action_button("play-delete", t("Delete this play"), delete, icon=ft.Icons.DELETE_OUTLINE)]
                  if host else []), *undo_button], wrap=True),
    ], back=back, notices=ctx)
