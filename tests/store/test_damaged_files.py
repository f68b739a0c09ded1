"""On start, a damaged file is moved aside (kept), the newest good backup restored, and the user told."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.history.models import Play, PlayPlayer
from companion.store import StoreError, open_store
from companion.survey.play import next_day
from tests.store.conftest import campaign
from tests.store.games import played_game


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _garbage(path: Path) -> None:
    path.write_bytes(b"\x00\xff\x13 not json at all \x89PNG")


def _newer_version(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "schema": 99}), encoding="utf-8")


def _no_version(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["schema"]
    path.write_text(json.dumps(data), encoding="utf-8")


DAMAGES = {"truncated": _truncate, "empty": _empty, "garbage": _garbage, "newer version": _newer_version,
           "no version": _no_version}


@pytest.mark.parametrize("damage", DAMAGES.values(), ids=DAMAGES.keys())
def test_a_damaged_campaign_is_moved_aside_and_its_backup_restored(data_dir: Path, damage) -> None:
    store = open_store(data_dir)
    c1 = campaign(catches=1)
    c2 = next_day(c1)
    store.save_campaign(c1)
    store.save_campaign(c2)
    path = data_dir / "campaigns" / f"{c1.id}.json"
    damage(path)
    damaged_bytes = path.read_bytes()

    reopened = open_store(data_dir)

    assert reopened.load_campaign(c1.id) == c1  # the backup holds the save before the last one
    [note] = reopened.recovery_notes
    kept = [p for p in (data_dir / "damaged").rglob("*.json")]
    assert [p.read_bytes() for p in kept] == [damaged_bytes]
    assert str(kept[0]) in note and "restored" in note and "Halley" in note


@pytest.mark.parametrize("damage", DAMAGES.values(), ids=DAMAGES.keys())
def test_without_a_good_backup_the_damaged_file_is_kept_and_reported(data_dir: Path, damage) -> None:
    store = open_store(data_dir)
    c = campaign()
    store.save_campaign(c)  # the first save has no earlier version to back up
    damage(data_dir / "campaigns" / f"{c.id}.json")

    reopened = open_store(data_dir)

    [note] = reopened.recovery_notes
    [kept] = (data_dir / "damaged").rglob("*.json")
    assert "no good backup" in note and str(kept) in note
    assert reopened.list_campaigns() == []
    assert open_store(data_dir).recovery_notes == []  # reported once; the damaged file stays where it was put


def test_a_damaged_backup_is_skipped_for_an_older_good_one(data_dir: Path) -> None:
    store = open_store(data_dir)
    versions = [campaign()]
    for _ in range(3):
        versions.append(next_day(versions[-1]))
    for v in versions:
        store.save_campaign(v)
    _garbage(data_dir / "campaigns" / f"{versions[0].id}.json")
    _truncate(data_dir / "backups" / "campaigns" / f"{versions[0].id}.1.json")

    assert open_store(data_dir).load_campaign(versions[0].id) == versions[1]


@pytest.mark.parametrize("damage", DAMAGES.values(), ids=DAMAGES.keys())
def test_a_damaged_index_is_rebuilt_from_the_saved_files(data_dir: Path, damage) -> None:
    store = open_store(data_dir)
    c = campaign()
    store.save_campaign(c)
    damage(data_dir / "index" / "campaigns.json")

    reopened = open_store(data_dir)

    assert [s.id for s in reopened.list_campaigns()] == [c.id]
    [note] = reopened.recovery_notes
    assert "rebuilt" in note and str(next((data_dir / "damaged").rglob("*.json"))) in note


@pytest.mark.parametrize("damage", DAMAGES.values(), ids=DAMAGES.keys())
def test_damaged_settings_are_moved_aside_and_the_backup_restored(data_dir: Path, damage) -> None:
    store = open_store(data_dir)
    store.set_setting("theme", "light")
    store.set_setting("language", "it")
    damage(data_dir / "settings.json")

    reopened = open_store(data_dir)

    assert reopened.get_setting("theme") == "light"
    [note] = reopened.recovery_notes
    assert "settings" in note and "damaged" in note


def test_a_file_of_the_wrong_kind_is_damaged(data_dir: Path) -> None:
    store = open_store(data_dir)
    c = campaign()
    store.save_campaign(c)
    store.set_setting("theme", "light")
    path = data_dir / "campaigns" / f"{c.id}.json"
    path.write_bytes((data_dir / "settings.json").read_bytes())

    reopened = open_store(data_dir)

    assert "expected a file of kind campaign" in reopened.recovery_notes[0]


def test_a_file_damaged_while_running_is_repaired_on_load(data_dir: Path) -> None:
    store = open_store(data_dir)
    c1 = campaign()
    store.save_campaign(c1)
    store.save_campaign(next_day(c1))
    _truncate(data_dir / "campaigns" / f"{c1.id}.json")

    assert store.load_campaign(c1.id) == c1
    assert "restored" in store.recovery_notes[0]


def test_a_record_that_no_longer_validates_is_reported_not_dropped(data_dir: Path) -> None:
    store = open_store(data_dir)
    c = campaign()
    store.save_campaign(c)
    path = data_dir / "campaigns" / f"{c.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tables"]["campaign"]["1"]["name"] = ""  # readable JSON, but not a valid Campaign
    path.write_text(json.dumps(data), encoding="utf-8")

    with pytest.raises(StoreError, match="no good backup") as refused:
        store.load_campaign(c.id)
    [kept] = (data_dir / "damaged").rglob("*.json")
    assert str(kept) in str(refused.value)


def test_a_listed_record_whose_file_vanished_comes_back_from_its_backup(data_dir: Path) -> None:
    store = open_store(data_dir)
    c1 = campaign()
    store.save_campaign(c1)
    store.save_campaign(next_day(c1))
    (data_dir / "campaigns" / f"{c1.id}.json").unlink()

    reopened = open_store(data_dir)

    assert reopened.load_campaign(c1.id) == c1
    assert "its file is missing" in reopened.recovery_notes[0]


def test_a_list_damaged_while_running_does_not_stop_a_save(data_dir: Path) -> None:
    store = open_store(data_dir)
    first, second = campaign("First"), campaign("Second")
    store.save_campaign(first)
    _garbage(data_dir / "index" / "campaigns.json")

    store.save_campaign(second)

    assert {s.name for s in store.list_campaigns()} == {"First", "Second"}
    assert "rebuilt" in store.recovery_notes[0]


def test_settings_damaged_while_running_are_repaired_when_a_setting_is_saved(data_dir: Path) -> None:
    store = open_store(data_dir)
    store.set_setting("theme", "light")
    store.set_setting("language", "it")
    _garbage(data_dir / "settings.json")

    store.set_setting("sound", False)

    assert store.settings() == {"theme": "light", "sound": False}  # the backup before "language", plus the new one
    assert "settings" in store.recovery_notes[0]


@pytest.mark.parametrize(("field", "value"), [("setup", "x"), ("log", 3), ("created", "2026-12-44")])
def test_a_game_of_valid_json_but_wrong_inside_hides_nothing(data_dir: Path, field: str, value: object,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: a game file that is valid JSON but wrong inside is moved aside, its backup restored, the user told;
    the other game, the campaign and the play still open, and the commands run (exit 0, no traceback)."""
    store = open_store(data_dir)
    first = played_game(4)
    store.save_game(first)
    store.save_game(played_game(6).model_copy(update={"id": first.id}))  # the first version is now the backup
    other = played_game(3, names=("Cy", "Di"))
    store.save_game(other)
    c = campaign()
    store.save_campaign(c)
    store.save_play(Play(id="p1", game="shallow-regrets", played="2026-11-01T20:00:00Z", players=[
        PlayPlayer(name="Alba", score=9, rank=1, winner=True), PlayPlayer(name="Hugo", score=4, rank=2)]))
    path = data_dir / "games" / f"{first.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tables"]["game"]["1"][field] = value
    path.write_text(json.dumps(data), encoding="utf-8")

    assert main(["--data-dir", str(data_dir), "history"]) == 0
    told = capsys.readouterr().err
    assert f"damaged/games/{first.id}." in told and "restored" in told  # which file, and that its backup came back
    for argv in (["stats"], ["bgstats", "p1"]):
        assert main(["--data-dir", str(data_dir), *argv]) == 0

    reopened = open_store(data_dir)
    assert {g.id for g in reopened.list_games()} == {first.id, other.id}
    assert reopened.load_game(first.id) == first  # the backup holds the save before the last one
    assert [s.id for s in reopened.list_campaigns()] == [c.id] and [p.id for p in reopened.list_plays()] == ["p1"]
    [kept] = (data_dir / "damaged").rglob("*.json")
    assert json.loads(kept.read_text(encoding="utf-8"))["tables"]["game"]["1"][field] == value


def test_a_wrong_shaped_list_is_rebuilt_while_running(data_dir: Path) -> None:
    store = open_store(data_dir)
    c = campaign()
    store.save_campaign(c)
    path = data_dir / "index" / "campaigns.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tables"]["entries"]["1"]["created"] = "2026-12-44"
    path.write_text(json.dumps(data), encoding="utf-8")

    assert [s.id for s in store.list_campaigns()] == [c.id]
    assert "rebuilt" in store.recovery_notes[0]
