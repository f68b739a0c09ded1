"""The table's own dice wherever dice are rolled (issue 12): Making Port's muster (A p.17) and a die bought at the
Market (A p.17) take the faces the angler taps, checked against the die; "Let the app roll" stays."""

from __future__ import annotations

from tables import SUNFISH, context, draw, game_of, monday_action, play, tuesday_at_port
from viewtree import ids, label_of, tap, text_of

from companion.rules import actions as act


def tuesday_declaration():
    """Tuesday's Declaration: Bo (first player) declared Sea; Ada, Fresh 1, 1, 1, to declare."""
    game = play(monday_action(), act.Fish(player=0, fish=SUNFISH, depth=1, difficulty=2, dice=[0]),
                act.Pass(player=1), act.Pass(player=0), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    return play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0), act.AdvancePhase(),
                act.Declare(player=1, location="sea"))


def test_making_port_takes_the_faces_the_angler_rolled():
    """A p.17: Making Port musters again; Ada rerolls her three Fresh dice and taps 3, 3, 2."""
    ctx = context(tuesday_declaration(), "/table?game={id}")
    tap(draw(ctx), "declare-port-0")
    assert game_of(ctx).state.players[0].location != "port"  # nothing sent before the faces
    for n, face in enumerate((3, 3, 2)):
        tap(draw(ctx), f"face-0-{n}-{face}")
    tap(draw(ctx), "port-faces-0")
    ada = game_of(ctx).state.players[0]
    assert ada.location == "port" and sorted(d.face for d in ada.fresh) == [2, 3, 3]
    assert game_of(ctx).log[-1].faces == [3, 3, 2]


def test_making_port_can_still_be_rolled_by_the_app_or_taken_back():
    ctx = context(tuesday_declaration(), "/table?game={id}")
    tap(draw(ctx), "declare-port-0")
    tap(draw(ctx), "port-cancel-0")
    assert {"declare-sea-0", "declare-port-0"} <= set(ids(draw(ctx)))
    tap(draw(ctx), "declare-port-0")
    tap(draw(ctx), "port-roll-0")
    last = game_of(ctx).log[-1]
    assert isinstance(last, act.Declare) and last.location == "port" and last.faces is None


def test_making_port_asks_for_every_face():
    ctx = context(tuesday_declaration(), "/table?game={id}")
    before = game_of(ctx)
    tap(draw(ctx), "declare-port-0")
    tap(draw(ctx), "face-0-0-3")
    tap(draw(ctx), "port-faces-0")
    assert game_of(ctx) is before and ctx.error == "Tap the face of each die Ada rolled first"


def test_a_die_bought_at_the_market_shows_the_face_tapped():
    """A p.17: a bought tackle die is rolled at once into the Fresh pool (Ada holds 3 dice, Max dice 3 at no
    Regrets: the orange 3 is Fresh, the lowest angler die Spent). Orange shows only 2 or 3 (docs/rules.md §1)."""
    ctx = context(tuesday_at_port(fishbucks=5), "/port?game={id}&seat=0")
    v = draw(ctx)
    assert {"buy-die-orange-face-2", "buy-die-orange-face-3"} <= set(ids(v)) and "buy-die-orange-face-1" not in ids(v)
    assert text_of(v, "buy-die-blue-rolled") == "Rolled"
    tap(v, "buy-die-orange-face-3")
    ada = game_of(ctx).state.players[0]
    assert ctx.error is None and ada.fishbucks == 2
    assert any(d.kind == "orange" and d.face == 3 for d in ada.fresh)
    assert game_of(ctx).log[-1].faces == [3]


def test_a_die_bought_at_the_market_can_be_rolled_by_the_app():
    ctx = context(tuesday_at_port(fishbucks=5), "/port?game={id}&seat=0")
    tap(draw(ctx), "buy-die-green")
    last = game_of(ctx).log[-1]
    assert isinstance(last, act.Buy) and last.colour == "green" and last.faces is None
    assert game_of(ctx).state.players[0].fishbucks == 4


def test_abandon_ship_musters_with_the_faces_the_angler_rolled():
    """A p.10, p.17: Abandon Ship Makes Port at once, so Ada musters again: Fresh 3, 3, 2 rerolled as 1, 2, 3."""
    ctx = context(monday_action(), "/player?game={id}&seat=0")
    tap(draw(ctx), "abandon-ship")
    tap(draw(ctx), "abandon-ship")  # yes
    for n, face in enumerate((1, 2, 3)):
        tap(draw(ctx), f"face-0-{n}-{face}")
    tap(draw(ctx), "port-faces-0")
    last = game_of(ctx).log[-1]
    assert isinstance(last, act.AbandonShip) and last.faces == [1, 2, 3]
    ada = game_of(ctx).state.players[0]
    assert ada.location == "port" and not ada.lifeboat and sorted(d.face for d in ada.fresh) == [1, 2, 3]


def test_three_shops_dice_drawn_by_hand_are_bought_with_their_faces():
    """docs/rules.md §5: the $3 tackle tier takes 2 dice from the bag, rolled at once (A p.16). Ada drew an orange
    and a blue and rolled 3 and 0; with Fresh 1, 1, 1 and Max dice 4 the blue 0 is Spent (A p.20)."""
    ctx = context(tuesday_at_port("three-shops", fishbucks=5), "/port?game={id}&seat=0")
    tap(draw(ctx), "tackle-die-orange-face-3")
    tap(draw(ctx), "tackle-die-blue-face-0")
    assert text_of(draw(ctx), "tackle-drawn") == "Drawn: Orange 3, Blue 0"
    tap(draw(ctx), "buy-tackle-3")
    assert ctx.error is None
    last = game_of(ctx).log[-1]
    assert isinstance(last, act.Buy) and last.dice == ["orange", "blue"] and last.faces == [3, 0]
    ada = game_of(ctx).state.players[0]
    assert sorted((d.kind, d.face) for d in ada.fresh) == [("orange", 3), ("player", 1), ("player", 1), ("player", 1)]
    assert [d.kind for d in ada.spent] == ["blue"]
    assert text_of(draw(ctx), "tackle-drawn") == "Drawn: none: the app draws and rolls"


def test_three_shops_too_few_dice_drawn_is_refused():
    ctx = context(tuesday_at_port("three-shops", fishbucks=5), "/port?game={id}&seat=0")
    before = game_of(ctx)
    tap(draw(ctx), "tackle-die-green-face-2")
    tap(draw(ctx), "buy-tackle-3")
    assert game_of(ctx) is before
    assert ctx.error.startswith("$3 buys 2 dice")
    tap(draw(ctx), "tackle-drawn-clear")
    tap(draw(ctx), "buy-tackle-1")  # nothing entered: the app draws and rolls one die
    assert ctx.error is None and game_of(ctx).log[-1].dice is None


def test_a_face_button_says_whose_die_and_that_it_is_a_face():
    """Issue 46: "Ann: die 1, Angler die" then "3" never said *face*: it read as a die named "Angler die 3"."""
    ctx = context(tuesday_declaration(), "/table?game={id}")
    tap(draw(ctx), "declare-port-0")
    assert label_of(draw(ctx), "face-0-0-3") == "Ada: die 1, Angler die: face"
