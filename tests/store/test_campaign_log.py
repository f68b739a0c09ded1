"""Issue 36 item 2: a campaign is journaled as a game is (tests/store/test_game_log.py): each change one line
appended to its log and fsynced before a phone is shown it, folded into the record later, undo and redo by replay,
a damaged line set aside with the rest of the log and the lines before it kept."""

from __future__ import annotations

import json
import shutil

from companion.session import Saver, Sessions, journaled
from companion.store import open_store
from companion.store.journal import MAX_LOG_BYTES
from companion.survey.actions import CatchFish, NextDay, SetNotes, StartWeek
from companion.survey.play import new_campaign

FISH = ("Sheepshead", "Barracuda", "Eyefish", "Sunfish", "Anglerfish", "Swordfish")


def stored_record(tmp_path, campaign_id: str) -> dict:
    return json.loads((tmp_path / "campaigns" / f"{campaign_id}.json").read_text())["tables"]["campaign"]["1"]


def log_path(tmp_path, campaign_id: str):
    return tmp_path / "campaigns" / f"{campaign_id}.log"


def log_lines(tmp_path, campaign_id: str) -> list[dict]:
    path = log_path(tmp_path, campaign_id)
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def caught(tmp_path, catches: int):
    """A campaign in its first week with ``catches`` catches made through its session (the week's start too)."""
    session = Sessions(open_store(tmp_path), Saver()).start_campaign(new_campaign("Halley"))
    assert session.apply(StartWeek(), seen=0).ok
    for n in range(catches):
        assert session.apply(CatchFish(name=FISH[n]), seen=n + 1).ok
    return session


def held(campaign) -> list[str]:
    return campaign.current_week.held_ids if campaign.current_week else []


def test_a_catch_appends_one_line_and_leaves_the_record_alone(tmp_path):
    session = caught(tmp_path, 2)
    assert stored_record(tmp_path, session.key)["weeks"] == []  # the record as the campaign was created
    assert [(line["op"], line["action"]["type"], line["v"]) for line in log_lines(tmp_path, session.key)] == [
        ("apply", "start_week", 1), ("apply", "catch", 2), ("apply", "catch", 3)]


def test_each_change_is_in_the_log_before_a_phone_is_shown_it(tmp_path):
    session = caught(tmp_path, 0)
    logged_when_shown = []
    session.subscribe(lambda snapshot: logged_when_shown.append(
        (snapshot.version, len(log_lines(tmp_path, session.key)))))
    for n in range(3):
        assert session.apply(CatchFish(name=FISH[n]), seen=n + 1).ok
    assert session.undo(seen=4).ok
    assert logged_when_shown == [(2, 2), (3, 3), (4, 4), (5, 5)]


def test_a_refused_action_writes_nothing(tmp_path):
    session = caught(tmp_path, 1)
    outcome = session.apply(CatchFish(name=FISH[0]), seen=2)  # the Sea has one card of each Fish
    assert not outcome.ok and "already in your hold" in (outcome.message or "")
    assert len(log_lines(tmp_path, session.key)) == 2 and session.version == 2


def test_start_up_folds_the_log_into_the_record_and_removes_it(tmp_path):
    session = caught(tmp_path, 3)
    store = open_store(tmp_path)  # as after a kill: the session never folded its log
    assert not log_path(tmp_path, session.key).exists()
    assert stored_record(tmp_path, session.key) == session.current.value.model_dump(mode="json")
    assert store.list_campaigns()[0].weeks == 1
    assert store.recovery_notes == []


def test_a_campaign_stored_without_a_log_loads_as_it_is(tmp_path):
    store = open_store(tmp_path)
    campaign = new_campaign("Before logs")
    store.save_campaign(campaign)  # as every campaign was kept before issue 36
    assert open_store(tmp_path).load_campaign(campaign.id) == campaign


def test_a_torn_last_line_is_left_out_and_the_rest_kept(tmp_path):
    session = caught(tmp_path, 2)
    with log_path(tmp_path, session.key).open("ab") as log:
        log.write(b'{"op":"apply","action":{"type":"cat')  # killed in the middle of the next line
    store = open_store(tmp_path)
    assert store.load_campaign(session.key) == session.current.value
    assert store.recovery_notes == []


def test_a_damaged_line_is_set_aside_with_the_rest_and_the_lines_before_it_kept(tmp_path):
    session = caught(tmp_path, 3)
    path = log_path(tmp_path, session.key)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join([*lines[:2], b'{"op": "apply", "act\xff\n', *lines[3:]]))
    store = open_store(tmp_path)
    assert held(store.load_campaign(session.key)) == ["sheepshead"]  # the week's start and the first catch
    assert len(store.recovery_notes) == 1 and session.key in store.recovery_notes[0]
    assert list((tmp_path / "damaged" / "campaigns").glob(f"{session.key}.*.log"))


def test_a_line_out_of_an_imports_bounds_is_set_aside(tmp_path):
    session = caught(tmp_path, 1)
    with log_path(tmp_path, session.key).open("a") as log:
        log.write(json.dumps({"op": "apply", "action": SetNotes(notes="x").model_dump(), "v": 3,
                              "base": session.current.value.updated.isoformat(), "updated": "2999-01-01",
                              "padding": "y" * 10_001}) + "\n")
    store = open_store(tmp_path)
    assert store.load_campaign(session.key) == session.current.value
    assert len(store.recovery_notes) == 1


def test_undo_and_redo_are_saved_as_they_are_made_and_replayed(tmp_path):
    session = caught(tmp_path, 3)
    assert session.undo(seen=4).ok
    assert session.undo(seen=5).ok
    assert session.redo(seen=6).ok
    assert [line["op"] for line in log_lines(tmp_path, session.key)][4:] == ["undo", "undo", "redo"]
    assert open_store(tmp_path).load_campaign(session.key) == session.current.value
    assert held(session.current.value) == ["sheepshead", "barracuda"]


def test_undo_reaches_back_past_a_fold_through_the_steps_the_record_keeps(tmp_path):
    session = caught(tmp_path, 2)
    session.compact()  # the last tab left: the record holds every change, the log is gone
    assert log_lines(tmp_path, session.key) == []
    assert [step["action"]["type"] for step in stored_record(tmp_path, session.key)["steps"]["done"]] == [
        "start_week", "catch", "catch"]
    assert session.undo(seen=3).ok and session.undo(seen=4).ok  # both catches were folded in
    assert [line["op"] for line in log_lines(tmp_path, session.key)] == ["undo", "undo"]
    assert session.redo(seen=5).ok
    assert open_store(tmp_path).load_campaign(session.key) == session.current.value
    assert held(session.current.value) == ["sheepshead"]


def test_a_record_written_by_a_fold_that_did_not_remove_its_log_is_not_replayed_twice(tmp_path):
    session = caught(tmp_path, 2)
    assert session.undo(seen=3).ok and session.redo(seen=4).ok
    path = log_path(tmp_path, session.key)
    kept = tmp_path / "kept.log"
    shutil.copy(path, kept)
    open_store(tmp_path)  # folds the log in and removes it
    shutil.copy(kept, path)  # as if the process died between writing the record and removing the log
    store = open_store(tmp_path)
    assert store.load_campaign(session.key) == session.current.value
    assert store.recovery_notes == []
    assert not path.exists()


def test_every_so_many_changes_and_when_the_last_phone_leaves_the_log_is_folded(tmp_path, monkeypatch):
    monkeypatch.setattr(journaled, "COMPACT_AFTER", 3)
    session = caught(tmp_path, 3)  # four changes: the fold came after the third
    assert [c["fish_id"] for c in stored_record(tmp_path, session.key)["weeks"][0]["held"]] == [
        "sheepshead", "barracuda"]
    assert [line["v"] for line in log_lines(tmp_path, session.key)] == [4]
    stop = session.subscribe(lambda snapshot: None)
    assert session.apply(NextDay(), seen=4).ok
    assert len(log_lines(tmp_path, session.key)) == 2
    stop()
    assert log_lines(tmp_path, session.key) == []
    assert stored_record(tmp_path, session.key) == session.current.value.model_dump(mode="json")


def test_the_list_an_export_and_a_delete_see_the_changes_still_in_the_log(tmp_path):
    session = caught(tmp_path, 1)
    store = open_store(tmp_path)
    assert session.apply(CatchFish(name=FISH[1]), seen=2).ok
    assert store.list_campaigns()[0].updated == session.current.value.updated
    assert session.apply(CatchFish(name=FISH[2]), seen=3).ok
    assert len(store.export_campaign(session.key)["campaigns"][0]["weeks"][0]["held"]) == 3
    assert session.apply(NextDay(), seen=4).ok
    store.delete_campaign(session.key)
    assert not log_path(tmp_path, session.key).exists()
    backup = json.loads((tmp_path / "backups" / "campaigns" / f"{session.key}.1.json").read_text())
    assert backup["tables"]["campaign"]["1"]["weeks"][0]["day"] == 2


def test_a_log_that_does_not_follow_from_the_record_is_set_aside_with_a_note(tmp_path):
    session = caught(tmp_path, 1)
    open_store(tmp_path).save_campaign(new_campaign("Other").model_copy(update={"id": session.key}))
    assert session.apply(CatchFish(name=FISH[1]), seen=2).ok  # a phone still on the old campaign
    store = open_store(tmp_path)
    assert store.load_campaign(session.key).name == "Other"
    assert len(store.recovery_notes) == 1 and session.key in store.recovery_notes[0]


def test_a_bad_stamp_in_the_last_line_keeps_every_change_before_it(tmp_path):
    """Issue 45 item 6: as a game's log (journal.py), a bad line keeps the good lines before it."""
    session = caught(tmp_path, 1)
    for n in range(10):
        assert session.apply(SetNotes(notes=f"day note {n}"), seen=n + 2).ok
    path = log_path(tmp_path, session.key)
    lines = log_lines(tmp_path, session.key)
    assert len(lines) == 12
    shown = session.current.value
    path.write_text("".join(json.dumps(line) + "\n" for line in [*lines[:-1], {**lines[-1], "updated": "soon"}]))
    store = open_store(tmp_path)
    kept = store.load_campaign(session.key)
    assert kept.notes == "day note 8" and held(kept) == ["sheepshead"]  # the 11 good changes
    assert kept != shown
    assert len(store.recovery_notes) == 1 and "change 12" in store.recovery_notes[0]


def test_a_log_over_the_limit_keeps_its_good_lines(tmp_path):
    """store/journal.py's docstring: a log larger than MAX_LOG_BYTES ends there, the whole lines before it kept."""
    session = caught(tmp_path, 2)
    path = log_path(tmp_path, session.key)
    with path.open("ab") as log:
        log.write(b" " * MAX_LOG_BYTES + b"\n")  # a line that crosses the limit
    store = open_store(tmp_path)
    assert store.load_campaign(session.key) == session.current.value
    assert len(store.recovery_notes) == 1 and "20 MB" in store.recovery_notes[0]


def test_an_older_versions_log_and_record_still_fold_in(tmp_path):
    # Before campaigns kept their steps: a record without them, and a log whose undo of a folded step carries the
    # campaign it gave back and whose redo carries its action.
    session = caught(tmp_path, 1)
    session.compact()
    shown = [session.current.value.alone()]
    assert session.undo(seen=2).ok
    shown.append(session.current.value.alone())
    assert session.redo(seen=3).ok
    record = {key: value for key, value in stored_record(tmp_path, session.key).items() if key != "steps"}
    envelope = json.loads((tmp_path / "campaigns" / f"{session.key}.json").read_text())
    envelope["tables"]["campaign"]["1"] = record
    (tmp_path / "campaigns" / f"{session.key}.json").write_text(json.dumps(envelope))
    undo, redo = log_lines(tmp_path, session.key)
    undo["campaign"] = {k: v for k, v in shown[1].model_dump(mode="json").items() if k != "steps"}
    redo["action"] = {"type": "catch", "name": FISH[0]}
    log_path(tmp_path, session.key).write_text(json.dumps(undo) + "\n" + json.dumps(redo) + "\n")
    store = open_store(tmp_path)
    assert store.recovery_notes == []
    loaded = store.load_campaign(session.key)
    assert held(loaded) == ["sheepshead"] and loaded.updated == session.current.value.updated
    assert [step.action.type for step in loaded.steps.done] == ["catch"]  # the redo is a step again
