"""Deep Regrets end-of-game scoring: docs/rules.md §7 (A p.22). Expected numbers are worked out by hand."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.rules.catalog import load_catalog
from companion.rules.fish import FishRef
from companion.rules.ruleset import build_ruleset
from companion.scoring.deep_regrets import DeepRegretsPlayer, cloche_problem, score_deep_regrets
from companion.scoring.errors import TableError


def fair(v: int | None) -> FishRef:
    return FishRef(value=v, type="fair")


def foul(v: int | None) -> FishRef:
    return FishRef(value=v, type="foul")


def player(name: str = "A", cards: int = 0, value: int = 0, **kw) -> DeepRegretsPlayer:
    return DeepRegretsPlayer(name=name, regret_cards=cards, regret_value=value, fishbucks=kw.pop("bucks", 0), **kw)


def by_name(result, name: str):
    return next(p for p in result.players if p.name == name)


@pytest.mark.parametrize("preset", ["anglers-guide", "three-shops"])
def test_rulebook_worked_example_scores_53(preset: str) -> None:
    """A p.22 worked example at the bottom of the Madness tracker (Fair −2, Foul +2):
    mounted Fair 6 → 4×2 = 8, Foul 6 → 8×3 = 24, Foul 5 → 7×2 = 14; hand Fair 2 → 0, Foul 3 → 5;
    Fishbucks 2 points ($4 or $5); 8 + 24 + 14 + 0 + 5 + 2 = 53."""
    for bucks in (4, 5):
        alba = player("Alba", cards=14, value=20, bucks=bucks, hand=(fair(2), foul(3)),
                      mounted=(fair(6), foul(6), foul(5)))
        result = score_deep_regrets([alba], build_ruleset(preset))
        score = result.players[0]
        assert score.score == 53
        assert [line.points for line in score.fish] == [0, 5, 8, 24, 14]
        assert [line.multiplier for line in score.fish] == [1, 1, 2, 3, 2]
        assert [line.modifier for line in score.fish] == [-2, 2, -2, 2, 2]
        assert (score.fishbucks_points, score.madness) == (2, "13+")
        assert score.winner and score.rank == 1 and result.winners == ("Alba",)


@pytest.mark.parametrize(("cards", "fair_points", "foul_points"), [
    (0, 6, 1),    # +2 / −2: Fair 4 → 6, Foul 3 → 1
    (2, 5, 2),    # +1 / −1
    (5, 5, 3),    # +1 / 0
    (8, 4, 4),    # 0 / +1
    (11, 3, 4),   # −1 / +1
    (13, 2, 5),   # −2 / +2
])
def test_hand_fish_use_the_madness_row(cards: int, fair_points: int, foul_points: int) -> None:
    """docs/rules.md §2 Madness table applied to a Fair 4 and a Foul 3 in hand."""
    score = score_deep_regrets([player(cards=cards, hand=(fair(4), foul(3)))]).players[0]
    assert [line.points for line in score.fish] == [fair_points, foul_points]


def test_modified_value_never_below_zero() -> None:
    """docs/rules.md §2 (A's "2 − 2 = 0"): a Foul 1 at 0 Regrets is worth 0, not −1; a Fair 1 at 13+ too."""
    assert score_deep_regrets([player(cards=0, hand=(foul(1),))]).players[0].score == 0
    assert score_deep_regrets([player(cards=13, hand=(fair(1),), mounted=(fair(1),))]).players[0].score == 0


def test_fish_with_no_value_scores_zero_whatever_the_madness() -> None:
    """docs/rules.md §2 / issue: a card printing no value scores 0, even Foul at 13+ (+2) or mounted on ×3."""
    score = score_deep_regrets([player(cards=13, hand=(foul(None),), mounted=(None, foul(None)))]).players[0]
    assert score.score == 0
    assert [line.printed for line in score.fish] == [None, None]


@pytest.mark.parametrize(("bucks", "points"), [(0, 0), (1, 0), (2, 1), (9, 4), (10, 5)])
def test_fishbucks_one_point_per_two_rounded_down(bucks: int, points: int) -> None:
    """docs/rules.md §7.3: 1 point per $2 of Fishbucks, rounded down."""
    assert score_deep_regrets([player(bucks=bucks)]).players[0].score == points


def test_empty_mount_slots_keep_the_slot_multipliers() -> None:
    """A p.22: slots are ×2, ×3, ×2. A Fair 3 at 0 Regrets (→5) on slot 2 alone scores 15."""
    score = score_deep_regrets([player(mounted=(None, fair(3), None))]).players[0]
    assert score.score == 15
    assert score.fish[0].slot == 2


def _penalty_table(n_players: int, variants: tuple[str, ...] = ()):
    # "Hi" has 8 Regret cards (row 7–9: Fair 0, Foul +1) and the highest total, 20.
    # Slot 1 Fair 6 → 6×2 = 12; slot 2 Foul 4 → 5×3 = 15; Fishbucks 0.
    players = [player("Hi", cards=8, value=20, mounted=(fair(6), foul(4)))]
    players += [player(f"P{i}", cards=3, value=3) for i in range(1, n_players)]
    return score_deep_regrets(players, build_ruleset("anglers-guide", variants))


def test_penalty_three_players_discards_highest_scored() -> None:
    """A p.22: 3+ players, the highest Regret total discards its highest-valued mounted Fish, valued by the
    scoring system (slot 2, 15 points), keeping 12."""
    hi = by_name(_penalty_table(3), "Hi")
    assert hi.score == 12
    assert (hi.penalty.slot, hi.penalty.points_lost) == (2, 15)
    assert [line.discarded for line in hi.fish] == [False, True]


def test_penalty_two_players_discards_lowest_scored() -> None:
    """A p.22: with 2 players the lowest-valued mounted Fish goes (slot 1, 12 points), keeping 15."""
    hi = by_name(_penalty_table(2), "Hi")
    assert hi.score == 15
    assert hi.penalty.slot == 1


def test_penalty_by_printed_value_variant() -> None:
    """docs/rules.md §9 variant (C): chosen by printed value. 3 players: printed 6 (slot 1) goes, keeping 15;
    2 players: printed 4 (slot 2) goes, keeping 12."""
    assert by_name(_penalty_table(3, ("penalty-printed",)), "Hi").score == 15
    assert by_name(_penalty_table(2, ("penalty-printed",)), "Hi").score == 12


def test_penalty_ties_all_discard_and_others_do_not() -> None:
    """A p.22 "the player(s) with the highest total": two players tied at 9 both discard; the third keeps all.
    Each has 4 cards (row 4–6, Fair +1): slot 1 Fair 1 → 2×2 = 4, slot 2 Fair 2 → 3×3 = 9; total 13."""
    mounts = (fair(1), fair(2))
    result = score_deep_regrets([
        player("A", cards=4, value=9, mounted=mounts),
        player("B", cards=4, value=9, mounted=mounts),
        player("C", cards=4, value=8, mounted=mounts),
    ])
    assert [p.score for p in result.players] == [4, 4, 13]
    assert by_name(result, "C").penalty is None
    assert result.winners == ("C",)


def test_nobody_loses_a_mount_when_every_regret_total_is_0() -> None:
    """docs/rules.md §7.2 (A p.22 leaves it open): every total 0 (cards worth 0, no flipped Lifeboat) means nobody
    has Regrets to lose: no penalty, and the result says so instead of naming each angler the highest."""
    mounts = (fair(1), fair(2))
    result = score_deep_regrets([player("A", cards=2, value=0, mounted=mounts), player("B", mounted=mounts),
                                 player("C", cards=1, value=0, mounted=mounts)])
    assert [p.penalty for p in result.players] == [None, None, None]
    # every mount kept: 1–3 cards Fair +1: 2×2 + 3×3 = 13; B's 0 cards Fair +2: 3×2 + 4×3 = 18 (docs/rules.md §2)
    assert [p.score for p in result.players] == [13, 18, 13]
    assert "nobody has Regrets to lose" in result.penalty_rule


def test_lifeboat_adds_ten_to_the_regret_total() -> None:
    """A p.10 / p.22: a flipped Lifeboat adds 10. B (8 + 10 = 18) beats A's 15 for the penalty."""
    result = score_deep_regrets([
        player("A", cards=5, value=15, mounted=(fair(3),)),
        player("B", cards=3, value=8, lifeboat_flipped=True, mounted=(fair(3),)),
        player("C", cards=1, value=1),
    ])
    b = by_name(result, "B")
    assert (b.regret_total, b.lifeboat) == (18, 10)
    assert b.penalty is not None and b.score == 0
    assert by_name(result, "A").penalty is None and by_name(result, "A").score == 8  # Fair 3 +1 = 4, ×2


def test_no_penalty_solo() -> None:
    """docs/rules.md §7.2: solo has no highest-Regret penalty."""
    score = score_deep_regrets([player(cards=10, value=30, lifeboat_flipped=True, mounted=(fair(5),))]).players[0]
    assert score.penalty is None and score.score == 8  # Fair 5 −1 = 4, ×2


def test_highest_regret_without_mounted_fish_discards_nothing() -> None:
    """docs/rules.md §7.2: no mounted Fish, nothing to discard; the next-highest player is not hit instead."""
    result = score_deep_regrets([player("A", cards=5, value=12, hand=(fair(3),)),
                                 player("B", cards=2, value=2, mounted=(fair(3),))])
    a, b = by_name(result, "A"), by_name(result, "B")
    assert a.penalty is not None and a.penalty.slot is None and a.score == 4
    assert b.penalty is None and b.score == 8


def test_tie_broken_by_lower_regret_value_including_lifeboat() -> None:
    """A p.22: tie → lower Regret value. A: 5 + Lifeboat 10 = 15; B: 12 → B wins. Neither has mounts."""
    result = score_deep_regrets([player("A", cards=5, value=5, lifeboat_flipped=True, bucks=6),
                                 player("B", cards=5, value=12, bucks=6)])
    assert result.winners == ("B",)
    assert (by_name(result, "B").rank, by_name(result, "A").rank) == (1, 2)
    assert by_name(result, "B").tie_break == "lower Regret value"


def test_tie_then_fewer_regret_cards() -> None:
    """A p.22: still tied → fewer Regret cards wins (both 3 points, both Regret value 6)."""
    result = score_deep_regrets([player("A", cards=6, value=6, bucks=6), player("B", cards=4, value=6, bucks=6)])
    assert result.winners == ("B",)
    assert by_name(result, "A").tie_break == "fewer Regret cards"


def test_full_tie_is_shared() -> None:
    """A p.22: "If they are still tied, they just tie." Both rank 1, both winners; third place is rank 3."""
    result = score_deep_regrets([player("A", cards=4, value=6, bucks=6), player("B", cards=4, value=6, bucks=6),
                                 player("C", cards=4, value=5, bucks=2)])
    assert result.winners == ("A", "B")
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert by_name(result, "A").tie_break == "shared"
    assert by_name(result, "C").tie_break is None


def test_invalid_tables_are_refused() -> None:
    """1–5 players (docs/rules.md §1), distinct names, at most 3 mounts, Regret cards print 0–3."""
    with pytest.raises(ValueError, match="1 to 5"):
        score_deep_regrets([player(f"P{i}") for i in range(6)])
    with pytest.raises(ValueError, match="same name"):
        score_deep_regrets([player("A"), player("A")])
    with pytest.raises(ValueError, match="3 slots"):
        score_deep_regrets([player(mounted=(fair(1),) * 4)])
    with pytest.raises(ValidationError, match="0 to 3"):
        player(cards=2, value=7)


def test_cloche_is_an_extra_x2_mount() -> None:
    """Cloche Supply (D, one port's card text): one small Fish mounted on it scores ×2. Fair 3 at 0 Regret
    cards (+2) → 5 × 2 = 10."""
    score = score_deep_regrets([player(cloche=fair(3))]).players[0]
    assert score.score == 10
    assert (score.fish[0].place, score.fish[0].multiplier) == ("cloche", 2)


def test_the_cloche_holds_only_a_small_fish_rules_md_10() -> None:
    """docs/rules.md §10: one small Fish on the Cloche. Lanternfish (small) goes; Sheepshead (middling) and Sunfish
    (large) are refused, naming the Fish and its size, and the scorer's input refuses them the same way."""
    catalog = load_catalog()
    assert cloche_problem(catalog.fish("Lanternfish")) is None
    assert cloche_problem(catalog.fish("Sheepshead")) == "the Cloche holds a small Fish; Sheepshead is middling"
    with pytest.raises(TableError, match="Sunfish is large"):
        score_deep_regrets([player(cloche=catalog.fish_ref("Sunfish"))])


def test_the_penalty_never_takes_the_cloche_rules_md_10() -> None:
    """A p.22 with 3 players, docs/rules.md §10: "Hi" (row 7–9: Fair 0, Foul +1) has slot 1 Fair 6 → 12 and a Cloche
    Foul 6 → 7 × 2 = 14; the penalty takes only from the three slots, so the slot's 12 goes and 14 remain."""
    result = score_deep_regrets([player("Hi", cards=8, value=20, mounted=(fair(6),), cloche=foul(6)),
                                 player("B", cards=1, value=1), player("C", cards=1, value=1)])
    hi = by_name(result, "Hi")
    assert hi.score == 14
    assert (hi.penalty.place, hi.penalty.slot, hi.penalty.points_lost) == ("mount", 1, 12)


def test_only_a_cloche_means_nothing_to_discard_rules_md_10() -> None:
    result = score_deep_regrets([player("Hi", cards=8, value=20, cloche=foul(6)),
                                 player("B", cards=1, value=1), player("C", cards=1, value=1)])
    hi = by_name(result, "Hi")
    assert (hi.score, hi.penalty.place, hi.penalty.points_lost) == (14, None, 0)
