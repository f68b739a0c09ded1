"""Port actions: selling, buying with discounts, the shops, mounting (A pp.16-17, 21; docs/rules.md §2, §5)."""

import pytest
from pydantic import ValidationError
from refusals import refused

from companion.rules import queries
from companion.rules.actions import Buy, CycleMarket, Mount, Sell
from companion.rules.common import with_player
from companion.rules.dice import Die
from companion.rules.engine import apply
from companion.rules.errors import RuleViolation
from companion.rules.fish import FishRef
from companion.rules.scenario import play, start_action_phase, table

FAIR3 = FishRef(value=3, type="fair")
FOUL3 = FishRef(value=3, type="foul")


def at_port(preset="anglers-guide", variants=(), **changes):
    s = start_action_phase(table(2, preset, variants), faces={0: [1, 1, 1], 1: [3, 3, 3]})
    return with_player(s, 0, location="port", **changes)


def test_sell_for_the_madness_modified_value_a_p17():
    """A p.17 example: at Fair +2 / Foul −2, a Fair 3 sells for $5 and a Foul 3 for $1."""
    s = at_port(hand=[FAIR3, FOUL3])
    assert (s.sale_value(0, FAIR3), s.sale_value(0, FOUL3)) == (5, 1)
    assert play(s, Sell(player=0, fish=[FAIR3])).players[0].fishbucks == 5


def test_foul_fish_sells_before_its_regret_is_drawn_a_p17():
    s = play(at_port(hand=[FOUL3]), Sell(player=0, fish=[FOUL3]))
    assert (s.players[0].fishbucks, s.players[0].regret_cards) == (1, 1)


def test_sale_value_never_below_zero_rules_md_2():
    s = at_port(hand=[FishRef(value=1, type="foul")])
    assert play(s, Sell(player=0, fish=[FishRef(value=1, type="foul")])).players[0].fishbucks == 0


def test_fishbucks_capped_at_ten_rules_md_5():
    s = at_port(hand=[FAIR3], fishbucks=8)
    assert s.sale_gain(0, [FAIR3]) == 2
    assert play(s, Sell(player=0, fish=[FAIR3])).players[0].fishbucks == 10


def test_no_money_cap_variant_rules_md_9():
    s = at_port(variants=("no-money-cap",), hand=[FAIR3], fishbucks=8)
    assert play(s, Sell(player=0, fish=[FAIR3])).players[0].fishbucks == 13


def test_one_fish_per_sale_in_the_anglers_guide_a_p17():
    refused(at_port(hand=[FAIR3, FAIR3]), Sell(player=0, fish=[FAIR3, FAIR3]), "A p.17")


def test_three_shops_sell_many_regrets_after_all_sales_rules_md_9():
    """Any number per sale; all Fish are paid at the Madness before the sale's Regrets (C)."""
    s = at_port("three-shops", hand=[FOUL3, FOUL3])
    s = play(s, Sell(player=0, fish=[FOUL3, FOUL3]))
    assert (s.players[0].fishbucks, s.players[0].regret_cards) == (2, 2)


def test_only_fish_in_hand_can_be_sold_a_p17():
    refused(at_port(hand=[FAIR3]), Sell(player=0, fish=[FOUL3]), "A p.17")
    s = play(at_port(hand_hidden=1), Sell(player=0, fish=[FOUL3]))
    assert s.players[0].hand_hidden == 0 and s.players[0].fishbucks == 1


def test_buy_an_item_at_its_printed_price_a_p17():
    s = play(at_port(fishbucks=5), Buy(player=0, shop="rods", price=4, items=["Narwhal Rod"]))
    assert (s.players[0].fishbucks, s.players[0].items) == (1, ["Narwhal Rod"])


def test_cannot_afford_is_refused_a_p17():
    e = refused(at_port(fishbucks=3), Buy(player=0, shop="reels", price=4), "A p.17")
    assert "$3" in e.message and "$4" in e.message


@pytest.mark.parametrize(("colour", "price"), [("green", 1), ("blue", 2), ("orange", 3)])
def test_market_tackle_dice_prices_a_p16(colour, price):
    s = at_port(fishbucks=5)
    assert queries.price(s, Buy(player=0, shop="tackle", colour=colour)).total == price


def test_bought_dice_are_rolled_into_fresh_excess_spent_a_p16():
    s = at_port(fishbucks=5, fresh=[Die(kind="player", face=1)] * 4)
    s = play(s, Buy(player=0, shop="tackle", colour="orange", faces=[3]))
    assert s.players[0].spent[-1] == Die(kind="orange") and len(s.players[0].fresh) == 4
    s = play(at_port(fishbucks=5), Buy(player=0, shop="tackle", colour="green", faces=[2]))
    assert s.players[0].fresh[-1] == Die(kind="green", face=2)


def test_life_preserver_and_dink_discounts_a_p17():
    s = at_port(fishbucks=5, dinks=2).model_copy(update={"life_preserver": 0})
    buy = Buy(player=0, shop="supplies", price=5, items=["Absinthe"], life_preserver=True, dinks=[1])
    quote = queries.price(s, buy)
    assert [(d.label, d.amount) for d in quote.discounts] == [("Life Preserver", 2), ("Dink", 1)]
    assert quote.total == 2
    s = play(s, buy)
    assert (s.players[0].fishbucks, s.players[0].dinks, s.life_preserver) == (3, 1, None)


def test_discounts_need_the_life_preserver_and_the_dinks_a_p17():
    s = at_port(fishbucks=5).model_copy(update={"life_preserver": 1})
    refused(s, Buy(player=0, shop="rods", price=3, life_preserver=True), "A p.17")
    refused(s, Buy(player=0, shop="rods", price=3, dinks=[1]), "A p.17")


def test_price_never_below_zero_rules_md_5():
    s = at_port(dinks=3)
    assert queries.price(s, Buy(player=0, shop="rods", price=2, dinks=[2, 2])).total == 0


def test_madness_13_discount_on_items_not_tackle_dice_a_p21():
    s = at_port(fishbucks=5, regret_cards=13)
    assert queries.price(s, Buy(player=0, shop="rods", price=3)).total == 2
    assert queries.price(s, Buy(player=0, shop="tackle", colour="orange")).total == 3


def test_three_shops_madness_discount_on_every_shop_rules_md_5():
    s = at_port("three-shops", fishbucks=5, regret_cards=13)
    assert queries.price(s, Buy(player=0, shop="tackle", tier=3)).total == 2


def test_three_shops_tiers_rules_md_5():
    s = at_port("three-shops", fishbucks=10)
    refused(s, Buy(player=0, shop="tackle", tier=2), "C, D: $1 / $3 / $5 tiers; docs/rules.md §5")
    refused(s, Buy(player=0, shop="supplies", tier=1, items=["Absinthe", "Moonshine"]))
    s = play(s, Buy(player=0, shop="tackle", tier=5, dice=["blue", "green", "orange"], faces=[2, 3, 3]))
    assert s.players[0].fishbucks == 5
    assert sorted(d.kind for d in s.players[0].fresh + s.players[0].spent) == [
        "blue", "green", "orange", "player", "player", "player"]


def test_three_shops_each_shop_once_per_day_rods_and_reels_share_rules_md_5():
    s = at_port("three-shops", fishbucks=10)
    s = play(s, Buy(player=0, shop="rods", tier=1, items=["Narwhal Rod"]))
    s = s.model_copy(update={"turn": 0})
    refused(s, Buy(player=0, shop="reels", tier=1), "B, C, D")
    s = play(s, Buy(player=0, shop="supplies", tier=1))
    assert s.players[0].shops_used == ["rods-reels", "supplies"]


def test_three_shops_tackle_dice_drawn_from_the_bag_when_not_entered_rules_md_5():
    s = play(at_port("three-shops", fishbucks=10), Buy(player=0, shop="tackle", tier=3))
    tackle = [d for d in s.players[0].fresh + s.players[0].spent if d.is_tackle]
    assert len(tackle) == 2


def test_market_has_no_tiers_a_p16():
    refused(at_port(fishbucks=5), Buy(player=0, shop="tackle", tier=1), "A p.16")


def test_cycle_the_market_costs_one_dollar_a_p17():
    s = play(at_port(fishbucks=2), CycleMarket(player=0, what="dice"))
    assert s.players[0].fishbucks == 1 and s.turn == 0
    refused(at_port(), CycleMarket(player=0, what="rods"), "A p.17")
    refused(at_port("three-shops", fishbucks=2), CycleMarket(player=0, what="rods"))


def test_mount_into_an_empty_slot_a_p17():
    s = play(at_port(hand=[FAIR3, FOUL3]), Mount(player=0, fish=FAIR3, slot=2))
    assert s.players[0].mounted == [None, FAIR3, None] and s.players[0].hand == [FOUL3]


def test_mount_slots_are_numbered_1_to_3_as_printed_rules_md_1():
    """docs/rules.md §1: a move names slot 1, 2 or 3 as on the board; 0 and 4 are refused naming the field, and slot
    3 is the last one (×2, A p.22)."""
    for bad in (0, 4):
        with pytest.raises(ValidationError, match="slot"):
            Mount(player=0, fish=FAIR3, slot=bad)
    p = play(at_port(hand=[FAIR3]), Mount(player=0, fish=FAIR3, slot=3)).players[0]
    assert p.mounted == [None, None, FAIR3] and p.slots[2] == (3, FAIR3) and p.empty_slots == (1, 2)


def test_fish_are_never_unmounted_a_p17():
    s = at_port(hand=[FOUL3], mounted=[None, FAIR3, None])
    refused(s, Mount(player=0, fish=FOUL3, slot=2), "A p.17")


def test_port_actions_only_at_port_a_p16():
    s = start_action_phase(table(2))
    refused(with_player(s, 0, hand=[FAIR3]), Mount(player=0, fish=FAIR3, slot=1), "A p.16")


def test_buy_refuses_a_card_the_catalog_lacks_or_the_shop_does_not_sell() -> None:
    """A p.17: a card kept is a Rod, Reel or Supply the shop sells; a made-up name or a Reel at the Rods is refused."""
    s = at_port(fishbucks=5)
    with pytest.raises(RuleViolation, match="not a Rod, Reel or Supply card in the catalog"):
        apply(s, Buy(player=0, shop="rods", price=4, items=["Bamboo Rod"]))
    with pytest.raises(RuleViolation, match="is a Reel card; this shop doesn't sell it"):
        apply(s, Buy(player=0, shop="rods", price=4, items=["solid brass reel"]))
    assert play(s, Buy(player=0, shop="rods", price=4, items=["narwhal rod"])).players[0].fishbucks == 1
