"""What a purchase at Port costs, with every discount itemised (A pp.16-17, docs/rules.md §5)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from companion.i18n import t, tn
from companion.rules.actions import Buy
from companion.rules.common import build, fail, player, source
from companion.rules.state import GameState

# Three shops: how many cards a tier lets the buyer keep (docs/rules.md §5); tackle tiers give dice, see shop_tiers.
KEEP_BY_TIER = {"rods-reels": {1: 1, 3: 1, 5: 2}, "supplies": {1: 1, 3: 2, 5: 3}}


class Discount(BaseModel):
    """One discount on a purchase: what it is and how many dollars it takes off."""

    model_config = ConfigDict(frozen=True)

    label: str
    amount: int


class PriceQuote(BaseModel):
    """The price of a purchase: ``base`` less each discount, never below $0."""

    model_config = ConfigDict(frozen=True)

    base: int
    discounts: list[Discount]
    total: int


def shop_key(buy: Buy) -> str:
    """The shop a purchase visits under the Three shops system: Rods and Reels share one (docs/rules.md §5)."""
    return "rods-reels" if buy.shop in ("rods", "reels") else buy.shop


def base_price(state: GameState, buy: Buy) -> int:
    """The price before discounts, checked against the shop system of the ruleset."""
    rules = state.ruleset
    if rules.shop_system == "market":
        if buy.tier is not None or buy.dice is not None:
            fail("A p.16", t("The Market has no tiers: buy one card or one die"))
        if buy.shop == "tackle":
            if buy.colour is None or buy.items:
                fail("A p.16", t("Choose the colour of the Market die"))
            return rules.market_die_prices[buy.colour]
        if buy.price is None or buy.colour is not None:
            fail("A p.17", t("Enter the price printed on the card"))
        if len(buy.items) > 1:
            fail("A p.17", t("Buy one Rod, Reel or Supply at a time"))
        return buy.price
    if buy.tier not in rules.shop_tiers or buy.price is not None or buy.colour is not None:
        tiers = ", ".join(f"${k}" for k in sorted(rules.shop_tiers))
        fail(source(state, "shop_tiers"), t("Pay one of the shop's prices: {tiers}", tiers=tiers))
    if buy.shop == "tackle":
        if buy.items:
            fail(source(state, "shop_tiers"), t("The tackle shop sells dice"))
        count = rules.shop_tiers[buy.tier]
        if buy.dice is not None and len(buy.dice) != count:
            fail(source(state, "shop_tiers"), t("${price} buys {n} dice", price=buy.tier, n=count))
    else:
        keep = KEEP_BY_TIER[shop_key(buy)].get(buy.tier, 1)
        if len(buy.items) > keep or buy.dice is not None:
            fail(source(state, "shop_tiers"), tn("${price} lets you keep {n} card", "${price} lets you keep {n} cards",
                                                 keep, price=buy.tier))
    return buy.tier


def quote(state: GameState, buy: Buy) -> PriceQuote:
    """The price of ``buy`` for its player now; raises :class:`RuleViolation` if it isn't a valid purchase.

    Discounts: the Life Preserver, each Dink used, and $1 at the bottom of the Madness tracker — not on tackle
    dice under the Angler's Guide (A p.21).
    """
    rules = state.ruleset
    p = player(state, buy.player)
    base = base_price(state, buy)
    discounts: list[Discount] = []
    if buy.life_preserver:
        if state.life_preserver != buy.player:
            fail("A p.17", t("{name} doesn't hold the Life Preserver", name=p.name))
        discounts.append(_discount(t("Life Preserver"), rules.life_preserver_discount))
    if len(buy.dinks) > p.dinks:
        fail("A p.17", tn("{name} has only {n} Dink", "{name} has only {n} Dinks", p.dinks, name=p.name))
    discounts += [_discount(t("Dink"), d) for d in buy.dinks]
    madness = state.madness(buy.player).port_discount
    if madness and (buy.shop != "tackle" or rules.madness_discount_on_tackle_dice):
        discounts.append(_discount(t("Madness"), madness))
    # build, not validation: every Buy in a log is quoted again on replay (bench/replay.py)
    return build(PriceQuote, {"base": base, "discounts": discounts,
                              "total": max(0, base - sum(d.amount for d in discounts))})


def _discount(label: str, amount: int) -> Discount:
    return build(Discount, {"label": label, "amount": amount})
