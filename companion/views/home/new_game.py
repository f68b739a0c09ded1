"""New game: 1–5 anglers with names and colours, a preset, its variants (each with its source), short game, the
expansions on the table (remembered as the table's default) and, with Biggest Regrets, each angler's personality.
The half-filled form is this phone's draft session (:class:`NewGameDraft`, kept in a file of its own like
the scorers' drafts): leaving the screen, a reload or a phone that slept loses nothing; starting the game empties it.

Identifiers: ``player-name-<seat>``, ``colour-<seat>-<colour>`` (amber, green, cyan, pink, purple), ``add-player``,
``remove-player-<seat>``, ``preset-<preset id>``, ``variant-<variant id>`` (a switch), ``variant-<group id>`` (one
radio group for the variants that exclude each other), ``short-game``,
``expansion-<expansion id>``, ``personality-<seat>-<card>``, ``start-game``, ``error-line``, ``back``; on a guest's
phone ``new-game-host-only`` and ``new-game-pick-seat``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft
from pydantic import BaseModel, Field, ValidationError

from companion.i18n import t
from companion.problems import validation_message
from companion.rules.constants import MAX_PLAYERS
from companion.rules.expansions import (
    BIGGEST_REGRETS,
    EXPANSIONS,
    MIN_PLAYERS,
    ExpansionId,
    expansion_name,
    known_expansions,
)
from companion.rules.names import check_name, name_problem
from companion.rules.personalities import dealable
from companion.rules.ruleset import build_ruleset, list_presets
from companion.rules.sources import cited, player_source
from companion.rules.wording import VariantChoice, chosen_variants, variant_choices
from companion.session import Snapshot, StoreError
from companion.session.base import Refused
from companion.session.door import DraftDoor
from companion.session.seats import host_starts_games
from companion.views import theme
from companion.views.changes import Changes
from companion.views.context import EXPANSIONS_SETTING, AppContext, route_to
from companion.views.drafts import phone_draft_key
from companion.views.history.hooks import name_suggestions
from companion.views.hooks import use_form, use_redraw, use_session
from companion.views.labels import colour_name, phase_name
from companion.views.speech import news
from companion.views.widgets import TypedField, action_button, icon_action, named, screen, section_card, tagged
from companion.views.widgets.toggles import radio, toggle

COLOURS = tuple(theme.ANGLER_COLOURS)


class AnglerRow(BaseModel):
    name: str = ""
    colour: str = COLOURS[0]
    personality: str | None = None  # Biggest Regrets: the card dealt at the table (docs/rules.md §11)


def _two_anglers() -> list[AnglerRow]:
    return [AnglerRow(colour=COLOURS[0]), AnglerRow(colour=COLOURS[1])]


class NewGameDraft(BaseModel):
    """What the set-up form holds until the game starts: this phone's draft session (see :func:`draft_key`), so
    leaving the screen, a reload or a phone that slept loses nothing typed or chosen. Each method edits a copy
    the session hands it (:meth:`~companion.session.DraftDoor.change`)."""

    players: list[AnglerRow] = Field(default_factory=_two_anglers, min_length=1, max_length=MAX_PLAYERS)
    preset: str = Field(default_factory=lambda: list_presets()[0].id)
    picked: dict[str, bool | str] = Field(default_factory=dict)  # variant answers, by choice id (see wording)
    short_game: bool = False
    expansions: list[ExpansionId] = Field(default_factory=list)

    def add_player(self) -> None:
        """Add an angler with the first colour nobody has taken; refused when the table is full."""
        if len(self.players) >= MAX_PLAYERS:
            raise Refused(t("Deep Regrets seats 1 to 5 anglers"))
        taken = {p.colour for p in self.players}
        self.players.append(AnglerRow(colour=next(c for c in COLOURS if c not in taken)))

    def remove_player(self, seat: int) -> None:
        if len(self.players) > 1:
            del self.players[seat]

    def name(self, seat: int, text: str) -> None:
        """Angler ``seat`` is called ``text``; a name no angler may have (:func:`check_name`) is refused."""
        try:
            check_name(text, t("Angler {n}", n=seat + 1))
        except ValueError as refused:
            raise Refused(str(refused)) from None
        self.players[seat].name = text

    def choose_colour(self, seat: int, colour: str) -> None:
        """Give ``colour`` to angler ``seat``; whoever had it takes theirs in exchange, so colours stay unique."""
        for other in self.players:
            if other.colour == colour:
                other.colour = self.players[seat].colour
        self.players[seat].colour = colour

    def deal(self, seat: int, card: str) -> None:
        """Angler ``seat`` was dealt ``card`` at the table (Biggest Regrets, docs/rules.md §11); a card goes to one
        angler."""
        for other in self.players:
            if other.personality == card:
                other.personality = None
        self.players[seat].personality = card

    def pick_preset(self, preset_id: str) -> None:
        """Play ``preset_id``; its variant choices start afresh (a preset offers its own)."""
        if preset_id != self.preset:
            self.preset, self.picked = preset_id, {}

    def answer(self, choice_id: str, value: bool | str) -> None:
        self.picked[choice_id] = value

    def play_short(self, short: bool) -> None:
        self.short_game = short

    def toggle_expansion(self, expansion: ExpansionId) -> None:
        self.expansions = known_expansions(list(set(self.expansions) ^ {expansion}))

    def layout(self) -> NewGameDraft:
        """The draft without the names: what the screen redraws for (a keystroke is already on the screen)."""
        return self.model_copy(update={"players": [p.model_copy(update={"name": ""}) for p in self.players]})


def draft_key(ctx: AppContext) -> str:
    """This phone's New game draft, so two phones setting up at once don't type into one form."""
    return phone_draft_key(ctx, "new-game")


def _fresh(ctx: AppContext) -> NewGameDraft:
    """An empty form, with the boxes this table usually plays with."""
    return NewGameDraft(expansions=known_expansions(ctx.setting(EXPANSIONS_SETTING, [])))


def _from_saved(ctx: AppContext, saved: Any) -> NewGameDraft:
    return NewGameDraft.model_validate(saved) if saved else _fresh(ctx)


def _layout(snapshot: Snapshot[NewGameDraft]) -> NewGameDraft:
    return snapshot.value.layout()


class Setup(Changes[NewGameDraft]):
    """New game's edits of this phone's draft (:class:`~companion.views.changes.Changes`), kept for the screen's
    life: a keystroke writes without redrawing, so the version it follows is the screen's own. ``form`` is the
    draft as last drawn."""

    session: DraftDoor[NewGameDraft]

    def __init__(self, ctx: AppContext, session: DraftDoor[NewGameDraft], form: NewGameDraft,
                 redraw: Callable[[], None]) -> None:
        super().__init__(ctx, session, session.version)
        self.session = session
        self.form = form
        self.redraw = redraw

    @property
    def newest(self) -> NewGameDraft:
        """The draft with every keystroke so far (``form`` is the one last drawn: a keystroke doesn't redraw)."""
        return self.session.current.value

    def edit(self, change: Callable[[NewGameDraft], None], *, typing: bool = False) -> bool:
        """Make ``change`` to the draft (the screen redraws when anything but a name changed); a refusal is shown.
        A keystroke (``typing``) leaves the last refusal showing: clearing it would redraw under the typing thumb."""
        outcome = self.session.change(change, seen=self.shown)
        if outcome.ok and typing:
            self.shown = outcome.current.version
            return True
        return self.answer(outcome)

    def on(self, change: Callable[[NewGameDraft], None]) -> Callable[[], None]:
        """A tap's handler that makes ``change``."""
        def tapped() -> None:
            self.edit(change)
        return tapped


def use_setup(ctx: AppContext) -> Setup:
    """This phone's New game draft as this screen edits it."""
    session: DraftDoor[NewGameDraft] = ctx.sessions.draft(draft_key(ctx), partial(_from_saved, ctx))
    shown = use_session(session, select=_layout)
    redraw = use_redraw()
    setup = use_form(lambda: Setup(ctx, session, shown.value, redraw))
    setup.form = shown.value
    setup.drawn(shown)
    return setup


def start(setup: Setup) -> None:
    """Build the game through the rules engine, open and save it, empty the form and go to the table; a bad field
    is named."""
    from companion.rules.game import GameSetup, PlayerSetup, new_game

    ctx, form = setup.ctx, setup.newest
    bad = _bad_name(form)
    if bad is not None:
        ctx.fail(bad[1])
        return
    dealing = BIGGEST_REGRETS in form.expansions
    try:
        variants = chosen_variants(form.preset, form.picked)
        ruleset = build_ruleset(form.preset, variants, form.short_game, tuple(form.expansions))
        game_setup = GameSetup(players=[PlayerSetup(name=p.name.strip(), colour=p.colour,
                                                    personality=p.personality if dealing else None)
                                        for p in form.players],
                               ruleset=ruleset, seed=random.randrange(2**31))
    except (ValueError, ValidationError) as problem:
        ctx.fail(_one_line(problem))
        return
    game = new_game(game_setup)
    try:
        session = ctx.sessions.start_game(game)
    except StoreError as refused:  # a guest's tab (HostOnly), or the game could not be saved
        ctx.fail(str(refused))
        return
    # The table's banner is no news as it is first drawn: a screen reader hears the start here (issue 46).
    news([t("New game"), ", ".join(p.name for p in game_setup.players), game.state.day_name,
          phase_name(game.state.phase)])
    ctx.sessions.plays.remember([p.name for p in game_setup.players])
    # The game holds what was typed now: the next New game on this phone starts empty.
    setup.session.reset(_fresh(ctx), seen=setup.session.version)
    ctx.navigate(route_to("/table", game=session.key))


def _hosts_screen(ctx: AppContext) -> ft.View:
    """What ``/new`` shows a guest's phone: who starts a game, and the way to a seat in one."""
    return screen(ctx.route, t("New game"), [
        section_card("new-game-host-only", None, [ft.Text(host_starts_games(), size=theme.BODY)]),
        action_button("new-game-pick-seat", t("Pick my seat"), lambda: ctx.navigate("/seat"),
                      icon=ft.Icons.EVENT_SEAT, primary=True),
    ], back=lambda: ctx.navigate("/"), notices=ctx)


def _bad_name(form: NewGameDraft) -> tuple[int, str] | None:
    """The first angler whose name can't be played (docs/rules.md §1, the same rule as the scorer's), and why."""
    problem = name_problem([p.name for p in form.players])
    if problem is None:
        return None
    seat, why = problem
    if not form.players[seat].name.strip():
        return seat, t("Angler {n} needs a name", n=seat + 1)
    return seat, t("Angler {n}: {problem}", n=seat + 1, problem=why)


def _one_line(problem: Exception) -> str:
    if isinstance(problem, ValidationError):
        first = problem.errors()[0]
        message = validation_message(first)
        if not first["loc"]:
            return message
        return t("{field}: {message}", field=".".join(str(p) for p in first["loc"]), message=message)
    return str(problem)


def _player_row(setup: Setup, seat: int) -> ft.Control:
    form = setup.form
    player, count = form.players[seat], len(form.players)

    def on_name(event: ft.Event[ft.TextField]) -> None:
        setup.edit(lambda d: d.name(seat, event.control.value or ""), typing=True)

    def left(_event: ft.Event[ft.TextField]) -> None:
        setup.redraw()

    def pick_colour(colour: str) -> Callable[[ft.Event[ft.Container]], None]:
        tap = setup.on(lambda d: d.choose_colour(seat, colour))
        return lambda _event: tap()

    # Pointed at as soon as the field is left: a name typed twice, not one still to be typed.
    bad = _bad_name(form)
    problem = bad[1] if bad is not None and bad[0] == seat and player.name.strip() else None
    name = tagged(f"player-name-{seat}", TypedField(
        value=player.name, label=t("Angler {n}", n=seat + 1), on_change=on_name, on_blur=left,
        error=problem, text_size=theme.BODY, border=ft.OutlineInputBorder()), expand=True)
    remove = icon_action(f"remove-player-{seat}", ft.Icons.CLOSE, t("Remove angler {n}", n=seat + 1),
                         setup.on(lambda d: d.remove_player(seat)) if count > 1 else None)
    # Each swatch is read as its colour's name and whether it is the angler's (its initial is for the eye only).
    swatches: list[ft.Control] = [
        named(f"colour-{seat}-{colour}", ft.Container(
            width=theme.TOUCH, height=theme.TOUCH, border_radius=theme.TOUCH / 2, bgcolor=theme.ANGLER_COLOURS[colour],
            # A pale swatch's edge on the light theme's page: the outline (3:1), thick and in text colour once chosen.
            border=ft.Border.all(4 if player.colour == colour else 1,
                                 ft.Colors.ON_SURFACE if player.colour == colour else ft.Colors.OUTLINE),
            on_click=pick_colour(colour), ink=True,  # an ink well takes the keyboard's focus: Tab, Enter (issue 46)
            content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                colour_name(colour)[0], color=ft.Colors.BLACK, weight=ft.FontWeight.BOLD)),
            alignment=ft.Alignment.CENTER), colour_name(colour), selected=player.colour == colour)
        for colour in COLOURS
    ]

    def suggested(chosen: str) -> None:
        if setup.edit(lambda d: d.name(seat, chosen)):
            setup.redraw()  # only a name changed: the screen doesn't redraw for that on its own

    suggestions = name_suggestions(setup.ctx, f"player-name-{seat}", player.name, [p.name for p in form.players],
                                   suggested)
    rows: list[ft.Control] = [ft.Row([name, remove]), suggestions, ft.Row(swatches, spacing=6, wrap=True),
                              ft.Text(colour_name(player.colour), size=theme.SMALL,
                                      color=theme.angler_colour(player.colour))]
    if BIGGEST_REGRETS in form.expansions:
        cards: list[ft.Control] = [
            action_button(f"personality-{seat}-{card}", card,
                          setup.on(partial(NewGameDraft.deal, seat=seat, card=card)),
                          primary=player.personality == card, selected=player.personality == card)
            for card in dealable(count)]
        rows.append(ft.Row(cards, wrap=True, spacing=6))
    # A group named after the angler: their colours, suggestions and cards are told from the next angler's.
    return ft.Semantics(label=player.name.strip() or t("Angler {n}", n=seat + 1), container=True,
                        content=ft.Column(rows))


def _variant(setup: Setup, choice: VariantChoice) -> ft.Control:
    """A switch for a variant on its own; one radio group, one line per option, for variants that exclude each
    other. Each says where it comes from as a player knows the source."""
    def line(name: str, source: str) -> str:
        return t("{name} ({source})", name=name, source=source) if source else name

    if choice.kind == "toggle":
        option = choice.options[0]

        def switched(on: bool) -> None:
            setup.edit(lambda d: d.answer(choice.id, on))

        return toggle(f"variant-{choice.id}", line(option.name, option.source),
                      setup.form.picked.get(choice.id) is True, switched)

    def picked_option(option_id: str) -> None:
        setup.edit(lambda d: d.answer(choice.id, option_id))

    picked = setup.form.picked.get(choice.id)
    return ft.Column([
        ft.Text(choice.label, size=theme.BODY, weight=ft.FontWeight.W_600),
        tagged(f"variant-{choice.id}", ft.RadioGroup(
            value=picked if isinstance(picked, str) else choice.default,
            on_change=lambda event: picked_option(str(event.control.value)),
            content=ft.Column([radio(o.id, line(o.name, o.source), picked_option) for o in choice.options]))),
    ], spacing=4)


def _expansion(setup: Setup, expansion: ExpansionId) -> ft.Control:
    """Put a box on the table or take it off; the host's choice becomes the table's default for the next New game
    (a guest's phone may not change the app's settings: its choice stays in its own form)."""
    def toggled(_on: bool) -> None:
        if setup.edit(lambda d: d.toggle_expansion(expansion)) and setup.ctx.sessions.viewer.host:
            setup.ctx.set_setting(EXPANSIONS_SETTING, setup.newest.expansions)

    return toggle(f"expansion-{expansion}", t("{name} ({players}+ players)", name=expansion_name(expansion),
                                              players=MIN_PLAYERS[expansion]),
                  expansion in setup.form.expansions, toggled)


@ft.component
def NewGameScreen(ctx: AppContext) -> ft.View:
    """The set-up form; what was typed is this phone's draft, kept until the game starts. The host starts a game
    (``SeatedSessions.start_game`` refuses a guest): a guest's phone is told so and sent to its seat picker."""
    if not ctx.sessions.viewer.host:  # the same for every draw of this tab: the hooks below keep their order
        return _hosts_screen(ctx)
    setup = use_setup(ctx)
    form = setup.form
    rows = [_player_row(setup, seat) for seat in range(len(form.players))]
    if len(form.players) < MAX_PLAYERS:
        rows.append(action_button("add-player", t("Add an angler"), setup.on(NewGameDraft.add_player),
                                  icon=ft.Icons.PERSON_ADD))

    presets: list[ft.Control] = [
        ft.Column([
            action_button(f"preset-{p.id}", t(p.name), setup.on(partial(NewGameDraft.pick_preset, preset_id=p.id)),
                          primary=p.id == form.preset, selected=p.id == form.preset),
            ft.Text(t("{description} Source: {source}", description=t(p.description), source=player_source(p.source)),
                    size=theme.SMALL),
        ], spacing=4)
        for p in list_presets()
    ]
    variants = [_variant(setup, choice) for choice in variant_choices(form.preset)]

    def on_short(on: bool) -> None:
        setup.edit(lambda d: d.play_short(on))

    short = toggle("short-game", cited(t("Short game: start on Tuesday"), "A p.6"), form.short_game, on_short)
    boxes = [_expansion(setup, e) for e in EXPANSIONS]
    return screen(ctx.route, t("New game"), [
        section_card("new-game-anglers", t("Anglers"), rows),
        section_card("new-game-preset", t("Rules"), presets),
        section_card("new-game-variants", t("Variants"), variants),
        short,
        section_card("new-game-expansions", t("Expansions on the table"), boxes),
        action_button("start-game", t("Start the game"), partial(start, setup), icon=ft.Icons.PLAY_ARROW,
                      primary=True),
    ], back=lambda: ctx.navigate("/"), notices=ctx)

