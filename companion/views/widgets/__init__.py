"""Small shared widgets every screen uses; each one carries a stable semantics identifier for tests."""

from companion.views.widgets.basics import (
    action_button,
    beside,
    caption,
    chip,
    error_line,
    grow,
    icon_action,
    label_value,
    named,
    screen,
    section_card,
    tagged,
    title_text,
)
from companion.views.widgets.dice_faces import face_row
from companion.views.widgets.fish_picker import fish_picker
from companion.views.widgets.stepper import stepper
from companion.views.widgets.toolbar import undo_redo
from companion.views.widgets.typed_field import TypedField

__all__ = [
    "TypedField",
    "action_button",
    "beside",
    "caption",
    "chip",
    "error_line",
    "face_row",
    "fish_picker",
    "grow",
    "icon_action",
    "label_value",
    "named",
    "screen",
    "section_card",
    "stepper",
    "tagged",
    "title_text",
    "undo_redo",
]
