"""Issue 36 item 3: the session says what a move asks of the table. Bo sells a Foul Fish on his own phone; the
table's phone and the host's browser are told "Bo: draw a Regret card" too (they used to learn nothing: the steps
were worked out by the screen that tapped), seen through their seat, so Ada's hand never reaches them."""

from __future__ import annotations

from seated import on, phone, seen_by
from tables import SUNFISH, context, draw, monday_action, play
from viewtree import tap, text_of

from companion.rules import actions as act
from companion.rules import queries
from companion.rules.fish import FishRef
from companion.rules.game import Game
from companion.session import Sessions
from companion.store import open_store

GHOUL_RAY = FishRef(name="Ghoul Ray", value=2, type="foul")
SALE = "Bo: draw a Regret card — sold a Foul Fish"  # A p.17: selling a Foul Fish draws a Regret card


def bo_at_port_with_a_foul_fish() -> Game:
    """Tuesday's Action phase: Bo (first player) made Port holding a Ghoul Ray; Ada is at Sea holding a Sunfish."""
    game = play(monday_action(), act.Fish(player=0, fish=SUNFISH, depth=1, difficulty=2, dice=[0]),
                act.Fish(player=1, fish=GHOUL_RAY, depth=1, difficulty=2, dice=[0, 1]),
                act.Pass(player=0), act.Pass(player=1), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    game = play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0), act.AdvancePhase())
    for seat in game.state.turn_order():
        if seat == 1:
            game = game.apply(act.Declare(player=1, location="port",
                                          faces=[1] * len(queries.dice_to_roll(game.state, 1))))
        else:
            game = game.apply(act.Declare(player=seat, location="sea"))
    return game.apply(act.AdvancePhase())


def test_the_tables_phone_and_the_host_are_told_what_bos_sale_asks_of_the_table(tmp_path, keys):
    store, game = open_store(tmp_path), bo_at_port_with_a_foul_fish()
    store.save_game(game)
    sessions = Sessions(store)
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    table = phone(keys, keys.room_code, {"game": game.id, "angler": None}, sessions)  # the whole table's phone
    host = phone(keys, keys.host_code, None, sessions)
    route = f"/table?game={game.id}"
    table_ctx = context(None, route, sessions=seen_by(table, sessions))
    host_ctx = context(None, route, sessions=seen_by(host, sessions))
    with on(table):
        assert "table-steps" not in str(draw(table_ctx))
    with on(host):
        draw(host_ctx)
    bo_ctx = context(None, f"/port?game={game.id}&seat=1", sessions=seen_by(bo, sessions))
    with on(bo):
        tap(draw(bo_ctx), "sell-0")
    assert bo_ctx.error is None and bo_ctx.steps[0] == SALE  # the outcome of Bo's move carries them
    assert sessions.game(game.id).current.value.state.players[1].regret_cards == 1
    with on(table):
        shown = draw(table_ctx)
    assert table_ctx.steps[0] == SALE and SALE in text_of(shown, "table-steps")
    with on(host):
        draw(host_ctx)
    assert host_ctx.steps[0] == SALE
    reloaded = context(None, route, sessions=seen_by(table, sessions))  # the table's phone reloads: told again
    with on(table):
        draw(reloaded)
    assert reloaded.steps[0] == SALE
    told = [*bo_ctx.steps, *table_ctx.steps, *host_ctx.steps]
    assert not any(SUNFISH.name in line for line in told)  # Ada's hand is no step of Bo's sale
    assert not any(SUNFISH.name in frame for frame in table.received())


def test_a_move_undone_is_told_to_nobody_and_a_tab_is_not_told_its_own_move_again(tmp_path, keys):
    store, game = open_store(tmp_path), bo_at_port_with_a_foul_fish()
    store.save_game(game)
    sessions = Sessions(store)
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    host = phone(keys, keys.host_code, None, sessions)
    bos, hosts = seen_by(bo, sessions).game(game.id), seen_by(host, sessions).game(game.id)
    made = bos.apply(act.Sell(player=1, fish=[GHOUL_RAY]), seen=bos.version)
    assert made.steps[0] == SALE
    assert bos.heard(made.current) == () and hosts.heard(hosts.current)[0] == SALE
    undone = hosts.undo(seen=hosts.version)
    assert undone.ok and hosts.heard(hosts.current) == () and hosts.steps(hosts.current) == ()
