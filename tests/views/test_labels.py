"""The labels more than one screen prints (issue 9): mount slots by their printed number, one word for a Fish not
entered, an angler's colour as a colour."""

from __future__ import annotations

from companion.rules.fish import FishRef
from companion.rules.ruleset import build_ruleset
from companion.views.labels import colour_name, fish_label, not_entered, slot_label, slot_line, slot_name


def test_slots_print_their_board_number_and_multiplier_a_p22() -> None:
    """A p.22: slots 1, 2, 3 score ×2, ×3, ×2; the label takes the printed number, never an index."""
    rules = build_ruleset()
    assert [slot_label(s, rules.multiplier(s)) for s in (1, 2, 3)] == ["Slot 1 ×2", "Slot 2 ×3", "Slot 3 ×2"]
    assert slot_name(3) == "Slot 3"
    assert slot_line(2, 3, FishRef(name="Sunfish", value=4, type="fair")) == "Slot 2 (×3): Sunfish · Fair 4"
    assert slot_line(1, 2, None) == "Slot 1 (×2): empty"


def test_a_fish_not_entered_has_one_name_rules_md_4() -> None:
    """docs/rules.md §4: a catch may be kept without entering the card; every screen calls it "not entered"."""
    assert fish_label(None) == "a Fish not entered"
    assert not_entered(2) == "and 2 Fish not entered"


def test_an_anglers_colour_is_named_as_a_colour() -> None:
    """The angler's name is their own: a colour reads "Amber", and one the app doesn't draw stays as stored."""
    assert (colour_name("amber"), colour_name("purple"), colour_name("teal")) == ("Amber", "Purple", "teal")
