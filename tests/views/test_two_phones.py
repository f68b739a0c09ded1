"""Two phones at one table: the host holds the one authoritative game (a stale phone's change is
refused and it is shown the host's game), and nothing is lost."""

from __future__ import annotations

from tables import context, draw, monday_action, two_players
from viewtree import tap, text_of

from companion.session import Saver, Sessions
from companion.store import open_store


def test_a_stale_phone_is_refused_and_shown_the_game_as_it_stands(tmp_path, two_tabs):
    store, game = open_store(tmp_path), two_players()
    tabs = two_tabs(game, store, asleep=True)
    first, second = tabs.first, tabs.second
    # The second phone drew the table before the first one changed it, and never heard of the change (asleep).
    tap(draw(first), "regret-plus-0")
    tap(tabs.seen, "fishbucks-plus-1")
    assert "Another phone changed this game first" in second.error
    saved = store.load_game(game.id).state.players
    assert (saved[0].regret_cards, saved[1].fishbucks) == (1, 0)  # the first phone's Regret kept, nothing else
    shown = tabs.wake()
    assert text_of(shown, "regret-0").startswith("1")  # the second phone now shows it too
    tap(shown, "fishbucks-plus-1")
    assert store.load_game(game.id).state.players[1].fishbucks == 1


def test_queued_saves_end_with_the_newest_version_and_wait_for_nothing(tmp_path):
    store, game = open_store(tmp_path), two_players()
    store.save_game(game)
    saver = Saver()
    ctx = context(None, f"/table?game={game.id}", sessions=Sessions(store, saver))
    for _ in range(5):
        tap(draw(ctx), "regret-plus-0")
    saver.flush()  # waits only for the queued saves themselves: no save is held back for later taps
    assert store.load_game(game.id).state.players[0].regret_cards == 5


def test_a_regret_tap_on_one_phone_redraws_only_that_anglers_card_on_the_other(two_tabs):
    """Live updates reach the other phone as the one card that changed: Bo's card is left as it was drawn."""
    tabs = two_tabs(monday_action())
    tap(draw(tabs.first), "regret-plus-0")
    v = tabs.other.render()
    assert [key for name, key in tabs.other.drawn if name == "Seat"] == ["angler-0"]
    assert text_of(v, "regret-0").startswith("1")


def test_a_stale_phone_draws_the_game_again_and_its_next_tap_counts(two_tabs):
    """After the refusal the same screen shows the game as it stands and names that version."""
    game = two_players()
    tabs = two_tabs(game, asleep=True)
    second = tabs.second
    tap(draw(tabs.first), "regret-plus-0")
    tap(tabs.seen, "fishbucks-plus-1")  # drawn before the Regret: refused
    assert "Another phone changed this game first" in second.error
    v = tabs.wake()
    assert text_of(v, "regret-0").startswith("1")
    tap(v, "fishbucks-plus-1")
    assert second.error is None
    assert tabs.sessions.game(game.id).current.value.state.players[1].fishbucks == 1
