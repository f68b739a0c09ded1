"""Port: sell Fish (each showing what it sells for right now), buy under the table's shop system with every discount
itemised, and mount. A refused action shows the rule's reason on the error line. Route:
``/port?game=<id>&seat=<i>``. Identifiers: ``back``, ``undo``, ``redo``, ``error-line``, ``port-fishbucks``,
``madness``, ``sell-<k>`` (Fish ``k`` in hand), ``sell-all``, ``port-search``, ``port-pick-<fish id>`` (sell a Fish
not entered), ``discount-life-preserver``, ``dink-add-<n>``, ``dinks-clear``, ``dink-discounts``, Market:
``buy-die-<colour>``, ``buy-shop-<rods|reels|supplies>``, ``buy-price-minus``/``buy-price``/``buy-price-plus`` (the
printed price), ``buy-item-name``, ``buy-item``, ``cycle-<rods|reels|supplies|dice>``; Three shops:
``buy-<shop>-<tier>`` (shop ``rods``, ``reels``, ``supplies``, ``tackle``); ``buy-quote-…`` beside each offer;
``mount-<k>-<slot>``, ``mounted-<slot>``, ``table``.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.catalog import CatalogFish
from companion.i18n import N_, t
from companion.rules import actions as act
from companion.rules import queries
from companion.rules.errors import RuleViolation
from companion.rules.fish import FishRef
from companion.rules.state import GameState
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.player import fish_label, open_seat
from companion.views.table import madness_text, no_game
from companion.views.widgets import (
    action_button,
    chip,
    error_line,
    fish_picker,
    grow,
    icon_action,
    screen,
    section_card,
    stepper,
    tagged,
)

SHOP_NAMES = {"rods": N_("Rod"), "reels": N_("Reel"), "supplies": N_("Supply"), "tackle": N_("Tackle dice")}
DIE_NAMES = {"blue": N_("Blue die"), "green": N_("Green die"), "orange": N_("Orange die")}


def quote_text(state: GameState, buy: act.Buy) -> str:
    """``"$3 − Life Preserver $2 = $1"``, or the reason the purchase isn't possible."""
    try:
        quote = queries.price(state, buy)
    except RuleViolation as refused:
        return str(refused)
    parts = [f"${quote.base}"] + [t("− {label} ${amount}", label=d.label, amount=d.amount) for d in quote.discounts]
    return t("{parts} = ${total}", parts=" ".join(parts), total=quote.total) if quote.discounts else f"${quote.total}"


def _draft(ctx: AppContext, i: int) -> dict[str, Any]:
    return ctx.drafts.setdefault(f"port-{ctx.game.id}-{i}", {"life_preserver": False, "dinks": [], "shop": "rods",
                                                                "price": 3, "item": ""})


def _sell(ctx: AppContext, state: GameState, i: int) -> ft.Control:
    p = state.players[i]
    sell = ctx.apply
    rows = [ft.Row([
        tagged(f"hand-{k}", ft.Text(fish_label(f), size=theme.BODY), expand=True),
        action_button(f"sell-{k}", t("Sell ${value}", value=state.sale_value(i, f)),
                      lambda f=f: sell(act.Sell(player=i, fish=[f])), icon=ft.Icons.SELL),
    ]) for k, f in enumerate(p.hand)]
    if len(p.hand) > 1 and state.ruleset.fish_per_sale is None:
        rows.append(action_button("sell-all", t("Sell them all: +${gain}", gain=state.sale_gain(i, p.hand)),
                                  lambda: sell(act.Sell(player=i, fish=list(p.hand))), primary=True))

    def describe(fish: CatalogFish) -> str:
        return t("{fish} · sells for ${value} now", fish=fish_label(fish.ref()), value=state.sale_value(i, fish.ref()))

    rows.append(ft.Text(t("A Fish you didn't enter: find it and sell it"), size=theme.SMALL))
    rows.append(fish_picker(ctx, "port", describe, lambda fish: sell(act.Sell(player=i, fish=[fish.ref()]))))
    return section_card("port-sell", t("Sell"), rows)


def _discounts(ctx: AppContext, state: GameState, i: int, draft: dict[str, Any]) -> ft.Control:
    def flip() -> None:
        draft["life_preserver"] = not draft["life_preserver"]
        ctx.refresh()

    def add_dink(amount: int) -> None:
        draft["dinks"].append(amount)
        ctx.refresh()

    def clear() -> None:
        draft["dinks"].clear()
        ctx.refresh()

    dinks = ", ".join(f"${d}" for d in draft["dinks"]) or t("none")
    controls: list[ft.Control] = [
        tagged("discount-life-preserver", ft.Switch(
            label=t("Use the Life Preserver (−${n})", n=state.ruleset.life_preserver_discount),
            value=draft["life_preserver"], on_change=lambda _e: flip())),
        tagged("dink-discounts", ft.Text(t("Dinks used: {dinks} (of {have})", dinks=dinks,
                                           have=state.players[i].dinks), size=theme.BODY)),
        ft.Row([action_button(f"dink-add-{n}", t("+ Dink −${n}", n=n), lambda n=n: add_dink(n)) for n in (1, 2)]
               + [action_button("dinks-clear", t("No Dinks"), clear)], wrap=True),
    ]
    madness = state.madness(i).port_discount
    if madness:
        controls.append(ft.Text(t("Madness takes ${n} off every purchase this table allows", n=madness),
                                size=theme.SMALL))
    return section_card("port-discounts", t("Discounts"), controls)


def _buy_market(ctx: AppContext, state: GameState, i: int, draft: dict[str, Any], extra: dict[str, Any]) -> list:
    rules = state.ruleset
    dice = []
    for colour in rules.market_die_prices:
        buy = act.Buy(player=i, shop="tackle", colour=colour, **extra)
        dice.append(ft.Row([
            grow(action_button(f"buy-die-{colour}", t(DIE_NAMES[colour]), lambda b=buy: ctx.apply(b))),
            tagged(f"buy-quote-die-{colour}", ft.Text(quote_text(state, buy), size=theme.BODY)),
        ]))

    def set_shop(shop: str) -> None:
        draft["shop"] = shop
        ctx.refresh()

    def set_price(delta: int) -> None:
        draft["price"] = max(0, draft["price"] + delta)
        ctx.refresh()

    def on_item(event: ft.ControlEvent) -> None:
        draft["item"] = event.control.value or ""

    item = draft["item"].strip()
    buy = act.Buy(player=i, shop=draft["shop"], price=draft["price"], items=[item] if item else [], **extra)
    shops = ft.Row([chip(f"buy-shop-{s}", t(SHOP_NAMES[s]), on_click=lambda s=s: set_shop(s),
                         color=theme.FOUL if s == draft["shop"] else None) for s in ("rods", "reels", "supplies")],
                   wrap=True)
    cycle = ft.Row([action_button(f"cycle-{what}", label, lambda w=what: ctx.apply(act.CycleMarket(player=i, what=w)))
                    for what, label in (("rods", t("Rods")), ("reels", t("Reels")), ("supplies", t("Supplies")),
                                        ("dice", t("Dice")))], wrap=True)
    return [
        section_card("port-market-dice", t("Market dice"), dice),
        section_card("port-cycle", t("Cycle the Market for $1 (A p.17)"), [cycle]),
        section_card("port-market-items", t("Rods, Reels and Supplies"), [
            shops,
            stepper("buy-price", "", f"${draft['price']}", lambda: set_price(-1), lambda: set_price(1),
                    label=t("printed price")),
            tagged("buy-item-name", ft.TextField(label=t("Card name (optional)"), value=draft["item"],
                                                 on_change=on_item)),
            tagged("buy-quote-item", ft.Text(quote_text(state, buy), size=theme.BODY)),
            action_button("buy-item", t("Buy"), lambda: ctx.apply(buy), icon=ft.Icons.SHOPPING_CART, primary=True),
        ]),
    ]


def _buy_shops(ctx: AppContext, state: GameState, i: int, extra: dict[str, Any]) -> list:
    rows = []
    for shop in ("rods", "reels", "supplies", "tackle"):
        offers = []
        for tier in sorted(state.ruleset.shop_tiers):
            buy = act.Buy(player=i, shop=shop, tier=tier, **extra)
            offers.append(ft.Row([
                action_button(f"buy-{shop}-{tier}", t("${tier}", tier=tier), lambda b=buy: ctx.apply(b)),
                tagged(f"buy-quote-{shop}-{tier}", ft.Text(quote_text(state, buy), size=theme.BODY), expand=True),
            ]))
        rows.append(section_card(f"port-shop-{shop}", t(SHOP_NAMES[shop]), offers))
    return rows


def _mount(ctx: AppContext, state: GameState, i: int) -> ft.Control:
    p = state.players[i]
    multipliers = state.ruleset.mount_multipliers
    slots = [tagged(f"mounted-{s}", ft.Text(t("Slot {n} (×{times}): {fish}", n=s + 1, times=multipliers[s],
                                              fish=fish_label(f) if f else t("empty")), size=theme.BODY))
             for s, f in enumerate(p.mounted)]
    empty = [s for s, f in enumerate(p.mounted) if f is None]
    rows = [ft.Column([
        ft.Text(fish_label(f), size=theme.BODY, weight=ft.FontWeight.W_600),
        ft.Row([action_button(f"mount-{k}-{s}", t("Slot {n} ×{times}", n=s + 1, times=multipliers[s]),
                              lambda f=f, s=s: _mount_fish(ctx, i, f, s)) for s in empty], wrap=True),
    ]) for k, f in enumerate(p.hand)] if empty else []
    return section_card("port-mount", t("Mount"), [*slots, *rows])


def _mount_fish(ctx: AppContext, i: int, fish: FishRef, slot: int) -> None:
    ctx.apply(act.Mount(player=i, fish=fish, slot=slot))


def view(ctx: AppContext) -> ft.View:
    """The Port screen for ``/port?game=<id>&seat=<i>``."""
    opened = open_seat(ctx)
    if opened is None:
        return no_game(ctx, t("Port"))
    game, state, i = opened
    p = state.players[i]
    draft = _draft(ctx, i)
    extra = {"life_preserver": draft["life_preserver"], "dinks": list(draft["dinks"])}
    buying = (_buy_market(ctx, state, i, draft, extra) if state.ruleset.shop_system == "market"
              else _buy_shops(ctx, state, i, extra))
    cap = state.ruleset.money_cap
    money = t("${n}", n=p.fishbucks) + (t(" (cap ${cap})", cap=cap) if cap is not None else "")
    back = route_to("/table", game=game.id)
    header = ft.Row([tagged("port-fishbucks", ft.Text(money, size=theme.BIG_NUMBER, weight=ft.FontWeight.BOLD)),
                     chip("madness", madness_text(state.madness(i)), color=theme.FAIR)], wrap=True)
    where = [] if p.location == "port" else [chip("port-not-here", t("{name} is at Sea: Port actions will be refused",
                                                                       name=p.name), color=theme.DANGER)]
    return screen(ctx.route, t("{name} at Port", name=p.name), [
        section_card("port-header", None, [header, *where], accent=theme.angler_colour(p.colour)),
        error_line(ctx.error),
        _sell(ctx, state, i),
        _discounts(ctx, state, i, draft),
        *buying,
        _mount(ctx, state, i),
        action_button("table", t("Table"), lambda: ctx.navigate(back), icon=ft.Icons.TABLE_RESTAURANT),
    ], back=lambda: ctx.navigate(back), actions=[
        icon_action("undo", ft.Icons.UNDO, t("Undo"), ctx.undo if game.can_undo() else None),
        icon_action("redo", ft.Icons.REDO, t("Redo"), ctx.redo if game.can_redo() else None),
    ])
