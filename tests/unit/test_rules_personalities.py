"""Biggest Regrets personality cards (docs/rules.md §11): dealt at setup, the tier fixed at Refresh from the Regret card
count in bands 0 / 1–6 / 7–12 / 13+, used once per Day as a free action."""

import pytest
from pydantic import ValidationError
from refusals import refused

from companion.rules.actions import AdvancePhase, MoveRegrets, Pass, Refresh, ThrowLifePreserver, UsePersonality
from companion.rules.common import with_player
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.personalities import card, dealable, status
from companion.rules.queries import available
from companion.rules.ruleset import build_ruleset
from companion.rules.scenario import COLOURS, end_day, play, start_action_phase

BR = ("biggest-regrets",)


def setup(*cards, expansions=BR):
    return GameSetup(players=[PlayerSetup(name=f"P{i + 1}", colour=COLOURS[i], personality=c)
                              for i, c in enumerate(cards)], ruleset=build_ruleset(expansions=expansions))


def refreshed(cards=("Sentimental", "Neurotic"), regrets=(0, 0)):
    """Day 1 after Refresh: each angler holds ``regrets`` cards when the tier is fixed."""
    s = new_game(setup(*cards)).state
    for i, n in enumerate(regrets):
        s = with_player(s, i, regret_cards=n)
    return s


def acting(cards=("Sentimental", "Neurotic"), regrets=(0, 0)):
    return start_action_phase(refreshed(cards, regrets), faces={0: [3, 3, 3], 1: [1, 1, 1], 2: [1, 1, 1],
                                                                3: [1, 1, 1]})


# --- dealing ------------------------------------------------------------------------------------------------------
def test_biggest_regrets_needs_two_players_rules_11():
    with pytest.raises(ValidationError, match="Biggest Regrets needs at least 2 players"):
        setup("Neurotic")


def test_curmudgeonly_and_lonely_only_with_four_or_more_rules_11():
    assert dealable(3) == ["Neurotic", "Unambitious", "Sentimental"]
    assert dealable(4) == ["Curmudgeonly", "Lonely", "Neurotic", "Unambitious", "Sentimental"]
    with pytest.raises(ValidationError, match="Lonely is only dealt with 4 or more players"):
        setup("Lonely", "Neurotic", "Sentimental")
    assert new_game(setup("Lonely", "Curmudgeonly", "Neurotic", "Sentimental")).state.players[0].personality == "Lonely"


def test_every_angler_is_dealt_one_card_each_card_once_rules_11():
    with pytest.raises(ValidationError, match="every angler is dealt"):
        setup("Neurotic", None)
    with pytest.raises(ValidationError, match="dealt once"):
        setup("Neurotic", "Neurotic")
    with pytest.raises(ValidationError, match="No personality card"):
        setup("Grumpy", "Neurotic")
    with pytest.raises(ValidationError, match="come with Biggest Regrets"):
        setup("Neurotic", "Sentimental", expansions=())


# --- the tier ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "tier", "label"), [(0, 0, "0"), (1, 1, "1–6"), (6, 1, "1–6"), (7, 7, "7–12"),
                                                      (12, 7, "7–12"), (13, 13, "13+")])
def test_tier_fixed_at_refresh_from_the_regret_card_count_rules_11(cards, tier, label):
    """docs/rules.md §11: bands 0 / 1–6 / 7–12 / 13+ of the Regret card count (not the Madness bands)."""
    s = refreshed(regrets=(cards, 0))
    assert status(s, 0).tier is None  # not fixed before Refresh
    s = play(s, Refresh(player=0, faces=[1, 1, 1]))
    shown = status(s, 0)
    assert (shown.tier, shown.tier_label, shown.used) == (tier, label, False)
    assert shown.text == card("Sentimental").text(tier)


def test_tier_stays_fixed_for_the_day_and_changes_at_the_next_refresh_rules_11():
    """Drawing Regrets during the Day doesn't move the tier; the next Day's Refresh does."""
    s = acting(regrets=(6, 0))
    assert status(s, 0).tier == 1
    s = with_player(s, 0, regret_cards=7)
    assert status(s, 0).tier == 1
    s = end_day(s)
    assert status(s, 0).tier is None
    s = play(s, Refresh(player=0, faces=[1, 1, 1]))
    assert status(s, 0).tier == 7


def test_no_card_no_status():
    s = new_game(GameSetup(players=[PlayerSetup(name="A", colour="red")], ruleset=build_ruleset())).state
    assert status(s, 0) is None


# --- using it ----------------------------------------------------------------------------------------------------
def test_once_per_day_then_again_the_next_day_rules_11():
    s = acting(regrets=(0, 3))
    s = play(s, UsePersonality(player=0, target=1))
    assert status(s, 0).used
    refused(s, UsePersonality(player=0, target=1), "docs/rules.md §11")
    s = play(s, Pass(player=0))
    s = play(s, Pass(player=1), AdvancePhase())  # Tuesday
    assert not status(s, 0).used


def test_available_offers_the_card_until_it_is_used_rules_11():
    s = acting(regrets=(0, 3))
    assert available(s, 0).can("use_personality") and not available(s, 1).can("use_personality")
    assert not available(play(s, UsePersonality(player=0, target=1)), 0).can("use_personality")


def test_a_free_action_on_your_own_turn_a_p9():
    """Using the card doesn't end the turn; another angler's card waits for their turn."""
    s = play(acting(regrets=(0, 3)), UsePersonality(player=0, target=1))
    assert s.turn == 0
    refused(acting(), UsePersonality(player=1), "A p.9")


def test_personality_needs_the_box_rules_11():
    s = start_action_phase(new_game(GameSetup(
        players=[PlayerSetup(name="A", colour="red"), PlayerSetup(name="B", colour="blue")],
        ruleset=build_ruleset())).state, faces={0: [3, 3, 3], 1: [1, 1, 1]})
    refused(s, UsePersonality(player=0), "docs/rules.md §11")


def test_sentimental_0_makes_another_angler_draw_rules_11():
    s = play(acting(regrets=(0, 2)), UsePersonality(player=0, target=1))
    assert [p.regret_cards for p in s.players] == [0, 3]


@pytest.mark.parametrize(("mine", "given"), [(1, 1), (6, 2), (7, 1), (12, 1)])
def test_sentimental_gives_regrets_to_another_angler_rules_10(mine, given):
    """1–6: give 2 of your Regrets (only 1 if that is all you have); 7–12: give 1 — one transfer step, so both
    counts (and Madness tiers) change together."""
    s = acting(regrets=(mine, 0))
    before_dice = s.max_dice(1)
    s = play(s, UsePersonality(player=0, target=1))
    assert [p.regret_cards for p in s.players] == [mine - given, given]
    assert s.regrets_in_piles == 20 - mine
    assert s.max_dice(1) == 5 and before_dice == 4  # P2 left the 0 row of the Madness tracker


@pytest.mark.parametrize(("mine", "given"), [(3, 2), (9, 1)])
def test_sentimental_moves_regrets_as_every_other_regret_transfer_does_rules_10(mine, given):
    """docs/rules.md §10: Sentimental moves Regret cards through the same step as Iron Coffin or Psychic Interloper
    (MoveRegrets): both anglers end as that move leaves them, apart from the card being used today."""
    s = acting(regrets=(mine, 1))
    by_card = play(s, UsePersonality(player=0, target=1))
    by_move = play(s, MoveRegrets(player=0, to=1, count=given))
    assert [p.regret_cards for p in by_move.players] == [mine - given, 1 + given]
    assert [p.model_copy(update={"personality_used": False}) for p in by_card.players] == list(by_move.players)
    assert [by_card.max_dice(i) for i in (0, 1)] == [by_move.max_dice(i) for i in (0, 1)]
    assert by_card.regrets_in_piles == by_move.regrets_in_piles


def test_sentimental_13_takes_one_from_each_then_discards_as_many_rules_11():
    s = acting(cards=("Sentimental", "Neurotic", "Unambitious"), regrets=(13, 2, 0))
    s = play(s, UsePersonality(player=0))
    assert [p.regret_cards for p in s.players] == [13, 1, 0]


def test_sentimental_needs_another_angler_rules_11():
    refused(acting(regrets=(3, 0)), UsePersonality(player=0), "docs/rules.md §11")
    refused(acting(regrets=(3, 0)), UsePersonality(player=0, target=0), "docs/rules.md §11")
    refused(acting(cards=("Neurotic", "Sentimental"), regrets=(7, 0)), UsePersonality(player=0, target=1),
            "docs/rules.md §11")  # Neurotic names nobody


@pytest.mark.parametrize(("regrets", "drawn"), [(0, 0), (6, 0), (7, 1), (13, 2)])
def test_neurotic_draws_at_7_and_13_rules_11(regrets, drawn):
    s = play(acting(cards=("Neurotic", "Sentimental"), regrets=(regrets, 0)), UsePersonality(player=0))
    assert s.players[0].regret_cards == regrets + drawn


@pytest.mark.parametrize(("regrets", "drawn"), [(0, 0), (1, 0), (12, 1), (13, 2)])
def test_unambitious_takes_a_dink_and_regrets_rules_11(regrets, drawn):
    s = play(acting(cards=("Unambitious", "Sentimental"), regrets=(regrets, 0)), UsePersonality(player=0))
    assert (s.players[0].dinks, s.players[0].regret_cards) == (1, regrets + drawn)


def test_curmudgeonly_makes_the_anglers_where_you_are_draw_rules_11():
    """7–12: every other angler at your location and Depth draws 1; one at another Depth doesn't."""
    s = acting(cards=("Curmudgeonly", "Lonely", "Neurotic", "Sentimental"), regrets=(7, 0, 0, 0))
    s = with_player(s, 3, depth=2)
    s = play(s, UsePersonality(player=0))
    assert [p.regret_cards for p in s.players] == [7, 1, 1, 0]


def test_tier_not_fixed_before_refresh_rules_11():
    s = refreshed()
    s = play(s, Refresh(player=0, faces=[3, 3, 3]), Refresh(player=1, faces=[1, 1, 1]),
             ThrowLifePreserver(player=0, to=1), AdvancePhase())
    s = with_player(s, 0, personality_tier=None)
    refused(s, UsePersonality(player=0, target=1), "docs/rules.md §11")


FOUR = ("Curmudgeonly", "Lonely", "Neurotic", "Sentimental")


def four_acting(faces=(1, 2, 3), regrets=(0, 0, 0, 0)):
    """Four anglers at Sea, Depth I, P1 to act with Fresh dice ``faces``; the others hold 1, 1, 1."""
    return start_action_phase(refreshed(FOUR, regrets), faces={0: list(faces), 1: [1, 1, 1], 2: [1, 1, 1],
                                                               3: [1, 1, 1]})


def fresh_faces(s, i):
    return [d.face for d in s.players[i].fresh]


@pytest.mark.parametrize(("regrets", "faces"), [(0, [3, 2, 3]), (1, [3, 3, 3])])
def test_curmudgeonly_alone_increments_its_lowest_dice_rules_11(regrets, faces):
    """0: if alone where you are, Increment x2; 1–6: x3 (A p.28: a die to its next higher face). Angler dice 1, 2, 3
    (faces 1, 1, 2, 3): x2 turns the 1 into 2, then the first 2 into 3; x3 also the last 2. In company the card is
    spent with nothing to Increment."""
    s = four_acting(regrets=(regrets, 0, 0, 0))
    in_company = play(s, UsePersonality(player=0))  # everyone is at Depth I with P1: used, nothing to Increment
    assert fresh_faces(in_company, 0) == [1, 2, 3] and in_company.players[0].personality_used
    for i in (1, 2, 3):
        s = with_player(s, i, depth=2)
    s = play(s, UsePersonality(player=0))
    assert fresh_faces(s, 0) == faces and s.players[0].personality_used


def test_lonely_increments_only_in_company_and_everyone_with_you_at_7_rules_11():
    """0: if not alone, Increment x1; 7–12: you and everyone with you Increment x1: P2, and P1 and P3 at Depth I
    with them (their lowest die, 1 → 2); P4 at Depth II is not with them."""
    alone = four_acting(regrets=(0, 0, 0, 0))
    for i in (0, 2, 3):
        alone = with_player(alone, i, depth=2)
    s = play(alone.model_copy(update={"turn": 1}), UsePersonality(player=1))  # P2 is alone at Depth I
    assert fresh_faces(s, 1) == [1, 1, 1] and s.players[1].personality_used
    s = four_acting(regrets=(0, 7, 0, 0)).model_copy(update={"turn": 1})
    s = with_player(s, 3, depth=2)
    s = play(s, UsePersonality(player=1))
    assert [fresh_faces(s, i) for i in range(4)] == [[2, 2, 3], [2, 1, 1], [2, 1, 1], [1, 1, 1]]
