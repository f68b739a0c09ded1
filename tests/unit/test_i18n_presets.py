"""The two summaries' editions as presets (issue 13, docs/rules.md §9): each rule as the Italian summary (B, seed 002)
or the Chinese summary (C, seed 004) states it, and each rule citing the sheet it comes from."""

from __future__ import annotations

import pytest

from companion.i18n import t, use_language
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset, list_presets


def test_both_summaries_are_offered_with_their_labels() -> None:
    names = {p.id: p.name for p in list_presets()}
    assert names["italian-summary"] == "As in the Italian summary (B)"
    assert names["chinese-summary"] == "As in the Chinese summary (C)"
    with use_language("it"):
        assert t(names["italian-summary"]) == "Come nel riassunto italiano (B)"


def test_italian_summary_rules() -> None:
    """B: six Days Monday to Saturday, payday $3 on Thursday, a tackle die on Saturday, three shops, the last
    player gets two turns in a row, first to pass and the skipped draw a Dink or discard a Regret, $2 = 1 point,
    the flipped Lifeboat is worth 10 Regret."""
    r = build_ruleset("italian-summary")
    assert (r.days, r.short_game_first_day, r.thursday_payday, r.thursday_dice) == (6, 1, 3, ())
    assert r.shop_system == "three-shops" and r.passing_reward
    assert (r.last_to_pass_turns_sea, r.last_to_pass_turns_port, r.abandon_ship_last_turns) == (2, 2, 2)
    assert (r.fishbucks_per_point, r.lifeboat_regret_value, r.life_preserver_difficulty) == (2, 10, 2)
    assert r.penalty_by == "scored" and not r.port_then_sea
    assert r.fish_per_mount is None  # B: "si montano fino a tre pesci" in one action


def test_chinese_summary_rules() -> None:
    """C: seven Days (short game from Day 2), Thursday $4, Saturday orange else green else blue, boats at Sea move
    up, a player at Port yesterday goes to Sea, sell any number, $10 cap, penalty by printed value, Madness
    bottom row $1 off every Port purchase."""
    r = build_ruleset("chinese-summary")
    assert (r.days, r.short_game_first_day, r.thursday_payday) == (7, 1, 4)
    assert r.saturday_dice == ("orange", "green", "blue")
    assert r.boats_move_up_at_day_start and r.port_then_sea and r.fish_per_sale is None
    assert (r.money_cap, r.penalty_by, r.madness_discount_on_tackle_dice) == (10, "printed", True)
    assert (r.last_to_pass_turns_sea, r.last_to_pass_turns_port) == (2, 2)
    assert r.madness[-1].port_discount == 1


@pytest.mark.parametrize(("preset", "sheet"), [("italian-summary", "B"), ("chinese-summary", "C")])
def test_every_rule_cites_its_sheet_or_says_why_not(preset: str, sheet: str) -> None:
    r = build_ruleset(preset)
    for rule, source in r.sources.items():
        assert source.startswith((sheet, "D", "docs/rules.md")), (rule, source)
    quoting = [s for s in r.sources.values() if s.startswith(f"{sheet}: ")]
    assert len(quoting) >= 15  # most rules quote the sheet's own words


@pytest.mark.parametrize("preset", ["italian-summary", "chinese-summary"])
def test_a_game_starts_on_each_preset(preset: str) -> None:
    setup = GameSetup(players=[PlayerSetup(name="Alba", colour="amber"), PlayerSetup(name="Hugo", colour="green")],
                      ruleset=build_ruleset(preset), seed=3)
    game = new_game(setup)
    assert game.state.ruleset.id == preset and game.state.day == 0
