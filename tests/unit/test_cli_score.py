"""``companion score FILE|-`` through the real console entry point (issue 3's JSON contract)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]

CONTRACT_DEEP_REGRETS = {
    "game": "deep-regrets", "ruleset": "anglers-guide",
    "players": [{"name": "Alba", "regret_cards": 14, "regret_value": 23, "lifeboat_flipped": False, "fishbucks": 5,
                 "hand": [{"name": "Sunfish"}, {"value": 3, "type": "foul"}],
                 "mounted": [{"slot": 2, "name": "Striped Marlin"}, {"slot": 1, "value": 6, "type": "fair"}]}],
}


def run(tmp_path: Path, table: object, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict | None, str]:
    path = tmp_path / "table.json"
    path.write_text(table if isinstance(table, str) else json.dumps(table), encoding="utf-8")
    code = main(["score", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


def test_contract_example_deep_regrets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules.md §7 by hand: 14 cards → 13+ (Fair −2, Foul +2). Hand: Sunfish Fair 4 → 2, Foul 3 → 5.
    Mounts: slot 1 Fair 6 → 4×2 = 8, slot 2 Striped Marlin Fair 5 → 3×3 = 9. $5 → 2. Total 26. Solo: no penalty."""
    code, out, err = run(tmp_path, CONTRACT_DEEP_REGRETS, capsys)
    assert code == 0, err
    assert out["game"] == "deep-regrets" and out["winners"] == ["Alba"]
    alba = out["players"][0]
    assert (alba["name"], alba["score"], alba["rank"], alba["winner"]) == ("Alba", 26, 1, True)
    fish = alba["breakdown"]["fish"]
    assert [(f["name"], f["printed"], f["modifier"], f["multiplier"], f["points"]) for f in fish] == [
        ("Sunfish", 4, -2, 1, 2), (None, 3, 2, 1, 5), (None, 6, -2, 2, 8), ("Striped Marlin", 5, -2, 3, 9)]
    assert alba["breakdown"]["penalty"] is None


def test_three_players_penalty_and_ranking(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A p.22 with 3 players: B has the highest Regret total (4 + Lifeboat 10 = 14) and discards its highest
    scored mounted Fish. B: 2 cards (Fair +1): slot 1 Fair 2 → 6, slot 2 Fair 3 → 12; 12 goes, score 6.
    A: 9 cards (Fair 0, Foul +1), hand Foul 4 → 5, $6 → 3: 8. C: $16 → 8, Regret 3 < A's 9 → C ranks above A."""
    table = {"game": "deep-regrets", "ruleset": "three-shops", "variants": ["no-money-cap"], "players": [
        {"name": "A", "regret_cards": 9, "regret_value": 9, "fishbucks": 6, "hand": [{"value": 4, "type": "foul"}]},
        {"name": "B", "regret_cards": 2, "regret_value": 4, "lifeboat_flipped": True, "fishbucks": 0,
         "mounted": [{"slot": 1, "value": 2, "type": "fair"}, {"slot": 2, "value": 3, "type": "fair"}]},
        {"name": "C", "regret_cards": 3, "regret_value": 3, "fishbucks": 16},
    ]}
    code, out, err = run(tmp_path, table, capsys)
    assert code == 0, err
    got = {p["name"]: (p["score"], p["rank"], p["winner"]) for p in out["players"]}
    assert got == {"A": (8, 2, False), "B": (6, 3, False), "C": (8, 1, True)}
    assert out["winners"] == ["C"]
    b = next(p for p in out["players"] if p["name"] == "B")
    assert b["breakdown"]["penalty"]["slot"] == 2 and b["breakdown"]["regret_total"] == 14
    assert next(p for p in out["players"] if p["name"] == "C")["breakdown"]["tie_break"] == "lower Regret value"


def test_contract_example_shallow_regrets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001: A 3 − 1 = 2, and A caught the most Foul Fish (1) → 0. B: 1, no Foul. B wins."""
    table = {"game": "shallow-regrets", "players": [
        {"name": "A", "fish": [{"points": 3, "type": "fair"}, {"points": -1, "type": "foul"}]},
        {"name": "B", "fish": [{"points": 1, "type": "fair"}]}]}
    code, out, _ = run(tmp_path, table, capsys)
    assert code == 0
    assert [(p["name"], p["score"], p["rank"]) for p in out["players"]] == [("A", 0, 2), ("B", 1, 1)]
    assert out["winners"] == ["B"]


def test_contract_example_endeavor(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 003: 15 + 6 + 4 + 3 + (5 + 2) // 3 = 30; Conservation 4 × 1 + 1st-place bonus 7 (tied with B) = 41."""
    table = {"game": "endeavor-deep-sea",
             "players": [{"name": "A", "tracks": 15, "impact": 6, "journals": 4, "specialists": 3, "research": 5,
                          "staging_discs": 2}, {"name": "B"}],
             "goals": [{"name": "Conservation", "points_per": 1, "first": 7, "second": 3,
                        "counts": {"A": 4, "B": 4}}]}
    code, out, _ = run(tmp_path, table, capsys)
    assert code == 0
    assert out["players"][0]["score"] == 41 and out["winners"] == ["A"]


def test_endeavor_coop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 003 co-op: Intermediate needs 5 goals; a threshold goal is met by the team's combined count (3 + 3)."""
    goals = [{"name": f"G{i}", "achieved": True} for i in range(4)]
    goals.append({"name": "Team", "threshold": 6, "counts": {"A": 3, "B": 3}})
    table = {"game": "endeavor-deep-sea", "mode": "co-op", "difficulty": "intermediate", "goals": goals}
    code, out, _ = run(tmp_path, table, capsys)
    assert code == 0 and out["won"] is True and out["needed"] == 5


@pytest.mark.parametrize(("table", "field"), [
    ('{"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 1, "regret_value": 0, "fishbucks": 0, '
     '"hand": [{"name": "Moby Dick"}]}]}', "players[0].hand[0].name"),
    ('{"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 1, "regret_value": 0, "fishbucks": -3}]}',
     "players[0].fishbucks"),
    ('{"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 1, "regret_value": 0, "fishbucks": 0, '
     '"mounted": [{"slot": 4, "value": 2, "type": "fair"}]}]}', "players[0].mounted[0].slot"),
    ('{"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 1, "regret_value": 0, "fishbucks": 0, '
     '"hand": [{"value": 2}]}]}', "players[0].hand[0]"),
    ('{"game": "deep-regrets", "ruleset": "tournament", "players": []}', "players"),
    ('{"game": "deep-regrets", "ruleset": "tournament", "players": [{"name": "A", "regret_cards": 0, '
     '"regret_value": 0, "fishbucks": 0}]}', "ruleset"),
    ('{"game": "go fish"}', "game"),
    ('{"game": "shallow-regrets", "players": [{"name": "A", "fish": [{"points": 1, "type": "grim"}]}]}',
     "players[0].fish[0].type"),
    ('{"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 1, "regret_value": 0, "fishbucks": 0, '
     '"colour": "red"}]}', "players[0].colour"),
    ("[1, 2", "not valid JSON"),
])
def test_bad_file_exits_2_with_one_line_naming_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         table: str, field: str) -> None:
    code, _, err = run(tmp_path, table, capsys)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert f": {field}" in lines[0]


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    assert "nope.json" in capsys.readouterr().err


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(CONTRACT_DEEP_REGRETS)))
    assert main(["score", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["score"] == 26


def test_console_script_subprocess() -> None:
    """The installed ``companion`` console script, fed on stdin; a bad table exits 2 without a traceback."""
    exe = ROOT / ".venv" / "bin" / "companion"
    ok = subprocess.run([str(exe), "score", "-"], input=json.dumps(CONTRACT_DEEP_REGRETS), capture_output=True,
                        text=True, timeout=60, check=False)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["winners"] == ["Alba"]
    bad = subprocess.run([str(exe), "score", "-"], input='{"game": "deep-regrets"}', capture_output=True,
                         text=True, timeout=60, check=False)
    assert bad.returncode == 2
    assert "players" in bad.stderr and "Traceback" not in bad.stderr


def test_terminal_without_unicode_still_gets_valid_json() -> None:
    """Row "4–6" has an en dash; an ASCII-only stdout gets the same JSON, escaped, not a traceback."""
    table = {"game": "deep-regrets", "players": [{"name": "Zoë", "regret_cards": 5, "regret_value": 3,
                                                  "fishbucks": 1}]}
    run_ascii = subprocess.run([str(ROOT / ".venv" / "bin" / "companion"), "score", "-"], input=json.dumps(table),
                               capture_output=True, text=True, timeout=60, check=False,
                               env={"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"})
    assert run_ascii.returncode == 0, run_ascii.stderr
    out = json.loads(run_ascii.stdout)
    assert out["players"][0]["name"] == "Zoë" and out["players"][0]["breakdown"]["madness"] == "4–6"


def test_shallow_solo_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules.md §12 (solo): Me 3 + 3 (2 Foul) vs the Frod's 3 (1 Foul): Me has more Foul, 6 − 2 = 4 > 3."""
    table = {"game": "shallow-regrets", "solo": True,
             "players": [{"name": "Me", "fish": [{"points": 3, "type": "foul"}, {"points": 3, "type": "foul"}]}],
             "frod": {"fish": [{"points": 3, "type": "foul"}]}}
    code, out, _ = run(tmp_path, table, capsys)
    assert code == 0
    assert [(p["name"], p["score"]) for p in out["players"]] == [("Me", 4), ("Frod", 3)]
    assert out["winners"] == ["Me"] and out["solo"] is True


@pytest.mark.parametrize(("table", "field"), [
    ({"game": "shallow-regrets", "solo": True, "players": [{"name": "A"}, {"name": "B"}], "frod": {"fish": []}},
     "solo needs exactly one player"),
    ({"game": "endeavor-deep-sea", "mode": "co-op", "goals": []}, "difficulty"),
    ({"game": "endeavor-deep-sea", "mode": "co-op", "difficulty": "expert", "goals": [{"name": "G"}]},
     "goals[0]: Goal G needs achieved or a threshold"),
    ({"game": "endeavor-deep-sea", "players": [{"name": "A", "tracks": -1}]}, "players[0].tracks"),
    ({"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 0, "regret_value": 0, "fishbucks": 0,
                                          "mounted": [{"slot": 1, "value": 1, "type": "fair"},
                                                      {"slot": 1, "value": 2, "type": "fair"}]}]},
     "players[0]: two Fish on the same mount slot"),
    ({"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 0, "regret_value": 0, "fishbucks": 0,
                                          "cloche": {"name": "Sunfish"}}]},
     "players[0].cloche: the Cloche holds a small Fish; Sunfish is large"),
])
def test_more_bad_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str], table: dict, field: str) -> None:
    code, _, err = run(tmp_path, table, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert field in err


def test_cloche_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Lanternfish (small, Fair 4) on a Cloche at 0 Regret cards: (4 + 2) × 2 = 12."""
    table = {"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 0, "regret_value": 0,
                                                  "fishbucks": 0, "cloche": {"name": "Lanternfish"}}]}
    code, out, err = run(tmp_path, table, capsys)
    assert code == 0, err
    assert out["players"][0]["score"] == 12
    assert out["players"][0]["breakdown"]["fish"][0]["place"] == "cloche"


def _dr(**fields: object) -> dict:
    """A one-player Deep Regrets table with ``fields`` changed on the player."""
    return {"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 1, "regret_value": 0, "fishbucks": 0,
                                                 **fields}]}


SUNFISH = {"name": "Sunfish"}


@pytest.mark.parametrize(("table", "field", "why"), [
    # docs/rules.md §10: named Fish are the printed cards; a typed-in value lies in the catalog's range
    (_dr(hand=[{"name": "Kraken", "value": 50}]), "players[0].hand[0]", "Kraken has value 9, not 50"),
    (_dr(hand=[{"value": 50, "type": "fair"}]), "players[0].hand[0]", "0 to 9"),
    # docs/rules.md §10: every Fish card exists once
    ({"game": "deep-regrets", "players": [
        {"name": "A", "regret_cards": 0, "regret_value": 0, "fishbucks": 0, "hand": [SUNFISH]},
        {"name": "B", "regret_cards": 0, "regret_value": 0, "fishbucks": 0, "mounted": [{"slot": 2, **SUNFISH}]}]},
     "players[1].mounted[0]", "one Sunfish card"),  # the file's first mount entry (slot 2)
    # A p.27, docs/rules.md §10: cards that can't be mounted
    (_dr(mounted=[{"slot": 1, "name": "Iron Coffin"}]), "players[0].mounted[0]", "can't be sold or mounted"),
    # docs/rules.md §5: the money cap; A p.6: the Regret deck; A p.19: 0–3 a card
    (_dr(fishbucks=11), "players[0].fishbucks", "at most $10"),
    ({"game": "deep-regrets", "players": [
        {"name": "A", "regret_cards": 21, "regret_value": 0, "fishbucks": 0},
        {"name": "B", "regret_cards": 0, "regret_value": 0, "fishbucks": 0}]}, "players[0].regret_cards", "20"),
    (_dr(regret_cards=2, regret_value=7), "players[0]", "each card is worth 0 to 3"),
    # issue 11: booleans and strings where numbers belong
    (_dr(fishbucks=True), "players[0].fishbucks", "valid integer"),
    (_dr(regret_cards="3"), "players[0].regret_cards", "valid integer"),
    (_dr(hand=[{"value": True, "type": "fair"}]), "players[0].hand[0].value", "valid integer"),
    (_dr(lifeboat_flipped=1), "players[0].lifeboat_flipped", "valid boolean"),
    # docs/rules.md §1: one name rule
    ({"game": "deep-regrets", "players": [
        {"name": "Ann", "regret_cards": 0, "regret_value": 0, "fishbucks": 0},
        {"name": " ann ", "regret_cards": 0, "regret_value": 0, "fishbucks": 0}]}, "players[1].name", "same name"),
    (_dr(name="  "), "players[0].name", "needs a name"),
    # docs/rules.md §12–§13: Shallow Regrets 2–4 players, the cards in the box; Endeavor 1–5, counts at the table
    ({"game": "shallow-regrets", "players": [{"name": "A"}]}, "players", "2 to 4 players"),
    ({"game": "shallow-regrets", "players": [{"name": "A", "fish": [{"points": 1, "type": "fair"}] * 19},
                                             {"name": "B"}]}, "players", "box has 18"),
    ({"game": "shallow-regrets", "players": [{"name": "A", "fish": [{"points": "2", "type": "fair"}]},
                                             {"name": "B"}]}, "players[0].fish[0].points", "valid integer"),
    ({"game": "endeavor-deep-sea", "players": [{"name": str(i)} for i in range(6)]}, "players", "1 to 5"),
    ({"game": "endeavor-deep-sea", "players": [{"name": "A"}], "goals": [{"name": "G", "counts": {"Zed": 2}}]},
     "goals[0].counts.Zed", "not at the table"),
    ({"game": "endeavor-deep-sea", "mode": "co-op", "difficulty": "beginner",
      "goals": [{"name": "G", "threshold": 2, "counts": {"A": -1}}]}, "goals[0].counts.A", "greater than or equal"),
    ({"game": "endeavor-deep-sea", "mode": "co-op", "difficulty": "beginner", "players": [{"name": "A"}],
      "goals": [{"name": "G", "threshold": 2, "counts": {"B": 3}}]}, "goals[0].counts.B", "not at the table"),
])
def test_tables_that_cant_exist_are_refused_naming_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             table: dict, field: str, why: str) -> None:
    code, _, err = run(tmp_path, table, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert f": {field}: " in err and why in err


def test_displayed_fish_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A p.27: a displayed Orca (Fair 0) at 1 Regret card (Fair +1) scores 1, like a Fish in hand."""
    code, out, err = run(tmp_path, _dr(displayed=[{"name": "Orca"}]), capsys)
    assert code == 0, err
    assert [(f["place"], f["points"]) for f in out["players"][0]["breakdown"]["fish"]] == [("displayed", 1)]


def test_same_name_goals_scored_each_on_its_own_through_the_cli(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11: two goals called G, 6/3 bonuses, counts A 2 B 1 then A 1 B 2: 6 + 3 each = 9 / 9."""
    table = {"game": "endeavor-deep-sea", "players": [{"name": "A"}, {"name": "B"}],
             "goals": [{"name": "G", "first": 6, "second": 3, "counts": {"A": 2, "B": 1}},
                       {"name": "G", "first": 6, "second": 3, "counts": {"A": 1, "B": 2}}]}
    code, out, err = run(tmp_path, table, capsys)
    assert code == 0, err
    assert [p["score"] for p in out["players"]] == [9, 9]


def test_endeavor_solo_rounds_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 003: solo plays 7 rounds, shown beside the co-op check."""
    table = {"game": "endeavor-deep-sea", "mode": "co-op", "difficulty": "beginner", "players": [{"name": "A"}],
             "goals": [{"name": str(i), "achieved": True} for i in range(4)]}
    code, out, err = run(tmp_path, table, capsys)
    assert code == 0, err
    assert (out["won"], out["rounds"]) == (True, 7)


@pytest.mark.parametrize(("text", "why"), [
    ('{"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 0, "regret_value": 0, "fishbucks": '
     + "9" * 5000 + "}]}", "not valid JSON"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    (json.dumps({"game": "endeavor-deep-sea", "players": [{"name": "A"}],
                 "goals": [{"name": "G", "points_per": int("9" * 4000), "counts": {"A": int("9" * 4000)}}]}),
     "goals[0].points_per: Input should be less than or equal to 99"),  # bounded now (docs/rules.md §13)
])
def test_no_traceback_whatever_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                        why: str) -> None:
    """Issue 11: huge numbers, deep nesting, a result too big to print: one line on stderr, exit 2."""
    code, _, err = run(tmp_path, text, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert why in err


@pytest.mark.parametrize(("table", "field"), [
    ({"game": "shallow-regrets", "players": [{"name": "A", "fish": [{"points": -10**30, "type": "fair"}]},
                                             {"name": "B"}]}, "points"),
    ({"game": "shallow-regrets", "players": [{"name": "A", "fish": [{"points": 10, "type": "foul"}]},
                                             {"name": "B"}]}, "points"),
    ({"game": "endeavor-deep-sea", "players": [{"name": "A", "impact": 10**30}, {"name": "B"}]}, "impact"),
    ({"game": "endeavor-deep-sea", "players": [{"name": "A", "ingenuity": 100}]}, "ingenuity"),
    ({"game": "endeavor-deep-sea", "players": [{"name": "A"}, {"name": "B"}],
      "goals": [{"name": "G", "first": 10**9, "counts": {"A": 1}}]}, "first"),
    ({"game": "deep-regrets", "players": [{"name": "A", "regret_cards": 0, "regret_value": 0, "fishbucks": 0,
                                           "hand": [{"value": 10**30, "type": "fair"}]}]}, "hand[0]"),
])
def test_numbers_out_of_the_games_bounds_are_refused_naming_the_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], table: dict, field: str) -> None:
    """Issue 28 item 5. docs/rules.md §1 (a Deep Regrets Fish prints 0-9, already refused), §12 (Shallow Regrets
    points -9 to 9), §13 (Endeavor entries 0-99)."""
    code, _, err = run(tmp_path, table, capsys)
    assert code != 0 and field in err and "Traceback" not in err


def test_more_regret_cards_than_the_deck_for_the_table_are_refused_a_p6(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A p.6: 10 Regret cards per player; 20 + 20 at a 2-player table is refused with the field (issue 27 item 9)."""
    players = [{"name": n, "regret_cards": 20, "regret_value": 0, "fishbucks": 0} for n in ("A", "B")]
    code, _, err = run(tmp_path, {"game": "deep-regrets", "players": players}, capsys)
    assert code != 0 and "players: 40 Regret cards in all, but 2 players have a Regret deck of 20 cards" in err


def _two_named(game: str, name: str) -> dict:
    player = {"deep-regrets": {"regret_cards": 1, "regret_value": 1, "fishbucks": 0},
              "shallow-regrets": {"fish": []}, "endeavor-deep-sea": {}}[game]
    return {"game": game, "players": [{"name": "Alba", **player}, {"name": name, **player}]}


@pytest.mark.parametrize("game", ["deep-regrets", "shallow-regrets", "endeavor-deep-sea"])
@pytest.mark.parametrize(("name", "why"), [
    ("H" * 1_000_000, "at most 60 characters, not 1000000"),
    ("Hugo\u202e\x00", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("Hu\x00go", "U+0000"),
    ("Hu\u200bgo", "U+200B ZERO WIDTH SPACE"),
    ("Hu\ngo", "U+000A"),
    ("Hu\u2028go", "U+2028 LINE SEPARATOR"),
])
def test_a_name_too_long_or_holding_unseen_characters_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 game: str, name: str, why: str) -> None:
    """Issue 45 item 9: ``companion score`` printed a million-character name, and one turned around by an RTL
    override with a NUL in it, as a winner's."""
    code, _, err = run(tmp_path, _two_named(game, name), capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1, err[:300]
    assert ": players[1].name: " in err and why in err


def test_a_sixty_character_name_in_any_script_is_scored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "李美玲 Zoë Ōkawa-Ñúñez " + "é" * 40  # 60 characters, accents and CJK: nothing unseen
    assert len(name) == 60
    code, out, err = run(tmp_path, _two_named("shallow-regrets", name), capsys)
    assert code == 0, err
    assert out is not None and name in [p["name"] for p in out["players"]]
