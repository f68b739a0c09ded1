"""The seat book (issue 25): who holds which seat, kept in the store; and the log's record of which seat moved."""

from __future__ import annotations

from companion.rules.actions import DrawRegret
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session.seats import Place, Seat, SeatBook, Viewer
from companion.store import open_store

ADA, BO, HOST = Viewer("p-ada", host=False), Viewer("p-bo", host=False), Viewer("p-host", host=True)


def _game():
    return new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber"), PlayerSetup(name="Bo", colour="cyan")],
                              ruleset=build_ruleset(), seed=3))


def test_a_seat_is_kept_in_the_store_across_a_restart(tmp_path):
    book = SeatBook(open_store(tmp_path))
    assert book.take(ADA, Seat("g1", 0)) is None
    again = SeatBook(open_store(tmp_path))
    assert again.of(ADA.holder) == Seat("g1", 0) and again.holder_of(Seat("g1", 0)) == ADA.holder


def test_the_whole_table_is_anyones_and_a_changed_code_frees_the_dropped_phones_seats():
    book = SeatBook(None)
    assert book.take(ADA, Seat("g1", None)) is None and book.take(BO, Seat("g1", None)) is None
    assert book.take(ADA, Seat("g1", 0)) is None
    book.keep_only({BO.holder})
    assert book.of(ADA.holder) is None and book.take(BO, Seat("g1", 0)) is None


def test_places_in_a_game():
    book = SeatBook(None)
    book.take(ADA, Seat("g1", 0))
    book.take(BO, Seat("g1", None))
    assert book.place(ADA, "g1") == Place("angler", 0) and book.place(ADA, "g2") == Place("outside")
    assert book.place(BO, "g1") == Place("table") and book.place(HOST, "g1").kind == "host"
    assert book.place(Viewer("x", host=False, served=False), "g1") == Place("all")
    book.take(HOST, Seat("g1", 1))
    assert book.place(HOST, "g1") == Place("angler", 1, host=True) and book.place(HOST, "g1").acts_for(0)


def test_the_log_records_which_seat_moved_and_an_older_game_counts_as_the_tables():
    game = _game().apply(DrawRegret(player=0)).apply(DrawRegret(player=1))
    older = game.model_copy(update={"by": []})  # saved before seats were recorded
    moved = older.apply(DrawRegret(player=1), by=1)
    assert moved.movers() == [None, None, 1]
    undone = moved.undo()
    assert undone.movers() == [None, None] and undone.redo_movers() == [1]
    assert undone.redo().movers() == [None, None, 1]
    assert Place("angler", 1).undo_refusal(moved) is None and Place("angler", 0).undo_refusal(moved)
