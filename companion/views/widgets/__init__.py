"""Small shared widgets every screen uses; each one carries a stable semantics identifier for tests."""

from companion.views.widgets.basics import (
    action_button,
    chip,
    error_line,
    icon_action,
    label_value,
    screen,
    section_card,
    tagged,
)
from companion.views.widgets.fish_picker import fish_picker
from companion.views.widgets.memo import memoized
from companion.views.widgets.stepper import stepper

__all__ = [
    "action_button",
    "chip",
    "error_line",
    "fish_picker",
    "icon_action",
    "label_value",
    "memoized",
    "screen",
    "section_card",
    "stepper",
    "tagged",
]
