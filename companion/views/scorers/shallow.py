"""Score Shallow Regrets (docs/rules.md §12): each player's caught Fish as points + Fair/Foul; the most
Foul Fish lose 2; ties by fewest Foul Fish, then shared. Solo against the Frod.

Route: ``/score/shallow``. ``<seat>`` is a player's seat (0-based), or ``frod``. Identifiers: ``scorer-game-…``,
``shallow-solo``, ``shallow-player-<seat>``, ``shallow-name-<seat>``, ``shallow-fish-<seat>-<k>``,
``shallow-fish-remove-<seat>-<k>``, ``shallow-points-<seat>``, ``shallow-add-fair-<seat>``, ``shallow-add-foul-<seat>``,
``shallow-summary-<seat>``, ``shallow-remove-player-<seat>``, ``shallow-add-player``, ``shallow-reset``,
``shallow-missing``, ``error-line``, ``scorer-results``, ``scorer-winners``, ``scorer-rank-<k>``,
``shallow-penalty-<name>``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.i18n import t, tn
from companion.scoring.shallow_regrets import (
    FROD,
    MAX_PLAYERS,
    POINTS_MAX,
    POINTS_MIN,
    ShallowFish,
    ShallowPlayer,
    ShallowResult,
    fish_points,
    foul_count,
    score_shallow_regrets,
    score_shallow_solo,
    shallow_needs,
)
from companion.views import theme
from companion.views.context import AppContext
from companion.views.history.hooks import history_controls, name_suggestions
from companion.views.scorers.common import (
    Editing,
    game_switcher,
    parse_int,
    ranking,
    text_field,
    undo_removal,
    use_draft,
    winners_line,
)
from companion.views.widgets import action_button, error_line, icon_action, screen, section_card, tagged, undo_redo
from companion.views.widgets.toggles import toggle

DRAFT_KEY = "shallow-scorer"


def blank() -> dict[str, Any]:
    return {"solo": False, "players": [{"name": "", "fish": []}, {"name": "", "fish": []}], "frod": []}


def _make(saved: Any) -> dict[str, Any]:
    return saved if isinstance(saved, dict) and "players" in saved else blank()


def _changed(ed: Editing, draft: dict[str, Any]) -> None:
    ed.changed(draft)


def _fish_list(draft: dict[str, Any], who: str) -> list[dict[str, Any]]:
    return draft["frod"] if who == FROD.lower() else draft["players"][int(who)]["fish"]


def add_fish(ed: Editing, draft: dict[str, Any], who: str, kind: str) -> None:
    """Add the points typed in ``shallow-points-<who>`` as a Fair or Foul Fish (points may be negative)."""
    try:
        points = parse_int(ed.form.typed.get(f"shallow-points-{who}", ""), minimum=POINTS_MIN, maximum=POINTS_MAX)
    except ValueError:
        ed.fail(t("Points must be {what}", what=t("a whole number from {low} to {high}", low=POINTS_MIN,
                                                     high=POINTS_MAX)))
        return
    if points is None:
        ed.fail(t("Type the Fish's points first (a whole number; it may be negative)"))
        return
    ed.form.typed[f"shallow-points-{who}"] = ""
    _fish_list(draft, who).append({"points": points, "type": kind})
    _changed(ed, draft)


def _fish_card(ed: Editing, draft: dict[str, Any], who: str, title: ft.Control) -> ft.Control:
    fish = _fish_list(draft, who)

    def remove(k: int) -> None:
        del fish[k]
        _changed(ed, draft)

    def set_points(event: ft.Event[ft.TextField]) -> None:
        ed.form.typed[f"shallow-points-{who}"] = event.control.value or ""

    rows: list[ft.Control] = [title]
    for k, f in enumerate(fish):
        kind = t("Foul") if f["type"] == "foul" else t("Fair")
        rows.append(ft.Row([
            tagged(f"shallow-fish-{who}-{k}", ft.Text(tn("{kind} · {n} point", "{kind} · {n} points",
                                                                 f["points"], kind=kind),
                                                      size=theme.BODY, expand=True,
                                                      color=theme.FOUL if f["type"] == "foul" else theme.FAIR)),
            icon_action(f"shallow-fish-remove-{who}-{k}", ft.Icons.CLOSE, t("Remove"), partial(remove, k)),
        ]))
    caught = [ShallowFish(**f) for f in fish]
    rows.append(tagged(f"shallow-summary-{who}", ft.Text(
        tn("{fish} Fish · {foul} Foul · {n} point", "{fish} Fish · {foul} Foul · {n} points",
           fish_points(caught), fish=len(fish), foul=foul_count(caught)), size=theme.SMALL)))
    rows.append(ft.Row([
        tagged(f"shallow-points-{who}", ft.TextField(label=t("Points"), value=ed.form.typed.get(f"shallow-points-{who}",
                                                                                              ""),
                                                     on_change=set_points, width=110, text_size=theme.BODY,
                                                     keyboard_type=ft.KeyboardType.NUMBER)),
        action_button(f"shallow-add-fair-{who}", t("Fair"), lambda: add_fish(ed, draft, who, "fair")),
        action_button(f"shallow-add-foul-{who}", t("Foul"), lambda: add_fish(ed, draft, who, "foul")),
    ], wrap=True))
    whose = (t("The Frod") if who == FROD.lower()
             else draft["players"][int(who)]["name"].strip() or t("Player {n}", n=int(who) + 1))
    return section_card(f"shallow-player-{who}", None, rows, group=whose)


def _score(draft: dict[str, Any]) -> ShallowResult:
    players = [ShallowPlayer(name=p["name"].strip(), fish=tuple(ShallowFish(**f) for f in p["fish"]))
               for p in draft["players"]]
    if draft["solo"]:
        return score_shallow_solo(players[0], [ShallowFish(**f) for f in draft["frod"]])
    return score_shallow_regrets(players)


def missing(draft: dict[str, Any]) -> list[str]:
    return shallow_needs([p["name"] for p in draft["players"]], draft["solo"])


def _results(ed: Editing, draft: dict[str, Any]) -> list[ft.Control]:
    try:
        result = _score(draft)
    except ValueError as problem:
        return [error_line(str(problem), "shallow-problem")]
    rows = [(s.name, s.score, s.rank, s.winner, s.tie_break) for s in result.players]
    penalties = [tagged(f"shallow-penalty-{s.name}", ft.Text(t("{name}: {reason}, −2", name=s.name,
                                                              reason=s.penalty_reason), color=theme.DANGER))
                 for s in result.players if s.penalty]
    return [section_card("scorer-results", t("Result"), [winners_line(result.winners), *ranking(rows), *penalties]),
            *history_controls(ed.ctx, DRAFT_KEY, result, redraw=ed.refresh)]


@ft.component
def ShallowScreen(ctx: AppContext) -> ft.View:
    ed = use_draft(ctx, DRAFT_KEY, _make)
    draft = ed.draft

    def set_solo(on: bool) -> None:
        draft["solo"] = on
        if draft["solo"]:
            draft["players"] = draft["players"][:1]
        elif len(draft["players"]) < 2:
            draft["players"].append({"name": "", "fish": []})
        _changed(ed, draft)

    def add_player() -> None:
        draft["players"].append({"name": "", "fish": []})
        _changed(ed, draft)

    def remove_player(seat: int) -> None:
        name = draft["players"].pop(seat)["name"]
        ed.removed(draft, name)

    def set_name(seat: int, value: str) -> None:
        draft["players"][seat]["name"] = value
        _changed(ed, draft)

    def reset() -> None:
        _changed(ed, blank())

    controls: list[ft.Control] = [
        game_switcher(ed.ctx, "shallow"),
        toggle("shallow-solo", t("Solo against the Frod"), draft["solo"], set_solo),
    ]
    for seat, p in enumerate(draft["players"]):
        title = ft.Row([text_field(ed, f"shallow-name-{seat}", t("Player {n}", n=seat + 1), p["name"],
                                   partial(set_name, seat)),
                        icon_action(f"shallow-remove-player-{seat}", ft.Icons.DELETE_OUTLINE, t("Remove player"),
                                    partial(remove_player, seat) if len(draft["players"]) > 2 else None)])
        suggestions = name_suggestions(ctx, f"shallow-name-{seat}", p["name"], [q["name"] for q in draft["players"]],
                                       partial(set_name, seat))
        controls.append(_fish_card(ed, draft, str(seat), ft.Column([title, suggestions])))
    controls += undo_removal(ed)
    if draft["solo"]:
        controls.append(_fish_card(ed, draft, FROD.lower(), ft.Text(t("The Frod"), size=theme.TITLE)))
    else:
        controls.append(action_button("shallow-add-player", t("Add player"),
                                      add_player if len(draft["players"]) < MAX_PLAYERS else None,
                                      icon=ft.Icons.PERSON_ADD))
    controls += [action_button("shallow-reset", t("Clear"), reset, icon=ft.Icons.RESTART_ALT)]
    needs = missing(draft)
    if needs:
        controls.append(section_card("shallow-missing", t("Still needed"), [ft.Text(n) for n in needs]))
    else:
        controls += _results(ed, draft)
    return screen(ctx.route, t("Score Shallow Regrets"), controls, back=lambda: ctx.navigate("/"),
                  actions=undo_redo(ed, ed.session.current), notices=ctx)
