"""The shared look: dark by default for a dim table, light on request, phone-portrait first.

Sizes are in logical pixels. Touch targets are at least :data:`TOUCH` (48 px, Material's minimum) and the
numbers people glance at across the table use :data:`BIG_NUMBER`.
"""

from __future__ import annotations

import flet as ft

from companion.store.display import TEXT_SCALE_DEFAULT, scaled

TOUCH = 56  # comfortable: a thumb on a phone with dice in the other hand
MIN_TOUCH = 48  # Material's minimum, where space is tight (steppers side by side on a 360 px phone)
BIG_NUMBER = 40
NUMBER = 28
TITLE = 22
BODY = 16
SMALL = 13
GAP = 12
# The font sizes above as designed; :func:`set_text_scale` rescales them (Settings → Text size).
BASE_SIZES = {"BIG_NUMBER": BIG_NUMBER, "NUMBER": NUMBER, "TITLE": TITLE, "BODY": BODY, "SMALL": SMALL}

# A subset of Noto Sans TC (OFL, assets/fonts/OFL.txt) with the characters the Chinese catalog uses
# (scripts/build_font.py rebuilds it), served from assets/.
CJK_FONT = "Noto Sans TC"
CJK_FONT_FILE = "fonts/NotoSansTC-companion.otf"

SEED = ft.Colors.TEAL
FAIR = ft.Colors.LIGHT_BLUE_300
FOUL = ft.Colors.DEEP_ORANGE_300
DANGER = ft.Colors.RED_300
PASSED = ft.Colors.GREY_500

# The colours an angler's pieces come in ("in their color", A p.6), by the id a game stores, as the companion draws
# them: a display accent. A colour is never a name: the angler's name is their own (views/labels.py names these).
ANGLER_COLOURS: dict[str, str] = {
    "amber": ft.Colors.AMBER_400,
    "green": ft.Colors.LIGHT_GREEN_400,
    "cyan": ft.Colors.CYAN_300,
    "pink": ft.Colors.PINK_200,
    "purple": ft.Colors.DEEP_PURPLE_200,
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


def font_family(language: str) -> str | None:
    """The font for ``language``: the bundled CJK subset for Chinese (flet-web has Roboto only, and no CDN to
    fall back on), Flutter's default otherwise.

    >>> font_family("zh_Hant"), font_family("it")
    ('Noto Sans TC', None)
    """
    return CJK_FONT if language.startswith("zh") else None


def set_text_scale(scale: float = TEXT_SCALE_DEFAULT) -> None:
    """Every font size the screens read from this module at ``scale`` (the host's Text size setting, for players
    reading its screen from across the table). Flet has no page-wide text scaler, so the sizes themselves change;
    screens drawn after this call show them.

    >>> from companion.views import theme
    >>> theme.set_text_scale(1.5); theme.BODY
    24.0
    >>> theme.set_text_scale(); theme.BODY
    16.0
    """
    for name, size in BASE_SIZES.items():
        globals()[name] = scaled(size, scale)


def apply_theme(page: ft.Page, setting: str | None, language: str = "en") -> None:
    """Set both themes on ``page`` for its language, and pick the mode from the user's setting.

    The CJK font is registered only on a page that shows Chinese, so other phones never download it.
    """
    family = font_family(language)
    if family is not None:
        page.fonts = {**(page.fonts or {}), family: CJK_FONT_FILE}
    page.theme = ft.Theme(color_scheme_seed=SEED, font_family=family)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED, font_family=family)
    page.theme_mode = theme_mode(setting)
