"""Issue 48, "At the table": what a phone says is what is true (W1), the last Shoal asks before it ends the game
(W3), the catch panel says at once when a Fish's one card is elsewhere (W4), a refused Undo names the move in the
table's words (W5), the Port screen of an angler at Sea has no live Sell (W7), and equal scores are both drawn (W11)."""

from __future__ import annotations

import flet_charts as fch
from seated import on, phone, seen_by
from tables import SUNFISH, context, draw, finished, game_of, monday_action, play, tuesday_at_port, two_players
from viewtree import change, find, ids, is_enabled, label_of, tap, text_of, texts, walk

from companion.history.models import Play, PlayPlayer
from companion.rules import actions as act
from companion.rules.catalog import load_catalog
from companion.session import Sessions
from companion.store import open_store


def test_after_a_host_restart_the_seat_picker_says_no_new_game_when_none_is_in_progress(tmp_path, keys):
    """W1: a phone left on ``/seat?new=1`` came back after a restart to "A new game has started: pick your angler"
    right above "No game in progress"."""
    store = open_store(tmp_path / "data")
    store.save_game(finished())
    sessions = Sessions(store)  # the restarted host: it has started no game since
    guest = phone(keys, keys.room_code, None, sessions)
    with on(guest):
        shown = draw(context(None, "/seat?new=1", sessions=seen_by(guest, sessions)))
    assert "No game in progress" in texts(shown)
    assert "seat-new-game" not in ids(shown) and "A new game has started: pick your angler" not in texts(shown)
    store.save_game(two_players())  # a game from before the restart, still in progress: not a new one either
    with on(guest):
        shown = draw(context(None, "/seat?new=1", sessions=seen_by(guest, sessions)))
    assert "seat-anglers" in ids(shown) and "seat-new-game" not in ids(shown)


def test_the_last_shoal_emptied_asks_before_it_ends_the_game():
    """W3: the 9th "A Shoal was emptied" ended the game at once; the last Day's "End the game" asks first."""
    ctx = context(play(monday_action(), *[act.EmptyShoal()] * 8), "/table?game={id}")
    tap(draw(ctx), "empty-shoal")
    shown = draw(ctx)
    assert not game_of(ctx).state.finished and game_of(ctx).state.shoals_emptied == 8
    assert "ends the game" in text_of(shown, "empty-shoal-question")
    assert text_of(shown, "empty-shoal") == "Yes, the last Shoal was emptied"
    tap(shown, "empty-shoal-cancel")
    shown = draw(ctx)
    assert "empty-shoal-question" not in ids(shown) and not game_of(ctx).state.finished
    tap(shown, "empty-shoal")
    tap(draw(ctx), "empty-shoal")
    assert game_of(ctx).state.finished


def test_a_shoal_that_is_not_the_last_is_still_one_tap():
    ctx = context(play(monday_action(), *[act.EmptyShoal()] * 7), "/table?game={id}")
    assert is_enabled(draw(ctx), "empty-shoal")
    tap(draw(ctx), "empty-shoal")
    assert game_of(ctx).state.shoals_emptied == 8 and "empty-shoal-question" not in ids(draw(ctx))


def _seated_table(keys):
    """Monday's Action phase, Ada's and Bo's phones seated, and the whole table's."""
    sessions = Sessions(None)
    game = sessions.start_game(monday_action()).current.value
    ada, bo, table = (phone(keys, keys.room_code, {"game": game.id, "angler": seat}, sessions) for seat in (0, 1, None))
    return sessions, game.id, ada, bo, table


def test_a_refused_undo_names_the_move_in_the_tables_words(keys):
    """W5: after the table's "Start the next Day", Ada's refused Undo said "Next phase came after your last
    move…"; after Bo's catch, "Bo's Fish came after…"."""
    sessions, game_id, ada, bo, table = _seated_table(keys)
    route = f"/table?game={game_id}"
    as_ada, as_bo, as_table = (seen_by(p, sessions).game(game_id) for p in (ada, bo, table))
    assert as_ada.apply(act.Fish(player=0, fish=SUNFISH, depth=1, difficulty=2, dice=[0]), seen=as_ada.version).ok
    assert as_bo.apply(act.Fish(player=1, depth=1, difficulty=2, dice=[0, 1]), seen=as_bo.version).ok
    ctx = context(None, route, sessions=seen_by(ada, sessions))
    with on(ada):
        tap(draw(ctx), "undo")
    assert ctx.error is not None and ctx.error.startswith("Bo's Catch came after your last move")
    for move in (act.Pass(player=0), act.Pass(player=1), act.AdvancePhase()):
        assert as_table.apply(move, seen=as_table.version).ok
    ctx = context(None, route, sessions=seen_by(bo, sessions))
    with on(bo):
        tap(draw(ctx), "undo")
    assert ctx.error is not None and ctx.error.startswith("Start the next Day came after your last move")


def test_the_port_screen_of_an_angler_at_sea_has_no_live_sell_button():
    """W7: at Sea the pill says Port actions will be refused, but Sell looked ready to tap; now it is off and its
    name says why (A p.17: selling is a Port action)."""
    at_sea = play(monday_action(), act.Fish(player=0, fish=SUNFISH, depth=1, difficulty=2, dice=[0]))
    shown = draw(context(at_sea, "/port?game={id}&seat=0"))
    why = "Ada is at Sea: Port actions will be refused"
    assert text_of(shown, "port-not-here") == why
    assert not is_enabled(shown, "sell-0") and label_of(shown, "sell-0").startswith(why)
    assert "port-search" not in ids(shown)  # a Fish found there would be sold at once
    at_port = draw(context(tuesday_at_port(), "/port?game={id}&seat=0"))
    assert is_enabled(at_port, "sell-0") and not label_of(at_port, "sell-0").startswith(why)
    assert "port-search" in ids(at_port)


def test_the_catch_panel_says_at_once_that_a_fishs_one_card_is_in_another_hand(keys):
    """W4: Bo's phone offered Cax, whose one card Ada holds, and refused it only at "Catch with the selected dice",
    after the dice were set (docs/rules.md §10: every Fish card exists once). Whose hand stays unsaid."""
    sessions, game_id, ada, bo, _table = _seated_table(keys)
    as_ada = seen_by(ada, sessions).game(game_id)
    cax = load_catalog().fish_ref("Cax")
    assert as_ada.apply(act.Fish(player=0, fish=cax, depth=1, difficulty=3, dice=[0]), seen=as_ada.version).ok
    ctx = context(None, f"/player?game={game_id}&seat=1", sessions=seen_by(bo, sessions))
    why = "There is one Cax card, and it is in an angler's hand"
    with on(bo):
        change(draw(ctx), "catch-search", "cax")
        shown = draw(ctx)
        assert text_of(shown, "catch-pick-cax").endswith(why)
        tap(shown, "catch-pick-cax")
        shown = draw(ctx)
    assert text_of(shown, "catch-taken") == why and "Ada" not in text_of(shown, "catch-taken")
    assert not {"catch-fish", "catch-difficulty", "catch-secret"} & set(ids(shown)) and "catch-clear" in ids(shown)
    with on(bo):
        change(draw(ctx), "catch-search", "sunfish")
        assert not text_of(draw(ctx), "catch-pick-sunfish").endswith(why)  # a Fish still in the Sea says nothing


def test_equal_scores_in_one_play_are_both_drawn_on_the_score_chart(tmp_path):
    """W11: Ann's 3 and Bo's 3 in one play were drawn on one spot, Ann's hidden under Bo's."""
    store = open_store(tmp_path)
    for n, (ann, bo) in enumerate(((3, 3), (5, 2)), start=1):
        store.save_play(Play(id=f"p{n}", game="shallow-regrets", played=f"2026-10-0{n}T20:00:00Z", players=[
            PlayPlayer(name="Ann", score=ann, rank=1, winner=True),
            PlayPlayer(name="Bo", score=bo, rank=1 if bo == ann else 2, winner=bo == ann)]))
    chart = next(c for c in walk(find(draw(context(route="/stats", store=store)), "stats-chart-scores"))
                 if isinstance(c, fch.LineChart))
    drawn = {series.points[0].tooltip.split()[0]: [(p.x, p.y) for p in series.points]
             for series in chart.data_series}
    (ann_x, ann_y), (bo_x, bo_y) = drawn["Ann"][0], drawn["Bo"][0]
    assert ann_y == bo_y == 3 and abs(ann_x - bo_x) >= 0.1 and round(ann_x) == round(bo_x) == 1  # both, at play 1
    assert [x for x, _ in drawn["Ann"][1:]] == [x for x, _ in drawn["Bo"][1:]] == [2]  # 5 and 2: on their play
