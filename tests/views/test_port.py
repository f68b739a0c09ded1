"""The Port screen: sale values at today's Madness, purchases with discounts, refusals in one line, mounting."""

from __future__ import annotations

from tables import SUNFISH, context, draw, game_of, monday_action, play, tuesday_at_port, two_players
from viewtree import change, find, ids, is_enabled, label_of, tap, text_of, texts

from companion.rules import actions as act
from companion.rules.fish import FishRef
from companion.rules.visibility import visible_game

FOUL_5 = FishRef(name="Anglerfish", value=5, type="foul")
FOUL_3 = FishRef(value=3, type="foul")
EVERY_REGRET = 20  # both Regret piles at the start (A p.18): Bo draws them all


def at_port(game, seat=0):
    return context(game, "/port?game={id}&seat=" + str(seat))


def test_sale_value_follows_madness():
    """docs/rules.md §2: a Fair 4 sells for 4 + 2 = $6 with no Regret cards, and for 4 − 2 = $2 at 13+."""
    ctx = at_port(tuesday_at_port())
    assert text_of(draw(ctx), "sell-0") == "Sell $6"
    ctx = at_port(play(tuesday_at_port(), act.DrawRegret(player=0, count=13)))
    assert text_of(draw(ctx), "sell-0") == "Sell $2"


def test_selling_adds_fishbucks_and_empties_the_hand():
    ctx = at_port(tuesday_at_port())
    tap(draw(ctx), "sell-0")
    v = draw(ctx)
    assert ctx.error is None
    assert text_of(v, "port-fishbucks").startswith("$6")
    assert "sell-0" not in ids(v)


def test_catalog_picker_shows_what_a_fish_sells_for_now():
    """docs/rules.md §2: Sunfish (Fair 4) at Madness 0 sells for $6."""
    ctx = at_port(tuesday_at_port())
    change(draw(ctx), "port-search", "sunf")
    assert text_of(draw(ctx), "port-pick-sunfish") == "Sunfish · Fair 4 · sells for $6 now"


def test_purchase_refused_when_short_of_fishbucks_names_the_rule():
    """A p.17: the Market's orange die costs $3; Ada has $0."""
    ctx = at_port(tuesday_at_port())
    before = game_of(ctx)
    tap(draw(ctx), "buy-die-orange")
    assert game_of(ctx) is before
    assert ctx.error == "Ada has $0; this costs $3 (Angler's Guide p.17)"
    assert find(draw(ctx), "error-line").visible


def test_accepted_purchase_pays_the_quoted_price():
    """A p.16: a blue Market die costs $2."""
    ctx = at_port(tuesday_at_port(fishbucks=5))
    v = draw(ctx)
    assert text_of(v, "buy-quote-die-blue") == "$2"
    tap(v, "buy-die-blue")
    assert ctx.error is None
    assert text_of(draw(ctx), "port-fishbucks").startswith("$3")


def test_life_preserver_discount_is_itemised():
    """docs/rules.md §5: the Life Preserver takes $2 off (B, C)."""
    game = tuesday_at_port(fishbucks=5)
    assert game.state.life_preserver == 0
    ctx = at_port(game)
    change(draw(ctx), "discount-life-preserver", True)
    assert text_of(draw(ctx), "buy-quote-die-orange") == "$3 − Life Preserver $2 = $1"


def test_three_shops_offers_each_tier():
    """docs/rules.md §5: three shops (Rods and Reels are one) each sell at $1, $3 and $5."""
    v = draw(at_port(tuesday_at_port("three-shops", fishbucks=5)))
    for shop in ("rods-reels", "supplies", "tackle"):
        assert {f"buy-{shop}-1", f"buy-{shop}-3", f"buy-{shop}-5"} <= set(ids(v))
    assert "buy-rods-1" not in ids(v) and "buy-reels-1" not in ids(v)
    assert "buy-die-blue" not in ids(v)


def test_three_shops_tiers_say_what_they_buy():
    """docs/rules.md §5: at the Rods and Reels shop $1 is the top card, $3 draws 3 and keeps 1."""
    v = draw(at_port(tuesday_at_port("three-shops", fishbucks=5)))
    assert text_of(v, "port-shop-rods-reels").startswith("Rods and Reels")
    assert text_of(v, "buy-rods-reels-1") == "$1: the top card"
    assert text_of(v, "buy-rods-reels-3") == "$3: draw 3, keep 1"


def test_a_sale_over_the_cap_says_what_is_lost():
    """docs/rules.md §5: money beyond $10 is lost — with $9, selling the Sunfish for $6 loses $5."""
    v = draw(at_port(tuesday_at_port(fishbucks=9)))
    assert text_of(v, "sell-lost-0") == "$5 lost to the $10 cap"
    assert "sell-lost-0" not in ids(draw(at_port(tuesday_at_port(fishbucks=4))))


def test_mount_puts_the_fish_in_the_chosen_slot():
    """A p.17: slots score ×2, ×3, ×2."""
    ctx = at_port(tuesday_at_port())
    v = draw(ctx)
    assert text_of(v, "mount-0-2") == "Slot 2 ×3"
    tap(v, "mount-0-2")
    v = draw(ctx)
    assert text_of(v, "mounted-2") == "Slot 2 (×3): Sunfish · Fair 4"
    assert game_of(ctx).state.players[0].mounted[1] == SUNFISH


def test_port_actions_at_sea_are_refused():
    ctx = at_port(monday_action())
    v = draw(ctx)
    assert "port-not-here" in ids(v)
    tap(v, "buy-die-blue")
    assert ctx.error is not None and game_of(ctx).log == monday_action().log


def test_unknown_seat_shows_no_game():
    v = draw(context(tuesday_at_port(), "/port?game={id}&seat=9"))
    assert "go-home" in ids(v)


def test_market_cycling_costs_a_dollar_and_is_refused_without_one():
    """A p.17: $1 replaces the visible items of one type (Market only)."""
    ctx = at_port(tuesday_at_port())
    tap(draw(ctx), "cycle-rods")
    assert ctx.error == "Ada has $0; this costs $1 (Angler's Guide p.17)"
    ctx = at_port(tuesday_at_port(fishbucks=3))
    tap(draw(ctx), "cycle-dice")
    assert ctx.error is None and text_of(draw(ctx), "port-fishbucks").startswith("$2")


def test_three_shops_has_no_market_to_cycle():
    assert "cycle-rods" not in ids(draw(at_port(tuesday_at_port("three-shops"))))


def test_a_market_rod_picked_from_the_catalog_is_in_the_gear():
    """Issue 12 item 3, issue 26, A p.17: a Rod picked from the Rods the Market sells, bought at its printed $3
    (the stepper starts at $1, docs/rules.md §5: two taps up), joins the angler's items; the Reels and Supplies are
    not offered at the Rod shop."""
    ctx = at_port(tuesday_at_port(fishbucks=5))
    tap(draw(ctx), "buy-shop-rods")
    v = draw(ctx)
    offered = {i for i in ids(v) if i.startswith("buy-pick-")}
    assert len(offered) == 10 and "buy-pick-narwhal-rod" in offered and "buy-pick-bag-of-maggots" not in offered
    tap(v, "buy-pick-narwhal-rod")
    tap(draw(ctx), "buy-price-plus")
    tap(draw(ctx), "buy-price-plus")
    tap(draw(ctx), "buy-item")
    assert ctx.error is None
    p = game_of(ctx).state.players[0]
    assert p.items == ["Narwhal Rod"] and p.fishbucks == 2


def test_a_card_picked_then_another_shop_leaves_no_card_the_shop_does_not_sell():
    """A p.17: the Supply shop doesn't sell the Rod picked before; the purchase is counted with no card kept."""
    ctx = at_port(tuesday_at_port(fishbucks=5))
    tap(draw(ctx), "buy-shop-rods")
    tap(draw(ctx), "buy-pick-narwhal-rod")
    tap(draw(ctx), "buy-shop-supplies")
    tap(draw(ctx), "buy-item")
    assert ctx.error is None and game_of(ctx).state.players[0].items == []


def test_a_foul_sale_tells_the_angler_to_draw_a_regret_card():
    """A p.17: selling a Foul Fish adds a Regret card; the cards stay on the table, so the app says to draw it
    (issue 12), by the thumb, until the next action."""
    foul = FishRef(value=3, type="foul")  # a Foul Fish not named: no card to check against
    game = play(monday_action(), act.Fish(player=0, fish=foul, depth=1, difficulty=2, dice=[0]),
                act.Pass(player=1), act.Pass(player=0), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    game = play(game, act.ThrowLifePreserver(player=1, to=0), act.AdvancePhase(),
                act.Declare(player=1, location="sea"), act.Declare(player=0, location="port", faces=[1, 1, 1]),
                act.AdvancePhase(), act.Pass(player=1))
    ctx = at_port(game)
    tap(draw(ctx), "sell-0")
    v = draw(ctx)
    assert game_of(ctx).state.players[0].regret_cards == 1
    assert "Ada: draw a Regret card — sold a Foul Fish" in texts(find(v, "table-steps"))


def _sharpear_at_port():
    """Lamentable Tentacles: Ada caught a Sharpear Enope Squid at Depth III on Monday and Makes Port on Tuesday."""
    from companion.rules.catalog import load_catalog

    sharpear = load_catalog().fish_ref("Sharpear Enope Squid")
    game = two_players(expansions=("lamentable-tentacles",))
    game = play(game, act.Refresh(player=0, faces=[3, 3, 2]), act.Refresh(player=1, faces=[1, 1, 1]),
                act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase(), act.DropSinkers(player=0, dice=[1, 2]),
                act.Fish(player=0, fish=sharpear, depth=3, dice=[0]), act.Pass(player=1), act.Pass(player=0),
                act.AdvancePhase(), act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    return play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0), act.AdvancePhase(),
                act.Declare(player=1, location="sea"), act.Declare(player=0, location="port", faces=[1, 1, 1]),
                act.AdvancePhase(), act.Pass(player=1))


def test_a_card_that_cant_be_sold_or_mounted_offers_neither_rules_10():
    """docs/rules.md §10: Sharpear Enope Squid can't be sold or mounted (it scores in hand): its Sell button says so
    and does nothing, it gets no mount buttons, and the picker says so instead of a price."""
    ctx = at_port(_sharpear_at_port())
    v = draw(ctx)
    assert "Sharpear Enope Squid" in text_of(v, "hand-0")
    assert text_of(v, "sell-0") == "Can't be sold or mounted" and not is_enabled(v, "sell-0")
    assert not [i for i in ids(v) if i.startswith("mount-0-")]
    change(v, "port-search", "sharpear")
    assert text_of(draw(ctx), "port-pick-sharpear-enope-squid").endswith("· Can't be sold or mounted")
    ctx = context(game_of(ctx), "/player?game={id}&seat=0")
    assert text_of(draw(ctx), "hand-0").endswith("· Can't be sold or mounted")


def test_life_preserver_switch_goes_when_the_life_preserver_does():
    """Issue 26, bug 1; A p.17: the Life Preserver goes back to the middle once used, so the switch that used it goes
    too, and the next purchase is quoted and paid at full price instead of refused."""
    ctx = at_port(tuesday_at_port(fishbucks=5))
    change(draw(ctx), "discount-life-preserver", True)
    tap(draw(ctx), "buy-die-blue")  # $2 − $2 = $0
    assert ctx.error is None and game_of(ctx).state.life_preserver is None
    v = draw(ctx)
    assert "discount-life-preserver" not in ids(v)
    assert text_of(v, "buy-quote-die-blue") == "$2"
    tap(v, "buy-die-blue")
    assert ctx.error is None
    assert text_of(draw(ctx), "port-fishbucks").startswith("$3")


def test_dinks_used_at_port_are_forgotten_once_spent():
    """Issue 26, bug 1; A p.17: a Dink used on a purchase goes back to the deck, so it is not offered again."""
    game = play(tuesday_at_port(fishbucks=5), act.DrawDink(player=0))
    ctx = at_port(game)
    tap(draw(ctx), "dink-add-1")
    assert not is_enabled(draw(ctx), "dink-add-2")  # one Dink held, one used
    tap(draw(ctx), "buy-die-blue")  # $2 − Dink $1 = $1
    assert ctx.error is None and game_of(ctx).state.players[0].dinks == 0
    v = draw(ctx)
    assert text_of(v, "buy-quote-die-blue") == "$2"
    tap(v, "buy-die-blue")
    assert ctx.error is None


def test_a_market_die_beyond_max_dice_says_it_goes_to_the_spent_pool():
    """Issue 26; A p.20: holding Max dice Fresh, a die bought is Spent: the Market says so before it is bought, and
    the bottom bar tells the table after. Ada has 3 Fresh dice of a Max of 4."""
    game = tuesday_at_port(fishbucks=5)
    assert (len(game.state.players[0].fresh), game.state.max_dice(0)) == (3, 4)
    ctx = at_port(game)
    assert "market-die-spent" not in ids(draw(ctx))  # room for one more
    tap(draw(ctx), "buy-die-blue-face-2")
    assert not any("Spent pool" in line for line in texts(find(draw(ctx), "table-steps")))
    v = draw(ctx)
    assert "goes to the Spent pool" in text_of(v, "market-die-spent")
    tap(v, "buy-die-blue-face-2")
    assert ctx.error is None
    assert any("goes to your Spent pool" in line for line in texts(find(draw(ctx), "table-steps")))


def test_a_foul_sale_with_both_regret_piles_empty_asks_whom_to_take_the_regret_from():
    """A p.17: a Foul Fish sold draws a Regret; A p.18: with both piles empty the seller takes one from another
    angler. The bottom bar asks whom, one button per angler who holds one; nothing is sold until the answer."""
    game = play(tuesday_at_port(fish=FOUL_3), act.DrawRegret(player=1, count=EVERY_REGRET))
    ctx = at_port(game)
    tap(draw(ctx), "sell-0")
    v = draw(ctx)
    assert ctx.error is not None and "take the Regret from whom" in ctx.error
    assert text_of(v, "choose-regret_from-1") == "Bo" and "choose-regret_from-0" not in ids(v)
    assert game_of(ctx).state.players[0].hand == [FOUL_3]
    tap(v, "choose-regret_from-1")
    ada, bo = game_of(ctx).state.players
    assert ctx.error is None and ada.hand == [] and (ada.regret_cards, bo.regret_cards) == (1, EVERY_REGRET - 1)
    assert "choose-regret_from-1" not in ids(draw(ctx))


def title_of(view) -> str:
    return view.appbar.title.value


def test_the_last_angler_sees_their_turns_left_at_port():
    """A p.9 (docs/rules.md §3 Action): Bo passed, so Ada, at Port, has 4 more turns; each Port action spends one,
    and Port says so as the table does (issue 37)."""
    ctx = at_port(tuesday_at_port())
    v = draw(ctx)
    assert text_of(v, "port-countdown") == "Ada: 4 turns left, then the Day ends"
    tap(v, "sell-0")
    assert ctx.error is None
    assert text_of(draw(ctx), "port-countdown") == "Ada: 3 turns left, then the Day ends"


def test_no_countdown_at_port_before_everyone_else_passed():
    game = play(monday_action(), act.Pass(player=0))  # Bo at Sea is last; Ada's Port screen says his turns
    assert "port-countdown" not in ids(draw(at_port(monday_action())))
    assert text_of(draw(at_port(game)), "port-countdown") == "Bo: 2 turns left, then the Day ends"


def test_the_title_says_at_port_only_for_an_angler_at_port():
    """An angler at Sea opening Port is not "at Port" (issue 37): the title names the screen and the angler."""
    assert title_of(draw(at_port(tuesday_at_port()))) == "Ada at Port"
    v = draw(at_port(monday_action()))
    assert "at Port" not in title_of(v) and "Ada" in title_of(v)
    assert text_of(v, "port-not-here") == "Ada is at Sea: Port actions will be refused"


def test_the_market_price_starts_at_the_least_a_card_costs_and_says_so_until_a_price_is_entered():
    """docs/rules.md §5 (issue 48 W9): no source gives a Rod's printed price, so the stepper starts at $1, the least a
    card can cost, not $3, and says why; once the table has entered a price in this game, opening Port again
    doesn't say it again."""
    ctx = at_port(tuesday_at_port(fishbucks=5))
    v = draw(ctx)
    assert text_of(v, "buy-price").startswith("$1 ")
    assert "starts at $1" in text_of(v, "buy-price-note")
    tap(v, "buy-pick-narwhal-rod")
    tap(draw(ctx), "buy-item")
    assert ctx.error is None and game_of(ctx).state.players[0].fishbucks == 4
    reopened = draw(at_port(game_of(ctx)))
    assert text_of(reopened, "buy-price").startswith("$1 ")
    assert "buy-price-note" not in ids(reopened)
    assert visible_game(game_of(ctx), 1).state.card_price_entered  # a seat's phone, shown no log, knows it too


def test_a_card_whose_data_has_a_price_starts_there_without_the_note(monkeypatch):
    """docs/rules.md §5: where the card data has the printed price, the stepper starts at it (here $4 for the
    Narwhal Rod), and the other Rods at the cheapest price the Rods have ($4, the only one known)."""
    from companion.rules import port

    catalog_cards = port.shop_cards

    def priced(rules, shop):
        return tuple(c.model_copy(update={"price": 4}) if c.name == "Narwhal Rod" else c
                     for c in catalog_cards(rules, shop))

    monkeypatch.setattr(port, "shop_cards", priced)
    ctx = at_port(tuesday_at_port(fishbucks=5))
    tap(draw(ctx), "buy-pick-narwhal-rod")
    v = draw(ctx)
    assert text_of(v, "buy-price").startswith("$4 ")
    assert "buy-price-note" not in ids(v)
    tap(v, "buy-pick-rod-of-fortune")
    assert "starts at $4" in text_of(draw(ctx), "buy-price-note")


def test_a_sell_button_is_named_with_the_fish_and_its_price() -> None:
    """Issue 46: "Sell $6" beside the Fish's line did not say which Fish; a screen reader hears the whole name once
    (the short caption is shown, not said twice)."""
    shown = draw(context(tuesday_at_port(), "/port?game={id}&seat=0"))
    price = text_of(shown, "sell-0").removeprefix("Sell ")
    assert label_of(shown, "sell-0") == f"Sell Sunfish for {price}"
