"""Issue 28 item 1: a tap's change is one line appended to its game's log and fsynced before any phone is shown it;
the log is folded into the game's record later (every so many changes, on a quiet moment, at start-up)."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.rules import actions as act
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Saver, Sessions, journaled
from companion.session.seats import Place
from companion.store import open_store


def two_players() -> Game:
    return new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=7))


def stored_record(tmp_path, game_id: str) -> dict:
    return json.loads((tmp_path / "games" / f"{game_id}.json").read_text())["tables"]["game"]["1"]


def log_lines(tmp_path, game_id: str) -> list[dict]:
    path = tmp_path / "games" / f"{game_id}.log"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def tapped(tmp_path, taps: int):
    session = Sessions(open_store(tmp_path), Saver()).start_game(two_players())
    for n in range(taps):
        assert session.apply(act.DrawRegret(player=n % 2), seen=n, place=Place("angler", n % 2)).ok  # that seat's
    return session


def test_a_tap_appends_one_line_and_leaves_the_record_alone(tmp_path):
    session = tapped(tmp_path, 3)
    assert stored_record(tmp_path, session.key)["log"] == []  # the record as the game started
    lines = log_lines(tmp_path, session.key)
    assert [(line["op"], line["action"]["player"], line["by"], line["v"]) for line in lines] == [
        ("apply", 0, 0, 1), ("apply", 1, 1, 2), ("apply", 0, 0, 3)]


def test_each_change_is_in_the_log_before_a_phone_is_shown_it(tmp_path):
    session = Sessions(open_store(tmp_path), Saver()).start_game(two_players())
    logged_when_shown = []
    session.subscribe(lambda snapshot: logged_when_shown.append((snapshot.version,
                                                                 len(log_lines(tmp_path, session.key)))))
    for n in range(4):
        assert session.apply(act.DrawRegret(player=0), seen=n).ok
    assert logged_when_shown == [(1, 1), (2, 2), (3, 3), (4, 4)]


def test_start_up_folds_the_log_into_the_record_and_removes_it(tmp_path):
    session = tapped(tmp_path, 5)
    store = open_store(tmp_path)  # as after a kill: the session never folded its log
    assert not (tmp_path / "games" / f"{session.key}.log").exists()
    assert stored_record(tmp_path, session.key) == session.current.value.model_dump(mode="json")
    assert store.list_games()[0].actions == 5
    assert store.recovery_notes == []


def test_a_torn_last_line_is_left_out_and_the_rest_kept(tmp_path):
    session = tapped(tmp_path, 3)
    with (tmp_path / "games" / f"{session.key}.log").open("ab") as log:
        log.write(b'{"op":"apply","action":{"kind":"draw_reg')  # killed in the middle of the fourth line
    game = open_store(tmp_path).load_game(session.key)
    assert len(game.log) == 3
    assert game.model_dump(mode="json") == session.current.value.model_dump(mode="json")


def test_a_damaged_line_is_set_aside_with_the_rest_and_the_lines_before_it_kept(tmp_path):
    """Issue 36: as a campaign's log (tests/store/test_campaign_log.py); a damaged line ended the log silently."""
    session = tapped(tmp_path, 3)
    path = tmp_path / "games" / f"{session.key}.log"
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join([lines[0], b"\x00\x00\x00\n", *lines[2:]]))
    store = open_store(tmp_path)
    assert len(store.load_game(session.key).log) == 1
    assert len(store.recovery_notes) == 1 and session.key in store.recovery_notes[0]
    assert list((tmp_path / "damaged" / "games").glob(f"{session.key}.*.log"))


def test_undo_and_redo_are_saved_as_they_are_made(tmp_path):
    session = tapped(tmp_path, 3)
    assert session.undo(seen=3).ok
    assert session.undo(seen=4).ok
    assert session.redo(seen=5).ok
    assert [line["op"] for line in log_lines(tmp_path, session.key)][3:] == ["undo", "undo", "redo"]
    game = open_store(tmp_path).load_game(session.key)
    assert len(game.log) == 2 and len(game.redo_log) == 1
    assert game.model_dump(mode="json") == session.current.value.model_dump(mode="json")


def test_a_record_written_by_a_fold_that_did_not_remove_its_log_is_not_replayed_twice(tmp_path):
    session = tapped(tmp_path, 4)
    log = tmp_path / "games" / f"{session.key}.log"
    kept = tmp_path / "kept.log"
    shutil.copy(log, kept)
    open_store(tmp_path)  # folds the log in and removes it
    shutil.copy(kept, log)  # as if the process died between writing the record and removing the log
    store = open_store(tmp_path)
    assert len(store.load_game(session.key).log) == 4
    assert store.recovery_notes == []
    assert not log.exists()


def test_a_fold_halfway_through_the_log_replays_the_rest(tmp_path):
    session = tapped(tmp_path, 2)
    store = open_store(tmp_path)  # the record holds 2 moves now
    assert session.apply(act.DrawRegret(player=1), seen=2).ok
    assert session.apply(act.DrawRegret(player=1), seen=3).ok
    assert len(log_lines(tmp_path, session.key)) == 2  # a new log, starting from the folded record
    assert len(store.load_game(session.key).log) == 4


def test_every_so_many_changes_the_log_is_folded_in_after_the_phones_were_told(tmp_path, monkeypatch):
    monkeypatch.setattr(journaled, "COMPACT_AFTER", 3)
    session = tapped(tmp_path, 4)
    assert len(stored_record(tmp_path, session.key)["log"]) == 3
    assert [line["v"] for line in log_lines(tmp_path, session.key)] == [4]


def test_the_log_is_folded_in_when_the_last_phone_leaves_the_game(tmp_path):
    session = tapped(tmp_path, 0)
    stop_one = session.subscribe(lambda snapshot: None)
    stop_two = session.subscribe(lambda snapshot: None)
    assert session.apply(act.DrawRegret(player=0), seen=0).ok
    stop_one()
    assert len(log_lines(tmp_path, session.key)) == 1  # another phone still shows the game
    stop_two()
    assert log_lines(tmp_path, session.key) == []
    assert len(stored_record(tmp_path, session.key)["log"]) == 1


def test_the_list_and_an_export_show_the_changes_still_in_the_log(tmp_path):
    session = tapped(tmp_path, 2)
    store = open_store(tmp_path)
    assert session.apply(act.DrawRegret(player=1), seen=2).ok
    assert store.list_games()[0].actions == 3
    assert session.apply(act.DrawRegret(player=1), seen=3).ok
    assert len(store.export_game(session.key)["games"][0]["log"]) == 4


def test_a_log_that_does_not_follow_from_the_record_is_set_aside_with_a_note(tmp_path):
    session = tapped(tmp_path, 2)
    open_store(tmp_path).save_game(two_players().model_copy(update={"id": session.key}))  # replaced: a new table
    assert session.apply(act.DrawRegret(player=1), seen=2).ok  # a phone still on the old table
    store = open_store(tmp_path)
    assert store.load_game(session.key).log == []  # the stored game, nothing replayed onto it
    assert len(store.recovery_notes) == 1 and session.key in store.recovery_notes[0]
    assert list((tmp_path / "damaged" / "games").glob(f"{session.key}.*.log"))


def test_a_log_without_its_game_is_set_aside(tmp_path):
    session = tapped(tmp_path, 1)
    (tmp_path / "games" / f"{session.key}.json").unlink()
    for backup in (tmp_path / "backups" / "games").glob("*.json"):
        backup.unlink()
    store = open_store(tmp_path)
    assert store.list_games() == []
    assert any(session.key in note for note in store.recovery_notes)
    assert not (tmp_path / "games" / f"{session.key}.log").exists()


def test_a_deleted_game_keeps_its_last_change_in_the_backup(tmp_path):
    session = tapped(tmp_path, 2)
    store = open_store(tmp_path)
    assert session.apply(act.DrawRegret(player=1), seen=2).ok
    store.delete_game(session.key)
    assert not (tmp_path / "games" / f"{session.key}.log").exists()
    backup = json.loads((tmp_path / "backups" / "games" / f"{session.key}.1.json").read_text())
    assert len(backup["tables"]["game"]["1"]["log"]) == 3


@pytest.mark.parametrize("taps", [1, 7])
def test_folding_gives_exactly_the_game_the_phones_were_shown(tmp_path, taps):
    session = tapped(tmp_path, taps)
    assert session.undo(seen=taps).ok
    session.compact()
    assert log_lines(tmp_path, session.key) == []
    assert stored_record(tmp_path, session.key) == session.current.value.model_dump(mode="json")
