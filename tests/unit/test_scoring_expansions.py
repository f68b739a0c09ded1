"""The scorer and ``companion score`` with the expansions (docs/rules.md §10–§11)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.rules.catalog import load_catalog
from companion.rules.ruleset import build_ruleset
from companion.scoring.deep_regrets import DeepRegretsPlayer, score_deep_regrets

CAT = load_catalog()
LT = ("lamentable-tentacles",)


def player(name="A", cards=0, **fish):
    return DeepRegretsPlayer(name=name, regret_cards=cards, regret_value=0, fishbucks=0, **fish)


def other():
    """B holds the highest Regret total, so the penalty (A p.22) never touches A's mounts."""
    return DeepRegretsPlayer(name="B", regret_cards=1, regret_value=1, fishbucks=0)


@pytest.mark.parametrize("cards", [0, 5, 13])
@pytest.mark.parametrize(("mounted", "points"), [(False, 3), (True, 9)])
def test_nautilus_scores_3_whatever_the_madness_rules_10(cards, mounted, points):
    """In hand 3; on slot 2 (×3) 9; the modifier shown is 0, since Madness doesn't touch it."""
    nautilus = CAT.fish_ref("Nautilus")
    where = {"mounted": [None, nautilus, None]} if mounted else {"hand": [nautilus]}
    result = score_deep_regrets([player(cards=cards, **where), other()], build_ruleset(expansions=LT))
    assert [(line.value, line.modifier, line.points) for line in result.players[0].fish] == [(3, 0, points)]


def test_sharpear_scores_in_hand_at_its_modified_value_rules_10():
    """Sharpear Enope Squid, Fair 4, at 0 Regret cards (Fair +2): 6 in hand."""
    result = score_deep_regrets([player(hand=[CAT.fish_ref("Sharpear Enope Squid")]), other()],
                                build_ruleset(expansions=LT))
    assert result.players[0].score == 6


def test_sharpear_mounted_is_refused_rules_10():
    with pytest.raises(ValueError, match="Sharpear Enope Squid can't be sold or mounted"):
        score_deep_regrets([player(mounted=[CAT.fish_ref("Sharpear Enope Squid"), None, None]), other()],
                           build_ruleset(expansions=LT))


def test_expansion_fish_without_the_box_is_refused_rules_11():
    with pytest.raises(ValueError, match="Lamentable Tentacles"):
        score_deep_regrets([player(hand=[CAT.fish_ref("Overmind")]), other()], build_ruleset())


def test_lamentable_tentacles_table_needs_two_players_rules_11():
    with pytest.raises(ValueError, match="at least 2 players"):
        score_deep_regrets([player()], build_ruleset(expansions=LT))


# --- companion score ---------------------------------------------------------------------------------------------
def run(tmp_path: Path, table: dict, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict | None, str]:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    code = main(["score", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


def table(expansions=None, **first):
    players = [{"name": "A", "regret_cards": 0, "regret_value": 0, "fishbucks": 0, **first},
               {"name": "B", "regret_cards": 1, "regret_value": 1, "fishbucks": 0}]  # B takes the penalty
    data = {"game": "deep-regrets", "players": players}
    if expansions is not None:
        data["expansions"] = expansions
    return data


def test_cli_scores_expansion_fish_with_the_box_rules_11(tmp_path, capsys):
    """Hadal Shade (Foul 7) on slot 2 at 0 cards (Foul −2): 5 × 3 = 15; Nautilus in hand 3; total 18."""
    code, out, err = run(tmp_path, table(["lamentable-tentacles"], hand=[{"name": "Nautilus"}],
                                         mounted=[{"slot": 2, "name": "Hadal Shade"}]), capsys)
    assert code == 0, err
    assert out["expansions"] == ["lamentable-tentacles"]
    assert out["players"][0]["score"] == 18


def test_cli_refuses_an_expansion_fish_without_the_box_in_one_line_rules_11(tmp_path, capsys):
    code, _, err = run(tmp_path, table(hand=[{"name": "Sunfish"}, {"name": "Nautilus"}]), capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "players[0].hand[1]" in err and "Lamentable Tentacles" in err and "(companion rule, see Rules §11)" in err


def test_cli_refuses_sharpear_on_a_mount_rules_10(tmp_path, capsys):
    code, _, err = run(tmp_path, table(["lamentable-tentacles"],
                                       mounted=[{"slot": 1, "name": "Sharpear Enope Squid"}]), capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "players[0].mounted[0]" in err and "can't be sold or mounted" in err


@pytest.mark.parametrize(("expansions", "message"), [
    (["kraken-attack"], "expansions[0]"),
    (["lamentable-tentacles"], "expansions: Lamentable Tentacles needs at least 2 players"),
])
def test_cli_refuses_bad_expansions_in_one_line(tmp_path, capsys, expansions, message):
    data = table(expansions)
    data["players"] = data["players"][:1] if "needs" in message else data["players"]
    code, _, err = run(tmp_path, data, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert message in err
