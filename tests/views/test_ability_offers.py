"""A Fish's catch and eat abilities as one-tap buttons on the angler's screen (issue 12 item 4, docs/rules.md §10:
an ability that changes a number the app tracks is offered as a one-tap action, a Fish Coin one per side)."""

from __future__ import annotations

from seated import on, phone, seen_by
from tables import context, draw, game_of, monday_action, play
from viewtree import change, ids, is_enabled, tap, text_of, texts

from companion.rules import actions as act
from companion.session import Sessions


def _caught(game, fish, dice, seat=0, ctx=None):
    """The angler's screen after catching ``fish`` (a catalog id) with the Fresh dice ``dice``."""
    ctx = ctx or context(game, "/player?game={id}&seat=" + str(seat))
    change(draw(ctx), "catch-search", fish.replace("-", " "))
    tap(draw(ctx), f"catch-pick-{fish}")
    for k in dice:
        tap(draw(ctx), f"fresh-die-{k}")
    tap(draw(ctx), "catch-fish")
    assert ctx.error is None, ctx.error
    return ctx


def test_a_ghoul_ray_caught_offers_its_regret_and_one_tap_draws_it():
    """docs/rules.md §10 (D: Ghoul Ray, "Catch: take a Regret"): one button, one tap, one Regret card."""
    ctx = _caught(monday_action(), "ghoul-ray", [2])  # Difficulty 2, Ada's die showing 2 (A p.10)
    v = draw(ctx)
    assert text_of(v, "ability-title-0") == "Ghoul Ray — when caught"
    assert text_of(v, "ability-0-0") == "Draw a Regret card"
    assert "ability-0-1" not in ids(v)
    tap(v, "ability-0-0")
    assert game_of(ctx).state.players[0].regret_cards == 1
    assert "ability-0-0" not in ids(draw(ctx))  # used: the offer is gone
    assert "Ada: draw a Regret card" in " ".join(ctx.steps)  # what the table does by hand (issue 12 item 4)


def test_a_fish_coin_fish_offers_one_button_per_side():
    """docs/rules.md §10 (D: Selkie, coin flip: heads you gain $3, tails the others gain $1)."""
    game = play(monday_action(), act.DropSinkers(player=0, dice=[2]))  # to Depth II (A p.10)
    ctx = _caught(game, "selkie", [0, 1])  # 3 + 3 reach Difficulty 5
    v = draw(ctx)
    assert [text_of(v, f"ability-0-{k}") for k in range(2)] == ["Heads: gain $3", "Tails: every other angler: gain $1"]
    tap(v, "ability-0-1")
    assert [p.fishbucks for p in game_of(ctx).state.players] == [0, 1]


def test_an_offer_the_engine_refuses_is_disabled_with_its_reason():
    """docs/rules.md §10: an offer is checked by the engine; Rotfish's "take a Regret, flip your Can of Worms"
    is refused once the catch has ended Ada's turn (A p.9), and the button says why instead of doing nothing."""
    game = play(monday_action(), act.DropSinkers(player=0, dice=[2]))  # to Depth II (A p.10)
    ctx = _caught(game, "rotfish", [0])  # Difficulty 2, a die showing 3
    v = draw(ctx)
    assert not is_enabled(v, "ability-0-0")
    assert text_of(v, "ability-why-0-0") == "It is not Ada's turn (Angler's Guide p.9)"


def test_faces_entered_for_a_refresh_end_up_on_the_die():
    """A p.28 (glossary, Refresh) and issue 12 item 1: eating a Geist (D: "Refresh 1, take a Regret") rolls Ada's
    Spent die back into the Fresh pool; the face the table rolled is the one the app keeps."""
    ctx = _caught(monday_action(), "geist", [2])  # Ada's die showing 2 is Spent
    tap(draw(ctx), "ability-0-0")  # its catch: take a Regret
    session = ctx.sessions.game(game_of(ctx).id)
    session.apply(act.Pass(player=1), seen=session.version)  # Ada's turn again
    tap(draw(ctx), "eat-0")
    v = draw(ctx)
    assert text_of(v, "ability-title-0") == "Geist — when eaten"
    tap(v, "ability-0-0")
    assert "ability-die-0-1" not in ids(draw(ctx))  # one die rolled: one row of faces
    tap(draw(ctx), "ability-faces-0")  # no face tapped yet: refused, nothing changed
    assert ctx.error == "Tap the face of each die Ada rolled first"
    assert game_of(ctx).state.players[0].regret_cards == 1
    tap(draw(ctx), "ability-face-0-0-1")
    assert text_of(draw(ctx), "ability-die-0-0") == "Angler die 1"
    tap(draw(ctx), "ability-faces-0")
    ada = game_of(ctx).state.players[0]
    assert [d.face for d in ada.fresh] == [3, 3, 1] and ada.spent == []
    assert ada.regret_cards == 2
    assert "ability-0-0" not in ids(draw(ctx))


def test_let_the_app_roll_applies_the_offer_with_its_own_dice():
    """Issue 12 item 1: "Let the app roll" stays a choice; the Refresh still takes the Spent die (A p.28)."""
    ctx = _caught(monday_action(), "ghoul-ray", [2])
    tap(draw(ctx), "ability-0-0")
    session = ctx.sessions.game(game_of(ctx).id)
    session.apply(act.Pass(player=1), seen=session.version)
    tap(draw(ctx), "eat-0")
    tap(draw(ctx), "ability-0-0")
    tap(draw(ctx), "ability-roll-0")
    ada = game_of(ctx).state.players[0]
    assert len(ada.fresh) == 3 and ada.spent == [] and ada.regret_cards == 3


def test_not_now_and_another_move_take_the_offer_away():
    """Issue 12 item 4: the offer is there until used, dismissed, or another move is made; nothing is applied."""
    ctx = _caught(monday_action(), "ghoul-ray", [2])
    tap(draw(ctx), "ability-done-0")
    assert "ability-0-0" not in ids(draw(ctx))
    assert game_of(ctx).state.players[0].regret_cards == 0
    ctx = _caught(monday_action(), "ghoul-ray", [2])
    tap(draw(ctx), "draw-dink")
    assert "ability-0-0" not in ids(draw(ctx))
    ctx = _caught(monday_action(), "ghoul-ray", [2])
    tap(draw(ctx), "undo")  # the catch taken back: so is its ability
    assert "ability-0-0" not in ids(draw(ctx))


def test_a_card_left_secret_offers_nothing():
    """docs/rules.md §4: a Fish caught without entering its card stays secret; its ability is not named on screen."""
    ctx = context(monday_action(), "/player?game={id}&seat=0")
    change(draw(ctx), "catch-search", "ghoul ray")
    tap(draw(ctx), "catch-pick-ghoul-ray")
    change(draw(ctx), "catch-secret", True)
    tap(draw(ctx), "fresh-die-2")
    tap(draw(ctx), "catch-fish")
    assert ctx.error is None
    assert "ability-title-0" not in ids(draw(ctx))


def test_the_offer_stays_on_the_catchers_phone(keys):
    """Issue 10 item 4 (hidden things on their angler's phone): Bo's phone can't open Ada's screen, and Bo's own
    screen doesn't show the Fish Ada caught."""
    game = monday_action()
    sessions = Sessions(None)
    sessions.start_game(game)
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    ada_ctx = context(None, f"/player?game={game.id}&seat=0", sessions=seen_by(ada, sessions))
    bo_mine = context(None, f"/player?game={game.id}&seat=1", sessions=seen_by(bo, sessions))
    bo_hers = context(None, f"/player?game={game.id}&seat=0", sessions=seen_by(bo, sessions))
    with on(ada):
        _caught(game, "ghoul-ray", [2], ctx=ada_ctx)
        assert "ability-0-0" in ids(draw(ada_ctx))
    with on(bo):
        for shown in (draw(bo_mine), draw(bo_hers)):
            assert not [i for i in ids(shown) if i.startswith("ability-")]
            assert "Ghoul Ray — when caught" not in texts(shown)
