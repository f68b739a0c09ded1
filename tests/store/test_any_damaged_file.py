"""Any content of any file in the data folder (issue 35): the store opens, every other record is there, and the
commands run without a traceback. For each kind of file the store keeps: random bytes, random valid JSON of the
wrong shape (the whole file, the record, or one field of it), and one changed byte."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.history.models import Play, PlayPlayer
from companion.session.seats import SETTING as SEATS
from companion.store import StoreError, campaign_journal, journal, open_store
from companion.survey.actions import NextDay
from companion.survey.engine import apply
from companion.survey.play import next_day
from tests.store.conftest import campaign
from tests.store.games import played_game

GAME, OTHER_GAME, FINISHED = "g-open", "g-other", "g-done"
CAMPAIGN, OTHER_CAMPAIGN = "c-one", "c-two"
PLAY, OTHER_PLAY = "p-one", "p-two"
RECORDS = {"games": {GAME, OTHER_GAME, FINISHED}, "campaigns": {CAMPAIGN, OTHER_CAMPAIGN},
           "plays": {PLAY, OTHER_PLAY}}
# Each kind of file the store keeps, and which record (folder, id) it holds, if one.
FILES: dict[str, tuple[str, str] | None] = {
    f"games/{GAME}.json": ("games", GAME), f"games/{GAME}.log": ("games", GAME),
    f"games/{FINISHED}.json": ("games", FINISHED), f"campaigns/{CAMPAIGN}.json": ("campaigns", CAMPAIGN),
    f"campaigns/{CAMPAIGN}.log": ("campaigns", CAMPAIGN),
    f"plays/{PLAY}.json": ("plays", PLAY), "index/games.json": None, "index/finished.json": None,
    "index/campaigns.json": None, "index/plays.json": None, "index/play-changes.json": None,
    "settings.json": None, "drafts/scorer.json": None,
    f"backups/games/{GAME}.1.json": None, f"backups/campaigns/{CAMPAIGN}.1.json": None,
}
TABLE = {"game": "shallow-regrets", "players": [{"name": "A", "fish": [{"points": 3, "type": "fair"}]},
                                               {"name": "B", "fish": [{"points": 1, "type": "fair"}]}]}


def _play(play_id: str, when: str) -> Play:
    return Play(id=play_id, game="shallow-regrets", played=when, created=when, updated=when, players=[
        PlayPlayer(name="Alba", score=9, rank=1, winner=True), PlayPlayer(name="Hugo", score=4, rank=2)])


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder holding one of each kind of file, backups and the logs of a game and a campaign included."""
    folder = tmp_path_factory.mktemp("template") / "data"
    store = open_store(folder)
    short, other, done = played_game(4), played_game(6, names=("Cy", "Di")), played_game(None)
    store.save_game(short.model_copy(update={"id": GAME}))
    longer = played_game(5).model_copy(update={"id": GAME})
    store.save_game(longer)  # the first version is now its backup
    store.save_change("games", longer, journal.GAME.applied(longer, played_game(6).log[-1], None), 6)
    store.save_game(other.model_copy(update={"id": OTHER_GAME}))
    store.save_game(done.model_copy(update={"id": FINISHED}))
    c = campaign()
    store.save_campaign(c.model_copy(update={"id": CAMPAIGN}))
    stored = next_day(c).model_copy(update={"id": CAMPAIGN})
    store.save_campaign(stored)
    store.save_change("campaigns", apply(stored, NextDay()),
                      campaign_journal.CAMPAIGN.applied(stored, NextDay(), None), 1)
    store.save_campaign(campaign("Other").model_copy(update={"id": OTHER_CAMPAIGN}))
    store.save_play(_play(PLAY, "2026-11-01T20:00:00Z"))
    store.save_play(_play(OTHER_PLAY, "2026-11-02T20:00:00Z"))
    store.save_play(_play(PLAY, "2026-11-01T20:00:00Z").model_copy(update={"duration_min": 40}))  # an undoable edit
    store.set_setting("theme", "light")
    store.set_setting(SEATS, {"pass-1": {"game": GAME, "angler": 0}})
    store.set_draft("scorer", TABLE)
    (folder.parent / "table.json").write_text(json.dumps(TABLE), encoding="utf-8")
    return folder


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                max_size=3), max_leaves=8)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (dict keys, list indexes), the value itself first."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _paths(inner, (*path, i))
    return found


def _replaced(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target = document
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return document


@st.composite
def damages(draw: st.DrawFn, original: bytes) -> bytes:
    """New bytes for a file that held ``original``."""
    how = draw(st.sampled_from(["bytes", "json", "field", "byte"]))
    if how == "bytes":
        return draw(st.binary(max_size=200))
    if how == "byte" and original:
        at = draw(st.integers(0, len(original) - 1))
        return original[:at] + bytes([draw(st.integers(0, 255))]) + original[at + 1:]
    if how == "field":
        lines = original.splitlines()
        try:
            document = json.loads(lines[0] if lines else b"")
        except ValueError:
            document = None
        if document is not None:
            # The envelope, the record and its own fields (setup, log, created...) and one level in: a damage deep
            # in a game's log is the replay's to refuse (tests/store/test_game_log.py).
            place = draw(st.sampled_from([p for p in _paths(document) if len(p) <= 5]))
            changed = json.dumps(_replaced(document, place, draw(JSON))).encode()
            return b"\n".join([changed, *lines[1:]]) + (b"\n" if original.endswith(b"\n") else b"")
    return json.dumps(draw(JSON)).encode()


def _run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


def _everything_else_is_there(folder: Path, damaged: tuple[str, str] | None) -> None:
    store = open_store(folder)
    listed = {"games": {s.id for s in store.list_games()}, "campaigns": {s.id for s in store.list_campaigns()},
              "plays": {s.id for s in store.list_plays()}}
    for kind, ids in RECORDS.items():
        wanted = ids - {damaged[1]} if damaged and damaged[0] == kind else ids
        assert wanted <= listed[kind], (kind, wanted - listed[kind], store.recovery_notes)
    # What the screens read: each record opens (or is refused with a message), backups list, export works.
    for load, ids in ((store.load_game, listed["games"]), (store.load_campaign, listed["campaigns"]),
                      (store.load_play, listed["plays"])):
        for record_id in ids:
            with contextlib.suppress(StoreError):
                load(record_id)
    store.backup_groups()
    store.play_changes()
    store.settings()
    store.get_draft("scorer")
    store.export_all()
    store.undo_play_change()


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_content_of_any_file_leaves_the_rest_open(template: Path, tmp_path: Path, name: str,
                                                      data: st.DataObject) -> None:
    folder = tmp_path / "data"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(template, folder)
    target = folder / name
    target.write_bytes(data.draw(damages(target.read_bytes()), label="content"))

    for argv in (["history"], ["stats"], ["stats", "--json"], ["bgstats", OTHER_PLAY],
                 ["score", str(template.parent / "table.json"), "--save"]):
        code, err = _run("--data-dir", str(folder), *argv)
        assert code == 0 and "Traceback" not in err, (argv, err)
    _everything_else_is_there(folder, FILES[name])
