"""Two phones at one table: the host holds the one authoritative game (ANCHORS.md 3), and nothing is lost."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from tables import two_players
from viewtree import tap, text_of

from companion.store import open_store
from companion.views import table
from companion.views.context import AppContext, LiveGames


def phone(game, store, live, saver=None) -> AppContext:
    ctx = AppContext(store=store, live=live, run_save=saver)
    ctx.navigate(f"/table?game={game.id}")
    return ctx


def test_a_stale_phone_is_refused_and_shown_the_game_as_it_stands(tmp_path):
    store, live, game = open_store(tmp_path), LiveGames(), two_players()
    store.save_game(game)
    first, second = phone(game, store, live), phone(game, store, live)
    stale_screen = table.view(second)  # the second phone drew the table before the first one changed it
    tap(table.view(first), "regret-plus-0")
    tap(stale_screen, "fishbucks-plus-1")
    assert "Another phone changed this game first" in second.error
    saved = store.load_game(game.id).state.players
    assert (saved[0].regret_cards, saved[1].fishbucks) == (1, 0)  # the first phone's Regret kept, nothing else
    assert text_of(table.view(second), "regret-0").startswith("1")  # the second phone now shows it too
    tap(table.view(second), "fishbucks-plus-1")
    assert store.load_game(game.id).state.players[1].fishbucks == 1


def test_queued_saves_end_with_the_newest_version_and_wait_for_nothing(tmp_path):
    store, live, game = open_store(tmp_path), LiveGames(), two_players()
    store.save_game(game)
    with ThreadPoolExecutor(max_workers=1) as saver:
        ctx = phone(game, store, live, saver.submit)
        for _ in range(5):
            tap(table.view(ctx), "regret-plus-0")
    # Leaving the with-block waits only for the queued saves themselves: no save is held back for later taps.
    assert store.load_game(game.id).state.players[0].regret_cards == 5
