"""What the history screens share: the game names and the filter chips."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.history.models import GAMES
from companion.i18n import N_, t
from companion.views import theme
from companion.views.widgets import chip

GAME_LABELS = {"deep-regrets": N_("Deep Regrets"), "shallow-regrets": N_("Shallow Regrets"),
               "endeavor-deep-sea": N_("Endeavor: Deep Sea")}


def game_label(game: str) -> str:
    return t(GAME_LABELS[game])


def game_filter(prefix: str, current: str | None, choose: Callable[[str | None], None]) -> ft.Row:
    """Chips ``<prefix>-game-all`` and ``<prefix>-game-<game>``; the chosen one is highlighted."""
    options: list[tuple[str | None, str]] = [(None, t("All games")), *((g, game_label(g)) for g in GAMES)]
    return ft.Row([chip(f"{prefix}-game-{key or 'all'}", label, color=theme.SEED if key == current else theme.PASSED,
                        selected=key == current,
                        on_click=partial(choose, key)) for key, label in options], wrap=True, spacing=8)
