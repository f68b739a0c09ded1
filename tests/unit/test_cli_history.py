"""``companion score FILE --save``, ``companion history``, ``companion stats``, ``companion bgstats`` (issue 15,
item 6) through the real entry point; a bad id or option is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.cli import main
from companion.store import open_store

SHALLOW = {"game": "shallow-regrets", "players": [
    {"name": "Alba", "fish": [{"points": 3, "type": "fair"}, {"points": 2, "type": "foul"}]},
    {"name": "Hugo", "fish": [{"points": 1, "type": "fair"}]}]}
ENDEAVOR = {"game": "endeavor-deep-sea", "players": [{"name": "alba", "tracks": 20}, {"name": "Isla", "tracks": 25}]}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's refusal of an option
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def _score(tmp_path: Path, capsys, table: dict, name: str) -> dict:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    code, out, err = _run(capsys, "--data-dir", str(tmp_path / "data"), "score", str(path), "--save")
    assert code == 0, err
    return json.loads(out)


def test_score_save_records_the_play_and_prints_its_id(tmp_path: Path, capsys):
    out = _score(tmp_path, capsys, SHALLOW, "shallow")
    assert out["winners"] == ["Alba"] and out["play_id"].startswith("play-")
    play = open_store(tmp_path / "data").load_play(out["play_id"])
    # Alba 3 + 2 − 2 (the most Foul Fish, seed 001) = 3; Hugo 1.
    assert [(p.name, p.score, p.rank, p.winner) for p in play.players] == [("Alba", 3, 1, True), ("Hugo", 1, 2, False)]
    assert play.source == "cli"


def test_score_without_save_records_nothing(tmp_path: Path, capsys):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(SHALLOW), encoding="utf-8")
    code, out, _ = _run(capsys, "--data-dir", str(tmp_path / "data"), "score", str(path))
    assert code == 0 and "play_id" not in json.loads(out)
    assert open_store(tmp_path / "data").list_plays() == []


def test_history_lists_newest_first(tmp_path: Path, capsys):
    first = _score(tmp_path, capsys, SHALLOW, "a")["play_id"]
    second = _score(tmp_path, capsys, ENDEAVOR, "b")["play_id"]
    code, out, _ = _run(capsys, "--data-dir", str(tmp_path / "data"), "history", "--json")
    assert code == 0
    assert [p["id"] for p in json.loads(out)["plays"]] == [second, first]
    code, text, _ = _run(capsys, "--data-dir", str(tmp_path / "data"), "history")
    lines = text.splitlines()
    assert code == 0 and len(lines) == 2 and second in lines[0] and "Isla 25*" in lines[0]


def test_stats_json_across_games_and_for_one(tmp_path: Path, capsys):
    _score(tmp_path, capsys, SHALLOW, "a")
    _score(tmp_path, capsys, ENDEAVOR, "b")
    data_dir = str(tmp_path / "data")
    code, out, _ = _run(capsys, "--data-dir", data_dir, "stats", "--json")
    document = json.loads(out)
    players = {p["name"]: p for p in document["players"]}
    assert code == 0
    # The shape issue 15 gives scripts: {"players": [{name, plays, wins, win_rate, mean_score, best_score}]}.
    assert list(document) == ["players"]
    assert all(list(p) == ["name", "plays", "wins", "win_rate", "mean_score", "best_score"]
               for p in document["players"])
    # Alba: Shallow 3 (won) and, typed "alba", Endeavor 20 (lost to Isla's 25): one player across both.
    assert {k: players["Alba"][k] for k in ("plays", "wins", "win_rate", "mean_score", "best_score")} == {
        "plays": 2, "wins": 1, "win_rate": 0.5, "mean_score": 11.5, "best_score": 20}
    assert set(players) == {"Alba", "Hugo", "Isla"}
    code, out, _ = _run(capsys, "--data-dir", data_dir, "stats", "--json", "--game", "endeavor-deep-sea")
    one = {p["name"]: p for p in json.loads(out)["players"]}
    assert code == 0 and set(one) == {"Alba", "Isla"} and one["Isla"]["wins"] == 1 and one["Alba"]["plays"] == 1


def test_the_data_dir_may_follow_the_command(tmp_path: Path, capsys):
    play_id = _score(tmp_path, capsys, SHALLOW, "a")["play_id"]
    for command in ("history", "stats", "bgstats"):
        argv = [command, "--data-dir", str(tmp_path / "data"), *([play_id] if command == "bgstats" else [])]
        code, out, err = _run(capsys, *argv)
        assert code == 0 and err == "" and (play_id in out or "Alba" in out), command


def test_bgstats_prints_the_link(tmp_path: Path, capsys):
    play_id = _score(tmp_path, capsys, SHALLOW, "a")["play_id"]
    code, out, _ = _run(capsys, "--data-dir", str(tmp_path / "data"), "bgstats", play_id)
    assert code == 0 and len(out.splitlines()) == 1
    data = json.loads(parse_qs(urlsplit(out.strip()).query)["data"][0])
    assert data["sourcePlayId"] == play_id and data["game"]["bggId"] == 434870


@pytest.mark.parametrize(("argv", "names"), [
    (("bgstats", "play-missing"), "play-missing"),
    (("bgstats", "../../etc/passwd"), "id"),
    (("stats", "--game", "chess"), "--game"),
    (("stats", "--gmae", "deep-regrets"), "--gmae"),
    (("history", "--bogus"), "--bogus"),
    (("bgstats",), "play_id"),
])
def test_bad_ids_and_options_are_one_line_and_exit_2(tmp_path: Path, capsys, argv, names):
    code, out, err = _run(capsys, "--data-dir", str(tmp_path / "data"), *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and names in err and "Traceback" not in err
