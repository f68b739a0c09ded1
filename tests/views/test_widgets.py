"""The shared widgets: identifiers browser tests rely on, disabled states, the error line."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import flet as ft
from viewtree import find, ids, is_enabled, label_of, tap, tap_height, text_of, texts, walk

from companion.phone.storage import Syncer
from companion.views import theme
from companion.views.widgets import action_button, chip, error_line, screen, section_card, stepper
from companion.views.widgets.basics import KEPT
from companion.views.widgets.toggles import toggle
from tests.support.components import Rendered
from tests.support.syncing import settled


def test_stepper_names_its_three_parts_and_calls_the_right_handler():
    calls: list[str] = []
    row = stepper("regret", 2, 7, lambda: calls.append("minus"), lambda: calls.append("plus"))
    assert ids(row) == ["regret-minus-2", "regret-2", "regret-plus-2"]
    tap(row, "regret-plus-2")
    tap(row, "regret-minus-2")
    assert calls == ["plus", "minus"]
    assert text_of(row, "regret-2").startswith("7")


def test_stepper_without_a_handler_disables_that_button():
    row = stepper("fishbucks", 0, 0, None, lambda: None)
    assert not is_enabled(row, "fishbucks-minus-0")
    assert is_enabled(row, "fishbucks-plus-0")


def test_stepper_buttons_are_named_buttons_the_keyboard_reaches():
    """A screen reader says what − and + do, whose count and its value (issue 38), and says a disabled one is; an
    enabled one is an ink well, which takes the keyboard's focus (Tab, then Enter or Space: issue 46), not an
    IconButton (no hover fade: companion/views/widgets/stepper.py)."""
    row = stepper("fishbucks", 0, "$0", None, lambda: None, label="Fishbucks", whose="Bo")
    minus, _, plus = row.controls
    assert (minus.button, minus.label, minus.disabled) == (True, "Bo: Fishbucks, $0. Take one away", True)
    assert (plus.button, plus.label, plus.disabled) == (True, "Bo: Fishbucks, $0. Add one", False)
    assert plus.content.ink and not minus.content.ink
    assert not any(isinstance(part.content, ft.IconButton) for part in (minus, plus))


def test_touch_targets_are_at_least_48_px():
    row = stepper("regret", 0, 1, lambda: None, lambda: None)
    for identifier in ("regret-minus-0", "regret-plus-0"):
        button = find(row, identifier)
        assert button.width >= 48 and button.height >= 48
    assert tap_height(find(action_button("go", "Go", lambda: None), "go")) >= 48


def test_error_line_shows_the_message_and_hides_when_there_is_none():
    shown = error_line("You can't afford that (A p.17)")
    assert shown.visible and shown.identifier == "error-line"
    assert any(getattr(c, "value", None) == "You can't afford that (A p.17)" for c in shown.content.controls)
    assert not error_line(None).visible


def test_button_without_handler_is_disabled():
    assert not is_enabled(action_button("x", "X", None), "x")


def test_screen_has_a_back_button_only_when_asked():
    calls: list[int] = []
    with_back = Rendered(screen, "/t", "Title", [chip("c", "Chip"), section_card("s", "Card", [ft.Text("body")])],
                         back=lambda: calls.append(1)).render()
    tap(with_back, "back")
    assert calls == [1]
    assert "back" not in ids(Rendered(screen, "/", "Home", []).render())
    assert isinstance(with_back, ft.View) and with_back.route == "/t"


class _Copies:
    """A KeptSource as the phone app's Syncer is one: whether the browser's storage holds every change."""

    def __init__(self) -> None:
        self.kept = True
        self.failed = False
        self.listeners: list[Callable[[], None]] = []

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    def flip(self, kept: bool) -> None:
        self.kept = kept
        for listener in list(self.listeners):
            listener()


def test_the_phone_app_s_app_bars_say_saved_only_once_the_browser_holds_every_change():
    # Issue 24: a save is synced to IndexedDB before the app reports it saved.
    copies = _Copies()
    shown = Rendered(lambda: KEPT(copies, lambda: screen("/", "Home", [])))
    assert label_of(shown.render(), "kept-mark") == "Saved on this phone"
    shown.phone.call(lambda: copies.flip(False))  # a save: its copy to IndexedDB is under way
    assert label_of(shown.render(), "kept-mark") == "Saving…"
    shown.phone.call(lambda: copies.flip(True))
    assert label_of(shown.render(), "kept-mark") == "Saved on this phone"


def test_after_a_failed_copy_the_phone_app_s_bars_say_not_saved_until_a_copy_works():
    """Issue 45: a copy to IndexedDB that fails (a full quota) must never be shown as "Saved": the bars say the
    changes are on this phone only until the page closes, the next change tries again, and "Saved" comes back once
    a copy works."""
    full = [True]

    async def sync() -> None:
        if full[0]:
            raise OSError("QuotaExceededError: the quota has been exceeded")

    syncer = Syncer(sync)
    shown = Rendered(lambda: KEPT(syncer, lambda: screen("/", "Home", [])))
    assert label_of(shown.render(), "kept-mark") == "Saved on this phone"
    shown.phone.call(syncer.flush)  # a save whose copy the browser refuses
    assert label_of(shown.render(), "kept-mark") == ("Not saved: the last changes are on this phone only until this "
                                                     "page closes")
    assert "Saved" not in texts(find(shown.render(), "kept-mark"))
    shown.phone.call(syncer.request)  # the next change, still refused: never "Saved" on the way
    shown.phone.call(lambda: settled(syncer))
    assert label_of(shown.render(), "kept-mark").startswith("Not saved") and syncer.runs == 2
    full[0] = False  # space freed: the next change's copy works
    shown.phone.call(syncer.request)
    shown.phone.call(lambda: settled(syncer))
    assert label_of(shown.render(), "kept-mark") == "Saved on this phone" and syncer.runs == 3


def test_the_saved_mark_shows_its_words_and_a_screen_reader_hears_them_once():
    """Issue 37 item 4: the mark was an icon whose words were only in a tooltip (read twice: label and tooltip)."""
    copies = _Copies()
    [mark] = [c for c in walk(Rendered(lambda: KEPT(copies, lambda: screen("/", "Home", []))).render())
              if isinstance(c, ft.Semantics) and c.identifier == "kept-mark"]
    drawn = [c for c in walk(mark) if isinstance(c, ft.Text)]
    assert [text.value for text in drawn] == ["Saved"] and drawn[0].visible is not False
    assert mark.label == "Saved on this phone" and mark.exclude_semantics  # the drawn word is not read again
    assert not [c for c in walk(mark) if getattr(c, "tooltip", None)]


def test_the_served_app_s_screens_show_no_saved_mark():
    # The served app writes each change to disk before any phone is shown it: there is nothing to wait for.
    home = Rendered(screen, "/", "Home", []).render()
    assert "kept-mark" not in ids(home) and home.appbar is not None


def test_theme_defaults_to_dark_for_a_dim_table():
    assert theme.theme_mode(None) == ft.ThemeMode.DARK
    assert theme.theme_mode("light") == ft.ThemeMode.LIGHT


def test_a_toggle_s_name_wraps_beside_it_and_flips_it_when_tapped():
    """Issue 26: Flet cuts a Switch's own label to one line ("Penalty by printed value (Chinese rules summ…"); the
    name is a Text beside the control, free to wrap, tapping it flips the control, and the control is named for a
    screen reader."""
    flips: list[bool] = []
    name = "Market fluctuations: bottom row to the bottom of its deck, top cards move down"
    row = toggle("effect-0", name, False, flips.append, box=True)
    control = find(row, "effect-0")
    assert isinstance(control, ft.Checkbox) and control.label is None and label_of(row, "effect-0") == name
    unsaid = next(c for c in walk(row) if isinstance(c, ft.Semantics) and c.exclude_semantics)
    beside = unsaid.content  # issue 46: the caption is not a second stop of the same name
    assert unsaid.expand and isinstance(beside, ft.Container) and beside.on_click is not None
    assert isinstance(beside.content, ft.Text) and beside.content.value == name
    assert beside.content.max_lines is None and beside.content.no_wrap is not True
    beside.on_click(None)
    control.on_change(SimpleNamespace(control=SimpleNamespace(value=True)))
    assert flips == [True, True]


def test_a_toggle_with_nothing_to_do_is_disabled_and_its_name_does_nothing():
    row = toggle("survey-unlock-rod", "Narwhal Rod · 19", False, None)
    assert find(row, "survey-unlock-rod").disabled
    assert not any(isinstance(c, ft.Container) and c.on_click is not None for c in walk(row))
