"""Score a Deep Regrets table: each angler's Regrets, Lifeboat, Fishbucks, Fish in hand and mounted (picked from
the catalog or typed as value + Fair/Foul), then the ranking, winners, breakdown, penalty and deciding tie-break.

Route: ``/score`` (``?game=<id>`` pre-fills from that game). The draft is a session shared by every phone and kept in a
file of its own (``drafts/scorer.json``): nothing typed is lost on a reload. Identifiers (``<seat>`` = player, ``<k>`` =
Fish): ``scorer-game-…``, ``scorer-preset-<id>``, ``scorer-variant-penalty-printed``, ``scorer-expansion-<id>``,
``scorer-player-<seat>``, ``scorer-name-<seat>``, ``scorer-regret-cards[-minus|-plus]-<seat>``,
``scorer-regret-value-<seat>``, ``scorer-lifeboat-<seat>``, ``scorer-fishbucks[-minus|-plus]-<seat>``,
``scorer-hand-<seat>-<k>``, ``scorer-hand-remove-<seat>-<k>``, ``scorer-mount-<seat>-<slot>``,
``scorer-mount-remove-<seat>-<slot>``, ``scorer-cloche[-remove]-<seat>``, ``scorer-target-<seat>-<hand|1|2|3|cloche>``,
``scorer-pick-<seat>-search``, ``scorer-pick-<seat>-pick-<fish id>``, ``scorer-typed-<seat>``,
``scorer-add-fair-<seat>``, ``scorer-add-foul-<seat>``, ``scorer-unentered-<seat>``, ``scorer-remove-player-<seat>``,
``scorer-add-player``, ``scorer-reset``, ``scorer-refill``, ``scorer-missing``, ``error-line``, and the results (see
``scorer_results``: ``scorer-results``, ``scorer-winners``, ``scorer-rank-<k>``, ``scorer-penalty-rule``,
``scorer-chart``, ``scorer-breakdown-<seat>``, ``scorer-line-<seat>-<k>``, ``scorer-penalty-<seat>``,
``scorer-tie-break-<seat>``, ``scorer-total-<seat>``).
"""

from __future__ import annotations

from copy import deepcopy
from functools import partial

import flet as ft

from companion.i18n import t, tn
from companion.rules.cards import fish_value
from companion.rules.catalog import CatalogFish
from companion.rules.constants import MAX_PLAYERS, REGRET_VALUE_MAX, SLOT_NUMBERS
from companion.rules.expansions import EXPANSIONS, MIN_PLAYERS, expansion_name, known_expansions
from companion.rules.fish import FishRef, FishType
from companion.rules.game import Game
from companion.rules.madness import madness_tier
from companion.rules.ruleset import list_presets
from companion.scoring.deep_regrets import CLOCHE_MULTIPLIER, cloche_problem, regret_deck
from companion.scoring.draft import PlayerDraft, TableDraft
from companion.scoring.from_game import draft_from_state
from companion.views import theme
from companion.views.context import EXPANSIONS_SETTING, AppContext
from companion.views.history.hooks import history_controls, name_suggestions, recorded_note
from companion.views.labels import fish_label, slot_line, slot_name
from companion.views.scorers.common import (
    Editing,
    game_switcher,
    heard_result,
    int_field,
    parse_int,
    text_field,
    undo_removal,
    use_draft,
)
from companion.views.scorers.results import HALF, results
from companion.views.table.common import game_session
from companion.views.widgets import (
    action_button,
    chip,
    error_line,
    fish_picker,
    icon_action,
    named,
    screen,
    section_card,
    stepper,
    tagged,
    undo_redo,
)
from companion.views.widgets.toggles import toggle

DRAFT_KEY = "scorer"
PENALTY_PRINTED = "penalty-printed"


def _from_game(ed: Editing, game_id: str) -> TableDraft | None:
    session = game_session(ed.ctx, game_id)
    if session is None:
        return None
    game = session.current.value
    return draft_from_state(game.state, game_id=game.id)


def _finished_game(ed: Editing, draft: TableDraft) -> Game | None:
    """The finished game at the table this draft scores (its play is recorded as it is scored)."""
    session = game_session(ed.ctx, draft.game_id) if draft.finished else None
    game = session.current.value if session is not None else None
    return game if game is not None and game.finished else None


def _scored(ed: Editing, draft: TableDraft) -> list[ft.Control]:
    """What is still needed, the problem that stops the scoring, or the result with its history buttons."""
    missing = draft.missing()
    if missing:
        return [section_card("scorer-missing", t("Still needed"), [ft.Text(line, size=theme.BODY) for line in missing])]
    try:
        result = draft.score()
    except ValueError as problem:
        return [error_line(str(problem), "scorer-problem")]
    if ed.session.locked():
        return [*results(result), *recorded_note(ed.ctx, f"game-{draft.game_id}")]
    game = _finished_game(ed, draft)
    if game is not None:  # the game's end: its result is the news (a live scorer's changes at every number are not)
        heard_result(result.winners, [(s.name, s.score, s.rank, s.winner, s.tie_break) for s in result.players])
    return [*results(result), *history_controls(ed.ctx, DRAFT_KEY, result, redraw=ed.refresh, game=game)]


def _changed(ed: Editing, draft: TableDraft) -> None:
    ed.changed(draft)


def _blank(ctx: AppContext) -> TableDraft:
    """A blank two-player table with the expansions the table usually plays (the New game default)."""
    return TableDraft(expansions=known_expansions(ctx.setting(EXPANSIONS_SETTING, [])))


def add_fish(ed: Editing, draft: TableDraft, seat: int, fish: FishRef) -> None:
    """Put ``fish`` where player ``seat``'s target points: the hand (default), a mount slot or the Cloche; after a
    mount slot the target moves on to the next empty one."""
    p = draft.players[seat]
    target = ed.form.target.get(seat, "hand")
    if target == "hand":
        p.hand.append(fish)
        p.hand_unentered = max(0, p.hand_unentered - 1)
    elif target == "cloche":
        p.cloche = fish
        ed.form.target[seat] = "hand"
    else:  # the next empty slot is the likely next one: one tap fewer per Mounted Fish
        p.put_on_slot(int(target), fish)
        empty = [s for s in SLOT_NUMBERS if s > int(target) and p.on_slot(s) is None]
        ed.form.target[seat] = str(empty[0]) if empty else "hand"
    _changed(ed, draft)


def pick(ed: Editing, draft: TableDraft, seat: int, fish: CatalogFish) -> None:
    """A Fish picked from the catalog; the Cloche only holds a small Fish (docs/rules.md §10)."""
    problem = cloche_problem(fish) if ed.form.target.get(seat) == "cloche" else None
    if problem:
        ed.fail(problem)
        return
    add_fish(ed, draft, seat, fish.ref())


def add_typed(ed: Editing, draft: TableDraft, seat: int, kind: FishType) -> None:
    """Add the value typed in ``scorer-typed-<seat>`` as a Fair or Foul Fish ("none" for a card with no value)."""
    text = ed.form.typed.get(f"scorer-typed-{seat}", "").strip().casefold()
    try:
        value = None if text in ("none", "-", "–") else parse_int(text, blank=-1)
    except ValueError:
        value = -1
    if value == -1:
        ed.fail(t("Type the Fish's printed value (a whole number, or “none” for a card without one)"))
        return
    ed.form.typed[f"scorer-typed-{seat}"] = ""
    add_fish(ed, draft, seat, FishRef(value=value, type=kind))


def _ruleset_section(ed: Editing, draft: TableDraft) -> ft.Control:
    def set_preset(preset: str) -> None:
        draft.preset = preset
        _changed(ed, draft)

    def set_printed(on: bool) -> None:
        others = [v for v in draft.variants if v != PENALTY_PRINTED]
        draft.variants = [*others, PENALTY_PRINTED] if on else others
        _changed(ed, draft)

    presets: list[ft.Control] = [
        chip(f"scorer-preset-{p.id}", t(p.name), color=theme.SEED if p.id == draft.preset else theme.PASSED,
             selected=p.id == draft.preset,
             on_click=partial(set_preset, p.id)) for p in list_presets()]
    printed = toggle("scorer-variant-penalty-printed", t("Regret penalty by printed value (C)"),
                     PENALTY_PRINTED in draft.variants, set_printed)

    def toggle_expansion(expansion: str) -> None:
        draft.expansions = known_expansions(list(set(draft.expansions) ^ {expansion}))
        if ed.ctx.sessions.viewer.host:  # the table's default, as on New game; a guest may not change app settings
            ed.ctx.set_setting(EXPANSIONS_SETTING, draft.expansions)
        _changed(ed, draft)

    boxes = [toggle(f"scorer-expansion-{e}", t("{name} ({players}+ players)", name=expansion_name(e),
                                               players=MIN_PLAYERS[e]),
                    e in draft.expansions, lambda _on, e=e: toggle_expansion(e)) for e in EXPANSIONS]
    return section_card("scorer-ruleset", t("Rules"), [ft.Row(presets, wrap=True, spacing=8), printed, *boxes])


def _fish_rows(ed: Editing, draft: TableDraft, seat: int) -> list[ft.Control]:
    p = draft.players[seat]
    rules = draft.ruleset()

    def remove_hand(k: int) -> None:
        del p.hand[k]
        _changed(ed, draft)

    def remove_mount(slot: int) -> None:
        p.put_on_slot(slot, None)
        _changed(ed, draft)

    def remove_cloche() -> None:
        p.cloche = None
        _changed(ed, draft)

    rows: list[ft.Control] = [ft.Text(t("Fish in hand"), size=theme.SMALL)]
    for k, fish in enumerate(p.hand):
        rows.append(ft.Row([tagged(f"scorer-hand-{seat}-{k}", ft.Text(fish_label(fish), size=theme.BODY, expand=True)),
                            icon_action(f"scorer-hand-remove-{seat}-{k}", ft.Icons.CLOSE, t("Remove"),
                                        partial(remove_hand, k))]))
    if p.hand_unentered:
        rows.append(tagged(f"scorer-unentered-{seat}", ft.Text(
            tn("{n} Fish caught but not entered: add them below", "{n} Fish caught but not entered: add them below",
               p.hand_unentered), color=theme.DANGER)))
    rows.append(ft.Text(t("Mounted"), size=theme.SMALL))
    for slot in SLOT_NUMBERS:
        mounted = p.on_slot(slot)
        label = slot_line(slot, rules.multiplier(slot), mounted)
        remove = (icon_action(f"scorer-mount-remove-{seat}-{slot}", ft.Icons.CLOSE, t("Remove"),
                              partial(remove_mount, slot)) if mounted else ft.Container(width=theme.TOUCH))
        rows.append(ft.Row([tagged(f"scorer-mount-{seat}-{slot}", ft.Text(label, size=theme.BODY, expand=True)),
                            remove]))
    if p.cloche is not None:
        label = t("Cloche ×{m}: {fish}", m=CLOCHE_MULTIPLIER, fish=fish_label(p.cloche))
        rows.append(ft.Row([tagged(f"scorer-cloche-{seat}", ft.Text(label, size=theme.BODY, expand=True)),
                            icon_action(f"scorer-cloche-remove-{seat}", ft.Icons.CLOSE, t("Remove"), remove_cloche)]))
    return rows


def _adder(ed: Editing, draft: TableDraft, seat: int, whose: str) -> list[ft.Control]:
    """Add a Fish to ``whose`` hand, a slot or the Cloche; each control says whose (issue 46: only the card's
    group did, "Hand", "Slot 1", "Fair" alike on every angler's card)."""
    target = ed.form.target.get(seat, "hand")

    def set_target(value: str) -> None:
        ed.form.target[seat] = value
        ed.refresh()

    def set_typed(event: ft.Event[ft.TextField]) -> None:
        ed.form.typed[f"scorer-typed-{seat}"] = event.control.value or ""

    targets = [("hand", t("Hand"))] + [(str(s), slot_name(s)) for s in SLOT_NUMBERS]
    targets.append(("cloche", t("Cloche")))
    chips: list[ft.Control] = [
        chip(f"scorer-target-{seat}-{key}", label, color=theme.SEED if key == target else theme.PASSED,
             selected=key == target, whose=t("{name}:", name=whose),
             on_click=partial(set_target, key)) for key, label in targets]

    tier = madness_tier(draft.players[seat].regret_cards, draft.ruleset())

    def describe(fish: CatalogFish) -> str:
        return t("{fish}: {points} in hand", fish=fish_label(fish.ref()), points=fish_value(tier, fish.ref()))

    place = dict(targets)[target]
    typed = ft.Row([
        named(f"scorer-typed-{seat}", ft.TextField(label=t("Value"),
                                                   value=ed.form.typed.get(f"scorer-typed-{seat}", ""),
                                                   on_change=set_typed, keyboard_type=ft.KeyboardType.NUMBER,
                                                   width=110, text_size=theme.BODY),
              t("{name}: Fish in {place},", name=whose, place=place)),
        action_button(f"scorer-add-fair-{seat}", t("Fair"), lambda: add_typed(ed, draft, seat, "fair"),
                      whose=t("{name}:", name=whose)),
        action_button(f"scorer-add-foul-{seat}", t("Foul"), lambda: add_typed(ed, draft, seat, "foul"),
                      whose=t("{name}:", name=whose)),
    ], wrap=True)
    return [ft.Text(t("Add a Fish to"), size=theme.SMALL), ft.Row(chips, wrap=True, spacing=8),
            fish_picker(f"scorer-pick-{seat}", describe, lambda fish: pick(ed, draft, seat, fish),
                        sets=draft.expansions),
            typed]


def player_card(ed: Editing, draft: TableDraft, seat: int) -> ft.Control:
    p = draft.players[seat]
    whose = p.name.strip() or t("Angler {n}", n=seat + 1)

    def update(**values: object) -> None:
        for key, value in values.items():
            setattr(p, key, value)
        _changed(ed, draft)

    def remove() -> None:
        del draft.players[seat]
        ed.form.target.clear()  # per-seat half-typed entries would land on the next angler up
        ed.form.typed.clear()
        ed.removed(draft, p.name)

    title = ft.Row([text_field(ed, f"scorer-name-{seat}", t("Angler {n}", n=seat + 1), p.name,
                               lambda v: update(name=v)),
                    icon_action(f"scorer-remove-player-{seat}", ft.Icons.DELETE_OUTLINE, t("Remove angler"),
                                remove if len(draft.players) > 1 else None)])
    suggestions = name_suggestions(ed.ctx, f"scorer-name-{seat}", p.name, [q.name for q in draft.players],
                                   lambda name: update(name=name))
    # What the box holds, refused at the field (issue 35 item 7): the table's Regret deck (A p.6, A p.23), the
    # Fishbucks track's cap where the ruleset has one, a Regret value of at most 3 a card of that deck (A p.6).
    deck, cap = regret_deck(len(draft.players)), draft.ruleset().money_cap
    counts = ft.Row([
        stepper("scorer-regret-cards", seat, p.regret_cards,
                (lambda: update(regret_cards=p.regret_cards - 1)) if p.regret_cards else None,
                (lambda: update(regret_cards=p.regret_cards + 1)) if p.regret_cards < deck else None,
                label=tn("Regret card", "Regret cards", p.regret_cards),
                on_typed=lambda n: update(regret_cards=n), on_invalid=ed.fail, maximum=deck, whose=whose, live=True),
        stepper("scorer-fishbucks", seat, f"${p.fishbucks}",
                (lambda: update(fishbucks=p.fishbucks - 1)) if p.fishbucks else None,
                (lambda: update(fishbucks=p.fishbucks + 1)) if cap is None or p.fishbucks < cap else None,
                label=t("Fishbucks"), on_typed=lambda n: update(fishbucks=n), on_invalid=ed.fail, maximum=cap,
                whose=whose, live=True),
    ], wrap=True, alignment=ft.MainAxisAlignment.SPACE_AROUND)
    regret = ft.Row([
        int_field(ed, f"scorer-regret-value-{seat}", t("Regret value"), p.regret_value,
                  lambda v: update(regret_value=v), blank_ok=True, width=160,
                  maximum=REGRET_VALUE_MAX * deck, whose=whose),
        toggle(f"scorer-lifeboat-{seat}", t("Lifeboat flipped (+10)"), p.lifeboat_flipped,
               lambda on: update(lifeboat_flipped=on)),
    ], wrap=True)
    accent = theme.angler_colour(p.colour) if p.colour else None
    return section_card(f"scorer-player-{seat}", None, [title, suggestions, counts, regret,
                                                         *_fish_rows(ed, draft, seat), *_adder(ed, draft, seat, whose)],
                        accent=accent, group=whose)


@ft.component
def ScorerScreen(ctx: AppContext) -> ft.View:
    """The Deep Regrets scorer; ``?game=<id>`` fills it in from that game when the draft is of another one."""
    ed = use_draft(ctx, DRAFT_KEY, lambda saved: TableDraft.model_validate(saved) if saved else _blank(ctx))
    wanted = ctx.params.get("game")
    if wanted and ed.draft.game_id != wanted:
        filled = _from_game(ed, wanted)
        made = ed.session.replace(lambda _old: filled, seen=ed.shown) if filled is not None else None
        if made is not None and made.ok:  # a refusal is quiet: drawing
            ed.draft, ed.shown = deepcopy(filled), ed.session.version
            if made.message:  # the finished game's play could not be recorded (the scorer offers it again)
                ctx.fail(made.message)
    draft = ed.draft

    def add_player() -> None:
        draft.players.append(PlayerDraft())
        _changed(ed, draft)

    def reset() -> None:
        _changed(ed, _blank(ctx))

    def refill() -> None:
        filled = _from_game(ed, draft.game_id) if draft.game_id else None
        if filled is None:
            ed.fail(ctx.error or t("That game is no longer stored"))
            return
        _changed(ed, filled)

    controls: list[ft.Control] = [game_switcher(ctx, "deep-regrets")]
    back_to = f"/table?game={draft.game_id}" if draft.game_id else "/"
    if ed.session.locked():  # a guest's view of a recorded play: its numbers, nothing to tap that would be refused
        return screen(ctx.route, t("Score Deep Regrets"), [*controls, *_scored(ed, draft)], wide=True,
                      back=lambda: ctx.navigate(back_to), notices=ctx)
    if draft.game_id:
        note = t("Filled in from the game at the table.") if draft.finished else t(
            "Filled in from a game still in progress: a preview of the score so far.")
        controls.append(ft.Row([tagged("scorer-from-game", ft.Text(note, size=theme.SMALL, expand=True)),
                                action_button("scorer-refill", t("Fill in again"), refill, icon=ft.Icons.SYNC)],
                               wrap=True))
    cards: list[ft.Control] = [ft.Container(player_card(ed, draft, seat), col=HALF)
                               for seat in range(len(draft.players))]
    entries: list[ft.Control] = [_ruleset_section(ed, draft),
                                 ft.ResponsiveRow(cards, spacing=theme.GAP, run_spacing=theme.GAP)]
    entries += undo_removal(ed)
    entries.append(ft.Row([
        action_button("scorer-add-player", t("Add angler"), add_player if len(draft.players) < MAX_PLAYERS else None,
                      icon=ft.Icons.PERSON_ADD),
        action_button("scorer-reset", t("Clear"), reset, icon=ft.Icons.RESTART_ALT),
    ], wrap=True))
    scored = _scored(ed, draft)
    # A game scored from the table shows its winner first (the entries are there to check, below); a table being
    # filled in by hand shows the result under what was entered, where the last entry was made.
    controls += [*scored, *entries] if draft.game_id and draft.finished else [*entries, *scored]
    return screen(ctx.route, t("Score Deep Regrets"), controls, wide=True, back=lambda: ctx.navigate(back_to),
                  actions=undo_redo(ed, ed.session.current), notices=ctx)
