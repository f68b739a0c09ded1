"""The shared widgets: identifiers browser tests rely on, disabled states, the error line."""

from __future__ import annotations

import flet as ft
from viewtree import find, ids, is_enabled, tap, text_of

from companion.views import theme
from companion.views.widgets import action_button, chip, error_line, screen, section_card, stepper


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


def test_stepper_buttons_are_named_buttons_that_draw_no_ripple():
    """A screen reader says what − and + do, and says a disabled one is; a tap draws no ink (the number changing is
    the answer, and ripple frames slowed the next tap's answer: companion/views/widgets/stepper.py)."""
    row = stepper("fishbucks", 0, 0, None, lambda: None, label="Fishbucks")
    minus, _, plus = row.controls
    assert (minus.button, minus.label, minus.disabled) == (True, "Fishbucks minus one", True)
    assert (plus.button, plus.label, plus.disabled) == (True, "Fishbucks plus one", False)
    assert not any(getattr(part.content, "ink", False) or isinstance(part.content, ft.IconButton)
                   for part in (minus, plus))


def test_touch_targets_are_at_least_48_px():
    row = stepper("regret", 0, 1, lambda: None, lambda: None)
    for identifier in ("regret-minus-0", "regret-plus-0"):
        button = find(row, identifier)
        assert button.width >= 48 and button.height >= 48
    assert find(action_button("go", "Go", lambda: None), "go").height >= 48


def test_error_line_shows_the_message_and_hides_when_there_is_none():
    shown = error_line("You can't afford that (A p.17)")
    assert shown.visible and shown.identifier == "error-line"
    assert any(getattr(c, "value", None) == "You can't afford that (A p.17)" for c in shown.content.controls)
    assert not error_line(None).visible


def test_button_without_handler_is_disabled():
    assert not is_enabled(action_button("x", "X", None), "x")


def test_screen_has_a_back_button_only_when_asked():
    calls: list[int] = []
    with_back = screen("/t", "Title", [chip("c", "Chip"), section_card("s", "Card", [ft.Text("body")])],
                       back=lambda: calls.append(1))
    tap(with_back, "back")
    assert calls == [1]
    assert "back" not in ids(screen("/", "Home", []))
    assert isinstance(with_back, ft.View) and with_back.route == "/t"


def test_theme_defaults_to_dark_for_a_dim_table():
    assert theme.theme_mode(None) == ft.ThemeMode.DARK
    assert theme.theme_mode("light") == ft.ThemeMode.LIGHT
