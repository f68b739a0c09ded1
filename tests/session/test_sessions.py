"""The session layer with no Flet: moves, undo/redo, the stale-phone check, ordered saves, change notification."""

from __future__ import annotations

import errno
import sys
import threading

import pytest

from companion.rules import actions as act
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Saver, Sessions
from companion.session.registry import NotFound
from companion.store import open_store
from companion.survey import new_campaign
from companion.survey.actions import CatchFish, NextDay
from companion.survey.play import start_week
from tests.support.faults import FailingDisk


def two_players():
    return new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=7))


def test_session_layer_imports_no_flet():
    import subprocess

    out = subprocess.run([sys.executable, "-c", "import companion.session, sys; print('flet' in sys.modules)"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_two_tabs_share_one_game_session_and_both_hear_a_change(tmp_path):
    store = open_store(tmp_path)
    game = two_players()
    store.save_game(game)
    sessions = Sessions(store)
    first, second = sessions.game(game.id), sessions.game(game.id)
    assert first is second
    heard: list[int] = []
    first.subscribe(lambda snap: heard.append(snap.value.state.players[0].regret_cards))
    second.subscribe(lambda snap: heard.append(-snap.value.state.players[0].regret_cards))
    assert first.apply(act.DrawRegret(player=0), seen=0).ok
    assert sorted(heard) == [-1, 1]


def test_a_refused_move_changes_nothing_and_says_the_rule():
    """A p.8: the table can't leave the Refresh phase before everyone refreshed."""
    sessions = Sessions(None)
    session = sessions.start_game(two_players())
    heard: list[object] = []
    session.subscribe(heard.append)
    outcome = session.apply(act.AdvancePhase(), seen=0)
    assert not outcome.ok and not outcome.stale and "Angler's Guide p.8" in outcome.message
    assert session.version == 0 and not heard


def test_a_stale_phone_is_refused_and_given_the_current_version(tmp_path):
    store = open_store(tmp_path)
    sessions = Sessions(store)
    session = sessions.start_game(two_players())
    shown = session.version  # both phones show version 0
    assert session.apply(act.DrawRegret(player=0), seen=shown).ok
    late = session.apply(act.AdjustFishbucks(player=1, amount=1), seen=shown)
    assert late.stale and "Another phone changed this game first" in late.message
    assert late.current.version == 1 and late.current.value.state.players[0].regret_cards == 1
    saved = store.load_game(session.key).state.players
    assert (saved[0].regret_cards, saved[1].fishbucks) == (1, 0)


def test_undo_and_redo_replay_the_log_and_are_saved(tmp_path):
    store = open_store(tmp_path)
    session = Sessions(store).start_game(two_players())
    session.apply(act.DrawRegret(player=1), seen=0)
    assert session.undo(seen=1).ok
    assert store.load_game(session.key).state.players[1].regret_cards == 0
    assert session.current.can_redo and not session.current.can_undo
    assert session.redo(seen=2).ok
    assert store.load_game(session.key).state.players[1].regret_cards == 1
    assert session.redo(seen=3).message == "Nothing to redo"


def test_background_saves_end_with_the_newest_version(tmp_path):
    store = open_store(tmp_path)
    saver = Saver()
    session = Sessions(store, saver).start_game(two_players())
    for n in range(5):
        assert session.apply(act.DrawRegret(player=0), seen=n).ok
    saver.flush()
    assert store.load_game(session.key).state.players[0].regret_cards == 5


def test_moves_from_many_threads_are_serialised_and_none_is_lost():
    session = Sessions(None).start_game(two_players())
    done = []

    def tap() -> None:
        for n in range(20):  # +$1, −$1, … so no limit is reached
            while not session.apply(act.AdjustFishbucks(player=0, amount=1 - 2 * (n % 2)), seen=session.version).ok:
                pass
        done.append(1)

    threads = [threading.Thread(target=tap) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(done) == 4 and session.version == 80 and len(session.current.value.log) == 80


def test_a_change_the_full_disk_refused_is_shown_to_nobody(tmp_path):
    """Issue 45: a tap whose line could not be written was shown as made ("… Nothing was changed." beside the
    change), and lost at the next start; it is refused with what happened and what to do, every phone keeps the
    game as saved, and the next tap, with space back, is saved."""
    store = open_store(tmp_path)
    session = Sessions(store).start_game(two_players())
    heard = []
    session.subscribe(heard.append)
    with FailingDisk(1, errno.ENOSPC, persistent=True):
        refused = session.apply(act.DrawRegret(player=0), seen=0)
    assert not refused.ok and refused.current.version == 0 and heard == []
    assert refused.message == "The host's disk is full: this change was not saved. Free some space, then tap again."
    assert session.apply(act.DrawRegret(player=1), seen=0).ok
    assert open_store(tmp_path).load_game(session.key) == session.current.value
    assert [p.regret_cards for p in session.current.value.state.players] == [0, 1]


def test_an_unknown_game_is_not_found_with_a_reason(tmp_path):
    with pytest.raises(NotFound):
        Sessions(open_store(tmp_path)).game("nope")
    with pytest.raises(NotFound):
        Sessions(None).game("nope")


def test_a_campaign_session_applies_survey_moves_with_undo(tmp_path):
    """docs/rules.md §8: a catch is written on the sheet; undo takes it back."""
    store = open_store(tmp_path)
    sessions = Sessions(store)
    session = sessions.start_campaign(start_week(new_campaign("Deep")))
    assert session.apply(CatchFish(name="Sunfish"), seen=0).ok
    assert store.load_campaign(session.key).current_week.held
    assert session.undo(seen=1).ok
    assert not session.current.value.current_week.held
    assert sessions.campaign(session.key) is session


def test_a_campaigns_undo_and_redo_survive_a_restart_of_the_host(tmp_path):
    """Issue 47 item 2: a campaign's Undo lives in its record, as a game's does (its log): start a campaign, make
    two changes, restart the host (new sessions on the same folder), and both still Undo, then Redo."""
    session = Sessions(open_store(tmp_path)).start_campaign(start_week(new_campaign("Deep")))
    assert session.apply(CatchFish(name="Sunfish"), seen=0).ok and session.apply(NextDay(), seen=1).ok
    shown = session.current.value
    again = Sessions(open_store(tmp_path)).campaign(session.key)  # the host restarted: the log was folded in
    assert again.current.value == shown and again.current.can_undo
    assert again.undo(seen=0).ok and again.current.value.current_week.day == 1
    assert again.undo(seen=1).ok and not again.current.value.current_week.held
    assert not again.current.can_undo and again.current.can_redo
    restarted = Sessions(open_store(tmp_path)).campaign(session.key)  # and again, with two steps undone
    assert restarted.redo(seen=0).ok and restarted.redo(seen=1).ok
    assert restarted.current.value.current_week.held_ids == ["sunfish"]
    assert restarted.current.value.current_week.day == 2 and not restarted.current.can_redo


def test_the_scorer_draft_is_shared_saved_as_a_setting_and_validated(tmp_path):
    store = open_store(tmp_path)
    draft = Sessions(store).draft("scorer")
    shown = draft.current.value

    def rename(d):
        d.players[0].name = "Alba"

    assert draft.change(rename, seen=0).ok
    assert shown.players[0].name == ""  # the version a screen rendered is never changed under it
    assert Sessions(store).draft("scorer").current.value.players[0].name == "Alba"  # a reload finds it

    def negative(d):
        d.players[0].fishbucks = -1

    refused = draft.change(negative, seen=1)
    assert not refused.ok and "fishbucks" in refused.message


def test_a_catch_being_made_is_kept_in_the_data_folder_for_its_seat(tmp_path):
    """Issue 37: a half-made catch on an angler's phone (a guest's tab) is found again by the sessions a restarted
    host builds from the same data folder; another seat's catch is its own; a damaged one starts afresh."""
    from companion.session.catches import catch_draft
    from companion.session.door import tab_sessions
    from companion.session.seats import Viewer

    store = open_store(tmp_path)
    phone = tab_sessions(Sessions(store), Viewer("ada-phone", host=False))
    draft = catch_draft(phone, "g1", 0)
    outcome = draft.change(lambda d: d.model_copy(update={"fish": "swordfish", "dice": [2], "dinks": ["Moon Jellyfish"],
                                                          "adjustment": -1, "why": "Sea Monkey"}), seen=draft.version)
    assert outcome.ok
    restarted = Sessions(open_store(tmp_path))
    kept = catch_draft(restarted, "g1", 0).current.value.on_day(0, fresh=3)
    assert (kept.fish, kept.dice, kept.dinks, kept.adjustment, kept.why) == (
        "swordfish", [2], ["Moon Jellyfish"], -1, "Sea Monkey")
    assert kept.catalog_fish() is not None and kept.catalog_fish().name == "Swordfish"
    assert catch_draft(restarted, "g1", 1).current.value.fish is None
    store.set_draft("catch-g1-0", {"dice": "all of them"})
    assert catch_draft(Sessions(open_store(tmp_path)), "g1", 0).current.value.fish is None


def test_the_stop_says_what_was_not_saved_and_so_does_the_next_start(tmp_path):
    """Issue 45: the exit line said "Every game is saved." after taps the full disk refused, and the next start said
    nothing. The sessions' close folds every log and names each record a change to which was refused; the next
    start hears it once."""
    sessions = Sessions(open_store(tmp_path))
    session = sessions.start_game(two_players())
    assert session.apply(act.DrawRegret(player=0), seen=0).ok
    assert Sessions(open_store(tmp_path)).close() == []  # nothing refused: every game is saved
    with FailingDisk(1, errno.ENOSPC, persistent=True):
        assert not session.apply(act.DrawRegret(player=1), seen=1).ok
        assert not session.apply(act.DrawRegret(player=1), seen=1).ok
    said = [f"The game of Ada, Bo ({session.key}): 2 changes were not saved (The host's disk is full)."]
    assert sessions.close() == said
    assert open_store(tmp_path).load_game(session.key) == session.current.value  # what the phones were shown
    again = Sessions(open_store(tmp_path))
    assert again.last_run() == said
    assert again.last_run() == []  # said once
