"""One angler up close: dice pools with kinds and faces, fishing, Rod/Reel/items, Dinks, mounted Fish, the hand, Can of
Worms and Lifeboat. Route: ``/player?game=<id>&seat=<seat>``. Identifiers: ``back``, ``undo``, ``redo``,
``error-line``, ``player-summary``, ``madness``, ``fresh-die-<k>`` (tap to select), ``spent-die-<k>``,
``selected-dice``, ``drop-sinkers``, ``give-up``, ``catch-search``, ``catch-pick-<fish id>``, ``catch-fish``,
``catch-secret``, ``catch-overfished``, ``catch-clear``, ``catch-taken`` (a Fish whose one card is elsewhere) (what
is used on the catch: :mod:`.catch`), ``gear``,
``item-<k>``, ``use-item-<k>``, ``equip-rod-<k>``, ``equip-reel-<k>``, ``gain-item-name``, ``gain-item``, ``dinks``,
``draw-dink``, ``use-dink``, ``mounted-<slot>``, ``hand-<k>``, ``eat-<k>``, ``hand-not-entered`` (on the host's
screen, which sees no hand: ``hand-count``), ``can-of-worms``, ``abandon-ship`` (and its Overmind slot,
:mod:`.refresh`), ``table``, ``port``; after a catch or an eat, the Fish's ability (:mod:`.abilities`):
``ability-title-<seat>``, ``ability-<seat>-<k>``, ``ability-why-<seat>-<k>``, ``ability-done-<seat>``,
``ability-die-<seat>-<n>``, ``ability-face-<seat>-<n>-<face>``, ``ability-faces-<seat>``, ``ability-roll-<seat>``.
The catch being made (dice selected, the Fish picked, its switches) is the screen's form: the catch draft of the
game and seat (:mod:`companion.session.catches`), followed as any session is and kept on every tap before it is
shown (:class:`~.catch.Catching`): a reload or a host restart shows it again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import cast

import flet as ft

from companion.i18n import t, tn
from companion.rules import actions as act
from companion.rules.cards import THE_PLUG
from companion.rules.catalog import CatalogFish, load_catalog
from companion.rules.expansions import HADAL_SHADE
from companion.rules.fish import FishRef
from companion.rules.queries import available
from companion.rules.state import GameState
from companion.rules.tentacles import hadal_shade_targets
from companion.session import Snapshot
from companion.session.catches import CatchDraft, catch_draft
from companion.session.door import GameDoor
from companion.views import theme
from companion.views.context import AppContext, route_to
from companion.views.hooks import use_form, use_session
from companion.views.labels import die_label, fish_label, madness_text, not_entered, sale_line, slot_line
from companion.views.speech import said_when_changed
from companion.views.table.abilities import AbilityOffers, Pending
from companion.views.table.catch import Catching, catch_options, difficulty_lines, fish_action
from companion.views.table.common import Moves, no_game, open_seat, use_moves, use_told
from companion.views.table.refresh import AbandonShip
from companion.views.widgets import (
    TypedField,
    action_button,
    chip,
    fish_picker,
    grow,
    icon_action,
    screen,
    section_card,
    tagged,
    undo_redo,
)
from companion.views.widgets.toggles import toggle


def _dice(moves: Moves, state: GameState, seat: int, catching: Catching) -> ft.Control:
    p = state.players[seat]
    chosen = catching.catch.dice

    def toggle(k: int) -> None:
        catching.edit(lambda c: c.toggled("dice", k))

    fresh: list[ft.Control] = [chip(f"fresh-die-{k}", die_label(d), color=theme.DICE_COLOURS.get(d.kind, theme.SEED),
                                    on_click=partial(toggle, k), checked=k in chosen)  # a checkbox to a reader
                               for k, d in enumerate(p.fresh)]
    for k in chosen:
        tag = fresh[k]
        wrapper = tag.content if isinstance(tag, ft.MergeSemantics) else None
        body = wrapper.content if isinstance(wrapper, ft.Semantics) else None
        if isinstance(body, ft.Container):  # the chip's face: shaded while the die is selected
            body.bgcolor = ft.Colors.with_opacity(0.35, theme.SEED)
    spent: list[ft.Control] = [chip(f"spent-die-{k}", die_label(d), color=theme.PASSED) for k, d in enumerate(p.spent)]
    selected = t("Selected: {dice}", dice=", ".join(die_label(p.fresh[k]) for k in chosen) or t("none"))
    said_when_changed(f"selected-dice|{seat}", selected)  # a die chosen or put back is heard at once

    def use(action: act.Action) -> None:
        if moves.apply(action):
            catching.set(dice=[])  # the dice spent are no longer selected, in the catch kept too

    return section_card("dice", t("Dice (max {n} Fresh)", n=state.max_dice(seat)), [
        ft.Text(t("Fresh"), size=theme.SMALL), ft.Row(fresh or [ft.Text(t("none"))], wrap=True),
        ft.Text(t("Spent"), size=theme.SMALL), ft.Row(spent or [ft.Text(t("none"))], wrap=True),
        tagged("selected-dice", ft.Text(selected, size=theme.BODY)),
        ft.Row([
            grow(action_button("drop-sinkers", t("Drop sinkers"),
                          lambda: use(act.DropSinkers(player=seat, dice=list(chosen))) if chosen else
                          moves.ctx.fail(t("Select the dice to spend first")), icon=ft.Icons.ARROW_DOWNWARD)),
            grow(action_button("give-up", t("Give up, draw a Dink"),
                          lambda: use(act.GiveUp(player=seat, die=chosen[0], fish=_picked(catching.catch)))
                          if chosen else
                          moves.ctx.fail(t("Select the die to spend first")))),
        ]),
    ])


def _picked(catch: CatchDraft) -> FishRef | None:
    """The Fish picked on the catch card: given up, it is named, since Overmind must be caught if you can."""
    fish = catch.catalog_fish()
    return fish.ref() if fish is not None else None


def _hadal_shade(state: GameState, seat: int, catching: Catching) -> list[ft.Control]:
    """Hadal Shade's catch: optionally take 3 Regrets to swap it for another angler's Mounted Fish
    (docs/rules.md §11)."""
    chosen = catching.catch.swap_for

    def choose(target: tuple[int, int]) -> None:
        catching.edit(lambda c: c.model_copy(update={"swap_for": None if c.swap_for == target else target}))

    return [action_button(f"catch-swap-{other}-{slot}",
                          t("Take 3 Regrets, swap it for {name}'s {fish} (slot {slot})", name=state.players[other].name,
                            fish=fish_label(fish), slot=slot),
                          partial(choose, (other, slot)), primary=chosen == (other, slot))
            for other, slot, fish in hadal_shade_targets(state, seat)]


def _catch(moves: Moves, state: GameState, seat: int, catching: Catching, offer: Callable[[Pending | None], None],
           offered: ft.Control | None, typing: Callable[[bool], None]) -> ft.Control:
    """The Fish picked and what is used on it; ``offer`` offers the ability of the Fish just caught, and
    ``typing`` hears when the reason of a change by hand is being typed in."""
    form = catching.catch
    fish = form.catalog_fish()

    def pick(found: CatalogFish | None) -> None:
        catching.set(fish=found.id if found is not None else None)

    def flag(name: str) -> None:
        catching.edit(lambda c: c.model_copy(update={name: not getattr(c, name)}))

    def action_for(picked: CatalogFish) -> act.Fish:
        swap = form.swap_for if picked.name == HADAL_SHADE else None
        return fish_action(seat, picked, form, swap_for=act.SwapFor(player=swap[0], slot=swap[1]) if swap else None)

    def catch() -> None:
        if fish is None:
            moves.ctx.fail(t("Pick the Fish you are catching first"))
            return
        secret = form.secret

        def caught() -> None:
            catching.edit(CatchDraft.caught)
            # A card left secret isn't named on screen: its ability stays for the table to read.
            offer(None if secret else Pending(fish.name, "catch", moves.shown))

        moves.apply(action_for(fish), then=caught)

    def reveal_plug() -> None:
        if moves.apply(act.RevealPlug(player=seat)):
            catching.edit(CatchDraft.caught)

    # The search field stays on screen after a pick: removing the field that has the keyboard focus made the
    # browser swallow the next tap (on "Catch").
    def line(found: CatalogFish) -> str:  # a Fish whose one card is elsewhere says so before it is picked
        taken = moves.session.not_in_sea(found.name)
        return _catalog_line(found) if taken is None else t("{name}: {note}", name=_catalog_line(found), note=taken)

    controls: list[ft.Control] = [*([offered] if offered else []),
                                  fish_picker("catch", line, pick, sets=state.ruleset.expansions)]
    taken = None if fish is None else moves.session.not_in_sea(fish.name)
    if fish is not None and taken is not None:  # nothing to set on a catch the engine will refuse
        controls += [
            tagged("catch-taken", ft.Text(taken, size=theme.BODY, color=theme.DANGER)),
            icon_action("catch-clear", ft.Icons.CLOSE, t("Pick another Fish"), lambda: pick(None)),
        ]
    elif fish is not None and fish.name == THE_PLUG:  # not caught: it goes on the table (A p.27)
        controls += [
            ft.Text(fish.summary, size=theme.SMALL),
            ft.Row([
                grow(action_button("reveal-plug", t("Put The Plug on the table (your turn ends)"), reveal_plug,
                                   icon=ft.Icons.LAYERS_CLEAR, primary=True)),
                icon_action("catch-clear", ft.Icons.CLOSE, t("Pick another Fish"), lambda: pick(None)),
            ]),
        ]
    elif fish is not None:
        difficulty = "–" if fish.difficulty is None else str(fish.difficulty)
        controls += [
            ft.Text(t("{fish} · Depth {depth} · Difficulty {difficulty}", fish=fish_label(fish.ref()),
                      depth=fish.depth, difficulty=difficulty), size=theme.BODY, weight=ft.FontWeight.W_600),
            ft.Text(fish.summary, size=theme.SMALL),
            *(toggle(f"catch-{name}", label, getattr(form, name), lambda _on, n=name: flag(n))
              for name, label in (("secret", t("Leave the Fish not entered (the card stays secret)")),
                                  ("overfished", t("Last Fish of its Shoal (Overfishing)")))),
            *catch_options(state, seat, catching, typing=typing),
            *difficulty_lines(state, action_for(fish)),
            *(_hadal_shade(state, seat, catching) if fish.name == HADAL_SHADE else []),
            ft.Row([
                grow(action_button("catch-fish", t("Catch with the selected dice"), catch, icon=ft.Icons.PHISHING,
                              primary=True)),
                icon_action("catch-clear", ft.Icons.CLOSE, t("Pick another Fish"), lambda: pick(None)),
            ]),
        ]
    return section_card("fishing", t("Catch a Fish"), controls)


def _offers(moves: Moves, state: GameState, seat: int, pending: Pending | None, version: int,
            offer: Callable[[Pending | None], None]) -> ft.Control | None:
    """The ability of the Fish just caught or eaten, until it is used, dismissed, or the game changes."""
    if pending is None or pending.version != version:
        return None

    def done() -> None:
        offer(None)

    return AbilityOffers(moves, seat, state, pending, done,  # type: ignore[call-arg]  # Flet takes key=
                         key=f"ability-{seat}-{pending.version}")


def _catalog_line(fish: CatalogFish) -> str:
    difficulty = "–" if fish.difficulty is None else str(fish.difficulty)
    return t("{fish} · Depth {depth} · Difficulty {difficulty}", fish=fish_label(fish.ref()), depth=fish.depth,
             difficulty=difficulty)


def _item_row(moves: Moves, seat: int, k: int, name: str, rod: str | None, reel: str | None) -> ft.Control:
    """An owned card with what can be done with it: equip a Rod or Reel (A p.8), use a Supply (A p.11). A name the
    catalog doesn't know gets every button."""
    catalog = load_catalog()
    kinds = {kind for kind, cards in (("rod", catalog.rods), ("reel", catalog.reels), ("supply", catalog.supplies))
             if any(card.name.casefold() == name.casefold() for card in cards)} or {"rod", "reel", "supply"}
    buttons: list[ft.Control] = []
    if "rod" in kinds and name != rod:  # the Rod equipped is not offered again
        buttons.append(action_button(f"equip-rod-{k}", t("Equip Rod"),
                                     moves.tap(act.Equip(player=seat, rod=name, reel=reel))))
    if "reel" in kinds and name != reel:
        buttons.append(action_button(f"equip-reel-{k}", t("Equip Reel"),
                                     moves.tap(act.Equip(player=seat, rod=rod, reel=name))))
    if "supply" in kinds:
        buttons.append(action_button(f"use-item-{k}", t("Use"), moves.tap(act.UseItem(player=seat, item=name))))
    return ft.Column([tagged(f"item-{k}", ft.Text(name, size=theme.BODY, weight=ft.FontWeight.W_600)),
                      ft.Row(buttons, wrap=True)], spacing=4)


def _gear(moves: Moves, state: GameState, seat: int, item: ft.MutableRef[str]) -> ft.Control:
    p = state.players[seat]
    equipped = t("Rod: {rod} · Reel: {reel}", rod=p.rod or t("none"), reel=p.reel or t("none"))
    items = [_item_row(moves, seat, k, name, p.rod, p.reel) for k, name in enumerate(p.items)]

    def on_name(event: ft.Event[ft.TextField]) -> None:
        item.current = event.control.value or ""

    def gain() -> None:
        if moves.apply(act.GainItem(player=seat, item=(item.current or "").strip() or " ")):
            item.current = ""

    return section_card("gear", t("Rod, Reel and items"), [
        ft.Text(equipped, size=theme.BODY), *items,
        ft.Row([tagged("gain-item-name", TypedField(label=t("Item name"), value=item.current, on_change=on_name),
                       expand=True),
                action_button("gain-item", t("Take"), gain)]),
        ft.Row([tagged("dinks", ft.Text(t("Dinks: {n}", n=p.dinks), size=theme.NUMBER)),
                action_button("draw-dink", t("Draw"), moves.tap(act.DrawDink(player=seat))),
                action_button("use-dink", t("Use"), moves.tap(act.UseDink(player=seat)))], wrap=True),
    ])


def _fish(moves: Moves, state: GameState, seat: int, offer: Callable[[Pending | None], None],
          offered: ft.Control | None) -> ft.Control:
    p = state.players[seat]
    rules = state.ruleset

    def eat(fish: FishRef) -> None:
        if moves.apply(act.EatFish(player=seat, fish=fish)):
            offer(Pending(fish.name, "eat", moves.shown) if fish.name else None)

    mounted = [tagged(f"mounted-{slot}", ft.Text(slot_line(slot, rules.multiplier(slot), f), size=theme.BODY))
               for slot, f in p.slots]
    hand: list[ft.Control] = [ft.Row([
        tagged(f"hand-{k}", ft.Text(sale_line(state, seat, f), size=theme.BODY), expand=True),
        action_button(f"eat-{k}", t("Eat"), partial(eat, f)),
    ]) for k, f in enumerate(p.hand)]
    if p.hand_hidden and not moves.session.place.sees(seat):  # the host's screen: counted, whether entered or not
        hand.append(tagged("hand-count", ft.Text(tn("{n} Fish in hand", "{n} Fish in hand", p.hand_hidden),
                                                 size=theme.BODY)))
    elif p.hand_hidden:
        hand.append(tagged("hand-not-entered", ft.Text(not_entered(p.hand_hidden, after=bool(hand)),
                                                       size=theme.BODY)))
    return section_card("fish", t("Fish"), [*([offered] if offered else []), ft.Text(t("Mounted"), size=theme.SMALL),
                                            *mounted,
                                            ft.Text(t("In hand"), size=theme.SMALL), *(hand or [ft.Text(t("none"))])])


@ft.component
def AnglerScreen(ctx: AppContext) -> ft.View:
    """The player screen for ``/player?game=<id>&seat=<seat>``."""
    opened = open_seat(ctx)
    if opened is None:
        return no_game(ctx, t("Angler"))
    session, seat = opened
    return _Angler(ctx, session, seat, key=f"{session.key}-{seat}")  # type: ignore[call-arg]  # Flet takes key=


@ft.component
def _Angler(ctx: AppContext, session: GameDoor, seat: int) -> ft.View:
    shown = use_session(session)
    moves = use_moves(ctx, session, shown)
    use_told(ctx, session)
    game, state = shown.value, shown.value.state
    p = state.players[seat]
    draft = catch_draft(ctx.sessions, session.key, seat)  # the catch being made, kept where the game lives
    typed = use_form(_Typing)
    drawn = use_session(draft, typed.select)
    catching = Catching(ctx, draft, drawn.version, drawn.value.on_day(state.day, len(p.fresh)), len(p.fresh))
    typing = partial(typed.typing, catching)
    pending, offer = ft.use_state(cast(Pending | None, None))  # the ability of the Fish just caught or eaten
    item = ft.use_ref("")  # an item's name being typed, until it is taken
    offered = _offers(moves, state, seat, pending, shown.version, offer)
    when = pending.when if pending else None
    back = route_to("/table", game=game.id)
    summary = ft.Row([chip("player-where", p.where),
                      chip("madness", madness_text(state.madness(seat)), color=theme.FAIR),
                      chip("player-money", t("${n}", n=p.fishbucks))], wrap=True)
    can = t("Can of Worms: face up") if p.can_of_worms else t("Can of Worms: face down")
    boat = t("Lifeboat: ready") if p.lifeboat else t("Lifeboat: flipped (+10 Regret value)")
    allowed = available(state, seat)
    ask = t("Abandon Ship? Tap again: the Lifeboat flips (+10 Regret value) and {name} Makes Port.", name=p.name)
    return screen(ctx.route, p.name, [
        section_card("player-summary", None, [summary], accent=theme.angler_colour(p.colour)),
        _dice(moves, state, seat, catching),
        _catch(moves, state, seat, catching, offer, offered if when == "catch" else None, typing),
        _fish(moves, state, seat, offer, offered if when == "eat" else None),
        _gear(moves, state, seat, item),
        section_card("boat", t("Can of Worms and Lifeboat"), [
            action_button("can-of-worms", can, moves.tap(act.UseCanOfWorms(player=seat)), icon=ft.Icons.VISIBILITY),
            # Offered while the engine allows it: at Sea, on their turn, once a game (A p.10).
            AbandonShip(moves, seat, p.name, tuple(p.fresh), tuple(d.kind for d in p.spent), boat, ask,  # type: ignore[call-arg]  # Flet: key=
                        allowed.overmind_slots, allowed.port_discard, key=f"abandon-ship-{seat}-{p.lifeboat}")
            if allowed.can("abandon_ship") else
            action_button("abandon-ship", boat, None, icon=ft.Icons.SURFING),
        ]),
        ft.Row([grow(action_button("table", t("Table"), lambda: ctx.navigate(back), icon=ft.Icons.TABLE_RESTAURANT)),
                grow(action_button("port", t("Port"), lambda: ctx.navigate(route_to("/port", game=game.id, seat=seat)),
                                   icon=ft.Icons.STOREFRONT))]),
    ], back=lambda: ctx.navigate(back), actions=undo_redo(moves, shown),
        notices=ctx)


class _Typing:
    """While the reason of a change by hand is typed in, each keystroke is kept but the screen is not drawn again
    under the thumb (it would send the field an older text): the screen follows the catch without it, as drawn
    when typing began, until the field is left."""

    def __init__(self) -> None:
        self.why: str | None = None  # the reason as drawn, while it is typed in

    def typing(self, catching: Catching, on: bool) -> None:
        self.why = (catching.catch.why if self.why is None else self.why) if on else None

    def select(self, snapshot: Snapshot[CatchDraft]) -> CatchDraft:
        catch = snapshot.value
        return catch if self.why is None else catch.model_copy(update={"why": self.why})
