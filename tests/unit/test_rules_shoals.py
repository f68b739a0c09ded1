"""The Shoals (docs/rules.md §3, §10): a Shoal emptied without a catch, the game's end when none is left, and The
Plug, which discards a Fish of the Sea at the start of every turn once it is revealed (A p.27)."""

from refusals import refused

from companion.rules.actions import (
    AdvancePhase,
    DropSinkers,
    EmptyShoal,
    Fish,
    Pass,
    RevealPlug,
    UseDink,
)
from companion.rules.autopilot import autopilot
from companion.rules.catalog import load_catalog
from companion.rules.common import with_player
from companion.rules.game import Game, GameSetup, PlayerSetup
from companion.rules.queries import available, sea
from companion.rules.ruleset import build_ruleset
from companion.rules.scenario import play, start_action_phase, table, to_day
from companion.rules.table_steps import table_steps

PLUG = load_catalog().fish_ref("The Plug")


def deep(players=2, **changes):
    """P1 to act at Sea at Depth III (where The Plug lies, A p.27) with Fresh dice 3, 2, 1."""
    s = start_action_phase(table(players), faces={0: [3, 2, 1], 1: [1, 1, 1], 2: [1, 1, 1]})
    return with_player(s, 0, depth=3, **changes)


def steps(state, action):
    return table_steps(state, action, play(state, action))


# --- The Plug -------------------------------------------------------------------------------------------------

def test_the_plug_goes_on_the_table_and_ends_the_turn_without_a_die_a_p27():
    s = deep()
    after = play(s, RevealPlug(player=0))
    assert after.plug_out and after.turn == 1
    assert after.players[0].fresh == s.players[0].fresh and after.players[0].hand == []


def test_the_plug_is_revealed_once_at_depth_iii_on_your_turn_a_p27_p10_p9():
    refused(with_player(deep(), 0, depth=1), RevealPlug(player=0), "A p.10")
    refused(deep(), RevealPlug(player=1), "A p.9")
    refused(with_player(deep(), 0, fresh=[]), RevealPlug(player=0), "A p.11")
    out = play(deep(), RevealPlug(player=0))
    refused(with_player(out, 1, depth=3), RevealPlug(player=1), "A p.27")


def test_the_plug_on_the_table_cannot_be_caught_rules_md_10():
    out = play(deep(), RevealPlug(player=0), Pass(player=1))
    e = refused(out, Fish(player=0, fish=PLUG, depth=3, dice=[0]), "docs/rules.md §10")
    assert "on the table" in str(e)


def test_available_offers_the_plug_only_where_it_can_be_revealed_a_p27():
    assert not available(with_player(deep(), 0, depth=2), 0).can("reveal_plug")
    assert available(deep(), 0).can("reveal_plug") and not available(deep(), 1).can("reveal_plug")
    out = play(deep(), RevealPlug(player=0), Pass(player=1))
    assert not available(out, 0).can("reveal_plug")


def test_the_plug_reminds_every_turn_start_while_it_is_out_a_p27():
    s = deep(players=3)
    first = steps(s, RevealPlug(player=0))
    assert [st.text for st in first if st.kind == "plug"] == [
        "P2: The Plug — discard the top Fish of the left-most Shoal first"]
    s = play(s, RevealPlug(player=0))
    assert sea(s).plug_reminder == "P2: The Plug — discard the top Fish of the left-most Shoal first"
    assert [st.seat for st in steps(s, Pass(player=1)) if st.kind == "plug"] == [2]
    # A free move is no new turn: no reminder.
    s = with_player(s, 1, dinks=1)
    assert not [st for st in steps(s, UseDink(player=1)) if st.kind == "plug"]


def test_without_the_plug_there_is_no_reminder_a_p27():
    s = deep()
    assert sea(s).plug_reminder is None
    assert not [st for st in steps(s, Pass(player=0)) if st.kind == "plug"]


def test_the_plug_reminder_at_the_first_turn_of_the_next_day_a_p27():
    s = play(deep(), RevealPlug(player=0), Pass(player=1), Pass(player=0))
    assert s.turn is None and sea(s).plug_reminder is None  # everyone passed: no turn starts
    s = start_action_phase(play(s, AdvancePhase()))
    assert s.plug_out and sea(s).plug_reminder.startswith(f"P{s.turn + 1}: The Plug")


def test_undo_takes_the_plug_back_off_the_table_rules_md_3():
    setup = GameSetup(players=[PlayerSetup(name="Ada", colour="red"), PlayerSetup(name="Bo", colour="blue")],
                      ruleset=build_ruleset())
    game = Game(setup=setup)
    while game.state.phase != "action":
        game = game.apply(autopilot(game.state))
    turn = game.state.turn
    game = game.apply(DropSinkers(player=turn, dice=[0, 1]))  # down to Depth III, one Fresh die left
    out = game.apply(RevealPlug(player=turn))
    assert out.state.plug_out
    assert not out.undo().state.plug_out
    assert out.undo().redo().state.plug_out
    # A stored game is its log: the same log read back gives the same table.
    assert Game.model_validate_json(out.model_dump_json()).state.plug_out


# --- Shoals emptied without a catch -------------------------------------------------------------------------------

def test_a_shoal_emptied_without_a_catch_counts_and_says_so_b():
    s = deep()
    assert sea(s).shoals_left == 9 and sea(s).can_empty
    assert [st.text for st in steps(s, EmptyShoal()) if st.kind == "shoal"] == [
        "8 Shoals left — a card emptied a Shoal"]
    assert sea(play(s, EmptyShoal())).shoals_left == 8


def test_the_last_shoal_emptied_ends_the_game_a_p27():
    s = play(deep(), *[EmptyShoal()] * 8)
    assert [st.text for st in steps(s, EmptyShoal()) if st.kind == "shoal"] == [
        "Every Shoal is empty: the game ends now (Angler's Guide p.27) — a card emptied a Shoal"]
    s = play(s, EmptyShoal())
    assert s.finished and not sea(s).can_empty and sea(s).plug_reminder is None
    assert not sea(s).game_ends and not available(s, 1).can("end_game")  # nothing left to end


def test_an_overfished_shoal_counts_too_a_p11():
    s = deep()
    overfish = Fish(player=0, fish=load_catalog().fish_ref("Sunfish"), depth=1, dice=[0], overfished=True)
    assert [st.text for st in steps(s, overfish) if st.kind == "shoal"] == ["8 Shoals left — overfished"]


# --- Making Port, from the engine (A p.17) -----------------------------------------------------------------------

def test_port_discard_is_offered_only_with_a_regret_to_discard_a_p17():
    s = to_day(table(2), 1)
    while s.phase != "declaration":
        s = play(s, autopilot(s))
    turn = s.turn
    assert available(s, turn).declare == ("sea", "port") and not available(s, turn).port_discard
    s = with_player(s, turn, regret_cards=1)
    assert available(s, turn).port_discard
    assert not available(s, 1 - turn).port_discard  # not their turn to declare
