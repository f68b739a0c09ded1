"""The shared look: dark by default for a dim table, light on request, phone-portrait first.

Sizes are in logical pixels. Touch targets are at least :data:`TOUCH` (48 px, Material's minimum) and the
numbers people glance at across the table use :data:`BIG_NUMBER`.
"""

from __future__ import annotations

import flet as ft

TOUCH = 56  # comfortable: a thumb on a phone with dice in the other hand
MIN_TOUCH = 48  # Material's minimum, where space is tight (steppers side by side on a 360 px phone)
BIG_NUMBER = 40
NUMBER = 28
TITLE = 22
BODY = 16
SMALL = 13
GAP = 12

SEED = ft.Colors.TEAL
FAIR = ft.Colors.LIGHT_BLUE_300
FOUL = ft.Colors.DEEP_ORANGE_300
DANGER = ft.Colors.RED_300
PASSED = ft.Colors.GREY_500

# The anglers' colours as the companion draws them (a display accent; the boards name the anglers).
ANGLER_COLOURS: dict[str, str] = {
    "Alba": ft.Colors.AMBER_400,
    "Hugo": ft.Colors.LIGHT_GREEN_400,
    "Isla": ft.Colors.CYAN_300,
    "Bert": ft.Colors.PINK_200,
    "Fred": ft.Colors.DEEP_PURPLE_200,
}
DICE_COLOURS: dict[str, str] = {
    "player": ft.Colors.GREY_300,
    "blue": ft.Colors.BLUE_400,
    "green": ft.Colors.GREEN_400,
    "orange": ft.Colors.ORANGE_400,
}


def angler_colour(colour: str) -> str:
    """The accent of an angler colour; teal for anything unknown."""
    return ANGLER_COLOURS.get(colour, SEED)


def theme_mode(setting: str | None) -> ft.ThemeMode:
    """``"light"`` gives the light theme; anything else the dark one (the default at a dim table)."""
    return ft.ThemeMode.LIGHT if setting == "light" else ft.ThemeMode.DARK


def apply_theme(page: ft.Page, setting: str | None) -> None:
    """Set both themes on ``page`` and pick the mode from the user's setting."""
    page.theme = ft.Theme(color_scheme_seed=SEED)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED)
    page.theme_mode = theme_mode(setting)
