"""The catch card: what the angler uses on a catch, and the Difficulty the engine works out, line by line
(docs/rules.md §10)."""

from __future__ import annotations

import errno

from tables import context, draw, game_of, monday_action, play
from viewtree import change, ids, is_enabled, tap, text_of, texts

from companion.rules import actions as act
from companion.session import Sessions
from companion.store import open_store
from tests.support.faults import FailingDisk


def _picked(game, fish="swordfish", seat=0):
    ctx = context(game, "/player?game={id}&seat=" + str(seat))
    change(draw(ctx), "catch-search", fish)
    tap(draw(ctx), f"catch-pick-{fish}")
    return ctx


def test_only_what_the_angler_holds_is_offered():
    """docs/rules.md §10: Ada holds no Dink, no Supply, and Bo has the Life Preserver: nothing to switch on."""
    v = draw(_picked(monday_action()))
    shown = ids(v)
    assert not any(i.startswith(("catch-dink-", "catch-supply-")) for i in shown)
    assert "catch-life-preserver" not in shown
    assert text_of(v, "catch-difficulty") == "Swordfish: Difficulty 4 = 4"


def test_a_supply_used_lowers_the_difficulty_and_is_spent():
    """docs/rules.md §10, A p.11: the Bag of Maggots takes 2 off one Fish, so a die worth 2 catches a Swordfish."""
    ctx = _picked(play(monday_action(), act.GainItem(player=0, item="Bag of Maggots")))
    change(draw(ctx), "catch-supply-0", True)
    v = draw(ctx)
    assert text_of(v, "catch-difficulty") == "Swordfish: Difficulty 4 − 2 Bag of Maggots = 2"
    assert text_of(v, "catch-line-1") == "− 2 Bag of Maggots"
    tap(v, "fresh-die-2")
    tap(draw(ctx), "catch-fish")
    assert ctx.error is None
    ada = game_of(ctx).state.players[0]
    assert [f.name for f in ada.hand] == ["Swordfish"] and ada.items == []
    assert game_of(ctx).log[-1].supplies == ["Bag of Maggots"]


def test_the_difficulty_without_the_supply_still_refuses_the_die():
    """A p.10: the printed Difficulty 4 is not reached by a die worth 2 when the Supply is left unused."""
    ctx = _picked(play(monday_action(), act.GainItem(player=0, item="Bag of Maggots")))
    tap(draw(ctx), "fresh-die-2")
    before = game_of(ctx)
    tap(draw(ctx), "catch-fish")
    assert game_of(ctx) is before
    assert ctx.error == "Dice worth 2 don't reach the Difficulty 4 (Angler's Guide p.10)"


def test_a_dink_and_a_change_by_hand_are_sent_and_shown_as_such():
    """docs/rules.md §10: a Difficulty Dink takes 1 off; a change by hand is labelled, with the table's reason."""
    ctx = _picked(play(monday_action(), act.DrawDink(player=0)))
    tap(draw(ctx), "catch-dink-0")
    v = draw(ctx)
    assert not is_enabled(v, "catch-dink-1")  # Ada holds one Dink
    tap(v, "catch-adjust-minus")
    change(draw(ctx), "catch-adjust-why", "Sea Monkey")
    v = draw(ctx)
    assert text_of(v, "catch-adjust") == "-1 Difficulty adjusted by hand"
    assert text_of(v, "catch-difficulty") == (
        "Swordfish: Difficulty 4 − 1 Moon Jellyfish − 1 adjusted by hand: Sea Monkey = 2")
    tap(v, "fresh-die-2")
    tap(draw(ctx), "catch-fish")
    assert ctx.error is None
    sent = game_of(ctx).log[-1]
    assert (sent.dinks, sent.adjustment, sent.adjustment_label) == (["Moon Jellyfish"], -1, "Sea Monkey")
    assert game_of(ctx).state.players[0].dinks == 0
    assert "catch-adjust" not in ids(draw(ctx))  # the card is cleared after the catch


def test_the_life_preserver_is_offered_to_its_holder_and_spent():
    """docs/rules.md §4: Bo, holding the Life Preserver, may use it on a catch for Difficulty −2; it is then spent."""
    ctx = _picked(play(monday_action(), act.Pass(player=0)), "striped-marlin", seat=1)
    change(draw(ctx), "catch-life-preserver", True)
    v = draw(ctx)
    assert text_of(v, "catch-difficulty") == "Striped Marlin: Difficulty 4 − 2 Life Preserver = 2"
    for k in range(2):  # Bo's 1 and 1
        tap(draw(ctx), f"fresh-die-{k}")
    tap(draw(ctx), "catch-fish")
    assert ctx.error is None
    assert game_of(ctx).state.life_preserver is None


def test_an_overfished_catch_with_both_regret_piles_empty_asks_whom_to_take_the_regret_from():
    """A p.11: the last Fish of a Shoal draws a Regret; A p.18: with both piles empty it is taken from another
    angler. The catch waits for the answer, then goes through and the panel is ready for the next catch."""
    ctx = _picked(play(monday_action(), act.DrawRegret(player=1, count=20)), fish="sunfish")
    change(draw(ctx), "catch-overfished", True)
    tap(draw(ctx), "fresh-die-0")
    tap(draw(ctx), "catch-fish")
    v = draw(ctx)
    assert game_of(ctx).state.players[0].hand == []
    tap(v, "choose-regret_from-1")
    ada, bo = game_of(ctx).state.players
    assert [f.name for f in ada.hand] == ["Sunfish"] and (ada.regret_cards, bo.regret_cards) == (1, 19)
    assert ctx.error is None and "catch-difficulty" not in ids(draw(ctx))


def _after_a_restart(data_dir, game, route):
    """The host started again on the same data folder: new sessions, the phone's screen opened afresh."""
    return context(None, route.format(id=game.id), sessions=Sessions(open_store(data_dir)))


def test_a_half_made_catch_survives_a_host_restart(tmp_path):
    """Issue 37: a Fish picked, a die selected, a Dink and a change by hand chosen, then the host restarted: the
    catch card shows them all again and "Catch" sends them (docs/rules.md §10: Dink −1, by hand −1)."""
    game = play(monday_action(), act.DrawDink(player=0))
    ctx = context(game, "/player?game={id}&seat=0", store=open_store(tmp_path))
    change(draw(ctx), "catch-search", "swordfish")
    tap(draw(ctx), "catch-pick-swordfish")
    tap(draw(ctx), "fresh-die-2")
    tap(draw(ctx), "catch-dink-0")
    tap(draw(ctx), "catch-adjust-minus")
    change(draw(ctx), "catch-adjust-why", "Sea Monkey")
    before = draw(ctx)
    again = _after_a_restart(tmp_path, game, "/player?game={id}&seat=0")
    v = draw(again)
    for shown in ("catch-difficulty", "selected-dice", "catch-adjust"):
        assert text_of(v, shown) == text_of(before, shown)
    assert text_of(v, "catch-difficulty") == ("Swordfish: Difficulty 4 − 1 Moon Jellyfish − 1 adjusted by hand: "
                                              "Sea Monkey = 2")
    tap(v, "catch-fish")
    assert again.error is None
    sent = game_of(again).log[-1]
    assert (sent.fish.name, sent.dice, sent.dinks, sent.adjustment, sent.adjustment_label) == (
        "Swordfish", [2], ["Moon Jellyfish"], -1, "Sea Monkey")
    third = _after_a_restart(tmp_path, game, "/player?game={id}&seat=0")
    assert "catch-difficulty" not in ids(draw(third))  # made: nothing half-made is offered again


def test_the_kept_catch_is_the_seats_and_its_days(tmp_path):
    """Bo's screen shows none of Ada's catch; a catch begun on an earlier Day isn't offered (its dice are gone)."""
    game = monday_action()
    ctx = context(game, "/player?game={id}&seat=0", store=open_store(tmp_path))
    change(draw(ctx), "catch-search", "swordfish")
    tap(draw(ctx), "catch-pick-swordfish")
    assert "catch-difficulty" in ids(draw(_after_a_restart(tmp_path, game, "/player?game={id}&seat=0")))
    assert "catch-difficulty" not in ids(draw(_after_a_restart(tmp_path, game, "/player?game={id}&seat=1")))
    tuesday = play(game, act.Pass(player=0), act.Pass(player=1), act.AdvancePhase())
    open_store(tmp_path).save_game(tuesday)
    assert "catch-difficulty" not in ids(draw(_after_a_restart(tmp_path, tuesday, "/player?game={id}&seat=0")))


def test_a_die_chosen_writes_its_catch_alone_not_the_settings(tmp_path):
    """Issue 47 item 4: a die chosen rewrote the whole settings file, four other tables' drafts in it. It now
    writes the catch's own small file (the same one a restart reads), and no setting."""
    game = monday_action()
    store = open_store(tmp_path)
    store.set_setting("theme", "light")
    ctx = context(game, "/player?game={id}&seat=0", store=store)
    settings = (tmp_path / "settings.json").read_bytes()
    tap(draw(ctx), "fresh-die-0")
    assert text_of(draw(ctx), "selected-dice") != "Selected: none"
    assert (tmp_path / "settings.json").read_bytes() == settings
    assert store.get_draft(f"catch-{game.id}-0")["dice"] == [0]


def test_a_die_the_full_disk_refused_is_not_shown_selected(tmp_path):
    """The catch card is its kept draft: a die whose choice could not be written is not shown selected (the form
    was changed on screen before it was written, and stayed changed when the write failed)."""
    game = monday_action()
    ctx = context(game, "/player?game={id}&seat=0", store=open_store(tmp_path))
    with FailingDisk(1, errno.ENOSPC, persistent=True):
        tap(draw(ctx), "fresh-die-0")
    v = draw(ctx)
    assert text_of(v, "selected-dice") == "Selected: none"
    assert "The host's disk is full: this change was not saved. Free some space, then tap again." in texts(v)
