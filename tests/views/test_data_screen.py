"""The Data screen: export, import with the store's validation message, recovery notes, backups."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from companion.history.models import Play, PlayPlayer
from companion.i18n import use_language
from companion.store import Store, open_store
from companion.views.context import AppContext
from companion.views.home import data as data_screen
from tests.store.conftest import campaign
from tests.store.games import played_game
from tests.support.components import fire
from tests.support.plays import generated_plays
from tests.views.tables import context, draw
from tests.views.viewtree import change, enter, find, ids, tap, text_of, texts


def _tap(ctx: AppContext, identifier: str) -> None:
    tap(draw(ctx), identifier)


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    offered: list[tuple[str, bytes]] = []

    async def save_download(name: str, data: bytes) -> None:
        offered.append((name, data))

    monkeypatch.setattr(data_screen, "save_download", save_download)
    return offered


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = open_store(tmp_path / "data")
    store.save_game(played_game(6))
    store.save_campaign(campaign("Halley's expedition"))
    return store


def test_export_everything_offers_a_download_and_keeps_a_copy(store: Store, downloads) -> None:
    ctx = context(None, "/data", store=store)
    _tap(ctx, "data-export-all")

    [(name, data)] = downloads
    document = json.loads(data)
    assert name.startswith("deep-regrets-everything-") and name.endswith(".json")
    assert (len(document["games"]), len(document["campaigns"])) == (1, 1)
    assert json.loads((store.data_dir / "exports" / name).read_bytes()) == document
    assert "Exported 1 game and 1 campaign." in text_of(draw(ctx), "data-result")


@pytest.mark.parametrize(("language", "said"), [
    ("it", "Esportate 1 partita e 1 campagna."), ("zh_Hant", "已匯出 1 局遊戲和 1 個戰役。")])
def test_the_export_is_counted_in_the_phones_language(store: Store, downloads, language: str, said: str) -> None:
    """Issue 13: "1 game", "2 games" in each language's grammar (it was "1 game(s)", "1 partite")."""
    ctx = context(None, "/data", store=store)
    with use_language(language):
        _tap(ctx, "data-export-all")
        assert text_of(draw(ctx), "data-result").startswith(said)


def test_one_game_and_one_campaign_export_alone(store: Store, downloads) -> None:
    ctx = context(None, "/data", store=store)
    game_id, campaign_id = store.list_games()[0].id, store.list_campaigns()[0].id
    _tap(ctx, f"data-export-game-{game_id}")
    _tap(ctx, f"data-export-campaign-{campaign_id}")

    game_doc, campaign_doc = (json.loads(data) for _, data in downloads)
    assert [g["id"] for g in game_doc["games"]] == [game_id] and game_doc["campaigns"] == []
    assert [c["id"] for c in campaign_doc["campaigns"]] == [campaign_id] and campaign_doc["games"] == []


def test_a_pasted_export_is_imported(store: Store, tmp_path: Path) -> None:
    other = open_store(tmp_path / "other")
    ctx = context(None, "/data", store=other)
    change(draw(ctx), "data-import-text", json.dumps(store.export_all()))
    _tap(ctx, "data-import-paste")

    assert ctx.error is None
    assert [g.id for g in other.list_games()] == [g.id for g in store.list_games()]
    assert "Imported 1 game and 1 campaign" in text_of(draw(ctx), "data-result")


def test_a_bad_paste_is_refused_with_the_field_at_fault_and_nothing_changes(store: Store) -> None:
    ctx = context(None, "/data", store=store)
    document = store.export_all()
    document["campaigns"][0]["name"] = ""
    before = store.export_all()
    change(draw(ctx), "data-import-text", json.dumps(document))
    _tap(ctx, "data-import-paste")

    assert "campaigns[0].name" in ctx.error and "nothing was changed" in ctx.error
    assert "campaigns[0].name" in text_of(draw(ctx), "error-line")
    after = store.export_all()
    assert [before[k] for k in ("games", "campaigns")] == [after[k] for k in ("games", "campaigns")]


def test_pasted_text_outlives_leaving_the_screen_and_is_cleared_once_imported(store: Store, tmp_path: Path) -> None:
    """Nothing a user entered is lost: the pasted text is this phone's draft, kept while they look elsewhere and
    after a reload, until it has been imported."""
    other = open_store(tmp_path / "other")
    ctx = context(None, "/data", store=other)
    text = json.dumps(store.export_all())
    enter(draw(ctx), "data-import-text", text)  # pasted, and the phone put away: no blur
    ctx.navigate("/settings")
    assert "data-import-text" not in ids(draw(ctx))
    ctx.navigate("/data")
    assert find(draw(ctx), "data-import-text").value == text
    ctx.sessions.flush()
    assert find(draw(context(None, "/data", store=other)), "data-import-text").value == text  # a reload

    _tap(ctx, "data-import-paste")
    assert "Imported 1 game and 1 campaign." in text_of(draw(ctx), "data-result")
    assert find(draw(ctx), "data-import-text").value == ""
    ctx.navigate("/settings")
    ctx.navigate("/data")
    assert find(draw(ctx), "data-import-text").value == ""


def test_a_picked_file_is_imported(store: Store, tmp_path: Path) -> None:
    exported = json.dumps(store.export_game(store.list_games()[0].id)).encode()
    other = open_store(tmp_path / "other")
    ctx = context(None, "/data", store=other)

    pick = find(draw(ctx), "data-import-file").action
    assert isinstance(pick, ft.PickFiles) and pick.with_data and pick.allowed_extensions == ["json"]
    picked = ft.FilePickerFile(id=1, name="export.json", size=len(exported), bytes=exported)
    fire(draw(ctx), pick.file_picker.on_result, SimpleNamespace(files=[picked]))

    assert [g.id for g in other.list_games()] == [store.list_games()[0].id]
    assert "Imported 1 game" in text_of(draw(ctx), "data-result")


def test_what_start_up_repaired_is_shown_in_plain_words_with_details_behind_a_toggle(store: Store) -> None:
    game_id, campaign_id = store.list_games()[0].id, store.list_campaigns()[0].id
    store.save_campaign(store.load_campaign(campaign_id))  # the earlier version becomes a backup
    (store.data_dir / "games" / f"{game_id}.json").write_bytes(b"{ truncated")
    reopened = open_store(store.data_dir)
    ctx = context(None, "/data", store=reopened)

    screen = draw(ctx)
    note = text_of(screen, "data-note-0")
    assert "could not be opened" in note and "JSON" not in note
    assert "data-note-detail-0" not in ids(screen)
    _tap(ctx, "data-note-details-0")
    detail = text_of(draw(ctx), "data-note-detail-0")
    assert "not valid JSON" in detail and str(reopened.data_dir / "damaged") in detail
    listed = [text_of(screen, i) for i in ids(screen) if i.startswith("data-file-")]
    assert any(line.startswith("A file that could not be read · saved ") for line in listed)
    assert not any(".json" in line or "/" in line for line in listed), listed  # never its file name or folder


def test_a_play_backup_is_named_by_its_anglers_and_day_never_by_its_file(store: Store) -> None:
    """Issue 46: the Data screen listed ``plays/game-27dab8f1….1.json · 2026-12-07 11:34 · 2.2 KB``, one word
    wider than a phone at the largest Text size, and a name no player knows."""
    play = Play(id="game-27dab8f1", game="deep-regrets", played="2026-10-01T20:00:00Z",
                players=[PlayPlayer(name="Ann", score=31), PlayPlayer(name="Bo", score=24)])
    store.save_play(play)
    store.save_play(play.model_copy(update={"duration_min": 50}))  # the earlier version becomes a backup
    screen = draw(context(None, "/data", store=store))
    assert text_of(screen, "data-file-0").split(" · saved ")[0] == "Play of Ann, Bo · 2026-10-01 · backup 1"
    assert "data-file-1" not in ids(screen)
    assert "game-27dab8f1" not in " ".join(texts(screen)) and ".json" not in " ".join(texts(screen))


def test_backups_are_listed_by_game_each_version_with_a_restore(store: Store) -> None:
    campaign_id = store.list_campaigns()[0].id
    store.save_campaign(store.load_campaign(campaign_id))  # the earlier version becomes a backup
    screen = draw(context(None, "/data", store=store))
    [group] = [i for i in ids(screen) if i.startswith("data-backup-group-")
               and "Halley's expedition" in text_of(screen, i)]
    g = group.removeprefix("data-backup-group-")
    assert text_of(screen, f"data-backup-{g}-0").startswith("Saved ")
    assert f"data-restore-{g}-0" in ids(screen)


def test_a_deleted_game_is_restored_from_the_backups_list(store: Store) -> None:
    game_id = store.list_games()[0].id
    store.delete_game(game_id)
    ctx = context(None, "/data", store=store)
    screen = draw(ctx)
    [group] = [i for i in ids(screen) if i.startswith("data-backup-group-") and "deleted" in text_of(screen, i)]

    _tap(ctx, group.replace("backup-group", "restore") + "-0")

    assert [g.id for g in store.list_games()] == [game_id]
    assert "Imported 1 game" in text_of(draw(ctx), "data-result")


def test_without_a_store_the_screen_says_so() -> None:
    screen = draw(context(None, "/data", store=None))
    assert "could not be opened" in text_of(screen, "error-line")
    assert not [i for i in ids(screen) if i.startswith("data-export")]


def _campaign_played_on(store: Store) -> tuple[str, dict]:
    """A campaign exported, then changed on this device: the file and the stored one share an id, and differ."""
    exported = store.export_all()
    stored = store.list_campaigns()[0]
    exported["campaigns"][0]["name"] = "Halley's second expedition"
    return stored.id, exported


def test_an_import_that_differs_from_a_record_here_asks_keep_both_or_replace(store: Store) -> None:
    """Issue 35 item 8: a changed campaign imported back made a second one of the same name, unasked."""
    campaign_id, document = _campaign_played_on(store)
    ctx = context(None, "/data", store=store)
    change(draw(ctx), "data-import-text", json.dumps(document))
    _tap(ctx, "data-import-paste")
    assert "1 of the file's records differs" in text_of(draw(ctx), "data-import-clash-question")
    assert len(store.list_campaigns()) == 1  # nothing written before the answer

    _tap(ctx, "data-import-keep-both")
    assert sorted(c.name for c in store.list_campaigns()) == ["Halley's expedition", "Halley's second expedition"]
    assert "data-import-clash" not in ids(draw(ctx))

    second = json.loads(json.dumps(document))
    second["campaigns"][0]["name"] = "Halley's third expedition"
    change(draw(ctx), "data-import-text", json.dumps(second))
    _tap(ctx, "data-import-paste")
    _tap(ctx, "data-import-replace")
    names = {c.id: c.name for c in store.list_campaigns()}
    assert names[campaign_id] == "Halley's third expedition" and len(names) == 2  # replaced, not a third
    assert "replaced the one stored under the same id" in text_of(draw(ctx), "data-result")
    assert any(b.path.name.startswith(campaign_id) for b in store.backups())  # the replaced one is kept


def test_cancel_leaves_the_store_and_the_pasted_text(store: Store) -> None:
    _, document = _campaign_played_on(store)
    ctx = context(None, "/data", store=store)
    change(draw(ctx), "data-import-text", json.dumps(document))
    _tap(ctx, "data-import-paste")
    _tap(ctx, "data-import-cancel")
    assert [c.name for c in store.list_campaigns()] == ["Halley's expedition"]
    assert find(draw(ctx), "data-import-text").value == json.dumps(document)


def test_the_screen_says_when_the_last_copy_was_made(store: Store, downloads) -> None:
    ctx = context(None, "/data", store=store)
    assert text_of(draw(ctx), "data-last-copy") == "No copy made yet."
    _tap(ctx, "data-export-all")
    assert text_of(draw(ctx), "data-last-copy").startswith("Last copy made ")


def test_the_phone_app_sends_a_copy_and_keeps_none_in_its_storage(store: Store, monkeypatch) -> None:
    """Issue 35 item 8: in the phone app, Send a copy opens the share sheet with the whole export, and no export
    leaves a copy in the browser's storage (every one used to, never removed)."""
    sent: list[tuple[str, bytes]] = []

    async def send_copy(name: str, data: bytes) -> None:
        sent.append((name, data))

    monkeypatch.setattr(data_screen, "send_copy", send_copy)
    served = context(None, "/data", store=store)
    assert "data-send-copy" not in ids(draw(served))  # the host's data is in a folder it can copy itself
    ctx = context(None, "/data", store=store)
    ctx.kept = SimpleNamespace(kept=True, listeners=[])  # the phone app's copy to IndexedDB
    _tap(ctx, "data-send-copy")
    [(name, data)] = sent
    document = json.loads(data)
    assert name.startswith("deep-regrets-everything-") and len(document["campaigns"]) == 1
    assert not (store.data_dir / "exports").exists()
    assert "A copy is kept" not in text_of(draw(ctx), "data-result")
    assert text_of(draw(ctx), "data-last-copy").startswith("Last copy made ")


def test_the_phone_app_reminds_to_send_a_copy_when_none_is_a_week_old(store: Store, monkeypatch) -> None:
    """Issue 35 item 8: after a week's end or a recorded game, the phone app (its data in one browser's storage)
    offers one tap to send a copy when the last copy of everything is older than 7 days, or was never made."""
    sent: list[str] = []

    async def send_copy(name: str, data: bytes) -> None:
        sent.append(name)

    monkeypatch.setattr(data_screen, "send_copy", send_copy)
    served = context(None, "/data", store=store)
    assert data_screen.copy_reminder(served, lambda: None) == []  # the host's data is in a folder, not a browser
    ctx = context(None, "/data", store=store)
    ctx.kept = SimpleNamespace(kept=True, listeners=[])
    [card] = data_screen.copy_reminder(ctx, lambda: None)
    assert "lives on this phone alone" in text_of(card, "copy-reminder-text")
    asyncio.run(find(card, "copy-reminder-send").on_click(None))  # drawn in no tab: its handler run alone
    assert len(sent) == 1 and data_screen.copy_reminder(ctx, lambda: None) == []  # a copy today: nothing due
    store.set_setting("last-copy", (datetime.now(UTC) - timedelta(days=8)).isoformat())
    [card] = data_screen.copy_reminder(ctx, lambda: None)
    assert "Your last copy of everything is from" in text_of(card, "copy-reminder-text")
    store.set_setting("last-copy", (datetime.now(UTC) - timedelta(days=6)).isoformat())
    assert data_screen.copy_reminder(ctx, lambda: None) == []
    store.set_setting("last-copy", "2026-01-01T00:00:00")  # no time zone (an imported settings file): as never
    [card] = data_screen.copy_reminder(ctx, lambda: None)
    assert "lives on this phone alone" in text_of(card, "copy-reminder-text")


@pytest.mark.parametrize("garbage", [b"garbage", b"{}", b"[]", b"null", b'{"entries": "x"}',
                                     b'{"_default": {"1": {"plays": 1}}}', bytes(range(256))])
def test_the_screen_and_its_notices_survive_any_plays_index(store: Store, garbage: bytes) -> None:
    """Issue 45 item 9: a garbage ``index/plays.json`` raised ``KeyError: 'plays'`` in the recovery notices."""
    store.save_play(generated_plays(1, seed=4)[0])
    (store.data_dir / "index" / "plays.json").write_bytes(garbage)
    reopened = open_store(store.data_dir)
    screen = draw(context(None, "/data", store=reopened))
    assert "list of plays was damaged and has been rebuilt" in text_of(screen, "data-note-0")
    assert len(reopened.list_plays()) == 1


def test_a_copy_brings_back_the_phones_language_text_size_and_theme(store: Store, downloads) -> None:
    """Issue 45 item 7: a restored copy came back in the browser's language, not the one the player chose."""
    store.set_setting("theme", "light")
    ctx = context(None, "/data", store=store)
    with use_language("it"):
        _tap(ctx, "data-export-all")
    [(_, data)] = downloads
    assert json.loads(data)["phone"]["language"] == "it"

    elsewhere = open_store(store.data_dir.parent / "elsewhere")
    changed: list[tuple[str, object]] = []
    fresh = context(None, "/data", store=elsewhere)
    fresh.on_setting = lambda key, value: changed.append((key, value))
    change(draw(fresh), "data-import-text", data.decode("utf-8"))
    _tap(fresh, "data-import-paste")
    assert ("language", "it") in changed and ("theme", "light") in changed
    assert elsewhere.get_setting("theme") == "light"
