"""The table's Shoals line and phase buttons, as the engine answers them (docs/rules.md §3, §9, §10; A p.8, p.17,
p.27): a Shoal a card emptied, the game's end when none is left, The Plug's reminder at every turn start, and the
declaration and reward buttons the engine allows."""

from __future__ import annotations

from tables import context, draw, finished, game_of, monday_action, play, tuesday_at_port, two_players
from viewtree import change, find, ids, is_enabled, tap, text_of, texts

from companion.rules import actions as act


def at_table(game):
    return context(game, "/table?game={id}")


def test_a_shoal_emptied_by_a_card_is_counted_and_undone_b():
    ctx = at_table(monday_action())
    assert text_of(draw(ctx), "shoals-left") == "9 Shoals left of 9"
    tap(draw(ctx), "empty-shoal")
    v = draw(ctx)
    assert text_of(v, "shoals-left") == "8 Shoals left of 9"
    assert game_of(ctx).state.shoals_emptied == 1
    assert any("8 Shoals left" in line for line in texts(find(v, "table-steps")))
    tap(v, "undo")
    assert text_of(draw(ctx), "shoals-left") == "9 Shoals left of 9"


def test_the_last_shoal_emptied_ends_the_game_a_p27():
    ctx = at_table(play(monday_action(), *[act.EmptyShoal()] * 8))
    assert "shoals-end-game" not in ids(draw(ctx))
    tap(draw(ctx), "empty-shoal")
    tap(draw(ctx), "empty-shoal")  # asked first (issue 48 W3), the second tap ends the game (A p.27)
    v = draw(ctx)
    assert game_of(ctx).state.finished
    assert "Every Shoal is empty: the game ends now (Angler's Guide p.27)" in text_of(v, "table-steps")
    assert "score-game" in ids(v) and "shoals" not in ids(v)


def _plug_out():
    """Ada dropped to Depth III and revealed The Plug; Bo's turn."""
    return play(monday_action(), act.DropSinkers(player=0, dice=[1, 2]), act.RevealPlug(player=0))


def test_the_plug_reminds_the_table_at_every_turn_start_a_p27():
    ctx = at_table(_plug_out())
    v = draw(ctx)
    assert text_of(v, "plug-reminder") == "Bo: The Plug — discard the top Fish of the left-most Shoal first"
    assert is_enabled(v, "empty-shoal")  # the one tap for a Shoal that discard emptied
    # ... and on the card the table scrolls to, the angler's whose turn starts
    assert "plug-first-1" in ids(v) and "plug-first-0" not in ids(v)
    tap(v, "pass-1")
    assert text_of(draw(ctx), "plug-reminder").startswith("Ada: The Plug")
    assert "plug-first-0" in ids(draw(ctx))
    tap(draw(ctx), "undo")
    tap(draw(ctx), "undo")
    assert not {"plug-reminder", "plug-first-0"} & set(ids(draw(ctx)))  # undone: The Plug is back in the Sea
    assert not game_of(ctx).state.plug_out


def test_the_plug_is_put_on_the_table_from_the_anglers_screen_a_p27():
    game = play(monday_action(), act.DropSinkers(player=0, dice=[1, 2]))
    ctx = context(game, "/player?game={id}&seat=0")
    change(draw(ctx), "catch-search", "plug")
    tap(draw(ctx), "catch-pick-the-plug")
    v = draw(ctx)
    assert "catch-fish" not in ids(v)
    tap(v, "reveal-plug")
    state = game_of(ctx).state
    assert state.plug_out and state.turn == 1 and len(state.players[0].fresh) == 1


def test_the_plug_at_depth_i_is_refused_with_its_rule_a_p10():
    ctx = context(monday_action(), "/player?game={id}&seat=0")
    change(draw(ctx), "catch-search", "plug")
    tap(draw(ctx), "catch-pick-the-plug")
    tap(draw(ctx), "reveal-plug")
    assert not game_of(ctx).state.plug_out
    assert "Depth" in (ctx.error or "") and "p.10" in (ctx.error or "")


# --- phase buttons from the engine --------------------------------------------------------------------------------

def _tuesday_declaration(preset="anglers-guide", regrets=0):
    """Tuesday's Declaration, both anglers at Sea on Monday; the first player declares first."""
    game = play(monday_action(preset), act.Pass(player=0), act.Pass(player=1), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    game = play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0), act.AdvancePhase())
    if regrets:
        game = game.apply(act.DrawRegret(player=game.state.turn, count=regrets))
    return game


def test_make_port_and_discard_only_with_a_regret_to_discard_a_p17():
    game = _tuesday_declaration()
    turn = game.state.turn
    v = draw(at_table(game))
    assert {f"declare-sea-{turn}", f"declare-port-{turn}"} <= set(ids(v))
    assert f"declare-port-discard-{turn}" not in ids(v)
    assert f"declare-sea-{1 - turn}" not in ids(v)  # not their turn to declare (A p.8)
    v = draw(at_table(_tuesday_declaration(regrets=1)))
    assert f"declare-port-discard-{turn}" in ids(v)


def test_no_port_the_day_after_port_where_the_ruleset_says_so_c():
    """Chinese summary (C): an angler at Port yesterday must go to Sea."""
    game = play(tuesday_at_port("chinese-summary"), act.Pass(player=0), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    game = play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0), act.AdvancePhase())
    while game.state.turn != 0:
        game = game.apply(act.Declare(player=game.state.turn, location="sea"))
    v = draw(at_table(game))
    assert "declare-sea-0" in ids(v) and "declare-port-0" not in ids(v)


def test_a_passing_reward_of_a_regret_only_with_a_regret_card_rules_md_9():
    v = draw(at_table(monday_action("three-shops")))
    assert "pass-dink-0" in ids(v) and "pass-regret-0" not in ids(v)
    v = draw(at_table(play(monday_action("three-shops"), act.DrawRegret(player=0))))
    assert {"pass-dink-0", "pass-regret-0"} <= set(ids(v))


def test_counters_follow_the_engine_at_the_end_a_p22():
    v = draw(at_table(finished()))
    assert not is_enabled(v, "regret-plus-0") and not is_enabled(v, "fishbucks-plus-0")
    assert is_enabled(draw(at_table(two_players())), "regret-plus-0")
