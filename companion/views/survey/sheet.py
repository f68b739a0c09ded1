"""The Ocean Survey sheet, as on paper: Depth I–III, each by size, one slot per Fish (A p.24).

A written slot shows the Fish's type, name, value and Difficulty and the week it was first caught; its box is
ticked once the Fish was brought to Port. The Fish the solo setup removes are shown out of play (A p.23).

Identifiers: ``survey-depth-<1..3>``, ``survey-group-<depth>-<size>``, ``survey-slot-<fish id>`` (written),
``survey-slot-out-<fish id>`` (out of play), ``survey-slot-empty-<depth>-<size>-<n>``.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.rules.sources import cited
from companion.survey import SheetGroup, Slot, sheet_groups
from companion.views import theme
from companion.views.context import AppContext
from companion.views.labels import depth_label, size_label
from companion.views.survey.common import (
    Survey,
    campaign_screen,
    survey_screen,
    tabs,
)
from companion.views.widgets import section_card, tagged


def _tile(identifier: str, lines: list[ft.Control], *, border: str, icon: ft.IconData | None = None,
          faded: bool = False) -> ft.Control:
    head = [ft.Icon(icon, size=20, color=border)] if icon else []
    body = ft.Container(
        content=ft.Row([*head, ft.Column(lines, spacing=0, expand=True)], spacing=6),
        width=168, padding=8, border_radius=8, border=ft.Border.all(1, border), opacity=theme.FADED if faded else 1,
    )
    return tagged(identifier, body)


def slot_tile(group: SheetGroup, slot: Slot, n: int) -> ft.Control:
    """One slot of the sheet."""
    if slot.state == "empty" or slot.fish is None:  # an empty slot: the sheet doesn't know which Fish lands there
        return _tile(f"survey-slot-empty-{group.depth}-{group.size}-{n}", [ft.Text("—", size=theme.BODY)],
                     border=ft.Colors.OUTLINE, icon=ft.Icons.CHECK_BOX_OUTLINE_BLANK)
    fish = slot.fish
    kind = t("Foul") if fish.type == "foul" else t("Fair")
    value = "—" if fish.value is None else str(fish.value)
    difficulty = "—" if fish.difficulty is None else str(fish.difficulty)
    details = ft.Text(t("{kind} · value {value} · difficulty {difficulty}", kind=kind, value=value,
                        difficulty=difficulty), size=theme.SMALL)
    name = ft.Text(fish.name, size=theme.BODY, weight=ft.FontWeight.W_600)
    if slot.state == "out_of_play":
        return _tile(f"survey-slot-out-{fish.id}", [name, ft.Text(cited(t("Out of play in solo"), "A p.23"),
                                                                  size=theme.SMALL)],
                     border=theme.PASSED, icon=ft.Icons.BLOCK, faded=True)
    colour = theme.FOUL if fish.type == "foul" else theme.FAIR
    when = (t("caught week {w} · hauled week {h}", w=slot.first_week, h=slot.hauled_week) if slot.hauled_week
            else t("caught week {w} · not yet hauled", w=slot.first_week))
    icon = ft.Icons.CHECK_BOX if slot.state == "hauled" else ft.Icons.CHECK_BOX_OUTLINE_BLANK
    return _tile(f"survey-slot-{fish.id}", [name, details, ft.Text(when, size=theme.SMALL)], border=colour,
                 icon=icon)


def group_block(group: SheetGroup) -> ft.Control:
    heading = ft.Text(t("{size}: {hauled}/{total} hauled, {catalogued} catalogued", size=size_label(group.size),
                        hauled=group.hauled, total=group.total, catalogued=group.catalogued),
                      size=theme.BODY, weight=ft.FontWeight.BOLD)
    tiles = [slot_tile(group, s, n) for n, s in enumerate(group.slots)]
    return tagged(f"survey-group-{group.depth}-{group.size}",
                  ft.Column([heading, ft.Row(tiles, wrap=True, spacing=6, run_spacing=6)], spacing=6))


@ft.component
def SheetScreen(ctx: AppContext) -> ft.View:
    return campaign_screen(ctx, _sheet)


def _sheet(sv: Survey) -> ft.View:
    campaign = sv.campaign
    groups = sheet_groups(campaign)
    cards = [
        section_card(f"survey-depth-{depth}", depth_label(depth),
                     [group_block(g) for g in groups if g.depth == depth])
        for depth in (1, 2, 3)
    ]
    return survey_screen(sv, t("Survey sheet"), [tabs(sv, "sheet"), *cards])
