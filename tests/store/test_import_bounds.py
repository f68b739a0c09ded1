"""Imports that can't hurt the table (issue 35): a file out of bounds (too big, too deep, a number out of range or
not finite, a text longer than a screen takes, too many settings) is refused naming the field, before anything is
written and without a crash; an import's write is short, so a save at the table during it succeeds."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

import pytest

from companion.phone.storage import Syncer, keep_in_indexeddb
from companion.store import ImportRefused, open_store
from companion.store.limits import MAX_IMPORT_BYTES, MAX_SETTINGS
from companion.store.transfer import export_document
from tests.store.conftest import campaign, snapshot


def _settings_file(settings_json: str) -> bytes:
    """An export of settings whose ``settings`` is the JSON text ``settings_json``, written as a person could."""
    head = json.dumps(export_document(settings={}))[:-len('"settings": {}}')]
    return f'{head}"settings": {settings_json}}}'.encode()


@pytest.fixture
def store(data_dir: Path):
    store = open_store(data_dir)
    store.save_campaign(campaign())
    store.set_setting("theme", "light")
    return store


def _refused(store, data: bytes | dict, data_dir: Path) -> ImportRefused:
    before = snapshot(data_dir)
    with pytest.raises(ImportRefused) as refused:
        store.import_data(data)
    assert snapshot(data_dir) == before  # nothing changed
    return refused.value


def test_a_file_over_the_limit_is_refused_before_it_is_read(store, data_dir: Path) -> None:
    big = _settings_file(json.dumps({"notes": "x" * MAX_IMPORT_BYTES}))

    refused = _refused(store, big, data_dir)

    assert "at most 20 MB" in str(refused)


@pytest.mark.parametrize("text", [b"[" * 100_000 + b"]" * 100_000, b"[" * 100_000, b'{"a":' * 50_000])
def test_a_file_nested_deeper_than_an_export_is_refused_without_a_crash(store, data_dir: Path, text: bytes) -> None:
    assert "nested deeper than" in str(_refused(store, text, data_dir))


def test_a_setting_nested_too_deep_is_refused(store, data_dir: Path) -> None:
    assert "nested deeper than" in str(_refused(store, _settings_file('{"x": ' + "[" * 40 + "]" * 40 + "}"),
                                               data_dir))


@pytest.mark.parametrize(("value", "why"), [("1" * 5000, "out of range (5000 digits"), ("NaN", "NaN"),
                                            ("-Infinity", "-Infinity"), ("1e999", "out of range (1e999)"),
                                            ("9007199254740992", "out of range")])
def test_a_number_out_of_range_or_not_finite_is_refused_naming_its_setting(store, data_dir: Path, value: str,
                                                                            why: str) -> None:
    refused = _refused(store, _settings_file('{"ok": 1, "scale": [0, ' + value + "]}"), data_dir)

    assert refused.where == "settings.scale[1]" and why in refused.message
    assert "NaN" not in (data_dir / "settings.json").read_text(encoding="utf-8")


def test_a_value_already_parsed_is_held_to_the_same_bounds(store, data_dir: Path) -> None:
    refused = _refused(store, export_document(settings={"scale": float("inf")}), data_dir)

    assert refused.where == "settings.scale"


def test_a_text_longer_than_a_screen_takes_is_refused_naming_its_field(store, data_dir: Path) -> None:
    too_long = export_document(campaigns=[{**campaign().model_dump(mode="json"), "name": "x" * 61}])  # NAME_MAX 60
    assert _refused(store, too_long, data_dir).where == "campaigns[0].name"
    huge = export_document(settings={"note": "x" * 10_001})
    assert _refused(store, huge, data_dir).where == "settings.note"


def test_more_settings_than_an_app_keeps_are_refused(store, data_dir: Path) -> None:
    many = export_document(settings={f"k{i}": i for i in range(MAX_SETTINGS + 1)})
    assert _refused(store, many, data_dir).where == "settings"


def test_settings_are_written_in_one_go(store, data_dir: Path) -> None:
    settings = {f"k{i}": {"n": i} for i in range(MAX_SETTINGS)}
    backups = data_dir / "backups" / "settings"
    before = {p.name: p.stat().st_ino for p in backups.glob("*.json")}

    store.import_data(json.dumps(export_document(settings=settings)))

    assert store.settings() == {"theme": "light", **settings}
    # One write rotates the backups once: the newest backup is the file as it was before the import.
    newest = json.loads((backups / "settings.1.json").read_text(encoding="utf-8"))
    assert [d["key"] for d in newest["tables"]["settings"].values()] == ["theme"]
    assert before  # the fixture's save made a backup to rotate


@pytest.mark.parametrize("keys", [MAX_SETTINGS, 2_000, 50_000])
def test_a_save_at_the_table_during_an_import_succeeds(store, data_dir: Path, keys: int) -> None:
    document = json.dumps(export_document(settings={f"key-{i}": {"v": i, "name": "x" * 10} for i in range(keys)}))
    table = open_store(data_dir, lock_timeout=2.0)  # another copy of the app: waits at most 2 s for the lock
    outcome: list[object] = []

    def run_import() -> None:
        try:
            outcome.append(store.import_data(document))
        except ImportRefused as refused:
            outcome.append(refused)

    started = time.monotonic()
    importing = threading.Thread(target=run_import)
    importing.start()
    saves = 0
    while importing.is_alive() or saves < 5:
        table.set_setting("theme", f"dark-{saves}")  # raises StoreError if the import held the lock too long
        saves += 1
    importing.join()

    assert time.monotonic() - started < 10
    assert table.get_setting("theme") == f"dark-{saves - 1}"
    if keys <= MAX_SETTINGS:
        assert outcome[0].settings == keys  # type: ignore[union-attr]
    else:
        assert isinstance(outcome[0], ImportRefused) and outcome[0].where == "settings"


def test_the_phone_app_imports_through_the_same_checks(store, data_dir: Path) -> None:
    async def copy() -> None:
        return None

    async def in_the_app() -> None:  # on the app's loop, as in Pyodide: a save schedules the copy to IndexedDB
        phone = keep_in_indexeddb(store, Syncer(copy))  # the store the phone app is given (companion.phone.app)
        assert "nested deeper than" in str(_refused(phone, b"[" * 100_000, data_dir))
        assert _refused(phone, _settings_file('{"x": NaN}'), data_dir).where == "settings.x"

    asyncio.run(in_the_app())
