"""Score Endeavor: Deep Sea (docs/rules.md §13): category points, leftover research + staging discs ÷ 3,
mission goals with per-count points and leader bonuses; or, co-op/solo, the goal check for a difficulty.

Route: ``/score/endeavor``. Identifiers: ``scorer-game-…``, ``endeavor-mode-<competitive|co-op>``,
``endeavor-player-<seat>``, ``endeavor-name-<seat>``, ``endeavor-<ingenuity|inspiration|coordination|reputation|impact|
journals|specialists|research|staging_discs>-<seat>`` (the four attribute tracks one by one),
``endeavor-remove-player-<seat>``, ``endeavor-add-player``, ``endeavor-goal-<g>``,
``endeavor-goal-name-<g>``, ``endeavor-goal-<points_per|first|second>-<g>``, ``endeavor-goal-count-<g>-<seat>``,
``endeavor-goal-remove-<g>``, ``endeavor-add-goal``, ``endeavor-difficulty-<level>``, ``endeavor-coop-name-<g>``,
``endeavor-coop-goal-<g>``, ``endeavor-coop-result``, ``endeavor-team-name-<seat>``, ``endeavor-team-add``,
``endeavor-team-needed``, ``endeavor-missing``, ``endeavor-reset``, ``error-line``,
``scorer-results``, ``scorer-winners``, ``scorer-rank-<k>``, ``endeavor-breakdown-<seat>``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.i18n import N_, t, tn
from companion.scoring.endeavor import (
    ENTRY_MAX,
    GOALS_NEEDED,
    MAX_GOALS,
    MAX_PLAYERS,
    CoopGoal,
    Difficulty,
    EndeavorGoal,
    EndeavorPlayer,
    check_coop,
    score_endeavor,
)
from companion.scoring.needs import name_needs
from companion.views import theme
from companion.views.context import AppContext
from companion.views.history.hooks import history_controls, name_suggestions
from companion.views.scorers.common import (
    Editing,
    game_switcher,
    int_field,
    ranking,
    text_field,
    undo_removal,
    use_draft,
    winners_line,
)
from companion.views.widgets import (
    action_button,
    chip,
    error_line,
    icon_action,
    screen,
    section_card,
    tagged,
    undo_redo,
)
from companion.views.widgets.toggles import toggle

DRAFT_KEY = "endeavor-scorer"
CATEGORIES = (("ingenuity", N_("Ingenuity track")), ("inspiration", N_("Inspiration track")),
              ("coordination", N_("Coordination track")), ("reputation", N_("Reputation track")),
              ("impact", N_("Impact hexes")), ("journals", N_("Journals")),
              ("specialists", N_("Senior tier-5 specialists")), ("research", N_("Leftover research")),
              ("staging_discs", N_("Discs in staging area")))
LEVELS = {"beginner": N_("Beginner"), "intermediate": N_("Intermediate"), "expert": N_("Expert"),
          "legendary": N_("Legendary")}


def _player() -> dict[str, Any]:
    return {"name": "", **dict.fromkeys((key for key, _ in CATEGORIES), 0)}


def blank() -> dict[str, Any]:
    return {"mode": "competitive", "difficulty": "beginner", "players": [_player(), _player()], "goals": [],
            "coop_goals": [{"name": t("Goal {n}", n=g + 1), "achieved": False} for g in range(MAX_GOALS)]}


def _make(saved: Any) -> dict[str, Any]:
    return saved if isinstance(saved, dict) and "coop_goals" in saved else blank()


def _changed(ed: Editing, draft: dict[str, Any]) -> None:
    ed.changed(draft)


def _player_card(ed: Editing, draft: dict[str, Any], seat: int) -> ft.Control:
    p = draft["players"][seat]

    def set_value(key: str, value: object) -> None:
        p[key] = value
        _changed(ed, draft)

    def set_number(key: str, value: int | None) -> None:
        set_value(key, value or 0)

    def remove() -> None:
        del draft["players"][seat]
        for goal in draft["goals"]:  # counts are kept by seat: shift the later seats down
            goal["counts"] = {str(j if j < seat else j - 1): n for j, n in ((int(k), v) for k, v in
                                                                         goal["counts"].items()) if j != seat}
        ed.removed(draft, p["name"])

    # A draft saved before the tracks were split has a ``tracks`` total instead: it is still scored
    # (EndeavorPlayer.tracks).
    fields: list[ft.Control] = [int_field(ed, f"endeavor-{key}-{seat}", t(label), p.get(key, 0),
                                          partial(set_number, key), maximum=ENTRY_MAX, width=150)
                                for key, label in CATEGORIES]
    title = ft.Row([text_field(ed, f"endeavor-name-{seat}", t("Player {n}", n=seat + 1), p["name"],
                               partial(set_value, "name")),
                    icon_action(f"endeavor-remove-player-{seat}", ft.Icons.DELETE_OUTLINE, t("Remove player"),
                                remove if len(draft["players"]) > 1 else None)])
    suggestions = name_suggestions(ed.ctx, f"endeavor-name-{seat}", p["name"], [q["name"] for q in draft["players"]],
                                   partial(set_value, "name"))
    return section_card(f"endeavor-player-{seat}", None, [title, suggestions, ft.Row(fields, wrap=True)],
                        group=p["name"].strip() or t("Player {n}", n=seat + 1))


def _goal_card(ed: Editing, draft: dict[str, Any], g: int) -> ft.Control:
    goal = draft["goals"][g]

    def set_value(key: str, value: object) -> None:
        goal[key] = value
        _changed(ed, draft)

    def set_number(key: str, value: int | None) -> None:
        set_value(key, value or 0)

    def set_count(seat: int, value: int | None) -> None:
        goal["counts"][str(seat)] = value or 0
        _changed(ed, draft)

    def remove() -> None:
        del draft["goals"][g]
        _changed(ed, draft)

    numbers: list[ft.Control] = [int_field(ed, f"endeavor-goal-{key}-{g}", label, goal[key], partial(set_number, key),
                                           maximum=ENTRY_MAX, width=120)
                                 for key, label in (("points_per", t("Points each")), ("first", t("1st bonus")),
                                  ("second", t("2nd bonus")))]
    counts: list[ft.Control] = [int_field(ed, f"endeavor-goal-count-{g}-{seat}",
                                          p["name"] or t("Player {n}", n=seat + 1), goal["counts"].get(str(seat), 0),
                                          partial(set_count, seat), maximum=ENTRY_MAX, width=120)
                                for seat, p in enumerate(draft["players"])]
    title = ft.Row([text_field(ed, f"endeavor-goal-name-{g}", t("Mission goal"), goal["name"],
                               partial(set_value, "name")),
                    icon_action(f"endeavor-goal-remove-{g}", ft.Icons.CLOSE, t("Remove goal"), remove)])
    return section_card(f"endeavor-goal-{g}", None, [title, ft.Row(numbers, wrap=True),
                                                      ft.Text(t("Count per player"), size=theme.SMALL),
                                                      ft.Row(counts, wrap=True)])


def missing(draft: dict[str, Any]) -> list[str]:
    needs = name_needs([p["name"] for p in draft["players"]])
    needs += [t("Mission goal {n} needs a name", n=g + 1) for g, goal in enumerate(draft["goals"])
              if not goal["name"].strip()]
    return needs


def _competitive_results(ed: Editing, draft: dict[str, Any]) -> list[ft.Control]:
    names = [p["name"].strip() for p in draft["players"]]
    players = [EndeavorPlayer(**{**p, "name": p["name"].strip()}) for p in draft["players"]]
    goals = [EndeavorGoal(name=goal["name"].strip(), points_per=goal["points_per"], first=goal["first"],
                          second=goal["second"], counts={names[int(i)]: n for i, n in goal["counts"].items()})
             for goal in draft["goals"]]
    try:
        result = score_endeavor(players, goals)
    except ValueError as problem:
        return [error_line(str(problem), "endeavor-problem")]
    rows = [(s.name, s.score, s.rank, s.winner, s.tie_break) for s in result.players]
    cards = []
    for seat, s in enumerate(result.players):
        lines = [t("Tracks {a} · Impact {b} · Journals {c} · Specialists {d}", a=s.tracks, b=s.impact, c=s.journals,
                   d=s.specialists),
                 t("Leftover {n} ÷ 3 = {points}", n=s.leftover, points=s.leftover_points)]
        lines += [t("{goal}: count {count} = {points} + bonus {bonus}", goal=g.goal, count=g.count, points=g.points,
                    bonus=g.bonus) for g in s.goals]
        lines.append(t("Total {score}", score=s.score))
        cards.append(section_card(f"endeavor-breakdown-{seat}", s.name, [ft.Text(line) for line in lines]))
    return [section_card("scorer-results", t("Result"), [winners_line(result.winners), *ranking(rows)]), *cards,
            *history_controls(ed.ctx, DRAFT_KEY, result, redraw=ed.refresh)]


def _coop(ed: Editing, draft: dict[str, Any]) -> list[ft.Control]:
    def set_level(level: str) -> None:
        draft["difficulty"] = level
        _changed(ed, draft)

    def set_goal(g: int, key: str, value: object) -> None:
        draft["coop_goals"][g][key] = value
        _changed(ed, draft)

    def set_met(g: int, on: bool) -> None:
        set_goal(g, "achieved", on)

    levels: list[ft.Control] = [chip(f"endeavor-difficulty-{d.value}",
                                     tn("{level}: {n} goal", "{level}: {n} goals", GOALS_NEEDED[d],
                                        level=t(LEVELS[d.value])),
                   color=theme.SEED if d.value == draft["difficulty"] else theme.PASSED,
                   selected=d.value == draft["difficulty"],
                   on_click=partial(set_level, d.value)) for d in Difficulty]
    rows: list[ft.Control] = [ft.Row(levels, wrap=True, spacing=8)]
    for g, goal in enumerate(draft["coop_goals"]):
        rows.append(ft.Row([
            text_field(ed, f"endeavor-coop-name-{g}", t("Goal"), goal["name"], partial(set_goal, g, "name")),
            toggle(f"endeavor-coop-goal-{g}", t("Met"), goal["achieved"], partial(set_met, g)),
        ]))
    result = check_coop(draft["difficulty"], [CoopGoal(name=goal["name"] or str(g), achieved=goal["achieved"])
                                              for g, goal in enumerate(draft["coop_goals"])])
    rows.append(tagged("endeavor-coop-result", ft.Text(result.verdict, size=theme.NUMBER, weight=ft.FontWeight.BOLD,
                                                       color=None if result.won else theme.DANGER)))
    team = [p["name"].strip() for p in draft["players"] if p["name"].strip()]
    saving = (history_controls(ed.ctx, f"{DRAFT_KEY}-co-op", result, redraw=ed.refresh, names=team) if team
              else [tagged("endeavor-team-needed", ft.Text(t("Name the team to save this play in History"),
                                                           size=theme.BODY))])
    return [_team_card(ed, draft), section_card("endeavor-coop", t("Co-op / solo goals"), rows), *saving]


def _team_card(ed: Editing, draft: dict[str, Any]) -> ft.Control:
    """Who played a co-op or solo game (the same names as the competitive table's): the play's players, each
    winning or losing with the team. Identifiers: ``endeavor-team-name-<seat>``, ``endeavor-team-add``."""
    def set_name(seat: int, value: object) -> None:
        draft["players"][seat]["name"] = value
        _changed(ed, draft)

    def add() -> None:
        draft["players"].append(_player())
        _changed(ed, draft)

    rows: list[ft.Control] = []
    for seat, p in enumerate(draft["players"]):
        rows += [text_field(ed, f"endeavor-team-name-{seat}", t("Player {n}", n=seat + 1), p["name"],
                            partial(set_name, seat)),
                 name_suggestions(ed.ctx, f"endeavor-team-name-{seat}", p["name"],
                                  [q["name"] for q in draft["players"]], partial(set_name, seat))]
    rows.append(action_button("endeavor-team-add", t("Add player"),
                              add if len(draft["players"]) < MAX_PLAYERS else None, icon=ft.Icons.PERSON_ADD))
    return section_card("endeavor-team", t("The team"), rows)


@ft.component
def EndeavorScreen(ctx: AppContext) -> ft.View:
    ed = use_draft(ctx, DRAFT_KEY, _make)
    draft = ed.draft

    def set_mode(mode: str) -> None:
        draft["mode"] = mode
        _changed(ed, draft)

    def add(key: str, item: dict[str, Any]) -> None:
        draft[key].append(item)
        _changed(ed, draft)

    def reset() -> None:
        _changed(ed, blank())

    modes: list[ft.Control] = [
        chip(f"endeavor-mode-{mode}", label, color=theme.SEED if mode == draft["mode"] else theme.PASSED,
             selected=mode == draft["mode"],
             on_click=partial(set_mode, mode))
        for mode, label in (("competitive", t("Competitive")), ("co-op", t("Co-op / solo")))]
    controls: list[ft.Control] = [game_switcher(ed.ctx, "endeavor"), ft.Row(modes, wrap=True, spacing=8)]
    if draft["mode"] == "co-op":
        controls += _coop(ed, draft)
    else:
        controls += [_player_card(ed, draft, seat) for seat in range(len(draft["players"]))]
        controls += undo_removal(ed)
        controls.append(action_button("endeavor-add-player", t("Add player"),
                                      (lambda: add("players", _player())) if len(draft["players"]) < MAX_PLAYERS
                                      else None, icon=ft.Icons.PERSON_ADD))
        controls += [_goal_card(ed, draft, g) for g in range(len(draft["goals"]))]
        controls.append(action_button("endeavor-add-goal", t("Add mission goal"), lambda: add(
            "goals", {"name": "", "points_per": 0, "first": 0, "second": 0, "counts": {}}), icon=ft.Icons.FLAG))
    controls += [action_button("endeavor-reset", t("Clear"), reset, icon=ft.Icons.RESTART_ALT)]
    if draft["mode"] == "competitive":
        needs = missing(draft)
        controls += ([section_card("endeavor-missing", t("Still needed"), [ft.Text(n) for n in needs])] if needs
                     else _competitive_results(ed, draft))
    return screen(ctx.route, t("Score Endeavor: Deep Sea"), controls, back=lambda: ctx.navigate("/"),
                  actions=undo_redo(ed, ed.session.current), notices=ctx)
