"""New game: 1–5 anglers with names and colours, a preset, its variants (each with its source), short game, the
expansions on the table (remembered as the table's default) and, with Biggest Regrets, each angler's personality.

Identifiers: ``player-name-<i>``, ``colour-<i>-<colour>`` (amber, green, cyan, pink, purple), ``add-player``,
``remove-player-<i>``, ``preset-<preset id>``, ``variant-<variant id>`` (a switch), ``variant-<group id>`` (one
radio group for the variants that exclude each other), ``short-game``,
``expansion-<expansion id>``, ``personality-<i>-<card>``, ``start-game``, ``error-line``, ``back``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft
from pydantic import ValidationError

from companion.history.roster import remember_names
from companion.i18n import t
from companion.rules.expansions import BIGGEST_REGRETS, EXPANSIONS, MIN_PLAYERS, expansion_name, known_expansions
from companion.rules.names import name_problem
from companion.rules.personalities import dealable
from companion.rules.ruleset import build_ruleset, list_presets
from companion.rules.sources import player_source
from companion.rules.wording import VariantChoice, chosen_variants, variant_choices
from companion.views import theme
from companion.views.context import EXPANSIONS_SETTING, AppContext, route_to
from companion.views.history.hooks import name_suggestions
from companion.views.hooks import use_form, use_redraw
from companion.views.labels import colour_name
from companion.views.widgets import action_button, icon_action, screen, section_card, tagged

COLOURS = tuple(theme.ANGLER_COLOURS)
MAX_PLAYERS = 5


@dataclass
class AnglerRow:
    name: str = ""
    colour: str = COLOURS[0]
    personality: str | None = None  # Biggest Regrets: the card dealt at the table (docs/rules.md §11)


@dataclass
class NewGameForm:
    """What the set-up form holds until the game starts (local to the screen)."""

    players: list[AnglerRow] = field(default_factory=lambda: [AnglerRow(colour=COLOURS[0]),
                                                              AnglerRow(colour=COLOURS[1])])
    preset: str = field(default_factory=lambda: list_presets()[0].id)
    picked: dict[str, bool | str] = field(default_factory=dict)  # variant answers, by choice id (see wording)
    short_game: bool = False
    expansions: list[str] = field(default_factory=list)

    def add_player(self) -> str | None:
        """Add an angler with the first colour nobody has taken; the refusal when the table is full."""
        if len(self.players) >= MAX_PLAYERS:
            return t("Deep Regrets seats 1 to 5 anglers")
        taken = {p.colour for p in self.players}
        self.players.append(AnglerRow(colour=next(c for c in COLOURS if c not in taken)))
        return None

    def remove_player(self, index: int) -> None:
        if len(self.players) > 1:
            del self.players[index]

    def choose_colour(self, index: int, colour: str) -> None:
        """Give ``colour`` to angler ``index``; whoever had it takes theirs in exchange, so colours stay unique."""
        for other in self.players:
            if other.colour == colour:
                other.colour = self.players[index].colour
        self.players[index].colour = colour

    def deal(self, index: int, card: str) -> None:
        """Angler ``index`` was dealt ``card`` at the table (Biggest Regrets, docs/rules.md §11); a card goes to one
        angler."""
        for other in self.players:
            if other.personality == card:
                other.personality = None
        self.players[index].personality = card

    def pick_preset(self, preset_id: str) -> None:
        """Play ``preset_id``; its variant choices start afresh (a preset offers its own)."""
        if preset_id != self.preset:
            self.preset, self.picked = preset_id, {}


def start(ctx: AppContext, form: NewGameForm) -> None:
    """Build the game through the rules engine, open and save it, and go to the table; a bad field is named."""
    from companion.rules.game import GameSetup, PlayerSetup, new_game

    bad = _bad_name(form)
    if bad is not None:
        ctx.fail(bad[1])
        return
    dealing = BIGGEST_REGRETS in form.expansions
    try:
        variants = chosen_variants(form.preset, form.picked)
        ruleset = build_ruleset(form.preset, variants, form.short_game, tuple(form.expansions))
        setup = GameSetup(players=[PlayerSetup(name=p.name.strip(), colour=p.colour,
                                               personality=p.personality if dealing else None)
                                   for p in form.players],
                          ruleset=ruleset, seed=random.randrange(2**31))
    except (ValueError, ValidationError) as problem:
        ctx.fail(_one_line(problem))
        return
    session = ctx.sessions.start_game(new_game(setup))
    remember_names(ctx.store, [p.name for p in setup.players])
    ctx.navigate(route_to("/table", game=session.key))


def _bad_name(form: NewGameForm) -> tuple[int, str] | None:
    """The first angler whose name can't be played (docs/rules.md §1, the same rule as the scorer's), and why."""
    problem = name_problem([p.name for p in form.players])
    if problem is None:
        return None
    index, why = problem
    if not form.players[index].name.strip():
        return index, t("Angler {n} needs a name", n=index + 1)
    return index, t("Angler {n}: {problem}", n=index + 1, problem=why)


def _one_line(problem: Exception) -> str:
    if isinstance(problem, ValidationError):
        first = problem.errors()[0]
        message = first["msg"].removeprefix("Value error, ")
        if not first["loc"]:
            return message
        return t("{field}: {message}", field=".".join(str(p) for p in first["loc"]), message=message)
    return str(problem)


def _player_row(ctx: AppContext, form: NewGameForm, redraw: Callable[[], None], index: int) -> ft.Control:
    player, count = form.players[index], len(form.players)

    def on_name(event: ft.ControlEvent) -> None:
        player.name = event.control.value or ""

    def change(edit: Callable[[], None]) -> None:
        edit()
        redraw()

    # Pointed at as soon as the field is left: a name typed twice, not one still to be typed.
    bad = _bad_name(form)
    problem = bad[1] if bad is not None and bad[0] == index and player.name.strip() else None
    name = tagged(f"player-name-{index}", ft.TextField(
        value=player.name, label=t("Angler {n}", n=index + 1), on_change=on_name, on_blur=lambda _e: redraw(),
        error=problem, text_size=theme.BODY, border=ft.OutlineInputBorder()), expand=True)
    remove = icon_action(f"remove-player-{index}", ft.Icons.CLOSE, t("Remove angler {n}", n=index + 1),
                         (lambda: change(lambda: form.remove_player(index))) if count > 1 else None)
    swatches = [
        tagged(f"colour-{index}-{colour}", ft.Container(
            width=theme.TOUCH, height=theme.TOUCH, border_radius=theme.TOUCH / 2, bgcolor=theme.angler_colour(colour),
            border=ft.Border.all(4, ft.Colors.ON_SURFACE) if player.colour == colour else None,
            tooltip=colour_name(colour), on_click=lambda _e, c=colour: change(lambda: form.choose_colour(index, c)),
            content=ft.Text(colour_name(colour)[0], color=ft.Colors.BLACK, weight=ft.FontWeight.BOLD),
            alignment=ft.Alignment.CENTER), label=colour_name(colour))
        for colour in COLOURS
    ]
    suggestions = name_suggestions(ctx, f"player-name-{index}", player.name, [p.name for p in form.players],
                                   lambda chosen: change(lambda: setattr(player, "name", chosen)))
    rows: list[ft.Control] = [ft.Row([name, remove]), suggestions, ft.Row(swatches, spacing=6, wrap=True),
                              ft.Text(colour_name(player.colour), size=theme.SMALL,
                                      color=theme.angler_colour(player.colour))]
    if BIGGEST_REGRETS in form.expansions:
        rows.append(ft.Row([action_button(f"personality-{index}-{card}", card,
                                          lambda c=card: change(lambda: form.deal(index, c)),
                                          primary=player.personality == card)
                            for card in dealable(count)], wrap=True, spacing=6))
    return ft.Column(rows)


def _variant(form: NewGameForm, choice: VariantChoice, change: Callable[[Callable[[], object]], None]) -> ft.Control:
    """A switch for a variant on its own; one radio group, one line per option, for variants that exclude each
    other. Each says where it comes from as a player knows the source."""
    def answer(value: bool | str) -> None:
        form.picked[choice.id] = value

    def line(name: str, source: str) -> str:
        return t("{name} ({source})", name=name, source=source) if source else name

    if choice.kind == "toggle":
        option = choice.options[0]
        return tagged(f"variant-{choice.id}", ft.Switch(
            label=line(option.name, option.source), value=form.picked.get(choice.id) is True,
            on_change=lambda e: change(lambda: answer(bool(e.control.value)))))
    picked = form.picked.get(choice.id, choice.default)
    return ft.Column([
        ft.Text(choice.label, size=theme.BODY, weight=ft.FontWeight.W_600),
        tagged(f"variant-{choice.id}", ft.RadioGroup(
            value=picked, on_change=lambda e: change(lambda: answer(str(e.control.value))),
            content=ft.Column([ft.Radio(value=o.id, label=line(o.name, o.source)) for o in choice.options]))),
    ], spacing=4)


@ft.component
def NewGameScreen(ctx: AppContext) -> ft.View:
    """The set-up form; what was typed stays while the screen is shown (in the screen's own form)."""
    form = use_form(lambda: NewGameForm(expansions=known_expansions(ctx.setting(EXPANSIONS_SETTING, []))))
    redraw = use_redraw()

    def change(edit: Callable[[], object]) -> None:
        refusal = edit()
        if isinstance(refusal, str):
            ctx.fail(refusal)
        else:
            ctx.clear()
        redraw()

    rows = [_player_row(ctx, form, redraw, i) for i in range(len(form.players))]
    if len(form.players) < MAX_PLAYERS:
        rows.append(action_button("add-player", t("Add an angler"), lambda: change(form.add_player),
                                  icon=ft.Icons.PERSON_ADD))

    presets = [
        ft.Column([
            action_button(f"preset-{p.id}", t(p.name), lambda pid=p.id: change(lambda: form.pick_preset(pid)),
                          primary=p.id == form.preset),
            ft.Text(t("{description} Source: {source}", description=t(p.description), source=player_source(p.source)),
                    size=theme.SMALL),
        ], spacing=4)
        for p in list_presets()
    ]
    variants = [_variant(form, choice, change) for choice in variant_choices(form.preset)]

    def on_short(event: ft.ControlEvent) -> None:
        form.short_game = bool(event.control.value)

    short = tagged("short-game", ft.Switch(label=t("Short game: start on Tuesday (A p.6)"),
                                            value=form.short_game, on_change=on_short))

    def toggle_expansion(expansion: str) -> None:
        """Put a box on the table or take it off; the choice becomes the table's default for the next New game."""
        form.expansions = known_expansions(list(set(form.expansions) ^ {expansion}))
        ctx.set_setting(EXPANSIONS_SETTING, form.expansions)

    boxes = [
        tagged(f"expansion-{e}", ft.Switch(
            label=t("{name} ({players}+ players)", name=expansion_name(e), players=MIN_PLAYERS[e]),
            value=e in form.expansions, on_change=lambda _e, eid=e: change(lambda: toggle_expansion(eid))))
        for e in EXPANSIONS
    ]
    return screen(ctx.route, t("New game"), [
        section_card("new-game-anglers", t("Anglers"), rows),
        section_card("new-game-preset", t("Rules"), presets),
        section_card("new-game-variants", t("Variants"), variants),
        short,
        section_card("new-game-expansions", t("Expansions on the table"), boxes),
        action_button("start-game", t("Start the game"), lambda: start(ctx, form), icon=ft.Icons.PLAY_ARROW,
                      primary=True),
    ], back=lambda: ctx.navigate("/"), error=ctx.error)
