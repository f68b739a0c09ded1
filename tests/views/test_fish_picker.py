"""The Fish search field (views/widgets/fish_picker.py) on a real Flet session: what the phone typed stays typed.

In the phone app (Python in the browser, behind the phone's own typing) "Hammerhead" typed fast ended as "Ham": the
search's redraw for one keystroke, made after the next keystrokes had reached the field, sent its older text back
over them."""

from __future__ import annotations

from types import SimpleNamespace

from flet.utils.object_model import patch_dataclass
from viewtree import find, ids, tap

from companion.rules.catalog import CatalogFish
from tests.support.components import Rendered


def _picker(picked: list[CatalogFish]) -> Rendered:
    from companion.views.widgets import fish_picker

    return Rendered(fish_picker, "probe", lambda fish: fish.name, picked.append)


def test_a_redraw_for_an_older_keystroke_sends_no_text_over_the_newer_one() -> None:
    screen = _picker([])
    field = find(screen.render(), "probe-search")
    phone = screen.phone
    sent_before = len(phone.received())

    def keystrokes() -> None:
        patch_dataclass(field, {"value": "Ham"})  # the phone's text, as Flet applies it before the handler
        field.on_change(SimpleNamespace(control=field, data="Ham"))
        patch_dataclass(field, {"value": "Hamm"})  # the next keystroke reaches the field before the redraw

    phone.call(keystrokes)
    shown = screen.render()
    assert "Ham" not in phone.received()[sent_before:]  # nothing written over "Hamm"
    assert "probe-pick-hammerhead-shark" in ids(shown)  # the search ran for what was typed


def test_a_pick_empties_the_field_for_the_next_search() -> None:
    picked: list[CatalogFish] = []
    screen = _picker(picked)
    field = find(screen.render(), "probe-search")
    screen.phone.call(lambda: (patch_dataclass(field, {"value": "sunfish"}),
                               field.on_change(SimpleNamespace(control=field, data="sunfish"))))
    tap(screen.render(), "probe-pick-sunfish")
    after = screen.render()
    assert [fish.id for fish in picked] == ["sunfish"]
    assert not find(after, "probe-search").value
    assert not [i for i in ids(after) if i.startswith("probe-pick-")]


def test_letters_typed_while_a_pick_is_handled_stay_in_the_field() -> None:
    """Issue 45 item 8: on a busy host the pick's emptying of the field was handled after the next Fish's first
    letters had reached it, and took them (the catch search then held "nder" of "Flounder")."""
    picked: list[CatalogFish] = []
    screen = _picker(picked)
    field = find(screen.render(), "probe-search")
    screen.phone.call(lambda: (patch_dataclass(field, {"value": "sunfish"}),
                               field.on_change(SimpleNamespace(control=field, data="sunfish"))))
    shown = screen.render()
    field, pick = find(shown, "probe-search"), find(shown, "probe-pick-sunfish")

    def pick_handled_late() -> None:
        patch_dataclass(field, {"value": "Flou"})  # typed after the tap, before the host handled it
        pick.on_click(SimpleNamespace(control=pick))

    screen.phone.call(pick_handled_late)
    assert [fish.id for fish in picked] == ["sunfish"]
    assert find(screen.render(), "probe-search").value == "Flou"  # nothing drawn over the new letters
    field = find(screen.render(), "probe-search")
    screen.phone.call(lambda: field.on_change(SimpleNamespace(control=field, data="Flou")))
    assert "probe-pick-flounder" in ids(screen.render())  # and they are searched for once handled
