"""Issue 47 item 4: a draft (a form being filled in) is a small file of its own, not a setting: a tap on a form
writes that draft alone, never the settings file with every other table's draft in it; drafts an older version
kept among the settings are moved to their own files when the store opens."""

from __future__ import annotations

import json

from companion.session import Sessions
from companion.store import open_store


def test_a_draft_is_written_alone_and_found_again(tmp_path):
    store = open_store(tmp_path)
    store.set_setting("theme", "dark")
    settings = (tmp_path / "settings.json").read_bytes()
    store.set_draft("catch-g1-0", {"dice": [1]})
    store.set_draft("scorer", {"players": []})
    assert (tmp_path / "settings.json").read_bytes() == settings  # no setting rewritten by a form's tap
    assert sorted(p.name for p in (tmp_path / "drafts").iterdir()) == ["catch-g1-0.json", "scorer.json"]
    reopened = open_store(tmp_path)
    assert reopened.get_draft("catch-g1-0") == {"dice": [1]}
    assert reopened.get_draft("new-game") is None
    assert reopened.get_setting("theme") == "dark"


def test_old_drafts_in_the_settings_move_to_their_own_files_and_an_odd_one_is_dropped_alone(tmp_path):
    old = open_store(tmp_path)  # the settings as an older version kept them: drafts among them
    old.set_setting("theme", "light")
    old.set_setting("scorer-draft", {"players": [{"name": "Alba"}]})
    old.set_setting("catch-g1-0-draft", {"dice": [0, 2], "fish": "sunfish"})
    old.set_setting("../../outside-draft", {"dice": [3]})  # no file may be named by it
    old.set_setting("new-game-draft", {"names": ["kept in its file"]})
    old.set_draft("new-game", {"names": ["newer"]})  # a file already there is newer than the setting
    before = (tmp_path / "settings.json").read_bytes()

    store = open_store(tmp_path)
    assert store.settings() == {"theme": "light"}  # every other setting kept, no draft left among them
    assert store.get_draft("scorer") == {"players": [{"name": "Alba"}]}
    assert store.get_draft("catch-g1-0") == {"dice": [0, 2], "fish": "sunfish"}
    assert store.get_draft("new-game") == {"names": ["newer"]}
    assert not (tmp_path.parent / "outside.json").exists() and not (tmp_path / "outside.json").exists()
    assert (tmp_path / "backups" / "settings" / "settings.1.json").read_bytes() == before  # the old file kept
    assert store.recovery_notes == []
    sessions = Sessions(store)
    assert sessions.draft("scorer").current.value.players[0].name == "Alba"  # the scorer reopens it


def test_an_export_carries_the_drafts_and_an_old_export_puts_them_in_their_files(tmp_path):
    store = open_store(tmp_path / "a")
    store.set_setting("theme", "dark")
    store.set_draft("scorer", {"players": [{"name": "Hugo"}]})
    document = store.export_all()
    assert document["settings"] == {"theme": "dark", "scorer-draft": {"players": [{"name": "Hugo"}]}}
    other = open_store(tmp_path / "b")
    other.import_data(json.dumps(document))
    assert other.get_draft("scorer") == {"players": [{"name": "Hugo"}]}
    assert other.settings() == {"theme": "dark"}


def test_a_damaged_draft_is_set_aside_and_the_form_starts_afresh(tmp_path):
    store = open_store(tmp_path)
    store.set_draft("scorer", {"players": []})
    (tmp_path / "drafts" / "scorer.json").write_bytes(b'{"app": "deep-regr')
    assert store.get_draft("scorer") is None
    assert [p.name.split(".")[0] for p in (tmp_path / "damaged" / "drafts").iterdir()] == ["scorer"]
    assert Sessions(store).draft("scorer").current.value.players  # the scorer's empty table, not a crash
