"""New game: 1–5 anglers with names and colours, a preset, its variants (each with its source), short game.

Identifiers: ``player-name-<i>``, ``colour-<i>-<Colour>`` (Alba, Hugo, Isla, Bert, Fred), ``add-player``,
``remove-player-<i>``, ``preset-<preset id>``, ``variant-<variant id>``, ``short-game``, ``start-game``,
``error-line``, ``back``.
"""

from __future__ import annotations

import random
from typing import Any

import flet as ft
from pydantic import ValidationError

from companion.history.roster import remember_names
from companion.i18n import t
from companion.rules.ruleset import build_ruleset, list_presets, list_variants
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.history.hooks import name_suggestions
from companion.views.widgets import action_button, error_line, icon_action, screen, section_card, tagged

COLOURS = tuple(theme.ANGLER_COLOURS)
MAX_PLAYERS = 5


def _draft(ctx: AppContext) -> dict[str, Any]:
    return ctx.drafts.setdefault("new_game", {
        "players": [{"name": "", "colour": COLOURS[0]}, {"name": "", "colour": COLOURS[1]}],
        "preset": list_presets()[0].id,
        "variants": [],
        "short_game": False,
    })


def add_player(ctx: AppContext) -> None:
    """Add an angler with the first colour nobody has taken."""
    players = _draft(ctx)["players"]
    if len(players) >= MAX_PLAYERS:
        ctx.fail(t("Deep Regrets seats 1 to 5 anglers"))
        return
    taken = {p["colour"] for p in players}
    players.append({"name": "", "colour": next(c for c in COLOURS if c not in taken)})
    ctx.refresh()


def remove_player(ctx: AppContext, index: int) -> None:
    players = _draft(ctx)["players"]
    if len(players) > 1:
        del players[index]
    ctx.refresh()


def choose_colour(ctx: AppContext, index: int, colour: str) -> None:
    """Give ``colour`` to angler ``index``; whoever had it takes theirs in exchange, so colours stay unique."""
    players = _draft(ctx)["players"]
    for other in players:
        if other["colour"] == colour:
            other["colour"] = players[index]["colour"]
    players[index]["colour"] = colour
    ctx.refresh()


def toggle_variant(ctx: AppContext, variant_id: str) -> None:
    chosen = _draft(ctx)["variants"]
    if variant_id in chosen:
        chosen.remove(variant_id)
    else:
        chosen.append(variant_id)
    ctx.error = None
    ctx.refresh()


def start(ctx: AppContext) -> None:
    """Build the game through the rules engine, save it, and go to the table; a bad field is named, not guessed."""
    from companion.rules.game import GameSetup, PlayerSetup, new_game

    draft = _draft(ctx)
    for n, player in enumerate(draft["players"], start=1):
        if not player["name"].strip():
            ctx.fail(t("Angler {n} needs a name", n=n))
            return
    try:
        ruleset = build_ruleset(draft["preset"], tuple(draft["variants"]), draft["short_game"])
        setup = GameSetup(players=[PlayerSetup(name=p["name"].strip(), colour=p["colour"]) for p in draft["players"]],
                          ruleset=ruleset, seed=random.randrange(2**31))
    except (ValueError, ValidationError) as problem:
        ctx.fail(_one_line(problem))
        return
    ctx.game = new_game(setup)
    remember_names(ctx.store, [p.name for p in setup.players])
    ctx.drafts.pop("new_game", None)
    ctx.save()
    ctx.navigate(route_to("/table", game=ctx.game.id))


def _one_line(problem: Exception) -> str:
    if isinstance(problem, ValidationError):
        first = problem.errors()[0]
        return t("{field}: {message}", field=".".join(str(p) for p in first["loc"]), message=first["msg"])
    return str(problem)


def _player_row(ctx: AppContext, index: int, player: dict[str, Any], count: int) -> ft.Control:
    def on_name(event: ft.ControlEvent) -> None:
        player["name"] = event.control.value

    name = tagged(f"player-name-{index}", ft.TextField(
        value=player["name"], label=t("Angler {n}", n=index + 1), on_change=on_name,
        text_size=theme.BODY, border=ft.OutlineInputBorder()), expand=True)
    remove = icon_action(f"remove-player-{index}", ft.Icons.CLOSE, t("Remove angler {n}", n=index + 1),
                         (lambda: remove_player(ctx, index)) if count > 1 else None)
    swatches = [
        tagged(f"colour-{index}-{colour}", ft.Container(
            width=theme.TOUCH, height=theme.TOUCH, border_radius=theme.TOUCH / 2, bgcolor=theme.angler_colour(colour),
            border=ft.Border.all(4, ft.Colors.ON_SURFACE) if player["colour"] == colour else None,
            tooltip=colour, on_click=lambda _e, c=colour: choose_colour(ctx, index, c),
            content=ft.Text(colour[0], color=ft.Colors.BLACK, weight=ft.FontWeight.BOLD),
            alignment=ft.Alignment.CENTER), label=colour)
        for colour in COLOURS
    ]
    def pick(chosen: str) -> None:
        player["name"] = chosen
        ctx.refresh()

    suggestions = name_suggestions(ctx, f"player-name-{index}", player["name"],
                                   [p["name"] for p in _draft(ctx)["players"]], pick)
    return ft.Column([ft.Row([name, remove]), suggestions, ft.Row(swatches, spacing=6, wrap=True),
                      ft.Text(player["colour"], size=theme.SMALL, color=theme.angler_colour(player["colour"]))])


def view(ctx: AppContext) -> ft.View:
    """The set-up form; what was typed survives going away and coming back (it lives in ``ctx.drafts``)."""
    draft = _draft(ctx)
    players = draft["players"]
    rows = [_player_row(ctx, i, p, len(players)) for i, p in enumerate(players)]
    if len(players) < MAX_PLAYERS:
        rows.append(action_button("add-player", t("Add an angler"), lambda: add_player(ctx), icon=ft.Icons.PERSON_ADD))

    def pick_preset(preset_id: str) -> None:
        draft["preset"] = preset_id
        ctx.error = None
        ctx.refresh()

    presets = [
        ft.Column([
            action_button(f"preset-{p.id}", p.name, lambda pid=p.id: pick_preset(pid),
                          primary=p.id == draft["preset"]),
            ft.Text(t("{description} Source: {source}", description=p.description, source=p.source),
                    size=theme.SMALL),
        ], spacing=4)
        for p in list_presets()
    ]
    variants = [
        tagged(f"variant-{v.id}", ft.Switch(
            label=t("{name} ({source})", name=v.name, source=v.source), value=v.id in draft["variants"],
            on_change=lambda _e, vid=v.id: toggle_variant(ctx, vid)))
        for v in list_variants()
    ]

    def on_short(event: ft.ControlEvent) -> None:
        draft["short_game"] = bool(event.control.value)

    short = tagged("short-game", ft.Switch(label=t("Short game: start on Tuesday (A p.6)"),
                                            value=draft["short_game"], on_change=on_short))
    return screen(ctx.route, t("New game"), [
        section_card("new-game-anglers", t("Anglers"), rows),
        section_card("new-game-preset", t("Rules"), presets),
        section_card("new-game-variants", t("Variants"), variants),
        short,
        error_line(ctx.error),
        action_button("start-game", t("Start the game"), lambda: start(ctx), icon=ft.Icons.PLAY_ARROW, primary=True),
    ], back=lambda: ctx.navigate("/"))
