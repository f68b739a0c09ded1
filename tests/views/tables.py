"""Games at a known point, built through the rules engine, for screen tests."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

import flet as ft

from companion.rules import actions as act
from companion.rules.fish import FishRef
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions
from companion.session.door import Door, tab_sessions
from companion.session.seats import LOCAL
from companion.views.context import AppContext
from tests.support.components import Phone, Rendered

SUNFISH = FishRef(name="Sunfish", value=4, type="fair")
in_hand: ContextVar[Phone | None] = ContextVar("in_hand", default=None)  # the phone seated.on() draws on


def play(game: Game, *actions: act.Action) -> Game:
    for action in actions:
        game = game.apply(action)
    return game


def two_players(preset: str = "anglers-guide", short_game: bool = False, variants: tuple[str, ...] = (),
                expansions: tuple[str, ...] = ()) -> Game:
    """Ada (amber) and Bo (cyan), nothing done yet; ``expansions`` on the table."""
    return new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(preset, variants, short_game, expansions), seed=7))


def monday_action(preset: str = "anglers-guide") -> Game:
    """Monday's Action phase: Ada rolled 3, 3, 2 and threw the Life Preserver to Bo; Ada to act."""
    return play(two_players(preset), act.Refresh(player=0, faces=[3, 3, 2]), act.Refresh(player=1, faces=[1, 1, 1]),
                act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase())


def tuesday_at_port(preset: str = "anglers-guide", fishbucks: int = 0, fish: FishRef = SUNFISH) -> Game:
    """Tuesday's Action phase with Ada at Port holding a Sunfish (or ``fish``, caught at depth 1 with a 3); Bo
    (first player, at Sea) has passed: Ada to act."""
    game = play(monday_action(preset),
                act.Fish(player=0, fish=fish, depth=1, difficulty=2, dice=[0]),
                act.Pass(player=1), act.Pass(player=0), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    game = play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0), act.AdvancePhase(),
                act.Declare(player=1, location="sea"), act.Declare(player=0, location="port", faces=[1, 1, 1]),
                act.AdvancePhase(), act.Pass(player=1))
    if fishbucks:
        game = game.apply(act.AdjustFishbucks(player=0, amount=fishbucks))
    return game


def all_passed_on_the_last_day() -> Game:
    """Saturday's Action phase with everyone passed: the game can end (A p.22)."""
    game = play(monday_action(), act.Pass(player=0), act.Pass(player=1))
    while not game.state.is_last_day:
        game = game.apply(act.AdvancePhase())
        game = play(game, act.Refresh(player=0), act.Refresh(player=1))
        thrower = game.state.life_preserver_thrower
        game = play(game, act.ThrowLifePreserver(player=thrower, to=1 - thrower), act.AdvancePhase())
        game = play(game, *(act.Declare(player=i, location="sea") for i in game.state.turn_order()))
        game = game.apply(act.AdvancePhase())
        game = play(game, *(act.Pass(player=i) for i in game.state.turn_order()))
    return game


def finished() -> Game:
    """A two-player game played to its end with nothing caught."""
    return all_passed_on_the_last_day().apply(act.EndGame())


def context(game: Game | None = None, route: str = "/", store: object | None = None,
            sessions: Sessions | Door | None = None) -> AppContext:
    """A context with no page at ``route`` (``{id}`` is replaced by the game's id), ``game`` open in its sessions
    (shared sessions are given as the local mode's one screen's door)."""
    shared = sessions if sessions is not None else Sessions(store)
    ctx = AppContext(sessions=tab_sessions(shared, LOCAL) if isinstance(shared, Sessions) else shared)
    ctx.on_navigate = lambda to: _go(ctx, to)
    if game is not None:
        ctx.sessions.start_game(game)
    ctx.navigate(route.format(id=game.id if game else ""))
    return ctx


def _go(ctx: AppContext, route: str) -> None:
    # As the browser does: a new route is a new screen (the one shown leaves, its local state with it).
    shown = ctx.__dict__.pop("_shown", None)
    if shown is not None:
        shown[1].unmount()
        ctx.on_error = ctx.on_refresh = None  # the next screen's tab hooks them again
    ctx.route = route


@ft.component
def TabScreen(ctx: AppContext, route: str) -> ft.View:
    """The screen of ``route`` as the app's ``Root`` draws it in a tab: a refusal shown or a whole redraw asked
    for through ``ctx`` draws it again."""
    from companion.app import route_screen, use_notices

    return route_screen(ctx, route, use_notices(ctx))


def tab(ctx: AppContext) -> Rendered:
    """``ctx``'s route shown on its phone, kept between renders."""
    return Rendered(TabScreen, ctx, ctx.route, phone=phone_of(ctx))


def phone_of(ctx: AppContext) -> Phone:
    """The phone ``ctx`` is drawn on: the one in hand (``seated.on``) when it was first drawn, else its own."""
    held = ctx.__dict__.get("_phone")
    if held is None:
        held = ctx.__dict__["_phone"] = in_hand.get() or new_phone()
    return held


def new_phone(before_main: Callable[[ft.Page], None] | None = None) -> Phone:
    """A phone that opened the app: once closed, its tab stops following the games it showed (as in the app)."""
    from companion.flet_fixes.tabs import release

    opened = Phone(before_main)
    opened.page.on_close = lambda _event: release(opened.page)
    return opened


def draw(ctx: AppContext):
    """The screen of ``ctx.route`` as the app draws it, rendered again on every call; its local state (what is
    typed, ticked, selected) is kept while the route stays, and dropped when the route changes, as in the app."""
    shown = ctx.__dict__.get("_shown")
    if shown is None or shown[0] != ctx.route:
        shown = ctx.__dict__["_shown"] = (ctx.route, tab(ctx))
    return shown[1].render()


def game_of(ctx: AppContext, game_id: str | None = None) -> Game:
    """The game of the route (or ``game_id``) as its session holds it now."""
    return ctx.sessions.game(game_id or ctx.params["game"]).current.value


def draft_of(ctx: AppContext, key: str):
    """A scorer's draft as its shared session holds it now (the screen opened it)."""
    return ctx.sessions.draft(key).current.value
