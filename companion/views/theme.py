"""The shared look: dark by default for a dim table, light on request, phone-portrait first.

Sizes are in logical pixels. Touch targets are at least :data:`TOUCH` (48 px, Material's minimum) and the
numbers people glance at across the table use :data:`BIG_NUMBER`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import FONTS
from companion.session import TEXT_SCALE_DEFAULT, check_text_scale, scaled
from companion.views.phone_choice import PhoneChoice

TOUCH = 56  # comfortable: a thumb on a phone with dice in the other hand
MIN_TOUCH = 48  # Material's minimum, where space is tight (steppers side by side on a 360 px phone)
GAP = 12
# The font sizes as designed; each phone reads them at its own Text size (:func:`choose_text_scale`), so they are
# looked up per phone: ``theme.BODY`` is the size of body text on the phone being drawn.
BASE_SIZES = {"BIG_NUMBER": 40, "NUMBER": 28, "TITLE": 22, "BODY": 16, "LABEL": 14, "SMALL": 13}
if TYPE_CHECKING:  # read through __getattr__ below
    BIG_NUMBER: float
    NUMBER: float
    TITLE: float
    BODY: float
    LABEL: float  # button captions (Material's own 14)
    SMALL: float

_text_scale = PhoneChoice("companion.text_scale", check_text_scale, default=TEXT_SCALE_DEFAULT)


def _page() -> object | None:
    try:
        return ft.context.page
    except RuntimeError:  # not drawing for a session
        return None


def text_scale() -> float:
    """The Text size of the phone being drawn (1.0 as designed, and outside a session)."""
    page = _page()
    return TEXT_SCALE_DEFAULT if page is None else _text_scale.of(page)


def __getattr__(name: str) -> float:
    if name in BASE_SIZES:
        return scaled(BASE_SIZES[name], text_scale())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def choose_text_scale(scale: float, page: object | None = None) -> None:
    """Show this phone's screens at ``scale`` (Settings → Text size) and remember it on the phone, as its language
    is: players reading the host's screen from across the table don't enlarge every other phone's.

    >>> from companion.views import theme
    >>> class Phone: ...
    >>> near, far = Phone(), Phone()
    >>> theme.choose_text_scale(1.5, far)
    >>> theme.scaled_for(far, "BODY"), theme.scaled_for(near, "BODY")
    (24.0, 16.0)
    """
    page = page if page is not None else _page()
    if page is None:
        raise RuntimeError("no phone to set the text size of")
    _text_scale.choose(page, scale)


def scaled_for(page: object, name: str) -> float:
    """The font size ``name`` as ``page`` shows it."""
    return scaled(BASE_SIZES[name], _text_scale.of(page))


def recall_text_scale(page: ft.Page, on_change: Callable[[], None]) -> None:
    """Read the Text size remembered on the phone, in the background; ``on_change`` redraws if it differs."""
    _text_scale.recall(page, on_change)


CJK_FONT, CJK_FONT_FILE = FONTS["zh_Hant"]  # served from assets/

SEED = ft.Colors.TEAL
FAIR = ft.Colors.LIGHT_BLUE_300
FOUL = ft.Colors.DEEP_ORANGE_300
DANGER = ft.Colors.RED_300
PASSED = ft.Colors.GREY_500
DISABLED = ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE)  # Material's disabled content

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


# Flutter's own words (what a screen reader hears of a field: "60 characters remaining") in the app's languages.
FLUTTER_LOCALES = {"en": ft.Locale("en"), "it": ft.Locale("it"),
                   "zh_Hant": ft.Locale("zh", country_code="TW", script_code="Hant")}


def apply_theme(page: ft.Page, setting: str | None, language: str = "en") -> None:
    """Set both themes on ``page`` for its language, and pick the mode from the user's setting; Flutter's own
    words (a field's remaining characters, read aloud) follow the language too.

    The CJK font is the UI font of a page that shows Chinese only; another phone fetches the same file when it
    first draws a CJK character (a name), as Flutter's fallback font
    (companion/flet_fixes/web_files.py, ``FALLBACK_FONTS``).
    """
    page.locale_configuration = ft.LocaleConfiguration(supported_locales=list(FLUTTER_LOCALES.values()),
                                                       current_locale=FLUTTER_LOCALES.get(language,
                                                                                          FLUTTER_LOCALES["en"]))
    family = font_family(language)
    if family is not None:
        page.fonts = {**(page.fonts or {}), family: CJK_FONT_FILE}
    page.theme = ft.Theme(color_scheme_seed=SEED, font_family=family)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED, font_family=family)
    page.theme_mode = theme_mode(setting)
