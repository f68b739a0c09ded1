"""Games: autosave after every action (undo and redo included), resume exactly, finished and in-progress lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.store import NotFound, StoreError, open_store
from tests.store.games import autosaves, fresh_game, played_game


def test_autosave_after_each_action_undo_and_redo_resumes_exactly(data_dir: Path) -> None:
    store = open_store(data_dir)
    for game in list(autosaves(fresh_game()))[:13]:
        store.save_game(game)
    game = game.undo()
    store.save_game(game)
    game = game.undo()
    store.save_game(game)
    game = game.redo()
    store.save_game(game)

    resumed = open_store(data_dir).load_game(game.id)

    assert resumed == game
    assert resumed.log == game.log and resumed.redo_log == game.redo_log and len(resumed.redo_log) == 1
    assert resumed.state == game.state
    assert resumed.redo().state == game.redo().state


def test_games_in_progress_and_finished_are_listed_newest_first(data_dir: Path) -> None:
    store = open_store(data_dir)
    finished = played_game(names=("Cy", "Di"))
    ongoing = played_game(8, names=("Ada", "Bo"))
    store.save_game(finished)
    store.save_game(ongoing)

    listed = open_store(data_dir).list_games()

    assert [(s.players, s.finished, s.actions) for s in listed] == [
        (["Ada", "Bo"], False, 8), (["Cy", "Di"], True, len(finished.log))]
    assert listed[0].ruleset == ongoing.setup.ruleset.name


def test_an_undone_finish_moves_the_game_back_to_the_games_in_progress(data_dir: Path) -> None:
    store = open_store(data_dir)
    game = played_game()
    store.save_game(game)
    assert [s.finished for s in store.list_games()] == [True]
    store.save_game(game.undo())

    assert [s.finished for s in store.list_games()] == [False]
    entries = {p.stem: json.loads(p.read_text())["tables"]["entries"] for p in (data_dir / "index").glob("*.json")}
    assert len(entries["games"]) == 1 and entries["finished"] == {}


def test_delete_removes_a_game_from_the_list_and_keeps_a_backup(data_dir: Path) -> None:
    store = open_store(data_dir)
    keep, drop = played_game(3, names=("Keep",)), played_game(3, names=("Drop",))
    store.save_game(keep)
    store.save_game(drop)
    store.delete_game(drop.id)

    assert [s.id for s in open_store(data_dir).list_games()] == [keep.id]
    with pytest.raises(NotFound):
        store.load_game(drop.id)
    assert (data_dir / "backups" / "games" / f"{drop.id}.1.json").exists()


def test_a_game_whose_log_no_longer_replays_is_set_aside_and_its_backup_restored(data_dir: Path) -> None:
    store = open_store(data_dir)
    saves = list(autosaves(fresh_game()))
    game = saves[6]
    store.save_game(game)
    store.save_game(saves[7])
    path = data_dir / "games" / f"{game.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tables"]["game"]["1"]["log"].append({"type": "refresh", "player": 0})  # Ada has already refreshed
    path.write_text(json.dumps(data), encoding="utf-8")

    assert store.load_game(game.id) == game
    [note] = store.recovery_notes
    assert "Action 9 of the log" in note and "restored" in note and "Ada, Bo" in note


def test_a_truncated_game_file_is_restored_from_its_backup_on_start(data_dir: Path) -> None:
    store = open_store(data_dir)
    saves = list(autosaves(fresh_game()))[:5]
    for game in saves:
        store.save_game(game)
    path = data_dir / "games" / f"{saves[0].id}.json"
    path.write_bytes(path.read_bytes()[:100])

    reopened = open_store(data_dir)

    assert reopened.load_game(saves[0].id) == saves[-2]
    assert "restored" in reopened.recovery_notes[0]


def test_a_full_disk_refuses_the_save_and_keeps_the_last_one(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(data_dir)
    before = played_game(4)
    store.save_game(before)
    files = sorted(p.name for p in (data_dir / "games").iterdir())

    def disk_full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.write", disk_full)
    with pytest.raises(StoreError, match="The host's disk is full: this change was not saved"):
        store.save_game(played_game(5))
    monkeypatch.undo()

    assert sorted(p.name for p in (data_dir / "games").iterdir()) == files  # no temporary file left behind
    assert open_store(data_dir).load_game(before.id) == before


def test_a_deleted_game_comes_back_from_its_backup(data_dir: Path) -> None:
    store = open_store(data_dir)
    game = played_game(6)
    store.save_game(game)
    store.delete_game(game.id)

    report = store.restore_backup(data_dir / "backups" / "games" / f"{game.id}.1.json")

    assert report.games_added == [game.id]
    assert store.load_game(game.id) == game


def test_an_earlier_version_is_restored_beside_the_current_one(data_dir: Path) -> None:
    store = open_store(data_dir)
    saves = list(autosaves(fresh_game()))
    store.save_game(saves[3])
    store.save_game(saves[4])

    report = store.restore_backup(data_dir / "backups" / "games" / f"{saves[3].id}.1.json")

    assert report.games_renamed == {saves[3].id: f"{saves[3].id}-2"}
    assert store.load_game(saves[3].id) == saves[4]
    assert store.load_game(f"{saves[3].id}-2").log == saves[3].log


def test_only_backups_of_games_and_campaigns_can_be_restored(data_dir: Path) -> None:
    store = open_store(data_dir)
    store.set_setting("theme", "dark")
    store.set_setting("theme", "light")
    with pytest.raises(StoreError, match="not a backup"):
        store.restore_backup(data_dir / "backups" / "settings" / "settings.1.json")
    with pytest.raises(StoreError, match="not a backup"):
        store.restore_backup(data_dir / "settings.json")
