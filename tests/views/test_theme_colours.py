"""Each phone's screens are drawn in the colours of the theme it shows (issue 38, item 2): the light theme's darker
accents on a light phone, the dark theme's on a dark one; New game's swatches are the board game's colours on both.
The ratios themselves are checked in tests/unit/test_contrast.py."""

from __future__ import annotations

import flet as ft
import pytest
from seated import on, phone
from tables import context, draw, two_players
from viewtree import find, walk

from companion.session import Sessions
from companion.views.theme import ANGLER_COLOURS, DARK, LIGHT, Palette


def colours(screen: object) -> set[str]:
    """Every colour a text, an icon or a border is drawn in on ``screen``."""
    found: set[str] = set()
    for c in walk(screen):
        if isinstance(c, ft.Text | ft.Icon) and isinstance(c.color, str):
            found.add(c.color)
        elif isinstance(c, ft.Container) and c.border is not None:
            found |= {side.color for side in (c.border.left, c.border.top) if side is not None
                      and isinstance(side.color, str)}
    return found


@pytest.mark.parametrize(("mode", "shown", "other"), [(ft.ThemeMode.LIGHT, LIGHT, DARK),
                                                      (ft.ThemeMode.DARK, DARK, LIGHT)], ids=["light", "dark"])
def test_the_table_is_drawn_in_the_palette_of_the_phones_theme(mode: ft.ThemeMode, shown: Palette,
                                                                other: Palette) -> None:
    game = two_players()  # Ada amber, Bo cyan
    held = phone()
    held.page.theme_mode = mode
    with on(held):
        drawn = colours(draw(context(game, "/table?game={id}", sessions=Sessions(None))))
    assert {shown.anglers["amber"], shown.anglers["cyan"]} <= drawn  # each card's title and edge
    assert shown.fair in drawn  # each angler's Madness
    assert not drawn & {other.anglers["amber"], other.anglers["cyan"], other.fair, other.accent}


def test_new_games_swatches_are_the_board_games_colours_on_the_light_theme() -> None:
    held = phone()
    held.page.theme_mode = ft.ThemeMode.LIGHT
    with on(held):
        screen = draw(context(None, "/new"))
    swatch = find(screen, "colour-0-cyan")  # the first angler's is amber
    assert isinstance(swatch, ft.Container)
    assert swatch.bgcolor == ANGLER_COLOURS["cyan"]
    assert swatch.border is not None and swatch.border.left.color == ft.Colors.OUTLINE  # its edge on a pale page
    assert LIGHT.anglers["amber"] in colours(screen)  # the chosen colour's name under the swatches, as text
