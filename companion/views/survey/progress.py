"""Progress of a campaign: hauled / total overall, by Depth and size, a chart over the weeks, the equipment
unlocked, each week's summary, and the end of the campaign (A p.23).

Identifiers: ``survey-progress-total``, ``survey-progress-<depth>-<size>``, ``survey-progress-depth-<depth>``,
``survey-progress-size-<size>``, ``survey-chart``, ``survey-progress-unlocked``, ``survey-summary-<week>``,
``survey-complete``.
"""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.i18n import t
from companion.rules.sources import cited
from companion.survey import Progress, progress, unlock_items
from companion.views import theme
from companion.views.context import AppContext
from companion.views.labels import ROMAN, size_label
from companion.views.survey.common import (
    Survey,
    campaign_screen,
    summary_card,
    survey_screen,
    tabs,
)
from companion.views.widgets import chip, label_value, section_card, tagged

SIZES = ("small", "middling", "large")


def chart(p: Progress) -> ft.Control:
    """Catalogued and hauled Fish after each week (week 0: the blank sheet)."""
    def line(values: list[int], colour: str) -> fch.LineChartData:
        return fch.LineChartData(points=[fch.LineChartDataPoint(x, y) for x, y in enumerate(values)], color=colour,
                                 stroke_width=3, point=True)

    catalogued = [0, *(w.catalogued for w in p.series)]
    hauled = [0, *(w.hauled for w in p.series)]
    weeks = len(p.series)
    plot = fch.LineChart(
        data_series=[line(catalogued, theme.FAIR), line(hauled, theme.SEED)],
        min_x=0, max_x=max(weeks, 1), min_y=0, max_y=p.total,
        left_axis=fch.ChartAxis(label_size=36, title=ft.Text(t("Fish"), size=theme.SMALL),
                                labels=[fch.ChartAxisLabel(value=y, label=str(y)) for y in (0, p.total // 2, p.total)]),
        bottom_axis=fch.ChartAxis(title=ft.Text(t("Week"), size=theme.SMALL),
                                  labels=[fch.ChartAxisLabel(value=x, label=str(x)) for x in range(weeks + 1)]),
        height=220, interactive=False,
    )
    legend = ft.Row([ft.Text(t("— catalogued"), color=theme.FAIR, size=theme.SMALL),
                     ft.Text(t("— hauled"), color=theme.SEED, size=theme.SMALL)], spacing=16)
    return tagged("survey-chart", ft.Column([plot, legend], spacing=4),
                  label=t("Chart of catalogued and hauled Fish by week"))


def grid(p: Progress) -> ft.Control:
    """Hauled / total for each Depth × size, with row and column totals."""
    header = ft.Row([ft.Container(width=64), *(ft.Text(size_label(s), expand=True, size=theme.SMALL) for s in SIZES),
                     ft.Text(t("All"), expand=True, size=theme.SMALL)])
    rows: list[ft.Control] = [header]
    for depth in (1, 2, 3):
        cells = []
        for size in SIZES:
            g = next(g for g in p.by_group if (g.depth, g.size) == (depth, size))
            cells.append(tagged(f"survey-progress-{depth}-{size}", ft.Text(f"{g.hauled}/{g.total}", size=theme.BODY),
                                label=f"{ROMAN[depth]} {size_label(size)}"))
        hauled, total = p.by_depth(depth)
        rows.append(ft.Row([ft.Text(ROMAN[depth], width=64, size=theme.BODY, weight=ft.FontWeight.BOLD),
                            *(ft.Container(c, expand=True) for c in cells),
                            ft.Container(tagged(f"survey-progress-depth-{depth}", ft.Text(f"{hauled}/{total}")),
                                         expand=True)]))
    by_size = [ft.Container(tagged(f"survey-progress-size-{s}", ft.Text("{}/{}".format(*p.by_size(s)))), expand=True)
               for s in SIZES]
    rows.append(ft.Row([ft.Text(t("All"), width=64, size=theme.SMALL), *by_size, ft.Container(expand=True)]))
    return ft.Column(rows, spacing=8)


@ft.component
def ProgressScreen(ctx: AppContext) -> ft.View:
    return campaign_screen(ctx, _progress)


def _progress(sv: Survey) -> ft.View:
    campaign = sv.campaign
    p = progress(campaign)
    owned = [u.label for u in unlock_items() if u.id in campaign.unlocked]
    controls: list[ft.Control] = [tabs(sv, "progress")]
    if p.complete:
        done = cited(t("Survey complete: every Fish has been brought to Port"), "A p.23")
        controls.append(chip("survey-complete", done, color=theme.FAIR))
    controls += [
        section_card("survey-progress", t("Brought to Port"), [
            ft.Row([label_value("survey-progress-total", t("hauled of {total}", total=p.total),
                                f"{p.hauled}/{p.total}", big=True),
                    label_value("survey-progress-catalogued", t("catalogued"), str(p.catalogued))],
                   alignment=ft.MainAxisAlignment.SPACE_AROUND),
            grid(p),
        ]),
        section_card("survey-progress-chart", t("Over the weeks"), [chart(p)]),
        section_card("survey-progress-unlocked", t("Equipment unlocked"),
                     [ft.Text(", ".join(owned) if owned else t("Nothing yet"), size=theme.BODY)]),
        *(summary_card(campaign, w.number) for w in reversed(campaign.weeks) if w.stage == "done"),
    ]
    return survey_screen(sv, t("Progress"), controls)
