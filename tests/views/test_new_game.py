"""New game: anglers, colours, preset and variants, and the game it starts."""

from __future__ import annotations

import flet as ft
from tables import context, draw, game_of
from viewtree import change, enter, find, ids, is_enabled, label_of, tap, texts, walk

from companion.history.roster import remember_names
from companion.net.codes import Keys
from companion.session import Sessions
from companion.session.door import tab_sessions
from companion.session.seats import Viewer
from companion.store import open_store


def fill_names(ctx, *names):
    for i, name in enumerate(names):
        change(draw(ctx), f"player-name-{i}", name)


def test_starts_with_two_anglers_in_different_colours():
    v = draw(context(None, "/new"))
    assert {"player-name-0", "player-name-1"} <= set(ids(v)) and "player-name-2" not in ids(v)
    assert {"colour-0-amber", "colour-1-purple", "preset-anglers-guide", "preset-three-shops",
            "start-game"} <= set(ids(v))


def test_a_missing_name_is_named_and_no_game_starts():
    shared = Sessions(None)
    ctx = context(None, "/new", sessions=shared)
    fill_names(ctx, "Ada")
    tap(draw(ctx), "start-game")
    assert ctx.error == "Angler 2 needs a name"
    assert not shared._games and ctx.route == "/new"


def test_a_name_typed_twice_is_pointed_at_before_the_game_starts():
    """docs/rules.md §1: names are compared ignoring case and surrounding spaces, as the scorer compares them."""
    shared = Sessions(None)
    ctx = context(None, "/new", sessions=shared)
    fill_names(ctx, "Ann", " ann ")
    v = draw(ctx)
    assert find(v, "player-name-0").error is None
    assert find(v, "player-name-1").error == (
        "Angler 2: “ann” is the same name as “Ann” (names ignore case and surrounding spaces)")
    tap(v, "start-game")
    assert ctx.error == find(v, "player-name-1").error
    assert not shared._games and ctx.route == "/new"


def test_a_name_still_to_be_typed_is_not_pointed_at():
    v = draw(context(None, "/new"))
    assert [find(v, f"player-name-{i}").error for i in (0, 1)] == [None, None]


def test_up_to_five_anglers():
    """docs/rules.md §1: 1–5 players."""
    ctx = context(None, "/new")
    for _ in range(3):
        tap(draw(ctx), "add-player")
    v = draw(ctx)
    assert "player-name-4" in ids(v) and "add-player" not in ids(v)


def test_one_angler_cannot_be_removed():
    ctx = context(None, "/new")
    tap(draw(ctx), "remove-player-1")
    assert not is_enabled(draw(ctx), "remove-player-0")


def test_a_swatch_names_its_colour_not_a_person():
    """Issue 9: the angler's name is their own; a swatch says which colour it is ("Amber"), and so does the line
    under it. Issue 38: said once, with whether it is the angler's (its initial is for the eye only)."""
    v = draw(context(None, "/new"))
    assert label_of(v, "colour-0-amber") == "Amber"
    swatch = next(c for c in walk(v) if isinstance(c, ft.Semantics) and c.identifier == "colour-0-amber")
    assert swatch.selected is True and find(v, "colour-0-amber").tooltip is None
    assert "Amber" in texts(v) and "Alba" not in texts(v)


def test_taking_a_colour_swaps_it_with_its_owner():
    ctx = context(None, "/new")
    tap(draw(ctx), "colour-1-amber")
    v = draw(ctx)
    # A chosen swatch is ringed (4 px); every other one has its thin outline (on the light theme's pale page).
    assert [find(v, f"colour-{i}-{c}").border.left.width for i, c in ((0, "green"), (1, "amber"))] == [4, 4]
    assert find(v, "colour-1-green").border.left.width == 1


def test_variants_that_exclude_each_other_are_one_choice():
    """docs/rules.md §9: "Last to pass" is one choice; the Angler's Guide plays 2 at Sea / 4 at Port (A p.9)."""
    ctx = context(None, "/new")
    fill_names(ctx, "Ada", "Bo")
    v = draw(ctx)
    assert "variant-last-to-pass-2" not in ids(v) and "variant-last-to-pass-2-4" not in ids(v)
    assert find(v, "variant-last-to-pass").value == "last-to-pass-2-4"
    change(v, "variant-last-to-pass", "last-to-pass-2")
    tap(draw(ctx), "start-game")
    rules = game_of(ctx).setup.ruleset
    assert rules.variants == ("last-to-pass-2",)


def test_sources_are_named_as_players_know_them_and_no_variant_id_shows():
    v = draw(context(None, "/new"))
    words = " ".join(texts(v)) + " ".join(str(getattr(c, "label", "")) for c in walk(v))
    assert "Italian rules summary" in words and "Angler's Guide p.9" in words
    for unwanted in ("seed 0", "docs/rules.md", "RULES.md", "last-to-pass-2-4", "payday-4"):
        assert unwanted not in words, unwanted


def test_start_builds_the_table_saves_it_and_goes_there(tmp_path):
    store = open_store(tmp_path)
    ctx = context(None, "/new", store=store)
    fill_names(ctx, "Ada", "Bo")
    tap(draw(ctx), "preset-three-shops")
    change(draw(ctx), "variant-payday-4", True)
    change(draw(ctx), "short-game", True)
    tap(draw(ctx), "start-game")
    game = game_of(ctx)
    assert ctx.route == f"/table?game={game.id}"
    ctx.sessions.flush()
    assert [(p.name, p.colour) for p in game.setup.players] == [("Ada", "amber"), ("Bo", "green")]
    rules = game.setup.ruleset
    assert (rules.id, rules.variants, rules.short_game) == ("three-shops", ("payday-4",), True)
    assert rules.thursday_payday == 4
    assert store.load_game(game.id).setup == game.setup
    ctx.navigate("/new")
    assert find(draw(ctx), "player-name-0").value == ""  # a new form for the next game


def test_expansions_chosen_become_the_tables_default_rules_11(tmp_path):
    """docs/rules.md §11: the table says which boxes are on; the next New game starts with the same ones."""
    store = open_store(tmp_path)
    ctx = context(None, "/new", store=store)
    assert {"expansion-lamentable-tentacles", "expansion-biggest-regrets"} <= set(ids(draw(ctx)))
    change(draw(ctx), "expansion-lamentable-tentacles", True)
    assert store.get_setting("expansions") == ["lamentable-tentacles"]
    fill_names(ctx, "Ada", "Bo")
    tap(draw(ctx), "start-game")
    assert game_of(ctx).setup.ruleset.expansions == ("lamentable-tentacles",)
    assert game_of(ctx).state.ruleset.shoal_size == 15
    later = context(None, "/new", store=store)
    assert find(draw(later), "expansion-lamentable-tentacles").value is True


def test_an_expansion_needing_two_players_is_refused_by_name_rules_11():
    shared = Sessions(None)
    ctx = context(None, "/new", sessions=shared)
    tap(draw(ctx), "remove-player-1")
    change(draw(ctx), "expansion-lamentable-tentacles", True)
    fill_names(ctx, "Ada")
    tap(draw(ctx), "start-game")
    assert not shared._games and ctx.error == "Lamentable Tentacles needs at least 2 players"


def test_biggest_regrets_deals_each_angler_a_personality_rules_11():
    """Each angler picks the card dealt to them; Curmudgeonly and Lonely are offered only at 4+ players; a card
    goes to one angler."""
    shared = Sessions(None)
    ctx = context(None, "/new", sessions=shared)
    change(draw(ctx), "expansion-biggest-regrets", True)
    v = draw(ctx)
    assert {"personality-0-Neurotic", "personality-1-Sentimental"} <= set(ids(v))
    assert "personality-0-Lonely" not in ids(v)
    fill_names(ctx, "Ada", "Bo")
    tap(draw(ctx), "start-game")
    assert not shared._games and "personality card" in ctx.error
    tap(draw(ctx), "personality-0-Sentimental")
    tap(draw(ctx), "personality-1-Sentimental")  # taken from Ada: she must pick again
    v = draw(ctx)
    assert [find(v, f"personality-{i}-Sentimental").__class__.__name__ for i in (0, 1)] == [
        "OutlinedButton", "FilledButton"]  # Bo's is chosen (filled), Ada's no longer
    tap(draw(ctx), "personality-0-Neurotic")
    tap(draw(ctx), "start-game")
    assert [p.personality for p in game_of(ctx).state.players] == ["Neurotic", "Sentimental"]


def test_four_anglers_may_be_dealt_curmudgeonly_and_lonely_rules_11():
    ctx = context(None, "/new")
    change(draw(ctx), "expansion-biggest-regrets", True)
    tap(draw(ctx), "add-player")
    tap(draw(ctx), "add-player")
    assert {"personality-3-Lonely", "personality-3-Curmudgeonly"} <= set(ids(draw(ctx)))


def keystrokes(ctx, identifier: str, text: str) -> None:
    """Type ``text`` into a field without leaving it (a phone put away mid-name never sends the blur)."""
    enter(draw(ctx), identifier, text)


def test_a_half_filled_form_survives_leaving_the_screen():
    """Nothing typed is lost by leaving the screen: names (even one still being typed), anglers, rules, variants."""
    ctx = context(None, "/new")
    fill_names(ctx, "Ada")
    tap(draw(ctx), "add-player")
    keystrokes(ctx, "player-name-2", "Ca")
    tap(draw(ctx), "colour-1-cyan")
    tap(draw(ctx), "preset-three-shops")
    change(draw(ctx), "variant-payday-4", True)
    change(draw(ctx), "short-game", True)
    tap(draw(ctx), "back")
    assert ctx.route == "/" and "player-name-0" not in ids(draw(ctx))
    ctx.navigate("/new")
    v = draw(ctx)
    assert [find(v, f"player-name-{i}").value for i in range(3)] == ["Ada", "", "Ca"]
    assert find(v, "colour-1-cyan").border is not None
    assert find(v, "variant-payday-4").value is True and find(v, "short-game").value is True
    assert find(v, "preset-three-shops").__class__.__name__ == "FilledButton"


def test_a_half_filled_form_survives_a_reload_or_a_restart(tmp_path):
    """The draft is kept in the store, as the scorers' are: a phone that slept (or a host restarted) finds it."""
    store = open_store(tmp_path)
    fill_names(context(None, "/new", store=store), "Ada", "Bo")
    later = context(None, "/new", store=store)  # new sessions over the same data folder
    v = draw(later)
    assert [find(v, f"player-name-{i}").value for i in (0, 1)] == ["Ada", "Bo"]


def test_the_name_being_typed_is_the_one_the_game_starts_with():
    ctx = context(None, "/new")
    fill_names(ctx, "Ada")
    keystrokes(ctx, "player-name-1", "Bo")
    tap(draw(ctx), "start-game")
    assert [p.name for p in game_of(ctx).setup.players] == ["Ada", "Bo"]


def test_starting_the_game_empties_the_form_for_the_next_one(tmp_path):
    store = open_store(tmp_path)
    ctx = context(None, "/new", store=store)
    fill_names(ctx, "Ada", "Bo")
    tap(draw(ctx), "add-player")
    tap(draw(ctx), "preset-three-shops")
    change(draw(ctx), "expansion-lamentable-tentacles", True)
    fill_names(ctx, "Ada", "Bo", "Cy")
    tap(draw(ctx), "start-game")
    assert ctx.route.startswith("/table")
    for again in (ctx, context(None, "/new", store=store)):  # this tab, and after a restart
        again.navigate("/new")
        v = draw(again)
        assert [find(v, f"player-name-{i}").value for i in (0, 1)] == ["", ""] and "player-name-2" not in ids(v)
        assert find(v, "preset-anglers-guide").__class__.__name__ == "FilledButton"
        assert find(v, "expansion-lamentable-tentacles").value is True  # the table's boxes stay its default


def test_each_phone_has_its_own_form():
    """Two browsers with the host's code setting up at once don't type into one form: the draft is kept with the
    phone's pass."""
    sessions = Sessions(None)
    phones = {name: context(None, "/new", sessions=tab_sessions(sessions, Viewer(f"{name}-pass", True)))
              for name in ("laptop", "tablet")}
    fill_names(phones["laptop"], "Ada")
    fill_names(phones["tablet"], "Bo")
    assert find(draw(phones["tablet"]), "player-name-0").value == "Bo"
    phones["laptop"].navigate("/new")
    assert find(draw(phones["laptop"]), "player-name-0").value == "Ada"


def watched(ctx) -> None:
    """Draw the screen of ``ctx`` and note from now on what each drawing draws again."""
    draw(ctx)
    ctx.__dict__["_shown"][1].watch()


def redraw_pending(ctx) -> bool:
    """Whether the screen drew anything again since it was last drawn."""
    draw(ctx)
    return bool(ctx.__dict__["_shown"][1].drawn)


def test_a_keystroke_is_kept_without_redrawing_under_the_thumb_and_a_suggestion_is_shown(tmp_path):
    """A redraw while typing would send the field an older text (lost keystrokes); a picked name must show."""
    store = open_store(tmp_path)
    remember_names(store, ["Ada"])
    ctx = context(None, "/new", store=store)
    watched(ctx)
    keystrokes(ctx, "player-name-1", "B")
    assert not redraw_pending(ctx) and ctx.sessions.draft("new-game").current.value.players[1].name == "B"
    tap(draw(ctx), "player-name-0-suggest-0")
    assert redraw_pending(ctx) and find(draw(ctx), "player-name-0").value == "Ada"


def test_a_guests_phone_is_told_the_host_starts_a_game_and_changes_nothing(tmp_path):
    """Issue 37: a game a guest started was one nobody could move on. A guest's New game says who starts one and
    leads to its seat picker; no form, so no table default or game changed."""
    store = open_store(tmp_path)
    keys = Keys(tmp_path)
    holder = keys.join(keys.room_code)
    assert holder is not None and not holder.is_host
    guest = context(None, "/new", sessions=tab_sessions(Sessions(store), Viewer(holder.token_id, host=False)))
    v = draw(guest)
    assert "start-game" not in ids(v) and "expansion-lamentable-tentacles" not in ids(v)
    assert "Only the host starts a game" in " ".join(texts(v))
    tap(v, "new-game-pick-seat")
    assert guest.route == "/seat"
    assert store.get_setting("expansions") is None and not store.list_games()


UNSEEN = (("Bo\u202e\x00", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("B\u200bo", "U+200B ZERO WIDTH SPACE"),
          ("B\no", "U+000A"), ("B" * 1_000_000, "at most 60 characters"))


def test_a_name_no_angler_may_have_is_refused_at_the_field_and_changes_nothing():
    """Issue 45 item 9: a name turned around by an override, holding a NUL, a zero-width space or a newline, or a
    million characters long was taken into the draft (and the game); each is refused naming the angler."""
    ctx = context(None, "/new")
    fill_names(ctx, "Ada", "Bo")
    for typed, why in UNSEEN:
        ctx.error = None
        change(draw(ctx), "player-name-1", typed)
        assert (ctx.error or "").startswith("Angler 2: ") and why in (ctx.error or ""), ctx.error
    tap(draw(ctx), "start-game")
    assert [p.name for p in game_of(ctx).setup.players] == ["Ada", "Bo"]
