"""One angler up close: dice pools with kinds and faces, fishing, Rod/Reel/items, Dinks, mounted Fish, the hand, Can of
Worms and Lifeboat. Route: ``/player?game=<id>&seat=<i>``. Identifiers: ``back``, ``undo``, ``redo``,
``error-line``, ``player-summary``, ``madness``, ``fresh-die-<k>`` (tap to select), ``spent-die-<k>``,
``selected-dice``, ``drop-sinkers``, ``give-up``, ``catch-search``, ``catch-pick-<fish id>``, ``catch-fish``,
``catch-secret``, ``catch-life-preserver``, ``catch-overfished``, ``catch-clear``, ``gear``, ``item-<k>``,
``use-item-<k>``, ``equip-rod-<k>``, ``equip-reel-<k>``, ``gain-item-name``, ``gain-item``, ``dinks``,
``draw-dink``, ``use-dink``, ``mounted-<slot>``, ``hand-<k>``, ``eat-<k>``, ``can-of-worms``, ``abandon-ship``,
``table``, ``port``.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.catalog import CatalogFish, load_catalog
from companion.i18n import N_, t
from companion.rules import actions as act
from companion.rules.dice import Die
from companion.rules.fish import FishRef
from companion.rules.game import Game
from companion.rules.state import GameState
from companion.views import theme
from companion.views.context import AppContext, route_to
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
    tagged,
)


def open_seat(ctx: AppContext) -> tuple[Game, GameState, int] | None:
    """The game named by ``?game=`` and the seat named by ``?seat=``, if both exist."""
    game = ctx.open_game(ctx.params.get("game"))
    if game is None:
        return None
    state, raw = game.state, ctx.params.get("seat", "")
    return (game, state, int(raw)) if raw.isdigit() and int(raw) < len(state.players) else None


def fish_label(fish: FishRef | None) -> str:
    """``"Sunfish · Fair 4"``; a Fish nobody entered is just "a Fish"."""
    if fish is None:
        return t("a Fish")
    kind = t("Foul") if fish.foul else t("Fair")
    value = "–" if fish.value is None else str(fish.value)
    return t("{name} · {kind} {value}", name=fish.name or t("Fish"), kind=kind, value=value)


DIE_KINDS = {"player": N_("Player"), "blue": N_("Blue"), "green": N_("Green"), "orange": N_("Orange"),
             "omen": N_("Omen")}


def die_label(die: Die) -> str:
    kind = t(DIE_KINDS[die.kind])
    return kind if die.face is None else f"{kind} {die.face}"


def _draft(ctx: AppContext, i: int) -> dict[str, Any]:
    return ctx.drafts.setdefault(f"player-{ctx.game.id}-{i}", {"dice": [], "catch": None, "secret": False,
                                                                  "life_preserver": False, "overfished": False,
                                                                  "item": ""})


def _dice(ctx: AppContext, state: GameState, i: int, draft: dict[str, Any]) -> ft.Control:
    p = state.players[i]
    draft["dice"] = [k for k in draft["dice"] if k < len(p.fresh)]
    chosen: list[int] = draft["dice"]

    def toggle(k: int) -> None:
        if k in chosen:
            chosen.remove(k)
        else:
            chosen.append(k)
        ctx.refresh()

    fresh = [chip(f"fresh-die-{k}", die_label(d), color=theme.DICE_COLOURS.get(d.kind, theme.SEED),
                  on_click=lambda k=k: toggle(k))
             for k, d in enumerate(p.fresh)]
    for k in chosen:
        fresh[k].content.bgcolor = ft.Colors.with_opacity(0.35, theme.SEED)
    spent = [chip(f"spent-die-{k}", die_label(d), color=theme.PASSED) for k, d in enumerate(p.spent)]
    selected = t("Selected: {dice}", dice=", ".join(die_label(p.fresh[k]) for k in chosen) or t("none"))

    def use(action: act._Action) -> None:
        if ctx.apply(action):
            chosen.clear()

    return section_card("dice", t("Dice (max {n} Fresh)", n=state.max_dice(i)), [
        ft.Text(t("Fresh"), size=theme.SMALL), ft.Row(fresh or [ft.Text(t("none"))], wrap=True),
        ft.Text(t("Spent"), size=theme.SMALL), ft.Row(spent or [ft.Text(t("none"))], wrap=True),
        tagged("selected-dice", ft.Text(selected, size=theme.BODY)),
        ft.Row([
            grow(action_button("drop-sinkers", t("Drop sinkers"),
                          lambda: use(act.DropSinkers(player=i, dice=list(chosen))) if chosen else
                          ctx.fail(t("Select the dice to spend first")), icon=ft.Icons.ARROW_DOWNWARD)),
            grow(action_button("give-up", t("Give up, draw a Dink"),
                          lambda: use(act.GiveUp(player=i, die=chosen[0])) if chosen else
                          ctx.fail(t("Select the die to spend first")))),
        ]),
    ])


def _catch(ctx: AppContext, state: GameState, i: int, draft: dict[str, Any]) -> ft.Control:
    fish: CatalogFish | None = draft["catch"]

    def pick(found: CatalogFish) -> None:
        draft["catch"] = found
        ctx.refresh()

    def flag(name: str) -> None:
        draft[name] = not draft[name]
        ctx.refresh()

    def catch() -> None:
        if fish is None:
            ctx.fail(t("Pick the Fish you are catching first"))
            return
        action = act.Fish(player=i, fish=None if draft["secret"] else fish.ref(), depth=fish.depth,
                          difficulty=fish.difficulty, exact_dice=fish.exact_dice, dice=list(draft["dice"]),
                          life_preserver=draft["life_preserver"], overfished=draft["overfished"])
        if ctx.apply(action):
            draft.update(catch=None, dice=[], secret=False, life_preserver=False, overfished=False)

    # The search field stays on screen after a pick: removing the field that has the keyboard focus made the
    # browser swallow the next tap (on "Catch").
    controls: list[ft.Control] = [fish_picker(ctx, "catch", _catalog_line, pick)]
    if fish is not None:
        difficulty = "–" if fish.difficulty is None else str(fish.difficulty)
        controls += [
            ft.Text(t("{fish} · Depth {depth} · Difficulty {difficulty}", fish=fish_label(fish.ref()),
                      depth=fish.depth, difficulty=difficulty), size=theme.BODY, weight=ft.FontWeight.W_600),
            ft.Text(fish.summary, size=theme.SMALL),
            *(tagged(f"catch-{name}", ft.Switch(label=label, value=draft[name],
                                                on_change=lambda _e, n=name: flag(n)))
              for name, label in (("secret", t("Keep it secret (don't enter the Fish)")),
                                  ("life_preserver", t("Use the Life Preserver")),
                                  ("overfished", t("Last Fish of its Shoal (Overfishing)")))),
            ft.Row([
                grow(action_button("catch-fish", t("Catch with the selected dice"), catch, icon=ft.Icons.PHISHING,
                              primary=True)),
                icon_action("catch-clear", ft.Icons.CLOSE, t("Pick another Fish"), lambda: pick(None)),
            ]),
        ]
    return section_card("fishing", t("Catch a Fish"), controls)


def _catalog_line(fish: CatalogFish) -> str:
    difficulty = "–" if fish.difficulty is None else str(fish.difficulty)
    return t("{fish} · Depth {depth} · Difficulty {difficulty}", fish=fish_label(fish.ref()), depth=fish.depth,
             difficulty=difficulty)


def _item_row(ctx: AppContext, i: int, k: int, name: str, rod: str | None, reel: str | None) -> ft.Control:
    """An owned card with what can be done with it: equip a Rod or Reel (A p.8), use a Supply (A p.11). A name the
    catalog doesn't know gets every button."""
    catalog = load_catalog()
    kinds = {kind for kind, cards in (("rod", catalog.rods), ("reel", catalog.reels), ("supply", catalog.supplies))
             if any(card.name.casefold() == name.casefold() for card in cards)} or {"rod", "reel", "supply"}
    buttons: list[ft.Control] = []
    if "rod" in kinds:
        buttons.append(action_button(f"equip-rod-{k}", t("Equip Rod"),
                                     lambda: ctx.apply(act.Equip(player=i, rod=name, reel=reel))))
    if "reel" in kinds:
        buttons.append(action_button(f"equip-reel-{k}", t("Equip Reel"),
                                     lambda: ctx.apply(act.Equip(player=i, rod=rod, reel=name))))
    if "supply" in kinds:
        buttons.append(action_button(f"use-item-{k}", t("Use"), lambda: ctx.apply(act.UseItem(player=i, item=name))))
    return ft.Column([tagged(f"item-{k}", ft.Text(name, size=theme.BODY, weight=ft.FontWeight.W_600)),
                      ft.Row(buttons, wrap=True)], spacing=4)


def _gear(ctx: AppContext, state: GameState, i: int, draft: dict[str, Any]) -> ft.Control:
    p = state.players[i]
    equipped = t("Rod: {rod} · Reel: {reel}", rod=p.rod or t("none"), reel=p.reel or t("none"))
    items = [_item_row(ctx, i, k, name, p.rod, p.reel) for k, name in enumerate(p.items)]

    def on_name(event: ft.ControlEvent) -> None:
        draft["item"] = event.control.value or ""

    def gain() -> None:
        if ctx.apply(act.GainItem(player=i, item=draft["item"].strip() or " ")):
            draft["item"] = ""

    return section_card("gear", t("Rod, Reel and items"), [
        ft.Text(equipped, size=theme.BODY), *items,
        ft.Row([tagged("gain-item-name", ft.TextField(label=t("Item name"), value=draft["item"], on_change=on_name),
                       expand=True),
                action_button("gain-item", t("Take"), gain)]),
        ft.Row([tagged("dinks", ft.Text(t("Dinks: {n}", n=p.dinks), size=theme.NUMBER)),
                action_button("draw-dink", t("Draw"), lambda: ctx.apply(act.DrawDink(player=i))),
                action_button("use-dink", t("Use"), lambda: ctx.apply(act.UseDink(player=i)))], wrap=True),
    ])


def _fish(ctx: AppContext, state: GameState, i: int) -> ft.Control:
    p = state.players[i]
    rules = state.ruleset
    mounted = [tagged(f"mounted-{slot}", ft.Text(
        t("Slot {n} (×{times}): {fish}", n=slot + 1, times=rules.mount_multipliers[slot],
          fish=fish_label(f) if f is not None else t("empty")), size=theme.BODY))
        for slot, f in enumerate(p.mounted)]
    hand = [ft.Row([
        tagged(f"hand-{k}", ft.Text(t("{fish} · sells for ${value} now", fish=fish_label(f),
                                      value=state.sale_value(i, f)), size=theme.BODY), expand=True),
        action_button(f"eat-{k}", t("Eat"), lambda f=f: ctx.apply(act.EatFish(player=i, fish=f))),
    ]) for k, f in enumerate(p.hand)]
    if p.hand_hidden:
        hand.append(ft.Text(t("and {n} Fish not entered", n=p.hand_hidden), size=theme.BODY))
    return section_card("fish", t("Fish"), [ft.Text(t("Mounted"), size=theme.SMALL), *mounted,
                                            ft.Text(t("In hand"), size=theme.SMALL), *(hand or [ft.Text(t("none"))])])


def view(ctx: AppContext) -> ft.View:
    """The player screen for ``/player?game=<id>&seat=<i>``."""
    opened = open_seat(ctx)
    if opened is None:
        return no_game(ctx, t("Angler"))
    game, state, i = opened
    p = state.players[i]
    draft = _draft(ctx, i)
    back = route_to("/table", game=game.id)
    summary = ft.Row([chip("player-where", p.where), chip("madness", madness_text(state.madness(i)), color=theme.FAIR),
                      chip("player-money", t("${n}", n=p.fishbucks))], wrap=True)
    can = t("Can of Worms: face up") if p.can_of_worms else t("Can of Worms: face down")
    boat = t("Lifeboat: ready") if p.lifeboat else t("Lifeboat: flipped (+10 Regret value)")
    return screen(ctx.route, p.name, [
        section_card("player-summary", None, [summary], accent=theme.angler_colour(p.colour)),
        error_line(ctx.error),
        _dice(ctx, state, i, draft),
        _catch(ctx, state, i, draft),
        _fish(ctx, state, i),
        _gear(ctx, state, i, draft),
        section_card("boat", t("Can of Worms and Lifeboat"), [
            action_button("can-of-worms", can, lambda: ctx.apply(act.UseCanOfWorms(player=i)),
                          icon=ft.Icons.VISIBILITY),
            action_button("abandon-ship", boat, lambda: ctx.apply(act.AbandonShip(player=i)), icon=ft.Icons.SURFING),
        ]),
        ft.Row([grow(action_button("table", t("Table"), lambda: ctx.navigate(back), icon=ft.Icons.TABLE_RESTAURANT)),
                grow(action_button("port", t("Port"), lambda: ctx.navigate(route_to("/port", game=game.id, seat=i)),
                              icon=ft.Icons.STOREFRONT))]),
    ], back=lambda: ctx.navigate(back), actions=[
        icon_action("undo", ft.Icons.UNDO, t("Undo"), ctx.undo if game.can_undo() else None),
        icon_action("redo", ft.Icons.REDO, t("Redo"), ctx.redo if game.can_redo() else None),
    ])
