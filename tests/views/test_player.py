"""The player screen: dice pools, catching from the catalog, Can of Worms, Lifeboat."""

from __future__ import annotations

from tables import context, draw, game_of, monday_action, play, two_players
from viewtree import change, find, ids, tap, text_of, texts

from companion.rules import actions as act


def at_player(game, seat=0):
    return context(game, "/player?game={id}&seat=" + str(seat))


def test_dice_pools_show_kinds_and_faces():
    """docs/rules.md §1: every angler starts with 3 player dice; Ada rolled 3, 3, 2."""
    v = draw(at_player(monday_action()))
    assert [text_of(v, f"fresh-die-{k}") for k in range(3)] == ["Angler die 3", "Angler die 3", "Angler die 2"]
    assert "spent-die-0" not in ids(v)


def test_catch_a_fish_with_the_selected_dice():
    """A p.10: dice whose sum reaches the Difficulty catch the Fish; it goes to the hand."""
    ctx = at_player(monday_action())
    change(draw(ctx), "catch-search", "sunfish")
    tap(draw(ctx), "catch-pick-sunfish")
    tap(draw(ctx), "fresh-die-0")
    assert text_of(draw(ctx), "selected-dice") == "Selected: Angler die 3"
    tap(draw(ctx), "catch-fish")
    assert ctx.error is None
    v = draw(ctx)
    assert "Sunfish · Fair 4 · sells for $6 now" in texts(find(v, "hand-0"))
    assert len(game_of(ctx).state.players[0].fresh) == 2


def test_catching_without_dice_is_refused_with_its_rule():
    """A p.10: dice worth 0 don't reach a Difficulty of 2."""
    ctx = at_player(monday_action())
    change(draw(ctx), "catch-search", "sunfish")
    tap(draw(ctx), "catch-pick-sunfish")
    before = game_of(ctx)
    tap(draw(ctx), "catch-fish")
    assert game_of(ctx) is before
    assert "(Angler's Guide p.10)" in ctx.error


def test_can_of_worms_flips_face_down_once():
    """A p.11: peeking flips the Can of Worms; a face-down can can't be used again."""
    ctx = at_player(monday_action())
    tap(draw(ctx), "can-of-worms")
    assert text_of(draw(ctx), "can-of-worms") == "Can of Worms: face down"
    tap(draw(ctx), "can-of-worms")
    assert ctx.error == "Ada's Can of Worms is face down (Angler's Guide p.11)"


def test_abandon_ship_flips_the_lifeboat_and_makes_port():
    """A p.10: Abandon Ship flips the Lifeboat and Makes Port at once."""
    ctx = at_player(monday_action())
    tap(draw(ctx), "abandon-ship")
    assert text_of(draw(ctx), "player-where") == "Sea, Depth I"  # asked first (issue 12)
    assert "abandon-ship-question" in ids(draw(ctx))
    tap(draw(ctx), "abandon-ship")
    tap(draw(ctx), "port-roll-0")  # Making Port's muster (A p.17), rolled by the app
    v = draw(ctx)
    assert text_of(v, "abandon-ship") == "Lifeboat: flipped (+10 Regret value)"
    assert text_of(v, "player-where") == "Port"


def test_abandon_ship_offers_the_optional_regret_discard():
    """Issue 26, bug 5; A p.17: arriving at Port during the Declaration or by the Lifeboat, "Discard one Regret card
    (optional)": with 2 Regret cards, Ada abandons ship, discards one and keeps 1."""
    ctx = at_player(play(monday_action(), act.DrawRegret(player=0, count=2)))
    tap(draw(ctx), "abandon-ship")
    tap(draw(ctx), "abandon-ship")  # yes
    v = draw(ctx)
    assert {"abandon-ship-port", "abandon-ship-discard"} <= set(ids(v))
    tap(v, "abandon-ship-discard")
    tap(draw(ctx), "port-roll-0")
    ada = game_of(ctx).state.players[0]
    assert (ada.location, ada.lifeboat, ada.regret_cards) == ("port", False, 1)


def test_abandon_ship_without_a_regret_card_goes_straight_to_the_muster():
    """A p.17: with no Regret card there is nothing to discard, so no choice is asked."""
    ctx = at_player(monday_action())
    tap(draw(ctx), "abandon-ship")
    tap(draw(ctx), "abandon-ship")
    v = draw(ctx)
    assert "abandon-ship-discard" not in ids(v) and "port-roll-0" in ids(v)


def test_player_screen_links_back_to_the_table():
    ctx = at_player(two_players(), seat=1)
    tap(draw(ctx), "table")
    assert ctx.route == f"/table?game={game_of(ctx).id}"


def test_a_rod_is_equipped_at_declaration_only():
    """A p.8: Rods and Reels are equipped in the Declaration phase; a catalog Rod offers no Reel button."""
    game = play(monday_action(), act.GainItem(player=0, item="Narwhal Rod"))
    ctx = at_player(game)
    v = draw(ctx)
    assert "equip-rod-0" in ids(v) and "equip-reel-0" not in ids(v) and "use-item-0" not in ids(v)
    tap(v, "equip-rod-0")
    assert ctx.error == "Rods and Reels are equipped in the Declaration phase (Angler's Guide p.8)"


def test_an_equipped_rod_is_not_offered_again():
    """Issue 26; A p.8: "Equip Rod" went on being offered for the Rod just equipped."""
    game = play(monday_action(), act.GainItem(player=0, item="Narwhal Rod"), act.Pass(player=0), act.Pass(player=1),
                act.AdvancePhase(), act.Refresh(player=0, faces=[3, 3, 3]), act.Refresh(player=1, faces=[1, 1, 1]))
    game = play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=1), act.AdvancePhase())
    ctx = at_player(game)
    tap(draw(ctx), "equip-rod-0")
    assert ctx.error is None and game_of(ctx).state.players[0].rod == "Narwhal Rod"
    v = draw(ctx)
    assert "equip-rod-0" not in ids(v) and "item-0" in ids(v)


def test_a_supply_can_be_used():
    game = play(monday_action(), act.GainItem(player=0, item="Absinthe"))
    ctx = at_player(game)
    tap(draw(ctx), "use-item-0")
    assert ctx.error is None and game_of(ctx).state.players[0].items == []


def _tentacles_tuesday():
    """Tuesday, Ada's turn at Sea, Depth III with two Fresh 3s; Bo Mounted a Sunfish on slot 1 at Port."""
    from companion.rules.catalog import load_catalog

    sunfish = load_catalog().fish_ref("Sunfish")
    game = two_players(expansions=("lamentable-tentacles",))
    game = play(game, act.Refresh(player=0, faces=[3, 3, 3]), act.Refresh(player=1, faces=[2, 1, 1]),
                act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase(), act.Pass(player=0),
                act.Fish(player=1, fish=sunfish, depth=1, dice=[0]), act.Pass(player=1), act.AdvancePhase(),
                act.Refresh(player=0, faces=[3, 3, 3]), act.Refresh(player=1, faces=[1, 1, 1]),
                act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase(),
                act.Declare(player=1, location="port", faces=[1, 1, 1]), act.Declare(player=0, location="sea"),
                act.AdvancePhase(), act.Mount(player=1, fish=sunfish, slot=1),
                act.GainDie(player=0, kind="orange", face=3), act.DropSinkers(player=0, dice=[0, 1]))
    return game


def test_hadal_shade_offers_the_swap_for_another_anglers_mounted_fish_rules_11():
    """docs/rules.md §11: on catching Hadal Shade, Ada may take 3 Regrets to swap it for Bo's Mounted Sunfish."""
    ctx = at_player(_tentacles_tuesday())
    change(draw(ctx), "catch-search", "hadal")
    tap(draw(ctx), "catch-pick-hadal-shade")
    v = draw(ctx)
    assert "catch-swap-1-1" in ids(v) and "Sunfish" in text_of(v, "catch-swap-1-1")
    tap(v, "catch-swap-1-1")
    tap(draw(ctx), "fresh-die-0")
    tap(draw(ctx), "fresh-die-1")
    tap(draw(ctx), "catch-fish")
    ada, bo = game_of(ctx).state.players
    assert [f.name for f in ada.hand] == ["Sunfish"] and ada.regret_cards == 3
    assert bo.mounted[0].name == "Hadal Shade"


def test_giving_up_an_overmind_you_can_pay_for_is_refused_rules_11():
    ctx = at_player(_tentacles_tuesday())
    change(draw(ctx), "catch-search", "overmind")
    tap(draw(ctx), "catch-pick-overmind")
    tap(draw(ctx), "fresh-die-0")
    tap(draw(ctx), "give-up")
    assert "Overmind must be caught" in (ctx.error or "")


def test_abandon_ship_with_an_overmind_asks_for_its_slot_rules_11():
    """docs/rules.md §11: the Overmind is Mounted when you Make Port, and Abandon Ship Makes Port (A p.10): after the
    question, Ada picks the empty slot; with the app's roll she is at Port with the Overmind on slot 2."""
    from companion.rules.catalog import load_catalog

    overmind = load_catalog().fish_ref("Overmind")
    game = _tentacles_tuesday()
    game = play(game, act.Fish(player=0, fish=overmind, depth=2, dice=[0]), act.Pass(player=1))
    ctx = at_player(game)
    tap(draw(ctx), "abandon-ship")
    tap(draw(ctx), "abandon-ship")  # yes
    v = draw(ctx)
    assert {"abandon-ship-overmind-1", "abandon-ship-overmind-2", "abandon-ship-overmind-3"} <= set(ids(v))
    assert "port-roll-0" not in ids(v)  # the slot is asked before the muster
    tap(v, "abandon-ship-overmind-2")
    tap(draw(ctx), "port-roll-0")
    assert ctx.error is None
    ada = game_of(ctx).state.players[0]
    assert ada.location == "port" and [f and f.name for f in ada.mounted] == [None, "Overmind", None]
    assert "Overmind" not in [f.name for f in ada.hand]
