"""The Deep Regrets scorer screen, built from plain state; handlers called as a tap would (docs/rules.md §7, A p.22)."""

from __future__ import annotations

import flet as ft
from tables import context, draft_of, draw, finished, play
from viewtree import change, enter, find, ids, is_enabled, leave, tap, tap_height, text_of, texts

from companion.rules import actions as act
from companion.rules.fish import FishRef
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.scoring.draft import PlayerDraft, TableDraft
from companion.session import Sessions
from companion.store import open_store
from companion.views.context import AppContext
from companion.views.scorers.deep_regrets import DRAFT_KEY


def ctx_with(draft: TableDraft | None = None, route: str = "/score") -> AppContext:
    ctx = context(None, route)
    if draft is not None:
        ctx.sessions.draft(DRAFT_KEY).reset(draft, seen=0)
    return ctx


def worked_example() -> TableDraft:
    """A p.22's worked example for Alba (14 Regret cards, $4), and Hugo with nothing."""
    alba = PlayerDraft(name="Alba", regret_cards=14, regret_value=10, fishbucks=4,
                       hand=[FishRef(value=2, type="fair"), FishRef(value=3, type="foul")],
                       mounted=[FishRef(value=6, type="fair"), FishRef(value=6, type="foul"),
                                FishRef(value=5, type="foul")])
    hugo = PlayerDraft(name="Hugo", regret_cards=0, regret_value=0)
    return TableDraft(players=[alba, hugo])


def test_blank_table_lists_what_is_still_needed() -> None:
    ctx = ctx_with()
    screen = draw(ctx)
    assert "Player 1 needs a name" in text_of(screen, "scorer-missing")
    assert "scorer-results" not in ids(screen)


def test_worked_example_scores_53_with_breakdown_and_chart() -> None:
    """A p.22: 8 + 24 + 14 + 0 + 5 + 2 = 53. Alba's Regret total 10 is the highest of 2 players: the penalty
    discards her lowest-scored mount (slot 1 or 3: 8 vs 14 → slot 1, 8 points), so 53 − 8 = 45 here."""
    screen = draw(ctx_with(worked_example()))
    assert "Winner: Alba" in text_of(screen, "scorer-winners")
    assert text_of(screen, "scorer-rank-0").startswith("1. Alba: 45")
    assert "discarded" in text_of(screen, "scorer-line-0-2")
    assert "lowest" in text_of(screen, "scorer-penalty-0")
    assert isinstance(find(screen, "scorer-chart"), ft.Column)


def test_worked_example_solo_is_53() -> None:
    """A p.22 and docs/rules.md §7.2: alone, no penalty — the full 53."""
    draft = worked_example()
    draft.players.pop()
    screen = draw(ctx_with(draft))
    assert text_of(screen, "scorer-rank-0").startswith("1. Alba: 53")
    assert "scorer-penalty-0" not in ids(screen)


def test_entering_a_player_by_taps_and_typing(tmp_path) -> None:
    """Build a table from nothing: names, Regret value, a catalog Fish in hand and a typed Foul 4 on slot 2.
    Hugo: 0 cards (Fair +2, Foul −2): Sunfish 4 → 6; Foul 4 → 2 × 3 = 6; $3 → 1: 13. Isla: 0. Isla's Regret 1 is
    the highest of 2: no mounts, nothing to discard."""
    store = open_store(tmp_path)
    ctx = context(None, "/score", store=store)
    screen = draw(ctx)
    change(screen, "scorer-name-0", "Hugo")
    change(draw(ctx), "scorer-name-1", "Isla")
    change(draw(ctx), "scorer-regret-value-0", "0")
    change(draw(ctx), "scorer-regret-value-1", "1")
    tap(draw(ctx), "scorer-regret-cards-plus-1")
    for _ in range(3):
        tap(draw(ctx), "scorer-fishbucks-plus-0")
    change(draw(ctx), "scorer-pick-0-search", "sunf")
    assert text_of(draw(ctx), "scorer-pick-0-pick-sunfish").endswith(": 6 in hand")  # 0 cards: Fair +2
    tap(draw(ctx), "scorer-pick-0-pick-sunfish")
    tap(draw(ctx), "scorer-target-0-2")
    change(draw(ctx), "scorer-typed-0", "4")
    tap(draw(ctx), "scorer-add-foul-0")
    screen = draw(ctx)
    assert "Sunfish" in text_of(screen, "scorer-hand-0-0")
    assert "Foul 4" in text_of(screen, "scorer-mount-0-2")
    assert text_of(screen, "scorer-rank-0").startswith("1. Hugo: 13")
    assert text_of(screen, "scorer-total-0") == "Total 13"
    assert store.get_draft(DRAFT_KEY)["players"][0]["name"] == "Hugo"  # saved: a reload keeps it
    assert Sessions(store).draft(DRAFT_KEY).current.value.players[0].name == "Hugo"


def test_bad_typed_value_is_refused_and_changes_nothing() -> None:
    ctx = ctx_with(worked_example())
    for bad in ("lots", "²", "-2", ""):
        change(draw(ctx), "scorer-typed-1", bad)
        tap(draw(ctx), "scorer-add-fair-1")
    screen = draw(ctx)
    assert "printed value" in text_of(screen, "error-line")
    assert draft_of(ctx, DRAFT_KEY).players[1].hand == []


def test_bad_regret_value_is_refused() -> None:
    ctx = ctx_with(worked_example())
    change(draw(ctx), "scorer-regret-value-1", "-3")
    assert "Regret value must be" in (ctx.error or "")
    assert draft_of(ctx, DRAFT_KEY).players[1].regret_value == 0


def test_penalty_by_printed_value_switch() -> None:
    """docs/rules.md §9 variant: 2 players, lowest printed value goes — Foul 5 (slot 3, 14 points): 53 − 14 = 39."""
    ctx = ctx_with(worked_example())
    change(draw(ctx), "scorer-variant-penalty-printed", True)
    assert draft_of(ctx, DRAFT_KEY).variants == ["penalty-printed"]
    assert text_of(draw(ctx), "scorer-rank-0").startswith("1. Alba: 39")


def test_remove_fish_and_players_limits() -> None:
    ctx = ctx_with(worked_example())
    tap(draw(ctx), "scorer-hand-remove-0-0")
    assert len(draft_of(ctx, DRAFT_KEY).players[0].hand) == 1
    tap(draw(ctx), "scorer-mount-remove-0-2")
    assert draft_of(ctx, DRAFT_KEY).players[0].mounted[1] is None
    for _ in range(3):
        tap(draw(ctx), "scorer-add-player")
    screen = draw(ctx)
    assert not is_enabled(screen, "scorer-add-player")  # 5 anglers at most (docs/rules.md §1)
    tap(screen, "scorer-remove-player-4")
    assert len(draft_of(ctx, DRAFT_KEY).players) == 4


def test_opened_from_a_game_prefills_it() -> None:
    game = new_game(GameSetup(players=[PlayerSetup(name="Alba", colour="amber"), PlayerSetup(name="Bert",
                                                                                            colour="pink")],
                              ruleset=build_ruleset("three-shops"), seed=3))
    ctx = context(game, "/score?game={id}")
    screen = draw(ctx)
    assert "scorer-from-game" in ids(screen)
    assert find(screen, "scorer-name-1").value == "Bert"
    assert "Alba: reveal the Regret value" in texts(screen)
    assert draft_of(ctx, DRAFT_KEY).preset == "three-shops"


def test_touch_targets_at_least_48px() -> None:
    screen = draw(ctx_with(worked_example()))
    for identifier in ("scorer-fishbucks-plus-0", "scorer-hand-remove-0-0", "scorer-add-player"):
        assert tap_height(find(screen, identifier)) >= 48


def test_fill_in_again_from_the_game_replaces_edits() -> None:
    """After editing a pre-filled draft, "Fill in again" takes the game's numbers back."""
    game = new_game(GameSetup(players=[PlayerSetup(name="Alba", colour="amber")], ruleset=build_ruleset(), seed=3))
    ctx = context(game, "/score?game={id}")
    tap(draw(ctx), "scorer-fishbucks-plus-0")
    assert draft_of(ctx, DRAFT_KEY).players[0].fishbucks == 1
    tap(draw(ctx), "scorer-refill")
    assert draft_of(ctx, DRAFT_KEY).players[0].fishbucks == 0


def test_cloche_takes_only_a_small_fish() -> None:
    """Cloche Supply: one small Fish, ×2. Lanternfish (small, Fair 4) for Hugo at 0 cards: 6 × 2 = 12;
    Sunfish (large) is refused."""
    ctx = ctx_with(worked_example())
    tap(draw(ctx), "scorer-target-1-cloche")
    change(draw(ctx), "scorer-pick-1-search", "sunfish")
    tap(draw(ctx), "scorer-pick-1-pick-sunfish")
    assert "small Fish" in (ctx.error or "") and draft_of(ctx, DRAFT_KEY).players[1].cloche is None
    change(draw(ctx), "scorer-pick-1-search", "lantern")
    tap(draw(ctx), "scorer-pick-1-pick-lanternfish")
    screen = draw(ctx)
    assert "Lanternfish" in text_of(screen, "scorer-cloche-1")
    assert text_of(screen, "scorer-total-1") == "Total 12"


def test_typing_waits_for_the_field_to_be_left_before_the_draft_changes() -> None:
    """A redraw under a typing thumb sends the field an older text: keystrokes stay in the field until it is left."""

    ctx = context(None, "/score")
    draw(ctx)
    session = ctx.sessions.draft(DRAFT_KEY)
    for text in ("A", "An", "Ann"):
        enter(draw(ctx), "scorer-name-0", text)
    assert session.version == 0 and session.current.value.players[0].name == ""
    leave(draw(ctx), "scorer-name-0")
    assert session.version == 1 and session.current.value.players[0].name == "Ann"
    tap(draw(ctx), "scorer-regret-cards-plus-0")  # the next tap is not taken for a stale phone's
    assert ctx.error is None and session.current.value.players[0].regret_cards == 1
def test_the_scorer_asks_which_expansions_are_on_the_table_rules_11() -> None:
    """Without Lamentable Tentacles its Fish aren't offered; switched on, Nautilus is picked and scores 3 whatever
    the Madness (docs/rules.md §10: Hugo at 0 cards would make a Fair 3 worth 5)."""
    ctx = ctx_with(worked_example())
    change(draw(ctx), "scorer-pick-1-search", "nautil")
    assert "scorer-pick-1-pick-nautilus" not in ids(draw(ctx))
    change(draw(ctx), "scorer-expansion-lamentable-tentacles", True)
    assert draft_of(ctx, DRAFT_KEY).expansions == ["lamentable-tentacles"]
    assert ctx.setting("expansions") == ["lamentable-tentacles"]  # the table's default, as on New game
    change(draw(ctx), "scorer-pick-1-search", "nautil")
    assert "3 in hand" in text_of(draw(ctx), "scorer-pick-1-pick-nautilus")
    tap(draw(ctx), "scorer-pick-1-pick-nautilus")
    assert text_of(draw(ctx), "scorer-total-1") == "Total 3"


def test_the_boxes_chosen_on_new_game_are_the_scorers_default_rules_11(tmp_path) -> None:
    """The table's default is one setting: boxes put on at New game are on in a blank scorer, and the Fish picker
    offers their Fish; taken off in the scorer, they are off in the table's default too."""
    store = open_store(tmp_path)
    setup = context(None, "/new", store=store)
    change(draw(setup), "expansion-lamentable-tentacles", True)
    ctx = context(None, "/score", store=store)
    assert find(draw(ctx), "scorer-expansion-lamentable-tentacles").value is True
    assert find(draw(ctx), "scorer-expansion-biggest-regrets").value is False
    assert draft_of(ctx, DRAFT_KEY).expansions == ["lamentable-tentacles"]
    change(draw(ctx), "scorer-pick-0-search", "nautil")
    assert "scorer-pick-0-pick-nautilus" in ids(draw(ctx))
    change(draw(ctx), "scorer-expansion-lamentable-tentacles", False)
    assert store.get_setting("expansions") == []


def test_a_guests_boxes_on_the_scorer_leave_the_tables_default_alone(tmp_path) -> None:
    """Only the host changes the app's settings (the join gate): a joined guest's toggle changes the draft only."""
    from companion.net.codes import Keys
    from companion.session.door import tab_sessions
    from companion.session.seats import Viewer

    store = open_store(tmp_path)
    keys = Keys(tmp_path)
    holder = keys.join(keys.room_code)
    assert holder is not None and not holder.is_host
    guest = context(None, "/score", sessions=tab_sessions(Sessions(store), Viewer(holder.token_id, host=False)))
    change(draw(guest), "scorer-expansion-lamentable-tentacles", True)
    assert draft_of(guest, DRAFT_KEY).expansions == ["lamentable-tentacles"]
    assert store.get_setting("expansions") is None


def test_an_expansion_fish_from_a_box_taken_off_is_named_rules_11() -> None:
    draft = worked_example()
    draft.players[1].hand.append(FishRef(name="Overmind", value=5, type="foul"))
    screen = draw(ctx_with(draft))
    assert "Lamentable Tentacles" in text_of(screen, "scorer-problem")


def test_removing_a_filled_in_angler_can_be_put_back() -> None:
    """Issue 12 item 5: no one-tap loss — Alba's whole entry comes back with one tap on "Put back"."""
    ctx = ctx_with(worked_example())
    tap(draw(ctx), "scorer-remove-player-0")
    screen = draw(ctx)
    assert [p.name for p in draft_of(ctx, DRAFT_KEY).players] == ["Hugo"]
    assert "Alba removed" in " ".join(texts(screen))
    tap(screen, "scorer-undo-remove")
    screen = draw(ctx)
    assert draft_of(ctx, DRAFT_KEY).players[0] == worked_example().players[0]
    assert "scorer-undo-remove" not in ids(screen)


def test_put_back_is_offered_only_until_the_next_change() -> None:
    ctx = ctx_with(worked_example())
    tap(draw(ctx), "scorer-remove-player-1")
    tap(draw(ctx), "scorer-fishbucks-plus-0")
    assert "scorer-undo-remove" not in ids(draw(ctx))


def test_a_game_scored_from_the_table_shows_its_winner_before_the_entries() -> None:
    """Issue 12: after "Score the game" the winner is on screen, not under every angler's entries."""
    game = play(finished(), act.RevealRegrets(player=0, value=0), act.RevealRegrets(player=1, value=0))
    order = ids(draw(context(game, "/score?game={id}")))
    assert order.index("scorer-winners") < order.index("scorer-player-0")


def test_a_table_filled_in_by_hand_shows_its_result_under_the_entries() -> None:
    order = ids(draw(ctx_with(worked_example())))
    assert order.index("scorer-player-1") < order.index("scorer-winners")


def test_more_regret_cards_at_the_table_than_the_deck_are_refused_a_p6() -> None:
    """A p.6: the deck holds 10 Regret cards per player; 11 + 10 at a 2-player table can't be (issue 27 item 9)."""
    draft = worked_example()
    draft.players[0].regret_cards, draft.players[1].regret_cards = 11, 10
    screen = draw(ctx_with(draft))
    assert "21 Regret cards in all, but 2 players have a Regret deck of 20 cards" in text_of(screen, "scorer-problem")


def test_a_fish_floored_at_zero_says_so():
    """Issue 26; docs/rules.md §7: a Foul 1 with no Regret cards scores 1 − 2, never below 0: it reads
    "0 (−2, never below 0)", not "1 −2 = 0"; one above the floor keeps its sum."""
    ctx = context(None, "/score")
    ctx.sessions.draft(DRAFT_KEY).reset(TableDraft(players=[PlayerDraft(
        name="Ann", regret_value=0, hand=[FishRef(value=1, type="foul"), FishRef(value=3, type="foul")])]), seen=0)
    v = draw(ctx)
    assert text_of(v, "scorer-line-0-0") == "Hand · Fish · Foul 1: 0 (−2, never below 0)"
    assert text_of(v, "scorer-line-0-1") == "Hand · Fish · Foul 3: 3 −2 = 1"


def test_numbers_the_box_cannot_hold_are_refused_at_the_field() -> None:
    """Issue 35 item 7: the scorer took 10^30 Regret cards, 61 cards or $11 into the draft and the result vanished.
    A two-angler table plays a 20-card Regret deck (A p.6), the Angler's Guide caps Fishbucks at $10 (docs/rules.md
    §7), a Regret card is worth at most 3 (A p.6)."""
    ctx = ctx_with(worked_example())
    before = draft_of(ctx, DRAFT_KEY)
    for identifier, typed, message in (
            ("scorer-regret-cards-field-1", "1" + "0" * 30, "Regret cards: type a whole number from 0 to 20"),
            ("scorer-regret-cards-field-1", "21", "Regret cards: type a whole number from 0 to 20, not “21”"),
            ("scorer-fishbucks-field-1", "$11", "Fishbucks: type a whole number from 0 to 10, not “$11”")):
        change(draw(ctx), identifier, typed)
        assert (ctx.error or "").startswith(message), ctx.error
        assert draft_of(ctx, DRAFT_KEY) == before  # nothing changed
    change(draw(ctx), "scorer-regret-value-1", "61")
    assert "Regret value must be" in (ctx.error or "") and draft_of(ctx, DRAFT_KEY) == before

    full = worked_example()
    full.players[1].regret_cards, full.players[1].fishbucks = 20, 10
    ctx = ctx_with(full)
    assert not is_enabled(draw(ctx), "scorer-regret-cards-plus-1")  # the deck is all dealt
    assert not is_enabled(draw(ctx), "scorer-fishbucks-plus-1")  # the track's end
    assert is_enabled(draw(ctx), "scorer-regret-cards-plus-0")


def test_a_name_longer_than_new_games_is_refused_at_the_field() -> None:
    """Issue 35 item 7: a guest could type a 10 MB name into the shared scorer (kept, and sent to every phone)."""
    ctx = ctx_with(worked_example())
    enter(draw(ctx), "scorer-name-1", "H" * 61)
    assert "at most 60 characters" in (ctx.error or "")
    leave(draw(ctx), "scorer-name-1")
    assert draft_of(ctx, DRAFT_KEY).players[1].name == "Hugo"
    enter(draw(ctx), "scorer-name-1", "H" * 60)
    leave(draw(ctx), "scorer-name-1")
    assert draft_of(ctx, DRAFT_KEY).players[1].name == "H" * 60


def test_nobody_is_named_the_highest_regret_total_when_every_total_is_0() -> None:
    """docs/rules.md §7.2: both Regret values 0 and no Lifeboat flipped: no red "Highest Regret total" line under
    either angler, no mount discarded, and the result says nobody has Regrets to lose."""
    draft = worked_example()
    draft.players[0].regret_value = 0
    screen = draw(ctx_with(draft))
    assert not {"scorer-penalty-0", "scorer-penalty-1"} & set(ids(screen))
    assert "discarded" not in text_of(screen, "scorer-line-0-2")
    assert text_of(screen, "scorer-rank-0").startswith("1. Alba: 53")
    assert "nobody has Regrets to lose" in text_of(screen, "scorer-penalty-rule")


def test_a_name_with_a_control_direction_or_invisible_character_is_refused_at_the_field() -> None:
    """Issue 45 item 9: a phone could name an angler "Hu\u202ego\x00" (an override turns the line, scores
    included, around), "Hu\u200bgo" or "Hu\ngo"; each is refused naming the field and changes nothing."""
    ctx = ctx_with(worked_example())
    for typed, why in (("Hu\u202ego\x00", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("Hu\u200bgo", "U+200B ZERO WIDTH SPACE"),
                       ("Hu\ngo", "U+000A"), ("Hugo\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE")):
        ctx.error = None
        enter(draw(ctx), "scorer-name-1", typed)
        leave(draw(ctx), "scorer-name-1")
        assert why in (ctx.error or ""), ctx.error
        assert draft_of(ctx, DRAFT_KEY).players[1].name == "Hugo"


def test_a_name_being_typed_survives_a_redraw_before_it_is_left() -> None:
    """Issue 45 item 8: the screen drawn again while a name was typed (here: another phone's change to the shared
    table) sent the field the saved name over the typed one, and leaving it then kept nothing."""
    ctx = ctx_with(worked_example())
    other = context(None, "/score", sessions=ctx.sessions)
    draw(other)
    enter(draw(ctx), "scorer-name-1", "Hugh")  # typed, not left yet
    tap(draw(other), "scorer-regret-cards-plus-0")  # this screen is drawn again with the other phone's change
    assert find(draw(ctx), "scorer-name-1").value == "Hugh"
    leave(draw(ctx), "scorer-name-1")
    assert draft_of(ctx, DRAFT_KEY).players[1].name == "Hugh"
    assert draft_of(ctx, DRAFT_KEY).players[0].regret_cards == 15
