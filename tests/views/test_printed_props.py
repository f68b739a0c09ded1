"""What a screen's props print. Flet 1.0.5 formats every message it sends with ``repr()`` (an f-string in its web
transport, whatever the log level), and the messages that add a component carry its props: a prop that printed a
tab's page or a whole game made opening a table take seconds of the server's loop, every phone waiting."""

from __future__ import annotations

from tables import context, draw, play, two_players

from companion.rules import actions as act
from companion.views.context import AppContext
from companion.views.table.common import Moves


class _Page:
    """Stands in for ``ft.Page``, whose repr is the whole screen and every prop in it."""

    def __repr__(self) -> str:
        return "the whole page " * 10_000

    def navigate(self, route: str) -> None:
        del route


def _long_game():
    """Ada and Bo at Refresh, after 50 moves of Regret cards drawn and discarded."""
    return play(two_players(), *[act.DrawRegret(player=0) if n % 2 == 0 else act.DiscardRegret(player=0)
                                 for n in range(50)])


def test_a_tabs_context_does_not_print_its_page():
    ctx = AppContext(route="/table?game=g1", on_navigate=_Page().navigate)
    printed = repr(ctx)
    assert "the whole page" not in printed
    assert "/table?game=g1" in printed


def test_the_tables_moves_name_the_game_and_print_neither_the_page_nor_the_game():
    game = _long_game()
    ctx = context(game, "/table?game={id}")
    ctx.on_navigate = _Page().navigate
    moves = Moves(ctx, ctx.sessions.game(game.id), shown=50)
    printed = repr(moves)
    assert game.id in printed and "50" in printed
    assert "the whole page" not in printed


def test_a_snapshot_prints_its_version_not_its_game():
    game = _long_game()
    shown = context(game, "/table?game={id}").sessions.game(game.id).current
    printed = repr(shown)
    assert str(shown.version) in printed
    assert "DrawRegret(" not in printed and "Ada" not in printed


def test_a_drawn_table_prints_without_its_game():
    """The whole table as Flet holds it, every part with its props, prints with no move of the game's log in it."""
    game = _long_game()
    ctx = context(game, "/table?game={id}")
    ctx.on_navigate = _Page().navigate
    printed = repr(draw(ctx))
    assert "the whole page" not in printed
    assert "DrawRegret(" not in printed and "DiscardRegret(" not in printed
