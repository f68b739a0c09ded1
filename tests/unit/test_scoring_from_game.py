"""The bridge from the rules engine's GameState to the Deep Regrets scorer (docs/rules.md §7, A p.22)."""

from __future__ import annotations

import pytest

from companion.rules.fish import FishRef
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.scoring.draft import PlayerDraft, TableDraft
from companion.scoring.from_game import draft_from_state, score_state


def _end_state(variants: tuple[str, ...] = ()):
    setup = GameSetup(players=[PlayerSetup(name="Alba", colour="amber"), PlayerSetup(name="Hugo", colour="green")],
                      ruleset=build_ruleset("three-shops", variants), seed=7)
    state = new_game(setup).state
    alba, hugo = state.players
    alba = alba.model_copy(update={
        "regret_cards": 14, "regret_value": 12, "fishbucks": 5, "hand": [FishRef(value=2, type="fair"),
                                                                         FishRef(value=3, type="foul")],
        "mounted": [FishRef(value=6, type="fair"), FishRef(value=6, type="foul"), FishRef(value=5, type="foul")]})
    hugo = hugo.model_copy(update={"regret_cards": 3, "regret_value": 4, "lifeboat": False, "fishbucks": 3,
                                   "hand": [FishRef(name="Sunfish", value=4, type="fair")]})
    return state.model_copy(update={"players": [alba, hugo]})


def test_draft_carries_everything_the_tracker_knows() -> None:
    draft = draft_from_state(_end_state(("penalty-printed",)), game_id="g1")
    assert (draft.preset, draft.variants, draft.game_id) == ("three-shops", ["penalty-printed"], "g1")
    hugo = draft.players[1]
    assert (hugo.name, hugo.regret_cards, hugo.regret_value, hugo.lifeboat_flipped, hugo.fishbucks) == (
        "Hugo", 3, 4, True, 3)
    assert hugo.hand[0].name == "Sunfish"


def test_finished_game_scores_like_the_rulebook() -> None:
    """A p.22: Alba is the worked example (53), Regret total 12. Hugo's 4 + Lifeboat 10 = 14 is the
    highest, but Hugo has no mounted Fish: nothing discarded. Hugo: 3 cards (Fair +1) Sunfish 4 → 5, $3 → 1: 6."""
    result = score_state(_end_state())
    assert [(p.name, p.score) for p in result.players] == [("Alba", 53), ("Hugo", 6)]
    assert result.players[1].penalty is not None and result.players[1].penalty.slot is None


def test_unrevealed_regret_value_and_unentered_fish_are_named() -> None:
    state = _end_state()
    hugo = state.players[1].model_copy(update={"regret_value": None, "hand_hidden": 2})
    state = state.model_copy(update={"players": [state.players[0], hugo]})
    draft = draft_from_state(state)
    assert draft.missing() == ["Hugo: reveal the Regret value", "Hugo: enter the 2 Fish in hand not yet entered"]
    with pytest.raises(ValueError, match="reveal the Regret value"):
        score_state(state)


def test_blank_draft_needs_names_and_distinct_ones() -> None:
    """docs/rules.md §1, the one name rule: "A" and " a " are the same name."""
    draft = TableDraft(players=[PlayerDraft(name="A", regret_value=0), PlayerDraft(name=" a ", regret_value=0)])
    assert draft.missing() == ["“a” is the same name as “A” (names ignore case and surrounding spaces)"]
    assert TableDraft().missing()[0] == "Player 1 needs a name"


def test_regret_value_too_high_for_the_cards_is_named() -> None:
    """docs/rules.md §1: Regret cards print 0–3, so 2 cards can't total 7."""
    draft = TableDraft(players=[PlayerDraft(name="A", regret_cards=2, regret_value=7)])
    assert draft.missing() == ["A: 2 Regret cards can't add up to 7 (each card is worth 0 to 3)"]


def test_a_game_with_the_expansions_scores_with_its_boxes_rules_11() -> None:
    """docs/rules.md §10-§11: the game's boxes reach the scorer, so Alba's Nautilus (Fair 3) scores 3 at 0 cards,
    where a Fair 3 scores 5; Hugo's Sharpear Enope Squid (Fair 4) scores in hand, 4 + 2 = 6."""
    from companion.rules.catalog import load_catalog

    cat = load_catalog()
    setup = GameSetup(players=[PlayerSetup(name="Alba", colour="amber"), PlayerSetup(name="Hugo", colour="green")],
                      ruleset=build_ruleset(expansions=("lamentable-tentacles",)), seed=7)
    state = new_game(setup).state
    alba, hugo = (p.model_copy(update={"regret_value": 0}) for p in state.players)
    alba = alba.model_copy(update={"hand": [cat.fish_ref("Nautilus"), FishRef(value=3, type="fair")]})
    hugo = hugo.model_copy(update={"hand": [cat.fish_ref("Sharpear Enope Squid")]})
    state = state.model_copy(update={"players": [alba, hugo]})
    assert draft_from_state(state).expansions == ["lamentable-tentacles"]
    assert [p.score for p in score_state(state).players] == [8, 6]
