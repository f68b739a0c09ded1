"""The themes' colours meet WCAG 2.2 AA (issue 38, item 2): every colour the app draws, on every surface of the theme
it is drawn in, from the constants in ``companion/views/theme.py``.

- Text: 4.5:1 (1.4.3). The accents are held to it everywhere, angler colours included: they colour a card's title
  (large, 3:1 would do) but also the colour's name under New game's swatches, at small size.
- Non-text (1.4.11): 3:1 for a control's boundary (an outlined button's or a field's border, a chip's), an icon that
  says something (the winner's cup, an empty survey slot), a chart's marks.
- Disabled controls (``theme.DISABLED``) are exempt (1.4.3, "inactive user interface component").

The ratio is computed here from the definition (WCAG 2.2, "relative luminance" and "contrast ratio"): the sRGB
channels linearised with the 0.04045 threshold, weighted 0.2126/0.7152/0.0722, (L1 + 0.05) / (L2 + 0.05).
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.views import theme
from companion.views.theme import ANGLER_COLOURS, DARK, LIGHT, Palette

TEXT, NON_TEXT = 4.5, 3.0
VIEWS = Path(theme.__file__).parent


def channels(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as three fractions of 255."""
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", colour), f"{colour!r} is not #rrggbb"
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def luminance(colour: str) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in channels(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(colour: str, background: str, opacity: float) -> str:
    """``colour`` drawn at ``opacity`` over ``background`` (sRGB blending, as Flutter composites)."""
    mixed = (opacity * c + (1 - opacity) * b for c, b in zip(channels(colour), channels(background), strict=True))
    return "#" + "".join(f"{round(255 * c):02x}" for c in mixed)


def test_the_formula_matches_wcags_reference_values() -> None:
    """Black on white is 21:1; white on Material's grey 600 (#757575) is the 4.6:1 WebAIM's checker gives."""
    assert ratio("#000000", "#ffffff") == pytest.approx(21)
    assert ratio("#ffffff", "#757575") == pytest.approx(4.61, abs=0.01)
    assert ratio("#777777", "#777777") == pytest.approx(1)


def surfaces(p: Palette) -> dict[str, str]:
    """What the app draws on: the page and app bar, the bottom bar, a card, a typed field being typed in."""
    return {"surface": p.surface, "surface_container": p.surface_container,
            "surface_container_high": p.surface_container_high,
            "surface_container_highest": p.surface_container_highest}


def drawn(p: Palette) -> Iterator[tuple[str, str, str, float]]:
    """Every (what, foreground, background, ratio needed) the app draws in palette ``p``."""
    text = {"text": p.on_surface, "secondary text (a field's label)": p.on_surface_variant,
            "outlined button caption": p.primary, "a field's error": p.error,
            "teal accent (progress legend, chosen chip)": p.accent, "Fair": p.fair, "Foul": p.foul,
            "error": p.danger, "passed / unchosen": p.passed,
            **{f"angler colour {name}": shade for name, shade in p.anglers.items()}}
    marks = {"outline (button, field, swatch edge, empty slot)": p.outline, "winner's cup": p.trophy,
             **{f"{kind} die's chip border": shade for kind, shade in p.dice.items()},
             **{f"statistics series {k}": shade for k, shade in enumerate(p.series)},
             "scorer bar: hand": p.hand, "scorer bar: mounts": p.mounts, "scorer bar: Fishbucks": p.bucks}
    for where, background in surfaces(p).items():
        for what, colour in text.items():
            yield f"{what} on {where}", colour, background, TEXT
        for what, colour in marks.items():
            yield f"{what} on {where}", colour, background, NON_TEXT
        # A selected die's chip: the accent at 35% under its caption (views/table/angler.py).
        yield f"text on a selected die on {where}", p.on_surface, over(p.accent, background, 0.35), TEXT
    card = p.surface_container_high
    yield "a filled button's caption", p.on_primary, p.primary, TEXT
    yield "an out-of-play survey slot's text (faded)", over(p.on_surface, card, theme.FADED), card, TEXT
    for k, shade in enumerate(p.series):
        yield f"a pie slice's caption on series {k}", p.on_series, shade, TEXT
    for name, swatch in ANGLER_COLOURS.items():  # New game's swatches, the same in both themes
        yield f"the letter on the {name} swatch", "#000000", swatch, TEXT


def failures(p: Palette) -> list[str]:
    return [f"{what}: {fg} on {bg} is {ratio(fg, bg):.2f}:1, needs {needed}:1"
            for what, fg, bg, needed in drawn(p) if ratio(fg, bg) < needed]


@pytest.mark.parametrize("p", [DARK, LIGHT], ids=["dark", "light"])
def test_every_colour_drawn_meets_wcag_aa(p: Palette) -> None:
    assert not failures(p), "\n".join(failures(p))


def hue(colour: str) -> float:
    return 360 * colorsys.rgb_to_hls(*channels(colour))[0]


@pytest.mark.parametrize("field", ["anglers", "dice"])
def test_the_light_theme_keeps_each_colours_hue(field: str) -> None:
    """Ann's amber is still amber on the light theme, darker: the board game's colours stay recognisable."""
    dark, light = getattr(DARK, field), getattr(LIGHT, field)
    assert dark.keys() == light.keys() == (ANGLER_COLOURS.keys() if field == "anglers" else dark.keys())
    for key in dark:
        if channels(dark[key])[0] == channels(dark[key])[1] == channels(dark[key])[2]:
            assert len(set(channels(light[key]))) == 1, f"{key}: grey stays grey"
            continue
        gap = abs(hue(dark[key]) - hue(light[key]))
        assert min(gap, 360 - gap) <= 6, f"{key}: hue {hue(dark[key]):.0f}° became {hue(light[key]):.0f}°"
        assert luminance(light[key]) < luminance(dark[key])


# The colour roles of Flutter's scheme a view may name: each pinned in the palettes and checked above (ON_SURFACE:
# text; OUTLINE: boundaries; the surfaces: backgrounds; TRANSPARENT: nothing drawn; BLACK: the swatches' letters).
SCHEME_ROLES = {"ON_SURFACE", "OUTLINE", "SURFACE_CONTAINER_HIGH", "SURFACE_CONTAINER_HIGHEST", "TRANSPARENT",
                "BLACK"}


def test_views_draw_only_colours_this_test_checks() -> None:
    """A view names a colour through ``theme`` (checked above) or one of :data:`SCHEME_ROLES`, never a shade of its
    own (an ``ft.Colors.AMBER`` cup measured 1.3:1 on the light theme) nor a hex literal."""
    found = []
    for path in sorted(VIEWS.rglob("*.py")):
        if path.name == "theme.py":
            continue
        source = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(VIEWS)}: ft.Colors.{name}"
                  for name in re.findall(r"ft\.Colors\.([A-Z_0-9]+)", source) if name not in SCHEME_ROLES]
        found += [f"{path.relative_to(VIEWS)}: {literal}"
                  for literal in re.findall(r"[\"']#[0-9a-fA-F]{3,8}[\"']", source)]
    assert not found, "colours not checked for contrast:\n" + "\n".join(found)


def test_the_palette_follows_the_theme_the_phone_shows() -> None:
    """A phone on the light theme is drawn with the light palette; one on the dark theme (the default) and
    anything drawn outside a session with the dark one."""
    import flet as ft

    class Phone:
        theme_mode = ft.ThemeMode.LIGHT

    assert theme.palette(Phone()) is LIGHT
    Phone.theme_mode = theme.theme_mode("dark")
    assert theme.palette(Phone()) is DARK
    assert theme.palette() is DARK
    assert DARK.fair == theme.FAIR
    assert DARK.anglers["pink"] == theme.angler_colour("pink")
