"""The shared look: dark by default for a dim table, light on request, phone-portrait first.

Sizes are in logical pixels. Touch targets are at least :data:`TOUCH` (48 px, Material's minimum) and the
numbers people glance at across the table use :data:`BIG_NUMBER`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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
# The numbers grow no further than at Larger (1.5×): at Largest Port's "$10 (massimo $10)" at 80 px broke a word
# over two lines of a phone's card; 60 px is read across a table.
MAX_SIZES = {"BIG_NUMBER": 60.0, "NUMBER": 42.0}
STACKED_SCALE = 1.5  # the Text size from which :func:`stacked` holds
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


def __getattr__(name: str) -> object:
    if name in BASE_SIZES:
        return _sized(name, text_scale())
    if name in _ACCENTS:
        return getattr(palette(), _ACCENTS[name])
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


def stacked() -> bool:
    """Whether the phone being drawn reads text so large (Larger and Largest) that what sits side by side on a
    phone goes one under another: at Largest "Italiano" broke over two lines of a third of the row."""
    return text_scale() >= STACKED_SCALE


def scaled_for(page: object, name: str) -> float:
    """The font size ``name`` as ``page`` shows it."""
    return _sized(name, _text_scale.of(page))


def _sized(name: str, scale: float) -> float:
    """The font size ``name`` at Text size ``scale``.

    >>> _sized("BODY", 2.0), _sized("BIG_NUMBER", 1.5), _sized("BIG_NUMBER", 2.0)
    (32.0, 60.0, 60.0)
    """
    return min(scaled(BASE_SIZES[name], scale), MAX_SIZES.get(name, float("inf")))


def recall_text_scale(page: ft.Page, on_change: Callable[[], None]) -> None:
    """Read the Text size remembered on the phone, in the background; ``on_change`` redraws if it differs."""
    _text_scale.recall(page, on_change)


CJK_FONT, CJK_FONT_FILE = FONTS["zh_Hant"]  # served from assets/

SEED_COLOUR = "#009688"  # Material's teal: what Flutter derives each theme's colour scheme from
DISABLED = ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE)  # Material's disabled content (exempt from contrast)
FADED = 0.7  # the opacity of a thing out of play (a survey slot): its text still 4.5:1 on a card in either theme


@dataclass(frozen=True)
class Palette:
    """One theme's colours: the roles of Flutter's scheme the app draws on and with (pinned here, as Flutter derives
    them from :data:`SEED_COLOUR`, so the contrast test reads the colours the phone shows), and the app's own
    accents, each meeting WCAG 2.2 AA on every surface of its theme (``tests/unit/test_contrast.py``): 4.5:1 for
    text, 3:1 for a chip's border, an icon or a chart's mark."""

    surface: str  # the page and the app bar
    surface_container: str  # the bottom bar (the refusal, the table's steps)
    surface_container_high: str  # a card
    surface_container_highest: str  # a typed number's field while it is being typed in
    on_surface: str  # text
    on_surface_variant: str
    outline: str  # an outlined button's or a field's border; an empty survey slot
    outline_variant: str  # a divider: decoration only, never the one mark of anything
    primary: str  # a filled button; an outlined button's caption
    on_primary: str  # a filled button's caption
    error: str  # a field's message under it (Flutter draws it)
    accent: str  # the teal of a chosen chip, the table's steps icon, the survey's "hauled" line
    fair: str
    foul: str  # Foul Fish, the countdown, whose turn it is
    danger: str  # a refusal, a penalty
    passed: str  # an unchosen chip, a passed angler, a spent die
    trophy: str  # the winner's cup
    anglers: dict[str, str]  # each angler colour as text and as a card's edge
    dice: dict[str, str]  # a fresh die's chip border, by kind
    series: tuple[str, ...]  # the statistics' players, line after line and slice after slice
    on_series: str  # a pie slice's caption
    hand: str  # the scorer's stacked bars
    mounts: str
    bucks: str

    def scheme(self) -> ft.ColorScheme:
        return ft.ColorScheme(
            surface=self.surface, surface_container=self.surface_container,
            surface_container_high=self.surface_container_high,
            surface_container_highest=self.surface_container_highest, on_surface=self.on_surface,
            on_surface_variant=self.on_surface_variant, outline=self.outline, outline_variant=self.outline_variant,
            primary=self.primary, on_primary=self.on_primary, error=self.error)


# The colours an angler's pieces come in ("in their color", A p.6), by the id a game stores: the swatch New game
# shows (Material 200–400 shades, a black letter on each). A colour is never a name: the angler's name is their own
# (views/labels.py names these).
ANGLER_COLOURS: dict[str, str] = {
    "amber": "#ffca28",  # amber 400
    "green": "#9ccc65",  # light green 400
    "cyan": "#4dd0e1",  # cyan 300
    "pink": "#f48fb1",  # pink 200
    "purple": "#b39ddb",  # deep purple 200
}
# The statistics' series on the dark theme: the angler colours, then orange 300, blue 300, lime 300.
_SERIES_DARK = (*ANGLER_COLOURS.values(), "#ffb74d", "#64b5f6", "#dce775")

DARK = Palette(
    surface="#0e1513", surface_container="#1a2120", surface_container_high="#252b2a",
    surface_container_highest="#303635", on_surface="#dde4e1", on_surface_variant="#bec9c6", outline="#899390",
    outline_variant="#3f4947", primary="#82d5c8", on_primary="#003731", error="#ffb4ab",
    accent="#4db6ac",  # teal 300 (teal 500 was 3.4:1 on a card)
    fair="#4fc3f7",  # light blue 300
    foul="#ff8a65",  # deep orange 300
    danger="#ef9a9a",  # red 200 (red 300 was 4.1:1 on a typed field)
    passed="#9e9e9e",  # grey 500
    trophy="#ffc107",  # amber
    anglers=ANGLER_COLOURS,
    dice={"player": "#e0e0e0", "blue": "#42a5f5", "green": "#66bb6a", "orange": "#ffa726"},  # grey 300, the 400s
    series=_SERIES_DARK, on_series="#000000",
    hand="#4fc3f7", mounts="#ffca28", bucks="#66bb6a",  # light blue 300, amber 400, green 400
)
# The light theme: the dark theme's hues (HLS) darkened until they read as text, 4.5:1, on the darkest of its
# surfaces (the dark theme's shades measured 1.2–2.3:1 there); teal, blue, red and grey are Material's 700–900.
LIGHT = Palette(
    surface="#f4fbf8", surface_container="#e9efed", surface_container_high="#e3eae7",
    surface_container_highest="#dde4e1", on_surface="#161d1c", on_surface_variant="#3f4947", outline="#6f7977",
    outline_variant="#bec9c6", primary="#006a60", on_primary="#ffffff", error="#ba1a1a",
    accent="#00695c",  # teal 800
    fair="#01579b",  # light blue 900
    foul="#bc2d00",  # deep orange 300, darkened
    danger="#b71c1c",  # red 900
    passed="#616161",  # grey 700
    trophy="#7c5d00",  # amber, darkened
    anglers={"amber": "#7c5e00", "green": "#4b6c24", "cyan": "#146d79", "pink": "#c2134e", "purple": "#734bbd"},
    dice={"player": "#636363", "blue": "#0965ae", "green": "#327035", "orange": "#8f5500"},
    series=("#7c5e00", "#4b6c24", "#146d79", "#c2134e", "#734bbd", "#8f5500", "#0a66af", "#5f6712"),
    on_series="#ffffff",
    hand="#076a97", mounts="#7c5e00", bucks="#327035",
)
# Read through the module's __getattr__, in the palette of the theme the phone being drawn shows.
_ACCENTS = {"SEED": "accent", "FAIR": "fair", "FOUL": "foul", "DANGER": "danger", "PASSED": "passed",
            "TROPHY": "trophy", "DICE_COLOURS": "dice"}
if TYPE_CHECKING:
    SEED: str  # the teal accent (the colour the scheme is seeded with, in a shade that reads on this theme)
    FAIR: str
    FOUL: str
    DANGER: str
    PASSED: str
    TROPHY: str
    DICE_COLOURS: dict[str, str]


def palette(page: object | None = None) -> Palette:
    """The colours of the theme ``page`` (by default the phone being drawn) shows: dark outside a session."""
    page = page if page is not None else _page()
    return LIGHT if getattr(page, "theme_mode", None) == ft.ThemeMode.LIGHT else DARK


def angler_colour(colour: str) -> str:
    """An angler colour as text and as a card's edge, in this theme's shade; the teal accent for anything unknown.

    >>> angler_colour("amber"), angler_colour("red") == palette().accent
    ('#ffca28', True)
    """
    shades = palette()
    return shades.anglers.get(colour, shades.accent)


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
    page.theme = ft.Theme(color_scheme_seed=SEED_COLOUR, color_scheme=LIGHT.scheme(), font_family=family)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED_COLOUR, color_scheme=DARK.scheme(), font_family=family)
    page.theme_mode = theme_mode(setting)
