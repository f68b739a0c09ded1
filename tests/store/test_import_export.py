"""Export and import: round trips, and every bad file refused with its field path and the store unchanged."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import actions as act
from companion.rules.catalog import load_catalog
from companion.rules.fish import FishRef
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.store import ImportRefused, Store, open_store
from companion.store.schema import SCHEMA_VERSION, migrate
from tests.store.conftest import campaign, snapshot
from tests.store.games import autosaves, fresh_game, played_game
from tests.support.examples import examples


def _filled(data_dir: Path) -> Store:
    store = open_store(data_dir)
    store.save_game(played_game())
    store.save_game(played_game(9, names=("Cy", "Di", "Ed")))
    store.save_campaign(campaign(catches=2))
    store.set_setting("theme", "light")
    return store


def _without_timestamp(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "exported"}


def test_export_everything_then_import_it_elsewhere_round_trips(tmp_path: Path) -> None:
    source = _filled(tmp_path / "a")
    exported = json.loads(json.dumps(source.export_all()))  # as written to and read from a file

    target = open_store(tmp_path / "b")
    report = target.import_data(exported)

    assert (len(report.games_added), len(report.campaigns_added), report.settings) == (2, 1, 1)
    assert _without_timestamp(target.export_all()) == _without_timestamp(exported)
    for summary in source.list_games():
        assert target.load_game(summary.id) == source.load_game(summary.id)
    assert target.get_setting("theme") == "light"


def test_one_game_and_one_campaign_export_alone(tmp_path: Path) -> None:
    source = _filled(tmp_path / "a")
    game_id, campaign_id = source.list_games()[0].id, source.list_campaigns()[0].id
    target = open_store(tmp_path / "b")

    target.import_data(json.dumps(source.export_game(game_id)))
    target.import_data(json.dumps(source.export_campaign(campaign_id)).encode())

    assert [s.id for s in target.list_games()] == [game_id]
    assert target.load_campaign(campaign_id) == source.load_campaign(campaign_id)
    assert target.settings() == {}


def test_importing_the_same_file_twice_changes_nothing_the_second_time(tmp_path: Path) -> None:
    store = _filled(tmp_path / "a")
    exported = store.export_all()
    before = snapshot(tmp_path / "a")

    report = store.import_data(exported)

    assert report.games_added == [] and len(report.games_unchanged) == 2 and len(report.campaigns_unchanged) == 1
    assert "already here" in report.message()
    assert {k for k in snapshot(tmp_path / "a") if "backups" not in k} == {k for k in before if "backups" not in k}


def test_an_imported_game_that_differs_from_the_stored_one_is_kept_beside_it(data_dir: Path) -> None:
    store = open_store(data_dir)
    saves = list(autosaves(fresh_game()))
    store.save_game(saves[10])
    other = open_store(data_dir.parent / "other")
    other.save_game(saves[4])

    report = store.import_data(other.export_all())

    assert report.games_renamed == {saves[4].id: f"{saves[4].id}-2"}
    assert store.load_game(saves[4].id) == saves[10]
    assert store.load_game(f"{saves[4].id}-2").log == saves[4].log


def test_an_export_of_schema_1_is_migrated_on_import(data_dir: Path) -> None:
    source = _filled(data_dir.parent / "src")
    old = {k: v for k, v in source.export_all().items() if k != "written_by"}
    old["schema"] = 1

    report = open_store(data_dir).import_data(old)

    assert len(report.games_added) == 2


def test_a_stored_file_of_schema_1_is_read_and_rewritten_as_the_current_schema(data_dir: Path) -> None:
    store = open_store(data_dir)
    c = campaign()
    store.save_campaign(c)
    path = data_dir / "campaigns" / f"{c.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["written_by"]
    path.write_text(json.dumps({**data, "schema": 1}), encoding="utf-8")

    reopened = open_store(data_dir)
    assert reopened.load_campaign(c.id) == c and reopened.recovery_notes == []
    reopened.save_campaign(c)
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == SCHEMA_VERSION == 3


def _mount_and_swap() -> tuple[Game, FishRef, FishRef]:
    """Bo Mounts a Sunfish on slot 2 (×3) at Port; Ada catches Hadal Shade and swaps it for that Fish, and the catch
    is undone, so the swap sits in ``redo`` (docs/rules.md §11)."""
    catalog = load_catalog()
    sunfish, hadal = catalog.fish_ref("Sunfish"), catalog.fish_ref("Hadal Shade")
    game = new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(expansions=("lamentable-tentacles",)), seed=7))
    for action in (act.Refresh(player=0, faces=[3, 3, 3]), act.Refresh(player=1, faces=[2, 1, 1]),
                   act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase(), act.Pass(player=0),
                   act.Fish(player=1, fish=sunfish, depth=1, dice=[0]), act.Pass(player=1), act.AdvancePhase(),
                   act.Refresh(player=0, faces=[3, 3, 3]), act.Refresh(player=1, faces=[1, 1, 1]),
                   act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase(),
                   act.Declare(player=1, location="port", faces=[1, 1, 1]), act.Declare(player=0, location="sea"),
                   act.AdvancePhase(), act.Mount(player=1, fish=sunfish, slot=2),
                   act.GainDie(player=0, kind="orange", face=3), act.DropSinkers(player=0, dice=[0, 1]),
                   act.Fish(player=0, fish=hadal, depth=3, dice=[0, 1], swap_for=act.SwapFor(player=1, slot=2))):
        game = game.apply(action)
    return game.undo(), sunfish, hadal


def _as_schema_2(game: dict) -> dict:
    """A game record as schema 2 wrote it: mount slots counted 0–2 in the log and in redo, and the anglers' colours
    stored under people's names (amber was "Alba", cyan "Isla")."""
    old = copy.deepcopy(game)
    for player in old["setup"]["players"]:
        player["colour"] = {"amber": "Alba", "cyan": "Isla"}[player["colour"]]
    for action in old["log"] + old["redo"]:
        if action["type"] == "mount":
            action["slot"] -= 1
        if action["type"] == "fish" and action.get("swap_for"):
            action["swap_for"]["slot"] -= 1
    return old


def test_a_stored_game_of_schema_2_reads_its_mount_slots_as_printed_numbers(data_dir: Path) -> None:
    """Schema 2 logged slot 2 (×3) as 1: the migration reads it as slot 2 again, in the log and in redo, so the
    replayed board has the Sunfish, then the Hadal Shade that took its place, on the middle slot (A p.22); the
    colours named after people come back as the colours they were."""
    store = open_store(data_dir)
    game, sunfish, hadal = _mount_and_swap()
    store.save_game(game)
    path = data_dir / "games" / f"{game.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tables"]["game"]["1"] = _as_schema_2(data["tables"]["game"]["1"])
    path.write_text(json.dumps({**data, "schema": 2}), encoding="utf-8")

    loaded = open_store(data_dir).load_game(game.id)

    assert loaded == game
    assert [p.colour for p in loaded.setup.players] == ["amber", "cyan"]
    assert loaded.state.players[1].mounted == [None, sunfish, None]
    assert loaded.redo().state.players[1].mounted == [None, hadal, None]


def test_an_export_of_schema_2_is_imported_with_its_slots_numbered_as_printed(data_dir: Path) -> None:
    game, sunfish, _ = _mount_and_swap()
    record = game.model_dump(mode="json")
    old = {"app": "deep-regrets-companion", "schema": 2, "kind": "export", "written_by": "0.1",
           "games": [_as_schema_2(record)], "campaigns": []}

    store = open_store(data_dir)
    assert store.import_data(old).games_added == [game.id]
    assert store.load_game(game.id).state.players[1].on_slot(2) == sunfish


def test_the_schema_2_migration_renumbers_every_slot_an_action_names() -> None:
    """Mount (and the placements of the same action), the Overmind's slot on Making Port and the Hadal Shade's target
    move from 0–2 to 1–3; the Cloche, an action without a slot, and a malformed value stay as they were."""
    log = [{"type": "mount", "player": 0, "slot": 0, "also": [{"slot": 2}, {"slot": "cloche"}]},
           {"type": "mount", "player": 0, "slot": "cloche"},
           {"type": "declare", "player": 0, "overmind_slot": 1}, {"type": "declare", "overmind_slot": None},
           {"type": "abandon_ship", "player": 0, "overmind_slot": 2},
           {"type": "fish", "player": 0, "swap_for": {"player": 1, "slot": 0}}, {"type": "fish", "swap_for": None},
           {"type": "pass", "player": 0, "slot": 5}, {"type": "mount", "slot": "2"}]
    old = {"app": "deep-regrets-companion", "schema": 2, "kind": "game", "tables": {"game": {"1": {"log": log}}}}

    new = migrate(copy.deepcopy(old))["tables"]["game"]["1"]["log"]

    assert [new[0]["slot"], new[0]["also"]] == [1, [{"slot": 3}, {"slot": "cloche"}]]
    assert new[1]["slot"] == "cloche"
    assert [new[2]["overmind_slot"], new[3]["overmind_slot"], new[4]["overmind_slot"]] == [2, None, 3]
    assert (new[5]["swap_for"], new[6]["swap_for"]) == ({"player": 1, "slot": 1}, None)
    assert (new[7]["slot"], new[8]["slot"]) == (5, "2")


# -- refusals with a field path ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def valid_export(tmp_path_factory: pytest.TempPathFactory) -> dict:
    store = open_store(tmp_path_factory.mktemp("source"))
    store.save_game(played_game(12))
    store.save_campaign(campaign(catches=2))
    store.set_setting("theme", "dark")
    return json.loads(json.dumps(store.export_all()))


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, Path]:
    folder = tmp_path_factory.mktemp("target")
    store = open_store(folder)
    store.save_game(played_game(5, names=("Zed",)))
    store.save_campaign(campaign("Already here"))
    return store, folder


def _refused(target: tuple[Store, Path], data: object) -> ImportRefused:
    store, folder = target
    before = snapshot(folder)
    with pytest.raises(ImportRefused) as refused:
        store.import_data(data)  # type: ignore[arg-type]
    assert snapshot(folder) == before
    return refused.value


def _edit(doc: dict, path: tuple, value: object = ..., delete: bool = False) -> dict:
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    elif isinstance(node, list) and path[-1] == len(node):
        node.append(value)
    else:
        node[path[-1]] = value
    return doc


CASES = {
    "not JSON": (lambda d: '{"app": "deep-regrets-companion", "schema"', "", "not valid JSON"),
    "newer schema": (lambda d: _edit(d, ("schema",), SCHEMA_VERSION + 1), "", "newer version"),
    "not ours": (lambda d: _edit(d, ("app",), "something-else"), "", "not a Deep Regrets Companion file"),
    "a stored file": (lambda d: _edit(d, ("kind",), "game"), "", "expected a file of kind export"),
    "unknown field": (lambda d: _edit(d, ("gamez",), []), "gamez", "unknown field"),
    "games not a list": (lambda d: _edit(d, ("games",), {}), "games", "expected a list"),
    "no setup": (lambda d: _edit(d, ("games", 0, "setup"), delete=True), "games[0].setup", "Field required"),
    "too many anglers": (lambda d: _edit(d, ("games", 0, "setup", "players"), [{"name": "A", "colour": "red"}] * 6),
                         "games[0].setup.players", "at most 5"),
    "unknown action": (lambda d: _edit(d, ("games", 0, "log", 3), {"type": "teleport"}), "games[0].log[3]",
                       "teleport"),
    "log does not replay": (lambda d: _edit(d, ("games", 0, "log", 12), {"type": "refresh", "player": 0}),
                            "games[0].log", "Action 13 of the log"),
    "bad id": (lambda d: _edit(d, ("campaigns", 0, "id"), "../../etc"), "campaigns[0].id", "letters, digits"),
    "empty campaign name": (lambda d: _edit(d, ("campaigns", 0, "name"), ""), "campaigns[0].name", "at least 1"),
    "twice the same game": (lambda d: _edit(d, ("games", 1), d["games"][0]), "games[1].id", "appears twice"),
    "settings not an object": (lambda d: _edit(d, ("settings",), [1]), "settings", "expected an object"),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_bad_file_is_refused_with_its_field_path_and_nothing_written(valid_export, target, case) -> None:
    make, where, says = case
    refused = _refused(target, make(valid_export))
    assert refused.where == where
    assert says in refused.message


def test_nothing_of_a_file_is_written_when_its_last_record_is_bad(valid_export, target) -> None:
    bad = _edit(valid_export, ("campaigns", 1), {"name": ""})
    assert _refused(target, bad).where == "campaigns[1].name"
    assert valid_export["games"][0]["id"] not in {s.id for s in target[0].list_games()}


# -- hypothesis: malformed files of every shape ------------------------------------------------------------------
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=4), max_leaves=12)
ACTION_TYPES = {"refresh", "throw_life_preserver", "advance_phase", "declare", "pass"}


@st.composite
def malformed(draw: st.DrawFn, valid: dict) -> object:
    """A file that is wrong in one way that no reading of it can excuse."""
    kind = draw(st.sampled_from(["any json", "truncated", "envelope", "unknown field", "not a list", "game",
                                 "campaign", "duplicate"]))
    if kind == "any json":
        value = draw(JSON)
        return value if not isinstance(value, dict) else {k: v for k, v in value.items() if k != "app"}
    if kind == "truncated":
        text = json.dumps(valid)
        return text[: draw(st.integers(0, len(text) - 1))]
    if kind == "envelope":
        key = draw(st.sampled_from(["app", "schema", "kind"]))
        older = (True, *range(1, SCHEMA_VERSION))  # an older schema is migrated, not refused
        value = draw(JSON.filter(lambda v: v != valid[key] and not (key == "schema" and v in older)))
        return _edit(valid, (key,), value)
    if kind == "unknown field":
        key = draw(st.text(min_size=1, max_size=10).filter(lambda k: k not in valid))
        return _edit(valid, (key,), draw(JSON))
    if kind == "not a list":
        key = draw(st.sampled_from(["games", "campaigns"]))
        return _edit(valid, (key,), draw(JSON.filter(lambda v: not isinstance(v, list))))
    if kind == "game":
        game = valid["games"][0]
        mutation = draw(st.sampled_from(["no players", "player name", "seed", "action type", "illegal action",
                                         "extra field", "finished"]))
        path, value = {
            "no players": (("setup", "players"), []),
            "player name": (("setup", "players", 0, "name"), draw(st.sampled_from(["", "x" * 41, 7, None]))),
            "seed": (("setup", "seed"), draw(st.text(min_size=1).filter(lambda s: not s.strip().lstrip("-+")
                                                                        .isdigit()))),
            "action type": (("log", draw(st.integers(0, len(game["log"]) - 1)), "type"),
                            draw(st.text(max_size=12).filter(lambda s: s not in ACTION_TYPES))),
            "illegal action": (("log", len(game["log"])), {"type": "refresh", "player": draw(st.integers(0, 9))}),
            "extra field": ((draw(st.text(min_size=1, max_size=8).filter(lambda k: k not in game)),), 1),
            "finished": (("finished",), draw(st.sampled_from(["maybe", [], {}, 2]))),
        }[mutation]
        return _edit(valid, ("games", 0, *path), value)
    if kind == "campaign":
        mutation = draw(st.sampled_from(["name", "mode", "weeks", "id"]))
        path, value = {
            "name": (("name",), draw(st.sampled_from(["", "n" * 61, 3, None]))),
            "mode": (("mode",), draw(st.text(max_size=8).filter(lambda m: m not in ("solo", "co-op")))),
            "weeks": (("weeks",), draw(st.sampled_from([{}, "weeks", [{"number": 2}]]))),
            "id": (("id",), draw(st.sampled_from(["", "a/b", "..", "x" * 101, "é"]))),
        }[mutation]
        return _edit(valid, ("campaigns", 0, *path), value)
    return _edit(valid, ("campaigns", 1), valid["campaigns"][0])


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_malformed_imports_are_refused_and_the_store_is_byte_for_byte_unchanged(valid_export, target, data) -> None:
    bad = data.draw(malformed(valid_export))
    refused = _refused(target, bad)
    assert str(refused)


def test_the_file_the_mutations_start_from_is_accepted(valid_export, tmp_path: Path) -> None:
    report = open_store(tmp_path).import_data(valid_export)
    assert (len(report.games_added), len(report.campaigns_added), report.settings) == (1, 1, 1)
