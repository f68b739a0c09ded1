"""The Data screen's groundwork (issue 12): backups grouped by game or campaign with players and date, each
readable version restorable; recovery notices in plain words, the technical detail apart, saying when the copy
brought back lacks the last change."""

from __future__ import annotations

from pathlib import Path

from companion.store import open_store
from companion.survey.play import next_day
from tests.store.conftest import campaign
from tests.store.games import autosaves, fresh_game


def _garbage(path: Path) -> None:
    path.write_bytes(b"\x00\xff not json")


def test_backups_are_grouped_by_game_with_players_and_date(data_dir: Path) -> None:
    store = open_store(data_dir)
    saves = list(autosaves(fresh_game(("Ada", "Bo"))))
    for game in saves[:4]:
        store.save_game(game)
    other = fresh_game(("Cy", "Di", "Ed"), seed=9)
    store.save_game(other)
    store.save_game(next(autosaves(other)))
    c = campaign()
    store.save_campaign(c)
    store.save_campaign(next_day(c))

    groups = {g.record_id: g for g in store.backup_groups()}

    assert set(groups) == {saves[0].id, other.id, c.id}
    ada = groups[saves[0].id]
    assert ada.kind == "game" and ada.players == ("Ada", "Bo") and ada.current
    assert ada.title.startswith("Ada, Bo · started ")
    assert len(ada.versions) == 3  # keep_backups: the three saves before the last
    assert [v.actions for v in ada.versions] == [len(saves[i].log) for i in (2, 1, 0)]  # newest first
    assert all(v.restorable and "moves" in v.label for v in ada.versions)
    assert groups[c.id].kind == "campaign" and "Halley" in groups[c.id].title


def test_every_listed_version_restores(data_dir: Path) -> None:
    store = open_store(data_dir)
    saves = list(autosaves(fresh_game()))
    for game in saves[:3]:
        store.save_game(game)
    store.delete_game(saves[0].id)
    [group] = store.backup_groups()
    assert not group.current  # deleted: a Restore brings it back
    report = store.restore_backup(group.versions[0].path)
    assert report.games_added == [saves[0].id]
    assert store.load_game(saves[0].id) == saves[2]


def test_a_damaged_backup_is_listed_but_not_offered(data_dir: Path) -> None:
    store = open_store(data_dir)
    saves = list(autosaves(fresh_game()))
    for game in saves[:3]:
        store.save_game(game)
    _garbage(data_dir / "backups" / "games" / f"{saves[0].id}.1.json")
    [group] = store.backup_groups()
    assert [v.restorable for v in group.versions].count(False) == 1
    bad = next(v for v in group.versions if not v.restorable)
    assert "can't be read" in bad.label and bad.problem


def test_a_restored_game_says_it_lacks_the_last_moves(data_dir: Path) -> None:
    store = open_store(data_dir)
    saves = list(autosaves(fresh_game(("Ada", "Bo"))))
    store.save_game(saves[2])
    store.save_game(saves[5])
    _garbage(data_dir / "games" / f"{saves[2].id}.json")

    reopened = open_store(data_dir)

    assert reopened.load_game(saves[2].id) == saves[2]
    [notice] = reopened.recovery_notices
    assert (notice.kind, notice.outcome, notice.lacks_last_change, notice.missing_moves) == (
        "game", "restored", True, 3)
    assert "Ada, Bo" in notice.message and "lacks the last 3 moves" in notice.message
    assert "games/" not in notice.message and ".json" not in notice.message  # plain words
    assert notice.detail == reopened.recovery_notes[0] and ".json" in notice.detail  # the technical detail


def test_a_restored_campaign_says_it_lacks_the_last_change(data_dir: Path) -> None:
    store = open_store(data_dir)
    c1 = campaign()
    store.save_campaign(c1)
    store.save_campaign(next_day(c1))
    _garbage(data_dir / "campaigns" / f"{c1.id}.json")

    [notice] = open_store(data_dir).recovery_notices

    assert notice.kind == "campaign" and notice.lacks_last_change
    assert "lacks the last change" in notice.message


def test_no_good_copy_says_so_and_keeps_the_file(data_dir: Path) -> None:
    store = open_store(data_dir)
    c = campaign()
    store.save_campaign(c)
    _garbage(data_dir / "campaigns" / f"{c.id}.json")

    [notice] = open_store(data_dir).recovery_notices

    assert notice.outcome == "lost" and "no earlier copy" in notice.message and "damaged" in notice.detail


def test_a_rebuilt_list_loses_nothing(data_dir: Path) -> None:
    store = open_store(data_dir)
    store.save_campaign(campaign())
    _garbage(data_dir / "index" / "campaigns.json")

    [notice] = open_store(data_dir).recovery_notices

    assert notice.outcome == "rebuilt" and "Nothing was lost" in notice.message and not notice.lacks_last_change


def test_damaged_settings_notice(data_dir: Path) -> None:
    store = open_store(data_dir)
    store.set_setting("theme", "light")
    store.set_setting("text_scale", 1.5)
    _garbage(data_dir / "settings.json")

    [notice] = open_store(data_dir).recovery_notices

    assert notice.kind == "settings" and notice.outcome == "restored" and "earlier copy" in notice.message
