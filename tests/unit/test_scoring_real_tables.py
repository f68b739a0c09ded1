"""A scored table must be one that can exist (issue 11; docs/rules.md §1, §5, §10, A pp.6, 22, 27; §12–§13)."""

from __future__ import annotations

import pytest

from companion.rules.catalog import load_catalog
from companion.rules.errors import RuleViolation
from companion.rules.fish import FishRef
from companion.rules.ruleset import build_ruleset
from companion.rules.scenario import table
from companion.scoring.deep_regrets import DeepRegretsPlayer, score_deep_regrets
from companion.scoring.endeavor import CoopGoal, EndeavorGoal, EndeavorPlayer, check_coop, score_endeavor
from companion.scoring.errors import TableError
from companion.scoring.shallow_regrets import ShallowFish, ShallowPlayer, score_shallow_regrets, score_shallow_solo

CAT = load_catalog()


def player(name: str = "A", **fields: object) -> DeepRegretsPlayer:
    base: dict[str, object] = {"regret_cards": 0, "regret_value": 0, "fishbucks": 0}
    return DeepRegretsPlayer(name=name, **{**base, **fields})


def refused(match: str, *players: DeepRegretsPlayer, ruleset: str = "anglers-guide",
            variants: tuple[str, ...] = ()) -> TableError:
    with pytest.raises(TableError, match=match) as e:
        score_deep_regrets(list(players), build_ruleset(ruleset, variants))
    return e.value


def test_named_fish_must_be_the_printed_card_rules_md_10() -> None:
    e = refused("Kraken has value 9, not 50", player(hand=(FishRef(name="Kraken", value=50, type="foul"),)))
    assert e.field == "players[0].hand[0]"
    refused("No Fish called", player(hand=(FishRef(name="Cod", value=3, type="fair"),)))


def test_a_typed_in_value_lies_in_the_catalogs_range_rules_md_10() -> None:
    e = refused("0 to 9", player(mounted=(FishRef(value=50, type="fair"),)))
    assert e.field == "players[0].mounted[0]"


def test_a_table_holds_each_fish_card_once_rules_md_10() -> None:
    """Issue 11: one Sunfish scored five times across hands and mounts; now the second is refused."""
    sunfish = CAT.fish_ref("Sunfish")
    e = refused("one Sunfish card", player("A", hand=(sunfish,)), player("B", mounted=(None, sunfish)))
    assert e.field == "players[1].mounted[1]"
    refused("one Sunfish card", player("A", hand=(sunfish, sunfish)))
    anonymous = FishRef(value=4, type="fair")  # Fish typed in by value can't be told apart: never refused
    assert score_deep_regrets([player(hand=(anonymous, anonymous))]).players[0].score == 12


def test_cards_that_cant_be_mounted_are_refused_and_score_zero_in_hand_a_p27() -> None:
    e = refused("Iron Coffin can't be sold or mounted", player(mounted=(CAT.fish_ref("Iron Coffin"),)))
    assert e.message.endswith("(companion rule, see Rules §10)")  # the source in words, never "docs/rules.md"
    refused("Amulet of Agartha can't be sold or mounted", player(cloche=CAT.fish_ref("Amulet of Agarta")))
    hand = (CAT.fish_ref("Whispering Skull"), CAT.fish_ref("Treasure Chest"))
    assert score_deep_regrets([player(regret_cards=13, hand=hand)]).players[0].score == 0


def test_displayed_fish_score_like_fish_in_hand_a_p27() -> None:
    """0 Regret cards (Fair +2, Foul −2): Orca Fair 0 → 2, Eversquid Foul 2 → 0, in hand or displayed."""
    shown = (CAT.fish_ref("Orca"), CAT.fish_ref("Eversquid"), CAT.fish_ref("Parasitic Larvae"))
    score = score_deep_regrets([player(displayed=shown)]).players[0]
    assert [(line.place, line.points) for line in score.fish] == [("displayed", 2), ("displayed", 0),
                                                                   ("displayed", 0)]
    held = score_deep_regrets([player(hand=shown)]).players[0]
    assert held.score == score.score == 2


def test_fishbucks_over_the_cap_are_refused_unless_no_cap_rules_md_5() -> None:
    e = refused(r"at most \$10", player(fishbucks=11))
    assert e.field == "players[0].fishbucks"
    assert score_deep_regrets([player(fishbucks=11)], build_ruleset(variants=("no-money-cap",))).players[0].score == 5


def test_regret_cards_within_the_deck_a_p6() -> None:
    e = refused("Regret deck of 20 cards", player("A", regret_cards=21), player("B"))
    assert e.field == "players[0].regret_cards"
    assert score_deep_regrets([player(regret_cards=14)]).players[0].madness == "13+"  # solo: every card (A p.23)
    refused("every Regret card", player(regret_cards=61))


def test_regret_value_at_most_three_a_card_a_p19() -> None:
    with pytest.raises(ValueError, match="each card is worth 0 to 3"):
        player(regret_cards=2, regret_value=7)


def test_one_name_rule_at_setup_and_scoring_rules_md_1() -> None:
    e = refused("same name", player("Ann"), player(" ann "))
    assert e.field == "players[1].name"
    refused("needs a name", player(" "), player("Bo"))
    with pytest.raises(RuleViolation, match=r"players\[1\]\.name: .*same name"):
        table_with(["Ann", "ann"])
    with pytest.raises(RuleViolation, match="needs a name"):
        table_with(["  ", "Bo"])


def table_with(names: list[str]) -> object:
    from companion.rules.engine import initial_state

    return initial_state([(n, c) for n, c in zip(names, ("red", "blue"), strict=False)], table(1).ruleset)


def test_the_penalty_never_takes_displayed_or_hand_fish_a_p22() -> None:
    """Only mounted Fish on a slot are discarded by the highest-Regret penalty."""
    result = score_deep_regrets([player("A", regret_cards=5, regret_value=9, displayed=(CAT.fish_ref("Orca"),)),
                                 player("B", regret_cards=1, regret_value=1)])
    assert result.players[0].penalty is not None and result.players[0].penalty.points_lost == 0


# --- Shallow Regrets -----------------------------------------------------------------------------------------------

def sp(name: str, n: int = 0) -> ShallowPlayer:
    return ShallowPlayer(name=name, fish=tuple(ShallowFish(points=1, type="fair") for _ in range(n)))


def test_shallow_regrets_has_two_to_four_players_other_games_md() -> None:
    with pytest.raises(TableError, match="2 to 4 players"):
        score_shallow_regrets([sp("A")])
    with pytest.raises(TableError, match="2 to 4 players"):
        score_shallow_regrets([sp(n) for n in "ABCDE"])


def test_shallow_regrets_at_most_the_cards_in_the_box_other_games_md() -> None:
    """18 Fish cards; the 4-player expansion adds 6."""
    with pytest.raises(TableError, match="box has 18"):
        score_shallow_regrets([sp("A", 10), sp("B", 9)])
    assert score_shallow_regrets([sp("A", 6), sp("B", 6), sp("C", 6), sp("D", 6)]).winners
    with pytest.raises(TableError, match="box has 18"):
        score_shallow_solo(sp("A", 10), [ShallowFish(points=1, type="foul")] * 9)


def test_shallow_regrets_names_follow_the_one_rule_rules_md_1() -> None:
    with pytest.raises(TableError, match="same name"):
        score_shallow_regrets([sp("Ann"), sp("ANN")])
    with pytest.raises(TableError, match="Frod"):
        score_shallow_solo(sp(" frod "), [])


# --- Endeavor: Deep Sea --------------------------------------------------------------------------------------------

def test_endeavor_has_one_to_five_players_other_games_md() -> None:
    with pytest.raises(TableError, match="1 to 5 players"):
        score_endeavor([EndeavorPlayer(name=str(i)) for i in range(6)])
    with pytest.raises(TableError, match="1 to 5 players"):
        score_endeavor([])


def test_two_goals_with_the_same_name_are_scored_each_on_its_own_seed_003() -> None:
    """Issue 11: the second goal overwrote the first's leader bonuses (A 6 / B 12); each earns its own: 9 / 9."""
    goals = [EndeavorGoal(name="G", first=6, second=3, counts={"A": 2, "B": 1}),
             EndeavorGoal(name="G", first=6, second=3, counts={"A": 1, "B": 2})]
    result = score_endeavor([EndeavorPlayer(name="A"), EndeavorPlayer(name="B")], goals)
    assert [p.score for p in result.players] == [9, 9]


def test_goal_counts_match_names_ignoring_case_rules_md_1() -> None:
    goal = EndeavorGoal(name="G", points_per=2, counts={" a ": 3})
    assert score_endeavor([EndeavorPlayer(name="A")], [goal]).players[0].score == 6


def test_coop_counts_never_negative_seed_003() -> None:
    with pytest.raises(ValueError, match="greater than or equal to 0"):
        CoopGoal(name="G", threshold=3, counts={"A": -1})


def test_endeavor_solo_plays_seven_rounds_seed_003() -> None:
    goals = [CoopGoal(name=str(i), achieved=True) for i in range(4)]
    assert check_coop("beginner", goals, players=1).rounds == 7
    assert check_coop("beginner", goals, players=3).rounds == 6
    with pytest.raises(TableError, match="1 to 5 players"):
        check_coop("beginner", goals, players=6)
