"""Plays in the store (issue 15): saved one file each and listed from the index, edits and deletes undoable,
exported and imported under the store's rules (checked in full first, never overwriting), damage repaired."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from companion.history import record_play
from companion.history.models import Play, PlayPlayer
from companion.store import ImportRefused, NotFound, StoreError, open_store
from companion.store.transfer import export_document
from tests.store.conftest import snapshot
from tests.support.plays import generated_plays


def _play(play_id: str = "p1", when: str = "2026-11-01T20:00:00Z", **changes) -> Play:
    play = Play(id=play_id, game="shallow-regrets", played=when, created=when, updated=when, players=[
        PlayPlayer(name="Alba", score=9, rank=1, winner=True, start_player=True),
        PlayPlayer(name="Hugo", score=4, rank=2)])
    return play.model_copy(update=changes)


def test_plays_are_listed_newest_first_and_survive_a_reopen(data_dir: Path):
    store = open_store(data_dir)
    store.save_play(_play("old", "2026-01-01T10:00:00Z"))
    store.save_play(_play("new", "2026-06-01T10:00:00Z"))
    store.save_play(_play("mid", "2026-03-01T10:00:00Z"))
    again = open_store(data_dir)
    assert [p.id for p in again.list_plays()] == ["new", "mid", "old"]
    assert again.load_play("mid") == _play("mid", "2026-03-01T10:00:00Z")
    assert again.recovery_notes == []


def test_an_edit_and_a_delete_are_undone_latest_first(data_dir: Path):
    store = open_store(data_dir)
    original = _play()
    store.save_play(original)
    edited = original.model_copy(update={"duration_min": 75})
    store.save_play(edited)
    store.delete_play("p1")
    assert store.list_plays() == []
    assert [c["what"] for c in store.play_changes()] == ["edit", "delete"]
    assert store.undo_play_change() == "p1"
    assert store.load_play("p1").duration_min == 75  # the delete undone: the edited play is back
    assert store.undo_play_change() == "p1"
    assert store.load_play("p1").duration_min is None  # the edit undone
    assert store.undo_play_change() is None


def test_an_edit_the_disk_refused_offers_no_undo(data_dir: Path, monkeypatch: pytest.MonkeyPatch):
    """Issue 45: the edit's undo entry was written, then the play's file could not be: History offered to undo an
    edit nobody made. A refused edit leaves the play and the undo list as they were."""
    store = open_store(data_dir)
    store.save_play(_play())
    real_replace = os.replace

    def play_file_refused(source: object, target: object) -> None:
        if str(target).endswith("p1.json"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", play_file_refused)
    with pytest.raises(StoreError, match="The host's disk is full: this change was not saved"):
        store.save_play(_play(duration_min=75))
    monkeypatch.undo()
    assert store.play_changes() == [] and store.load_play("p1") == _play()


def test_saving_an_unchanged_play_is_not_an_edit(data_dir: Path):
    store = open_store(data_dir)
    store.save_play(_play())
    store.save_play(_play())
    assert store.play_changes() == []


def test_a_bad_play_is_refused_and_nothing_is_written(data_dir: Path):
    store = open_store(data_dir)
    before = snapshot(data_dir)
    with pytest.raises(ValueError):
        store.save_play({**_play().model_dump(mode="json"), "game": "chess"})
    assert snapshot(data_dir) == before


def test_missing_play_and_bad_id(data_dir: Path):
    store = open_store(data_dir)
    with pytest.raises(NotFound):
        store.load_play("nope")
    with pytest.raises(ImportRefused):
        store.load_play("../settings")


def test_export_then_import_elsewhere_brings_every_play(tmp_path: Path):
    here, there = open_store(tmp_path / "a"), open_store(tmp_path / "b")
    for play in generated_plays(12, seed=3):
        here.save_play(play)
    document = json.loads(json.dumps(here.export_plays()))
    report = there.import_data(document)
    assert len(report.plays_added) == 12
    assert [there.load_play(s.id) for s in there.list_plays()] == [here.load_play(s.id) for s in here.list_plays()]
    assert "12 plays added to the history" in report.message()
    assert len(here.export_all()["plays"]) == 12


def test_an_import_with_one_bad_play_writes_nothing(data_dir: Path):
    store = open_store(data_dir)
    store.save_play(_play("kept"))
    good = [p.model_dump(mode="json") for p in generated_plays(5, seed=4)]
    bad = {**good[3], "players": [{"name": "Alba", "score": "lots"}]}
    before = snapshot(data_dir)
    with pytest.raises(ImportRefused) as refused:
        store.import_data(export_document(plays=[*good[:3], bad, good[4]]))
    assert refused.value.where.startswith("plays[3].players[0].score")
    assert snapshot(data_dir) == before


def test_an_import_naming_one_play_twice_is_refused(data_dir: Path):
    store = open_store(data_dir)
    twice = [_play(duration_min=30).model_dump(mode="json"), _play().model_dump(mode="json")]
    with pytest.raises(ImportRefused) as refused:
        store.import_data(export_document(plays=twice))
    assert refused.value.where == "plays[1].id"
    assert store.list_plays() == []


def test_an_import_keeps_a_clashing_play_beside_the_stored_one(data_dir: Path):
    store = open_store(data_dir)
    here = "play-00000000000000a1"  # an id of the form the app makes keeps it, with "-2" for the copy
    store.save_play(_play(here))
    report = store.import_data(export_document(plays=[_play(here, duration_min=30).model_dump(mode="json")]))
    assert report.plays_renamed == {here: f"{here}-2"}
    assert store.load_play(here).duration_min is None
    assert store.load_play(f"{here}-2").duration_min == 30


def test_a_damaged_play_is_restored_from_its_backup_on_start(data_dir: Path):
    store = open_store(data_dir)
    store.save_play(_play())
    store.save_play(_play(duration_min=40))  # the first version is now the newest backup
    (data_dir / "plays" / "p1.json").write_bytes(b'{"app": "deep-regrets-companion", "sch')  # a torn write
    again = open_store(data_dir)
    assert again.load_play("p1").duration_min is None
    assert any("could not be read" in note for note in again.recovery_notes)
    assert list((data_dir / "damaged").rglob("p1.*.json"))


def test_a_lost_index_is_rebuilt_from_the_play_files(data_dir: Path):
    store = open_store(data_dir)
    for play in generated_plays(6, seed=5):
        store.save_play(play)
    (data_dir / "index" / "plays.json").unlink()  # a crash between the play file and its index line
    assert len(open_store(data_dir).list_plays()) == 6


def test_an_unfinished_write_is_ignored(data_dir: Path):
    store = open_store(data_dir)
    store.save_play(_play())
    (data_dir / "plays" / ".p1.json.123.456.tmp").write_bytes(b'{"half')  # killed before the rename
    again = open_store(data_dir)
    assert again.load_play("p1") == _play()
    assert not list((data_dir / "plays").glob("*.tmp"))


def test_scoring_a_tracked_game_again_updates_its_one_play(data_dir: Path):
    from tests.store.games import played_game

    store = open_store(data_dir)
    game = played_game()
    result = {"game": "deep-regrets", "ruleset": "anglers-guide", "variants": [], "winners": ["A"], "players": [
        {"name": p.name, "score": 10 - i, "rank": i + 1, "winner": i == 0, "breakdown": {}}
        for i, p in enumerate(game.setup.players)]}
    first = record_play(store, result)
    assert first.source == "scorer"
    tracked = record_play(store, result, game=game)
    assert tracked.id == f"game-{game.id}" and tracked.game_id == game.id and tracked.source == "table"
    assert tracked.players[0].start_player and tracked.players[0].name == game.setup.players[0].name
    assert record_play(store, result, game=game) == tracked  # unchanged: nothing written
    assert store.play_changes() == []
    rescored = {**result, "players": [{**p, "score": p["score"] + 1} for p in result["players"]]}
    record_play(store, rescored, game=game)
    assert len(store.list_plays()) == 2
    assert store.undo_play_change() == tracked.id
    assert store.load_play(tracked.id).players[0].score == 10


def test_an_import_keeps_the_plays_already_listed(data_dir: Path):
    store = open_store(data_dir)
    store.save_play(_play("here"))
    store.import_data(export_document(plays=[p.model_dump(mode="json") for p in generated_plays(4, seed=6)]))
    listed = {p.id for p in store.list_plays()}
    assert listed == {"here", *(f"play-{i:016x}" for i in range(4))}
    assert {p.id for p in open_store(data_dir).list_plays()} == listed  # the start-up check agrees with the index


def test_a_restored_play_is_told_as_a_play(data_dir: Path):
    store = open_store(data_dir)
    store.save_play(_play())
    store.save_play(_play(duration_min=40))
    (data_dir / "plays" / "p1.json").write_bytes(b"")
    (notice,) = open_store(data_dir).recovery_notices
    assert (notice.kind, notice.record_id, notice.outcome) == ("play", "p1", "restored")
