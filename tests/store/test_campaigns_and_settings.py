"""Saving, listing, resuming and deleting campaigns; settings; where the data folder is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.store import SCHEMA_VERSION, NotFound, StoreError, open_store, resolve_data_dir
from companion.survey.play import next_day
from tests.store.conftest import campaign


def test_a_saved_campaign_resumes_exactly(data_dir: Path) -> None:
    c = campaign(catches=3)
    open_store(data_dir).save_campaign(c)
    assert open_store(data_dir).load_campaign(c.id) == c


def test_several_campaigns_listed_newest_first_and_each_deletable(data_dir: Path) -> None:
    store = open_store(data_dir)
    first, second = campaign("First"), campaign("Second")
    store.save_campaign(first)
    store.save_campaign(second)
    store.save_campaign(next_day(first))  # first is now the most recently updated
    assert [s.name for s in store.list_campaigns()] == ["First", "Second"]
    store.delete_campaign(first.id)
    assert [s.id for s in open_store(data_dir).list_campaigns()] == [second.id]
    with pytest.raises(NotFound):
        store.load_campaign(first.id)


def test_a_deleted_campaign_is_kept_as_a_backup(data_dir: Path) -> None:
    store = open_store(data_dir)
    c = campaign()
    store.save_campaign(c)
    store.delete_campaign(c.id)
    assert [b.folder for b in store.backups() if b.path.name == f"{c.id}.1.json"] == ["campaigns"]


def test_unknown_ids_are_refused(data_dir: Path) -> None:
    store = open_store(data_dir)
    with pytest.raises(NotFound):
        store.load_campaign("no-such-campaign")
    with pytest.raises(StoreError):
        store.load_campaign("../escape")


def test_settings_persist(data_dir: Path) -> None:
    store = open_store(data_dir)
    assert store.get_setting("theme", "dark") == "dark"
    store.set_setting("theme", "light")
    store.set_setting("players", ["Ana", "Bo"])
    reopened = open_store(data_dir)
    assert reopened.get_setting("theme") == "light"
    assert reopened.settings() == {"theme": "light", "players": ["Ana", "Bo"]}


def test_every_file_carries_the_schema_version(data_dir: Path) -> None:
    store = open_store(data_dir)
    store.save_campaign(campaign())
    store.set_setting("theme", "dark")
    files = [p for p in data_dir.rglob("*.json")]
    assert len(files) >= 5
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert (data["app"], data["schema"]) == ("deep-regrets-companion", SCHEMA_VERSION), path


def test_data_dir_from_argument_then_environment_then_platform(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "env"))
    assert resolve_data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert resolve_data_dir() == tmp_path / "env"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    assert resolve_data_dir().name == "deep-regrets-companion"


def test_an_unusable_data_folder_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="Cannot use the data folder"):
        open_store(blocker / "data")
