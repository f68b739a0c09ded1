"""Written, then shown: a change reaches the store before any subscriber (any phone) hears of it, in the order
made, and saving needs no thread (the phone app runs under Pyodide, where ``Thread.start`` raises)."""

from __future__ import annotations

import threading

import pytest

from companion.rules import actions as act
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Saver, Sessions
from companion.store import open_store


def two_players():
    return new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=7))


def test_every_change_is_in_the_store_before_a_phone_is_shown_it(tmp_path):
    store = open_store(tmp_path)
    session = Sessions(store, Saver()).start_game(two_players())
    stored_when_shown: list[tuple[int, int]] = []

    def phone(snapshot) -> None:
        stored = store.load_game(session.key).state.players[0].regret_cards
        stored_when_shown.append((snapshot.value.state.players[0].regret_cards, stored))

    session.subscribe(phone)
    for n in range(5):
        assert session.apply(act.DrawRegret(player=0), seen=n).ok
    assert stored_when_shown == [(n, n) for n in range(1, 6)]


def test_a_save_works_where_no_thread_can_be_started(tmp_path, monkeypatch: pytest.MonkeyPatch):
    def no_threads(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")  # what Pyodide's threading says

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    store = open_store(tmp_path)
    sessions = Sessions(store, Saver())
    session = sessions.start_game(two_players())
    assert session.apply(act.DrawRegret(player=0), seen=0).ok
    sessions.flush()
    assert store.load_game(session.key).state.players[0].regret_cards == 1


def test_changes_from_many_threads_reach_the_store_in_their_order(tmp_path):
    """The newest version shown is the one stored: a slower write of an older version never lands after it."""
    store = open_store(tmp_path)
    session = Sessions(store, Saver()).start_game(two_players())

    def tap() -> None:
        for _ in range(5):
            while not session.apply(act.AdjustFishbucks(player=0, amount=1), seen=session.version).ok:
                pass

    threads = [threading.Thread(target=tap) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    shown = session.current.value
    assert store.load_game(session.key).log == shown.log and len(shown.log) == 15
