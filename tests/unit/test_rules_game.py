"""The game log: apply, undo and redo by replaying, storing and importing (docs/rules.md §3; issue 2)."""

import pytest

from companion.rules import Game, GameSetup, PlayerSetup, RuleViolation, build_ruleset, new_game, replay
from companion.rules.actions import AdvancePhase, Declare, Fish, Pass, Refresh, ThrowLifePreserver, parse_action
from companion.rules.fish import FishRef


def game(players=2, seed=4):
    setup = GameSetup(players=[PlayerSetup(name=n, colour=c) for n, c in [("Ada", "red"), ("Bo", "blue")][:players]],
                      ruleset=build_ruleset(), seed=seed)
    return new_game(setup)


def opening(g):
    return (g.apply(Refresh(player=0, faces=[3, 3, 2])).apply(Refresh(player=1, faces=[1, 1, 1]))
            .apply(ThrowLifePreserver(player=0, to=1)).apply(AdvancePhase()))


def test_apply_appends_to_the_log_and_leaves_the_game_unchanged():
    g = game()
    g2 = g.apply(Refresh(player=0))
    assert (len(g.log), len(g2.log)) == (0, 1)
    assert not g.state.players[0].refreshed and g2.state.players[0].refreshed


def test_refused_action_changes_nothing():
    g = opening(game())
    before = g.model_dump()
    with pytest.raises(RuleViolation):
        g.apply(Pass(player=1))
    assert g.model_dump() == before


def test_undo_gives_the_exact_earlier_state_and_redo_reapplies():
    g = opening(game())
    g2 = g.apply(Fish(player=0, fish=FishRef(value=2, type="fair"), depth=1, difficulty=3, dice=[0]))
    back = g2.undo()
    assert back.state == g.state and back.log == g.log and len(back.redo_log) == 1
    assert back.redo().state == g2.state and back.redo().redo_log == []


def test_undo_of_a_rolled_refresh_rolls_the_same_on_redo():
    g = game()
    g2 = g.apply(Refresh(player=0))
    assert g2.undo().redo().state == g2.state


def test_new_action_clears_redo():
    g = opening(game()).undo()
    assert g.apply(AdvancePhase()).redo_log == []


def test_nothing_to_undo_or_redo():
    with pytest.raises(RuleViolation):
        game().undo()
    with pytest.raises(RuleViolation):
        game().redo()


def test_stored_game_round_trips_and_replays():
    g = opening(game()).undo()
    data = g.model_dump(mode="json")
    assert "redo" in data and data["log"][0]["type"] == "refresh"
    loaded = Game.model_validate(data)
    assert loaded.state == g.state and loaded.redo_log == g.redo_log


def test_replay_of_a_bad_log_names_the_action():
    g = game()
    with pytest.raises(RuleViolation) as e:
        replay(g.setup, [parse_action({"type": "advance_phase"})])
    assert e.value.message.startswith("Action 1 of the log")


def test_finished_flag_follows_the_state():
    g = game(players=1)
    while not g.finished:
        s = g.state
        if s.phase == "refresh" and not s.players[0].refreshed:
            g = g.apply(Refresh(player=0))
        elif s.phase == "declaration" and s.turn is not None:
            g = g.apply(Declare(player=0, location="sea"))
        elif s.phase == "action" and s.turn is not None:
            g = g.apply(Pass(player=0))
        else:
            g = g.apply(AdvancePhase())
    assert g.state.finished and g.state.day_name == "Saturday"


def test_setup_takes_one_to_five_players_rules_md_1():
    with pytest.raises(ValueError):
        GameSetup(players=[], ruleset=build_ruleset())
    with pytest.raises(ValueError):
        GameSetup(players=[PlayerSetup(name=str(i), colour="red") for i in range(6)], ruleset=build_ruleset())


def test_game_constants_match_the_box_and_the_presets_a_p6():
    """One definition per number (issue 9): the presets' cap and slots agree with the constants (A p.6, p.22)."""
    from companion.rules.constants import FISHBUCKS_CAP, MAX_PLAYERS, MOUNT_SLOTS, SLOT_NUMBERS
    from companion.rules.ruleset import build_ruleset, list_presets
    from companion.rules.scenario import table

    for preset in list_presets():
        rules = build_ruleset(preset.id)
        assert rules.money_cap == FISHBUCKS_CAP and len(rules.mount_multipliers) == MOUNT_SLOTS
    assert SLOT_NUMBERS == (1, 2, 3) and len(table(MAX_PLAYERS).players[0].mounted) == MOUNT_SLOTS


def test_the_days_phases_are_data_covering_every_move_a_p8_p9():
    """Every action type is allowed in some phase of the Day, no phase names a move that doesn't exist, each phase
    says what follows it, and the actions that use up a turn are turn moves of the Action phase (A pp.8-9)."""
    from typing import get_args

    from companion.rules.actions import Action
    from companion.rules.engine import MOVES
    from companion.rules.phases import PHASES, TURN_ACTIONS, phases_allowing

    types = {cls.model_fields["type"].default for cls in get_args(get_args(Action)[0])}
    assert types == set(MOVES)
    assert all(phases_allowing(move) for move in types)
    assert set().union(*(spec.moves | spec.turn_moves for spec in PHASES.values())) == types
    assert PHASES["action"].turn_moves >= TURN_ACTIONS
    assert all(nxt in PHASES for spec in PHASES.values() for nxt in spec.then)
    assert PHASES["ended"].then == ()
