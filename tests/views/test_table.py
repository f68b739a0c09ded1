"""The table screen, built from games at known points; expected figures come from docs/rules.md, not from the code."""

from __future__ import annotations

import flet as ft
import pytest
from seated import on, phone, seen_by
from tables import (
    all_passed_on_the_last_day,
    context,
    draw,
    finished,
    game_of,
    monday_action,
    play,
    tab,
    tuesday_at_port,
    two_players,
)
from viewtree import change, find, ids, is_enabled, label_of, tap, text_of, texts, walk

from companion.rules import actions as act
from companion.rules.catalog import load_catalog
from companion.rules.fish import FishRef
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Sessions
from companion.store import open_store
from companion.store.failures import speak_for_the_phone
from tests.support.components import Rendered


def test_day_and_phase_always_in_view():
    """A p.8: the first Day is Monday; six Days (docs/rules.md §3)."""
    ctx = context(two_players(), "/table?game={id}")
    v = draw(ctx)
    assert text_of(v, "day-name") == "Monday"
    assert "Day 1 of 6" in texts(find(v, "day-banner"))
    assert text_of(v, "phase") == "Refresh"


def test_short_game_starts_on_tuesday_and_lasts_five_days():
    """A p.6: the short game starts on Tuesday."""
    v = draw(context(two_players(short_game=True), "/table?game={id}"))
    assert text_of(v, "day-name") == "Tuesday"
    assert "Day 1 of 5" in texts(find(v, "day-banner"))


def test_drawing_regrets_moves_the_madness_chip():
    """docs/rules.md §2: 0 cards Fair +2 Foul −2, 4 dice; 1–3 cards Fair +1 Foul −1, 5 dice."""
    ctx = context(two_players(), "/table?game={id}")
    assert text_of(draw(ctx), "madness-0") == "Madness 0 · Fair +2 · Foul −2 · 4 dice"
    tap(draw(ctx), "regret-plus-0")
    v = draw(ctx)
    assert text_of(v, "regret-0").startswith("1")
    assert text_of(v, "madness-0") == "Madness 1–3 · Fair +1 · Foul −1 · 5 dice"
    assert text_of(v, "madness-1") == "Madness 0 · Fair +2 · Foul −2 · 4 dice"


def test_bottom_of_madness_shows_the_port_discount():
    """docs/rules.md §2: 13+ Regret cards, Fair −2, Foul +2, 8 dice, purchases $1 cheaper."""
    game = play(two_players(), act.DrawRegret(player=1, count=13))
    assert text_of(draw(context(game, "/table?game={id}")), "madness-1") == (
        "Madness 13+ · Fair −2 · Foul +2 · 8 dice · Port −$1")


def test_no_regret_to_discard_disables_minus():
    v = draw(context(two_players(), "/table?game={id}"))
    assert not is_enabled(v, "regret-minus-0")
    assert is_enabled(v, "regret-plus-0")


def test_refused_action_shows_the_rule_and_changes_nothing():
    """A p.8: the table can't leave the Refresh phase before everyone refreshed."""
    ctx = context(two_players(), "/table?game={id}")
    before = game_of(ctx)
    tap(draw(ctx), "advance-phase")
    assert game_of(ctx) is before
    assert ctx.error is not None and "Angler's Guide p.8" in ctx.error
    assert find(draw(ctx), "error-line").visible


def test_undo_and_redo_are_one_tap_away():
    ctx = context(two_players(), "/table?game={id}")
    v = draw(ctx)
    assert not is_enabled(v, "undo") and not is_enabled(v, "redo")
    tap(v, "regret-plus-0")
    tap(draw(ctx), "undo")
    v = draw(ctx)
    assert text_of(v, "regret-0").startswith("0")
    assert is_enabled(v, "redo")
    tap(v, "redo")
    assert text_of(draw(ctx), "regret-0").startswith("1")


def test_every_action_undo_and_redo_is_autosaved(tmp_path):
    store = open_store(tmp_path)
    ctx = context(two_players(), "/table?game={id}", store=store)
    tap(draw(ctx), "regret-plus-1")
    assert store.load_game(game_of(ctx).id).state.players[1].regret_cards == 1
    tap(draw(ctx), "undo")
    assert store.load_game(game_of(ctx).id).state.players[1].regret_cards == 0
    tap(draw(ctx), "redo")
    assert store.load_game(game_of(ctx).id).state.players[1].regret_cards == 1


def test_table_opens_the_stored_game_named_in_the_route(tmp_path):
    store = open_store(tmp_path)
    game = play(two_players(), act.DrawRegret(player=0))
    store.save_game(game)
    ctx = context(None, f"/table?game={game.id}", store=store)
    assert text_of(draw(ctx), "regret-0").startswith("1")


def test_unknown_game_says_so_and_offers_home():
    ctx = context(None, "/table?game=nope")
    v = draw(ctx)
    assert "player-card-0" not in ids(v)
    tap(v, "go-home")
    assert ctx.route == "/"


def test_refresh_then_life_preserver_then_action():
    """A p.8: every player refreshes, the highest roller throws the Life Preserver, then the Action phase."""
    ctx = context(two_players(), "/table?game={id}")
    tap(draw(ctx), "refresh-0")
    tap(draw(ctx), "refresh-1")
    v = draw(ctx)
    thrower = game_of(ctx).state.life_preserver_thrower
    target = 1 - thrower
    assert f"throw-lp-{thrower}" not in ids(v)
    tap(v, f"throw-lp-{target}")
    tap(draw(ctx), "advance-phase")
    v = draw(ctx)
    assert text_of(v, "phase") == "Action"
    assert text_of(v, "turn-indicator") == "Ada's turn"


def test_whose_turn_and_only_they_can_pass():
    v = draw(context(monday_action(), "/table?game={id}"))
    assert "pass-0" in ids(v) and "pass-1" not in ids(v)


def test_last_to_pass_countdown_at_sea_is_two_turns():
    """A p.9: once all but one passed, the last player at Sea gets 2 more turns."""
    ctx = context(monday_action(), "/table?game={id}")
    tap(draw(ctx), "pass-0")
    v = draw(ctx)
    assert text_of(v, "countdown") == "Bo: 2 turns left, then the Day ends"
    assert "passed-0" in ids(v)


def test_last_to_pass_countdown_at_port_is_four_turns():
    """A p.9: the last player at Port gets 4 more turns (Angler's Guide)."""
    v = draw(context(tuesday_at_port(), "/table?game={id}"))
    assert text_of(v, "countdown") == "Ada: 4 turns left, then the Day ends"


def test_day_effects_checklist_then_next_day():
    """A p.8: the next Day's start is listed and applied only when the table confirms."""
    ctx = context(play(monday_action(), act.Pass(player=0), act.Pass(player=1)), "/table?game={id}")
    v = draw(ctx)
    assert "effect-0" in ids(v)
    assert label_of(v, "effect-0") == "Move the Day tracker to Tuesday"
    assert text_of(v, "day-name") == "Monday"
    tap(v, "advance-day")
    assert text_of(draw(ctx), "day-name") == "Tuesday"


@pytest.mark.parametrize("preset", ["three-shops"])
def test_passing_reward_offers_dink_or_regret(preset):
    """docs/rules.md §9: Three shops rewards passing with a Dink or a discarded Regret."""
    ctx = context(monday_action(preset), "/table?game={id}")
    v = draw(ctx)
    assert "pass-0" not in ids(v)
    tap(v, "pass-dink-0")
    assert game_of(ctx).state.players[0].dinks == 1 and game_of(ctx).state.players[0].passed


def test_finished_game_links_to_the_scorer_with_the_game():
    game = all_passed_on_the_last_day()
    ctx = context(game, "/table?game={id}")
    tap(draw(ctx), "end-game")
    v = draw(ctx)
    assert text_of(v, "phase") != "Game over"  # asked first (issue 12): one stray tap ends nothing
    assert "end-game-question" in ids(v)
    tap(v, "end-game")
    v = draw(ctx)
    assert text_of(v, "phase") == "Game over"
    tap(v, "score-game")
    assert ctx.route == f"/score?game={game.id}"


def cards_drawn(screen: Rendered) -> list[object]:
    return [key for name, key in screen.drawn if name == "Seat"]


def test_a_change_to_one_angler_redraws_only_that_anglers_card():
    """The tap path: Regret + on Bo redraws Bo's card (Regret number, Madness chip, dice line); Ada's is kept, and
    so is the table around the cards (the banner, the Shoals line, the next step): the card follows the game itself."""
    ctx = context(monday_action(), "/table?game={id}")
    screen = tab(ctx).watch()
    tap(screen.render(), "fishbucks-plus-1")
    v = screen.render()
    assert cards_drawn(screen) == ["angler-1"]
    assert not {"_Body", "Banner", "Shoals"} & {name for name, _key in screen.drawn}
    assert text_of(v, "fishbucks-1").startswith("$1")
    tap(v, "regret-plus-1")  # 0 → 1 card: the Madness row and Max dice change too (docs/rules.md §2)
    v = screen.render()
    assert cards_drawn(screen) == ["angler-1"]
    assert text_of(v, "madness-1") == "Madness 1–3 · Fair +1 · Foul −1 · 5 dice"


def test_a_change_to_the_table_redraws_every_card_it_touched():
    ctx = context(monday_action(), "/table?game={id}")
    screen = tab(ctx).watch()
    tap(screen.render(), "pass-0")  # the turn moves on: banner, countdown and both cards change
    v = screen.render()
    assert sorted(cards_drawn(screen)) == ["angler-0", "angler-1"]
    assert text_of(v, "turn-indicator") == "Bo's turn" and "passed-0" in ids(v)


def test_the_last_refresh_shows_the_life_preserver_throw():
    """A p.8: once everyone has refreshed, the highest roller throws the Life Preserver: a table-wide change."""
    ctx = context(play(two_players(), act.Refresh(player=0, faces=[3, 3, 2])), "/table?game={id}")
    tap(draw(ctx), "refresh-1")
    assert "throw-lp-1" in ids(draw(ctx))


def test_an_undo_redraws_the_card_it_changed_back():
    ctx = context(monday_action(), "/table?game={id}")
    screen = tab(ctx).watch()
    tap(screen.render(), "regret-plus-0")
    tap(screen.render(), "undo")
    v = screen.render()
    assert cards_drawn(screen) == ["angler-0"] and text_of(v, "regret-0").startswith("0")


def test_day_end_ticks_and_a_half_typed_regret_value_stay_with_their_game():
    """The bug: ticks on the Day's end checklist and a half-typed Regret value showed up in the next game opened."""
    ended = play(monday_action(), act.Pass(player=0), act.Pass(player=1))
    other = play(monday_action(), act.Pass(player=0), act.Pass(player=1))
    ctx = context(ended, "/table?game={id}")
    ctx.sessions.start_game(other)
    change(draw(ctx), "effect-0", True)
    assert find(draw(ctx), "effect-0").value is True
    ctx.navigate(f"/table?game={other.id}")
    assert find(draw(ctx), "effect-0").value is False
    over, next_one = finished(), finished()
    ctx.sessions.start_game(over)
    ctx.sessions.start_game(next_one)
    ctx.navigate(f"/table?game={over.id}")
    change(draw(ctx), "reveal-0", "1")
    ctx.navigate(f"/table?game={next_one.id}")
    assert find(draw(ctx), "reveal-0").value == ""
    tap(draw(ctx), "reveal-ok-0")
    assert ctx.error == "Ada's Regret value must be a whole number of 0 or more"


def test_a_change_in_one_tab_redraws_every_other_tab_showing_the_game(two_tabs):
    """Live updates: two tabs share the session; the second tab re-renders without a tap (undo included)."""
    game = monday_action()
    tabs = two_tabs(game)
    sessions, first, other = tabs.sessions, tabs.first, tabs.other
    tap(draw(first), "regret-plus-1")
    assert other.render() is not None and text_of(other.render(), "regret-1").startswith("1")
    per_tab = sessions.game(game.id).subscribers // 2  # the title, the undo/redo toolbar and the table itself
    tap(draw(first), "undo")
    assert text_of(other.render(), "regret-1").startswith("0")
    other.unmount()
    assert sessions.game(game.id).subscribers == per_tab  # a tab that leaves stops listening


def test_a_refusal_is_kept_until_the_next_action():
    ctx = context(two_players(), "/table?game={id}")
    tap(draw(ctx), "advance-phase")
    assert find(draw(ctx), "error-line").visible
    tap(draw(ctx), "regret-plus-0")
    assert ctx.error is None and "error-line" not in ids(draw(ctx))


def test_regret_values_are_revealed_at_the_end():
    """A p.22: at the end each player reveals the total value of their Regret cards; a typo is refused by name."""
    ctx = context(finished(), "/table?game={id}")
    change(draw(ctx), "reveal-0", "two")
    tap(draw(ctx), "reveal-ok-0")
    assert ctx.error == "Ada's Regret value must be a whole number of 0 or more"
    change(draw(ctx), "reveal-0", "0")
    tap(draw(ctx), "reveal-ok-0")
    v = draw(ctx)
    assert game_of(ctx).state.players[0].regret_value == 0
    assert "reveal-ok-0" not in ids(v) and find(v, "reveal-0").read_only


def _personalities_game():
    setup = GameSetup(players=[PlayerSetup(name="Ada", colour="amber", personality="Sentimental"),
                               PlayerSetup(name="Bo", colour="cyan", personality="Neurotic")],
                      ruleset=build_ruleset(expansions=("biggest-regrets",)), seed=7)
    return new_game(setup)


def test_table_shows_each_personality_tier_and_use_rules_11():
    """docs/rules.md §11: each angler's card, its tier for the Day (fixed at Refresh), what it does, used today or not;
    the angler whose turn it is can use it, naming the angler Sentimental gives to."""
    game = _personalities_game()
    ctx = context(game, "/table?game={id}")
    assert "tier fixed at Refresh" in text_of(draw(ctx), "personality-0")
    game = play(game, act.Refresh(player=0, faces=[3, 3, 2]), act.Refresh(player=1, faces=[1, 1, 1]),
                act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase())
    ctx = context(game, "/table?game={id}")
    v = draw(ctx)
    assert text_of(v, "personality-0") == "Sentimental · tier 0 · not used today"
    assert text_of(v, "personality-text-0") == "Another angler of your choice takes a Regret."
    assert "use-personality-1" not in ids(v)  # not Bo's turn
    tap(v, "use-personality-0-1")
    assert game_of(ctx).state.players[1].regret_cards == 1
    v = draw(ctx)
    assert text_of(v, "personality-0") == "Sentimental · tier 0 · used today"
    assert "use-personality-0-1" not in ids(v)


def _overmind_to_declare(*then: act.Action) -> tuple[FishRef, Game]:
    """Tuesday's Action phase with Lamentable Tentacles: Ada, who caught an Overmind on Monday, is to declare, Bo
    has declared Sea; then ``then``."""
    overmind = load_catalog().fish_ref("Overmind")
    game = two_players(expansions=("lamentable-tentacles",))
    game = play(game, act.Refresh(player=0, faces=[3, 3, 2]), act.Refresh(player=1, faces=[1, 1, 1]),
                act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase(),
                act.DropSinkers(player=0, dice=[2]), act.Fish(player=0, fish=overmind, depth=2, dice=[0]),
                act.Pass(player=1), act.Pass(player=0), act.AdvancePhase(),
                act.Refresh(player=0, faces=[1, 1, 1]), act.Refresh(player=1, faces=[3, 3, 3]))
    return overmind, play(game, act.ThrowLifePreserver(player=game.state.life_preserver_thrower, to=0),
                          act.AdvancePhase(), act.Declare(player=1, location="sea"), *then)


def test_making_port_with_an_overmind_asks_for_its_slot_rules_11():
    """docs/rules.md §11: the Overmind is Mounted when its angler Makes Port, into the empty slot they pick."""
    overmind, game = _overmind_to_declare()
    ctx = context(game, "/table?game={id}")
    v = draw(ctx)
    assert {"declare-port-0-overmind-1", "declare-port-0-overmind-3"} <= set(ids(v)) and "declare-port-0" not in ids(v)
    tap(v, "declare-port-0-overmind-2")
    tap(draw(ctx), "port-roll-0")  # Making Port's muster (A p.17), rolled by the app
    assert game_of(ctx).state.players[0].mounted == [None, overmind, None]
    assert game_of(ctx).state.players[0].hand == []


def test_making_port_with_an_overmind_may_also_discard_a_regret_rules_11():
    """docs/rules.md §11 and A p.17: an angler Making Port with an Overmind picks its slot and, holding a Regret card,
    may discard one as any angler Making Port may."""
    overmind, game = _overmind_to_declare(act.DrawRegret(player=0), act.DrawRegret(player=0))
    ctx = context(game, "/table?game={id}")
    change(draw(ctx), "declare-port-discard-0", True)
    tap(draw(ctx), "declare-port-0-overmind-3")
    tap(draw(ctx), "port-roll-0")  # Making Port's muster (A p.17), rolled by the app
    ada = game_of(ctx).state.players[0]
    assert ada.mounted == [None, None, overmind] and ada.regret_cards == 1


def test_a_new_table_with_expansions_is_told_how_to_set_up_rules_11():
    """docs/rules.md §11: Shoals of 15 with Lamentable Tentacles; a personality card each with Biggest Regrets."""
    setup = GameSetup(players=[PlayerSetup(name=n, colour=c, personality=card) for n, c, card in (
        ("Ada", "Alba", "Sentimental"), ("Bo", "Isla", "Neurotic"), ("Cy", "Hugo", "Unambitious"))],
        ruleset=build_ruleset(expansions=("lamentable-tentacles", "biggest-regrets")), seed=7)
    game = new_game(setup)
    notes = texts(find(draw(context(game, "/table?game={id}")), "expansion-setup"))
    assert any("15 Fish, not 13" in n for n in notes) and any("personality card" in n for n in notes)
    later = play(game, *(act.Refresh(player=i, faces=[1, 1, i + 1]) for i in range(3)),
                 act.ThrowLifePreserver(player=2, to=0))
    assert "expansion-setup" in ids(draw(context(later, "/table?game={id}")))  # still the first Refresh
    later = later.apply(act.AdvancePhase())
    assert "expansion-setup" not in ids(draw(context(later, "/table?game={id}")))
    assert "expansion-setup" not in ids(draw(context(two_players(), "/table?game={id}")))


def test_faces_entered_at_refresh_decide_the_life_preserver_thrower():
    """A p.8: each angler rolls their dice; the highest Fresh pool total throws the Life Preserver. The faces come
    from the table's own dice (issue 12): Bo's 3+3+2 = 8 beats Ada's 1+1+2 = 4."""
    ctx = context(two_players(), "/table?game={id}")
    v = draw(ctx)
    assert text_of(v, "die-0-0") == "Angler die"
    for n, face in enumerate((1, 1, 2)):
        tap(draw(ctx), f"face-0-{n}-{face}")
    assert text_of(draw(ctx), "die-0-2") == "Angler die 2"
    tap(draw(ctx), "refresh-faces-0")
    for n, face in enumerate((3, 3, 2)):
        tap(draw(ctx), f"face-1-{n}-{face}")
    tap(draw(ctx), "refresh-faces-1")
    state = game_of(ctx).state
    assert [d.face for d in state.players[0].fresh] == [1, 1, 2]
    assert [d.face for d in state.players[1].fresh] == [3, 3, 2]
    assert state.life_preserver_thrower == 1
    v = draw(ctx)
    assert "throw-lp-0" in ids(v) and "throw-lp-1" not in ids(v)


def test_refresh_asks_for_every_face_before_sending():
    """A face not tapped is not guessed: the refusal says so and nothing changes."""
    ctx = context(two_players(), "/table?game={id}")
    before = game_of(ctx)
    tap(draw(ctx), "face-0-0-3")
    tap(draw(ctx), "refresh-faces-0")
    assert game_of(ctx) is before
    assert ctx.error == "Tap the face of each die Ada rolled first"


def test_only_the_fresh_dice_chosen_are_rolled_again():
    """A p.8: the Spent dice are rolled, and the Fresh dice the angler chooses; the others keep their faces."""
    game = play(monday_action(), act.DropSinkers(player=0, dice=[2]), act.Pass(player=0), act.Pass(player=1),
                act.AdvancePhase())
    ctx = context(game, "/table?game={id}")
    v = draw(ctx)
    # Ada: Fresh 3, 3 kept from Monday, one Spent die; every Fresh die is rolled again unless untapped.
    tap(v, "reroll-0-0")
    tap(draw(ctx), "reroll-0-1")
    v = draw(ctx)
    assert "face-0-1-1" not in ids(v)  # one row: the Spent die
    tap(v, "face-0-0-2")
    tap(draw(ctx), "refresh-faces-0")
    assert [d.face for d in game_of(ctx).state.players[0].fresh] == [3, 3, 2]


def test_let_the_app_roll_stays():
    ctx = context(two_players(), "/table?game={id}")
    tap(draw(ctx), "refresh-0")
    assert game_of(ctx).state.players[0].refreshed


def test_after_a_move_the_table_is_told_what_to_do_by_hand():
    """docs/rules.md §10 / A p.17: a Foul Fish sold at Port adds a Regret card, which the angler draws by hand; the
    words stay in the bottom bar until the next action."""
    ctx = context(two_players(), "/table?game={id}")
    for seat in (0, 1):
        tap(draw(ctx), f"refresh-{seat}")
    thrower = game_of(ctx).state.life_preserver_thrower
    tap(draw(ctx), f"throw-lp-{1 - thrower}")
    v = draw(ctx)
    told = texts(find(v, "table-steps"))
    name = game_of(ctx).state.players[thrower].name
    other = game_of(ctx).state.players[1 - thrower].name
    assert any(name in line and other in line and "Life Preserver" in line for line in told)
    tap(v, "regret-plus-0")
    assert "table-steps" not in ids(draw(ctx)) or "Life Preserver" not in " ".join(texts(find(draw(ctx),
                                                                                              "table-steps")))


def test_who_holds_the_life_preserver_is_on_the_table_and_their_card():
    """A p.8: the thrower gives the Life Preserver to another angler, who holds it."""
    v = draw(context(monday_action(), "/table?game={id}"))  # Ada threw it to Bo
    assert text_of(v, "life-preserver-holder") == "Life Preserver: Bo"
    assert "holds-life-preserver-1" in ids(v) and "holds-life-preserver-0" not in ids(v)


def test_the_money_cap_fits_on_one_line():
    """docs/rules.md §5: $10 is the cap; "$10" is drawn a size down and never wrapped into "$1" over "0"."""
    game = play(two_players(), act.AdjustFishbucks(player=0, amount=10))
    number = next(c for c in walk(find(draw(context(game, "/table?game={id}")), "fishbucks-0"))
                  if isinstance(c, ft.Text))
    assert number.value == "$10" and number.no_wrap


def test_angler_cards_go_two_by_two_on_a_wide_window_and_can_be_scrolled_to():
    """Issue 12: on a tablet the cards take the width in two columns (one on a phone); each card has the key its
    angler's turn scrolls to."""
    v = draw(context(monday_action(), "/table?game={id}"))
    rows = [c for c in walk(v) if isinstance(c, ft.ResponsiveRow)
            and any("player-card-0" in ids(cell) for cell in c.controls)]
    cells = rows[-1].controls  # the innermost: the screen's own frame is a ResponsiveRow too
    assert [cell.col for cell in cells] == [{"xs": 12, "md": 6}] * 2
    assert [cell.key.value for cell in cells] == ["angler-0", "angler-1"]
    assert isinstance(cells[0].key, ft.ScrollKey)


def test_new_steps_redraw_the_bottom_bars_lines_alone():
    """What the table must do by hand changes with every move; the screen around the bar is not drawn again for it
    while the bar keeps its height (one line of steps before and after)."""
    ctx = context(monday_action(), "/table?game={id}")
    screen = tab(ctx).watch()
    tap(screen.render(), "regret-plus-0")
    assert "draw a Regret card" in text_of(screen.render(), "table-steps")
    tap(screen.render(), "regret-minus-0")
    v = screen.render()
    assert "discard a Regret card" in text_of(v, "table-steps")
    drawn = {name for name, _key in screen.drawn}
    assert "NoticeLines" in drawn and not drawn & {"TabScreen", "RouteScreen", "TableScreen", "_Table"}, drawn


def test_a_failed_save_shows_at_once_by_the_thumb(tmp_path, monkeypatch):
    """Nothing a user entered is lost silently: when the game can't be written, the table says so with that tap,
    though the bar keeps its shape (one line of steps before and after), and shows the game as saved (issue 45:
    it showed the change, and "Nothing was changed")."""
    store = open_store(tmp_path)
    game = monday_action()
    ctx = context(game, "/table?game={id}", store=store)
    tap(draw(ctx), "regret-plus-0")

    def broken(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("companion.store.journal.os.fsync", broken)  # the tap's change is appended to the game's log
    tap(draw(ctx), "regret-minus-0")
    assert text_of(draw(ctx), "error-line") == ("The host's disk is full: this change was not saved. Free some "
                                                "space, then tap again.")
    assert ctx.sessions.game(game.id).current.value.state.players[0].regret_cards == 1  # as saved


def test_in_the_phone_app_a_failed_save_names_the_phone_s_storage(tmp_path, monkeypatch):
    """Issue 45: the phone app has no host; its refused write names this phone's storage and the game stays as
    saved."""
    monkeypatch.setattr("companion.store.failures._Place.phone", False)  # put back after the test
    speak_for_the_phone()
    store = open_store(tmp_path)
    game = monday_action()
    ctx = context(game, "/table?game={id}", store=store)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("companion.store.journal.os.fsync", broken)
    tap(draw(ctx), "regret-plus-0")
    assert text_of(draw(ctx), "error-line") == ("This phone's storage is full: this change was not saved. Free some "
                                                "space on this phone, then tap again.")
    assert ctx.sessions.game(game.id).current.value.state.players[0].regret_cards == 0  # as saved


def _steps(screen: object) -> str:
    return " ".join(texts(find(screen, "table-steps"))) if "table-steps" in ids(screen) else ""


def test_steps_last_until_the_table_moves_on_and_never_cross_a_day(two_tabs):
    """Issue 26, bug 4: "Bo: draw a Dink" stayed into Bo's next turn and "Bo is last…" into Tuesday's Refresh on the
    phone that made the move, while the other phones played on. A steps line lasts until the next turn or phase (the
    app gives both tabs their door: each is also told what the other's moves ask of the table)."""
    tabs = two_tabs(monday_action())  # Ada to act
    other = tabs.other
    tap(other.render(), "regret-plus-0")
    assert "Ada: draw a Regret card" in _steps(other.render())
    tap(draw(tabs.first), "regret-plus-1")  # still Ada's turn: the table hasn't moved on
    assert "Bo: draw a Regret card" in _steps(other.render())  # heard from the other phone
    tap(draw(tabs.first), "pass-0")  # Ada passes on the other phone: Bo's turn
    assert "draw a Regret card" not in _steps(other.render())


def test_the_last_players_countdown_does_not_cross_the_day(two_tabs):
    """Issue 26, bug 4: "Bo is last: 2 more turns, then the Day ends" stayed from Monday into Tuesday's Refresh."""
    tabs = two_tabs(monday_action())
    other = tabs.other
    tap(other.render(), "pass-0")
    assert "Bo is last: 2 more turns" in _steps(other.render())
    tap(draw(tabs.first), "pass-1")
    assert _steps(other.render()) == ""  # Bo played his turn on the other phone
    tap(other.render(), "regret-plus-1")  # a Regret card drawn by hand once everyone passed
    assert "Bo: draw a Regret card" in _steps(other.render())
    tap(draw(tabs.first), "advance-day")
    assert game_of(tabs.first).state.day == 1
    steps = _steps(other.render())  # Tuesday's own steps, heard from the other phone
    assert "Bo is last" not in steps and "draw a Regret card" not in steps


def test_a_seated_phone_shows_its_own_anglers_card_first(keys):
    """Issue 26: a seated phone at a table of four scrolled past three cards to enter its dice. Its own angler's
    card comes first; the whole table's phone keeps the turn order."""
    sessions = Sessions(None)
    game = sessions.start_game(monday_action()).current.value  # Ada first
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    whole_table = phone(keys, keys.room_code, {"game": game.id, "angler": None}, sessions)
    bo_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(bo, sessions))
    table_ctx = context(None, f"/table?game={game.id}", sessions=seen_by(whole_table, sessions))
    with on(bo):
        cards = [i for i in ids(draw(bo_ctx)) if i.startswith("player-card-")]
    assert cards == ["player-card-1", "player-card-0"]
    with on(whole_table):
        cards = [i for i in ids(draw(table_ctx)) if i.startswith("player-card-")]
    assert cards == ["player-card-0", "player-card-1"]


def test_regret_plus_with_both_piles_empty_takes_one_from_the_angler_picked():
    """A p.18: with both Regret piles empty a Regret drawn is taken from another angler, whom the drawer picks in
    the bottom bar; until then nothing changes."""
    ctx = context(play(monday_action(), act.DrawRegret(player=1, count=20)), "/table?game={id}")
    tap(draw(ctx), "regret-plus-0")
    v = draw(ctx)
    assert [p.regret_cards for p in game_of(ctx).state.players] == [0, 20]
    tap(v, "choose-regret_from-1")
    assert [p.regret_cards for p in game_of(ctx).state.players] == [1, 19]
    assert text_of(draw(ctx), "regret-0").startswith("1")
