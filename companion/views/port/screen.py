"""Port: sell Fish (each showing what it sells for right now), buy under the table's shop system with every discount
itemised, and mount. A refused action shows the rule's reason on the error line. Route: ``/port?game=<id>&seat=<seat>``.
The title says the angler is at Port only when they are; ``port-not-here`` says they are at Sea, and
``port-countdown`` the last angler's turns left (the table's ``countdown``).
Identifiers: ``back``, ``undo``, ``redo``, ``error-line``, ``port-fishbucks``, ``madness``, ``sell-<k>`` (Fish ``k``
in hand; disabled for a card that can't be sold), ``sell-all``, ``port-search``, ``port-pick-<fish id>`` (sell a Fish
not entered), ``discount-life-preserver``, ``dink-add-<n>``, ``dinks-clear``, ``dink-discounts``, Market:
``buy-die-<colour>`` (bought, the app rolls), ``buy-die-<colour>-face-<face>`` (bought and rolled that face, A p.17),
``buy-shop-<rods|reels|supplies>``, ``buy-price-minus``/``buy-price``/``buy-price-plus`` (the printed price; it
starts at the card's price, else the least a card can cost, docs/rules.md §5), ``buy-price-note`` (that it is a
start, until the game's first price is entered), ``buy-pick-<card id>`` (the card bought, from the catalog),
``buy-item``, ``cycle-<rods|reels|supplies|dice>``; Three shops: ``buy-<shop>-<tier>`` (shop ``rods-reels``,
``supplies``, ``tackle``; each tier says what it buys), ``tackle-die-<colour>-face-<face>`` (a die drawn from the bag
and its face), ``tackle-drawn``, ``tackle-drawn-clear``; ``buy-quote-…`` beside each offer;
``sell-lost-<k>``/``sell-all-lost`` (what a sale would lose to the money cap); ``mount-<k>-<slot>``,
``mounted-<slot>``, ``table``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

import flet as ft

from companion.i18n import N_, t
from companion.rules import actions as act
from companion.rules import queries
from companion.rules.catalog import CatalogFish
from companion.rules.dice import TACKLE_COLOURS, TackleColour, die_label
from companion.rules.errors import RuleViolation
from companion.rules.fish import FishRef
from companion.rules.port import market_start_price, shop_cards
from companion.rules.sources import cited
from companion.rules.state import GameState
from companion.rules.wording import overflow_note, shop_offers
from companion.session.door import GameDoor
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.hooks import use_form, use_redraw, use_session
from companion.views.labels import (
    DIE_NAMES,
    SHOP_NAMES,
    countdown_line,
    fish_label,
    madness_text,
    not_for_sale,
    sale_line,
    slot_label,
    slot_line,
)
from companion.views.table.common import Moves, no_game, open_seat, use_moves
from companion.views.widgets import (
    action_button,
    chip,
    face_row,
    fish_picker,
    grow,
    screen,
    section_card,
    stepper,
    tagged,
    undo_redo,
)
from companion.views.widgets.toggles import toggle

Redraw = Callable[[], None]
ITEM_SHOPS: tuple[act.Shop, ...] = ("rods", "reels", "supplies")
# What $1 cycles at the Market (A p.17), each with its button's word.
CYCLED: tuple[tuple[Literal["rods", "reels", "supplies", "dice"], str], ...] = (
    ("rods", N_("Rods")), ("reels", N_("Reels")), ("supplies", N_("Supplies")), ("dice", N_("Dice")))


@dataclass
class PortForm:
    """The discounts chosen and the Market purchase being set up, while the Port screen is shown."""

    life_preserver: bool = False
    dinks: list[int] = field(default_factory=list)
    shop: act.Shop = "rods"
    price: int | None = None  # set by the angler; None: where the card's price starts (docs/rules.md §5)
    item: str = ""
    drawn: list[tuple[TackleColour, int]] = field(default_factory=list)  # Three shops: dice drawn, and their faces


def quote_text(state: GameState, buy: act.Buy) -> str:
    """``"$3 − Life Preserver $2 = $1"``, or the reason the purchase isn't possible."""
    try:
        quote = queries.price(state, buy)
    except RuleViolation as refused:
        return str(refused)
    parts = [f"${quote.base}"] + [t("− {label} ${amount}", label=d.label, amount=d.amount) for d in quote.discounts]
    return t("{parts} = ${total}", parts=" ".join(parts), total=quote.total) if quote.discounts else f"${quote.total}"


def at_sea(name: str) -> str:
    """Why ``name``'s Port actions are refused, on the pill and on each Sell button."""
    return t("{name} is at Sea: Port actions will be refused", name=name)


def _sell(moves: Moves, state: GameState, seat: int) -> ft.Control:
    p = state.players[seat]
    sell = moves.apply
    cap = state.ruleset.money_cap

    def lost(identifier: str, value: int) -> list[ft.Control]:
        note = overflow_note(p.fishbucks, value, cap)
        return [tagged(identifier, ft.Text(note, size=theme.SMALL, color=theme.DANGER))] if note else []

    # At Sea a sale is refused (A p.17: Port actions at Port): the buttons are off and say why, as the pill does.
    refused = None if p.location == "port" else at_sea(p.name)

    def sale(fish: list[FishRef]) -> Callable[[], object] | None:
        return None if refused else partial(sell, act.Sell(player=seat, fish=fish))

    rows: list[ft.Control] = []
    for k, f in enumerate(p.hand):
        if not queries.can_sell_or_mount(f):  # kept in hand (Sharpear Enope Squid, Whispering Skull …)
            rows.append(ft.Row([tagged(f"hand-{k}", ft.Text(fish_label(f), size=theme.BODY), expand=True),
                                action_button(f"sell-{k}", not_for_sale(), None)]))
            continue
        value = state.sale_value(seat, f)
        rows += [ft.Row([
            tagged(f"hand-{k}", ft.Text(fish_label(f), size=theme.BODY), expand=True),
            action_button(f"sell-{k}", t("Sell ${value}", value=value), sale([f]), icon=ft.Icons.SELL, whose=refused,
                          spoken=t("Sell {fish} for ${value}", fish=f.name or fish_label(f), value=value)),
        ]), *lost(f"sell-lost-{k}", value)]
    sellable = [f for f in p.hand if queries.can_sell_or_mount(f)]
    if len(sellable) > 1 and state.ruleset.fish_per_sale is None:
        rows.append(action_button("sell-all", t("Sell them all: +${gain}", gain=state.sale_gain(seat, sellable)),
                                  sale(sellable), primary=True, whose=refused))
        rows += lost("sell-all-lost", sum(state.sale_value(seat, f) for f in sellable))

    def describe(fish: CatalogFish) -> str:
        return sale_line(state, seat, fish.ref())

    if refused:  # the picker's Fish would be sold at once: none is offered at Sea
        return section_card("port-sell", t("Sell"), rows)
    rows.append(ft.Text(t("Sell a Fish not entered: find its card here"), size=theme.SMALL))
    rows.append(fish_picker("port", describe, lambda fish: sell(act.Sell(player=seat, fish=[fish.ref()])),
                            sets=state.ruleset.expansions))
    return section_card("port-sell", t("Sell"), rows)


def _held(form: PortForm, state: GameState, seat: int) -> None:
    """A discount stays chosen only while the angler holds its card: a used Life Preserver goes back to the middle
    and used Dinks to the deck (A p.17), so the choice goes with them instead of refusing every later purchase."""
    if state.life_preserver != seat:
        form.life_preserver = False
    del form.dinks[state.players[seat].dinks:]


def _discounts(moves: Moves, state: GameState, seat: int, form: PortForm, redraw: Redraw) -> ft.Control:
    def flip() -> None:
        form.life_preserver = not form.life_preserver
        redraw()

    def add_dink(amount: int) -> None:
        form.dinks.append(amount)
        redraw()

    def clear() -> None:
        form.dinks.clear()
        redraw()

    dinks = ", ".join(f"${d}" for d in form.dinks) or t("none")
    have = state.players[seat].dinks
    controls: list[ft.Control] = [toggle(
        "discount-life-preserver", t("Use the Life Preserver (−${n})", n=state.ruleset.life_preserver_discount),
        form.life_preserver, lambda _on: flip())] if state.life_preserver == seat else []
    more = len(form.dinks) < have
    controls += [
        tagged("dink-discounts", ft.Text(t("Dinks used: {dinks} (of {have})", dinks=dinks, have=have),
                                         size=theme.BODY)),
        ft.Row([*(action_button(f"dink-add-{n}", t("+ Dink −${n}", n=n), partial(add_dink, n) if more else None)
                  for n in (1, 2)),
                action_button("dinks-clear", t("No Dinks"), clear)], wrap=True),
    ]
    madness = state.madness(seat).port_discount
    if madness:
        controls.append(ft.Text(t("Madness takes ${n} off every purchase this table allows", n=madness),
                                size=theme.SMALL))
    return section_card("port-discounts", t("Discounts"), controls)


def _buy_market(moves: Moves, state: GameState, seat: int, form: PortForm, redraw: Redraw,
                extra: dict[str, Any]) -> list[ft.Control]:
    rules = state.ruleset

    def buy_rolled(buy: act.Buy, face: int) -> None:
        moves.apply(buy.model_copy(update={"faces": [face]}))

    # A bought die is rolled at once (A p.17): tapping the face the angler's die shows buys it with that face.
    dice: list[ft.Control] = [ft.Text(t("Tap the face you rolled on the die you bought, or let the app roll"),
                                      size=theme.SMALL)]
    if len(state.players[seat].fresh) >= state.max_dice(seat):  # where the die goes, before it is paid for (A p.20)
        dice.append(tagged("market-die-spent", ft.Text(
            cited(t("{name} holds Max dice ({n}): a die bought goes to the Spent pool",
                    name=state.players[seat].name, n=state.max_dice(seat)), "A p.20"),
            size=theme.SMALL, color=theme.FOUL)))
    for colour in rules.market_die_prices:
        buy = act.Buy(player=seat, shop="tackle", colour=colour, **extra)
        dice += [
            ft.Row([ft.Text(t(DIE_NAMES[colour]), size=theme.BODY, weight=ft.FontWeight.W_600),
                    tagged(f"buy-quote-die-{colour}", ft.Text(quote_text(state, buy), size=theme.BODY))], wrap=True),
            face_row(f"buy-die-{colour}-rolled", f"buy-die-{colour}-face", colour, None,
                     partial(buy_rolled, buy), name=t("Rolled"), whose=t(DIE_NAMES[colour])),
            action_button(f"buy-die-{colour}", t("Buy, let the app roll"), partial(moves.apply, buy),
                          whose=t(DIE_NAMES[colour])),
        ]

    start, printed = market_start_price(rules, form.shop, form.item or None)
    price = start if form.price is None else form.price

    def set_shop(shop: act.Shop) -> None:
        form.shop, form.price = shop, None
        if form.item not in {card.name for card in shop_cards(rules, shop)}:
            form.item = ""
        redraw()

    def pick(name: str) -> None:  # tapped again: no card kept (the purchase is still counted)
        form.item, form.price = ("" if form.item == name else name), None
        redraw()

    def set_price(delta: int) -> None:
        form.price = max(0, price + delta)
        redraw()

    # docs/rules.md §5: where no source gives the card's price, the stepper starts at the cheapest a card can cost;
    # said until the table has entered a price in this game, not each time the screen opens.
    note = [] if printed or state.card_price_entered else [tagged("buy-price-note", ft.Text(t(
        "The price starts at ${n}, the least a card can cost: no source lists each card's price, so set the one "
        "printed on the card.", n=start), size=theme.SMALL))]
    buy = act.Buy(player=seat, shop=form.shop, price=price, items=[form.item] if form.item else [], **extra)
    cards = ft.Row([chip(f"buy-pick-{card.id}", card.name, on_click=partial(pick, card.name),
                         color=theme.FOUL if card.name == form.item else None)
                    for card in shop_cards(rules, form.shop)], wrap=True)
    shops = ft.Row([chip(f"buy-shop-{s}", t(SHOP_NAMES[s]), on_click=partial(set_shop, s),
                         color=theme.FOUL if s == form.shop else None) for s in ITEM_SHOPS],
                   wrap=True)
    cycle = ft.Row([action_button(f"cycle-{what}", t(label),
                                  partial(moves.apply, act.CycleMarket(player=seat, what=what)))
                    for what, label in CYCLED], wrap=True)
    return [
        section_card("port-market-dice", t("Market dice"), dice),
        section_card("port-cycle", cited(t("Cycle the Market for $1"), "A p.17"), [cycle]),
        section_card("port-market-items", t("Rods, Reels and Supplies"), [
            shops,
            ft.Text(t("The card you buy (optional: tap it again to leave it out)"), size=theme.SMALL),
            cards,
            stepper("buy-price", "", f"${price}", lambda: set_price(-1), lambda: set_price(1),
                    label=t("printed price")),
            *note,
            tagged("buy-quote-item", ft.Text(quote_text(state, buy), size=theme.BODY)),
            action_button("buy-item", t("Buy"), partial(moves.apply, buy), icon=ft.Icons.SHOPPING_CART,
                          primary=True),
        ]),
    ]


def _buy_shops(moves: Moves, state: GameState, seat: int, form: PortForm, redraw: Redraw,
               extra: dict[str, Any]) -> list[ft.Control]:
    rows: list[ft.Control] = []

    def buy(action: act.Buy) -> None:
        if moves.apply(action) and action.dice is not None:
            form.drawn.clear()

    for offer in shop_offers(state.ruleset):
        tackle = offer.id == "tackle"
        offers: list[ft.Control] = []
        for tier in offer.tiers:
            action = act.Buy(player=seat, shop=offer.shops[0], tier=tier.price, **extra)
            if tackle and form.drawn:  # the dice drawn by hand, and their faces
                action = action.model_copy(update={"dice": [c for c, _ in form.drawn],
                                                   "faces": [f for _, f in form.drawn]})
            offers.append(ft.Row([
                grow(action_button(f"buy-{offer.id}-{tier.price}", tier.text, partial(buy, action))),
                tagged(f"buy-quote-{offer.id}-{tier.price}", ft.Text(quote_text(state, action), size=theme.BODY)),
            ]))
        if tackle:
            offers += _drawn_dice(form, redraw)
        rows.append(section_card(f"port-shop-{offer.id}", offer.name, offers))
    return rows


def _drawn_dice(form: PortForm, redraw: Redraw) -> list[ft.Control]:
    """Three shops: the dice the angler drew from the bag, each tapped by colour and the face it rolled (A p.16,
    docs/rules.md §5), then bought by their tier; with none entered the app draws and rolls."""
    def add(colour: TackleColour, face: int) -> None:
        form.drawn.append((colour, face))
        redraw()

    def clear() -> None:
        form.drawn.clear()
        redraw()

    drawn = ", ".join(die_label(c, f) for c, f in form.drawn) or t("none: the app draws and rolls")
    return [
        ft.Text(t("Drew your own dice? Tap each one's face, then the tier"), size=theme.SMALL),
        *(face_row(f"tackle-die-{c}", f"tackle-die-{c}-face", c, None, partial(add, c)) for c in TACKLE_COLOURS),
        ft.Row([tagged("tackle-drawn", ft.Text(t("Drawn: {dice}", dice=drawn), size=theme.BODY), expand=True),
                action_button("tackle-drawn-clear", t("Clear"), clear if form.drawn else None)]),
    ]


def _mount(moves: Moves, state: GameState, seat: int) -> ft.Control:
    p = state.players[seat]
    rules = state.ruleset
    slots = [tagged(f"mounted-{s}", ft.Text(slot_line(s, rules.multiplier(s), f), size=theme.BODY))
             for s, f in p.slots]
    rows = [ft.Column([
        ft.Text(fish_label(f), size=theme.BODY, weight=ft.FontWeight.W_600),
        ft.Row([action_button(f"mount-{k}-{s}", slot_label(s, rules.multiplier(s)),
                              partial(moves.apply, act.Mount(player=seat, fish=f, slot=s)))
                for s in p.empty_slots], wrap=True),
    ]) for k, f in enumerate(p.hand) if queries.can_sell_or_mount(f)] if p.empty_slots else []
    return section_card("port-mount", t("Mount"), [*slots, *rows])


@ft.component
def PortScreen(ctx: AppContext) -> ft.View:
    """The Port screen for ``/port?game=<id>&seat=<seat>``."""
    opened = open_seat(ctx)
    if opened is None:
        return no_game(ctx, t("Port"))
    session, seat = opened
    return _Port(ctx, session, seat, key=f"{session.key}-{seat}")  # type: ignore[call-arg]  # @ft.component adds key=


@ft.component
def _Port(ctx: AppContext, session: GameDoor, seat: int) -> ft.View:
    shown = use_session(session)
    moves = use_moves(ctx, session, shown)
    form = use_form(PortForm)
    redraw = use_redraw()
    game, state = shown.value, shown.value.state
    p = state.players[seat]
    _held(form, state, seat)
    extra = {"life_preserver": form.life_preserver, "dinks": list(form.dinks)}
    buying = (_buy_market(moves, state, seat, form, redraw, extra) if state.ruleset.shop_system == "market"
              else _buy_shops(moves, state, seat, form, redraw, extra))
    cap = state.ruleset.money_cap
    money = t("${n}", n=p.fishbucks) + (t(" (cap ${cap})", cap=cap) if cap is not None else "")
    back = route_to("/table", game=game.id)
    header = ft.Row([tagged("port-fishbucks", ft.Text(money, size=theme.BIG_NUMBER, weight=ft.FontWeight.BOLD)),
                     chip("madness", madness_text(state.madness(seat)), color=theme.FAIR)], wrap=True)
    here = p.location == "port"
    where = [] if here else [chip("port-not-here", at_sea(p.name), color=theme.DANGER)]
    countdown = countdown_line(state)  # the last angler spends their turns here: the table's words, on this screen
    where += [] if countdown is None else [chip("port-countdown", countdown, color=theme.FOUL)]
    title = t("{name} at Port", name=p.name) if here else t("Port · {name}", name=p.name)
    return screen(ctx.route, title, [
        section_card("port-header", None, [header, *where], accent=theme.angler_colour(p.colour)),
        _sell(moves, state, seat),
        _discounts(moves, state, seat, form, redraw),
        *buying,
        _mount(moves, state, seat),
        action_button("table", t("Table"), lambda: ctx.navigate(back), icon=ft.Icons.TABLE_RESTAURANT),
    ], back=lambda: ctx.navigate(back), actions=undo_redo(moves, shown),
        notices=ctx)
