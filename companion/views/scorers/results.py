"""The Deep Regrets result: ranking, winners, each player's breakdown, the penalty and why, and a bar chart."""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.i18n import t, tn
from companion.rules.fish import FishRef
from companion.scoring.deep_regrets import DeepRegretsResult, DeepRegretsScore, FishLine, penalty_text
from companion.views import theme
from companion.views.labels import fish_label, slot_label
from companion.views.scorers.common import ranking, winners_line
from companion.views.widgets import section_card, tagged

# A whole phone's width, half a tablet's.
AXIS_NAME = 8  # characters of a name under a bar
HALF: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "md": 6}


def fish_line_text(line: FishLine) -> str:
    """``"Slot 2 ×3 · Striped Marlin · Fair 5: 5 −2 = 3 × 3 = 9"``; a penalised Fish says it was discarded."""
    where = {"hand": t("Hand"), "cloche": t("Cloche ×{m}", m=line.multiplier)}.get(
        line.place, slot_label(line.slot or 0, line.multiplier))
    printed = "–" if line.printed is None else str(line.printed)
    sign = f"+{line.modifier}" if line.modifier >= 0 else f"−{-line.modifier}"
    if line.printed is None:
        maths = t("no value: 0")
    elif line.printed + line.modifier < line.value:  # floored: "0 (−2, never below 0)", not "0 −2 = 0"
        maths = t("{value} ({sign}, never below 0)", value=line.value, sign=sign)
    else:
        maths = t("{printed} {sign} = {value}", printed=printed, sign=sign, value=line.value)
    if line.place != "hand" and line.printed is not None:
        maths += f" × {line.multiplier} = {line.value * line.multiplier}"
    text = f"{where} · {fish_label_of(line)}: {maths}"
    return t("{text} — discarded (Regret penalty)", text=text) if line.discarded else text


def fish_label_of(line: FishLine) -> str:
    return fish_label(FishRef(name=line.name, value=line.printed, type=line.type))


def breakdown(seat: int, s: DeepRegretsScore) -> ft.Control:
    """``scorer-breakdown-<seat>``: Madness, each Fish, Fishbucks, the penalty and the deciding tie-break."""
    rows: list[ft.Control] = [ft.Text(tn("Madness {row}: Fair {fair:+d}, Foul {foul:+d} · Regret value {value}"
                                         "{lifeboat} = {total} · {n} Regret card",
                                         "Madness {row}: Fair {fair:+d}, Foul {foul:+d} · Regret value {value}"
                                         "{lifeboat} = {total} · {n} Regret cards", s.regret_cards,
                                         row=s.madness, fair=s.fair_modifier, foul=s.foul_modifier,
                                         value=s.regret_value, total=s.regret_total,
                                         lifeboat=t(" + Lifeboat {n}", n=s.lifeboat) if s.lifeboat else ""),
                                      size=theme.SMALL)]
    rows += [tagged(f"scorer-line-{seat}-{k}", ft.Text(fish_line_text(line), size=theme.BODY,
                                                     color=theme.DANGER if line.discarded else None))
             for k, line in enumerate(s.fish)]
    rows.append(ft.Text(tn("Fishbucks ${bucks}: {n} point", "Fishbucks ${bucks}: {n} points", s.fishbucks_points,
                           bucks=s.fishbucks),
                        size=theme.BODY))
    if s.penalty is not None:
        lost = tn(" (−{n} point)", " (−{n} points)", s.penalty.points_lost) if s.penalty.points_lost else ""
        rows.append(tagged(f"scorer-penalty-{seat}", ft.Text(penalty_text(s.penalty) + lost, color=theme.DANGER,
                                                          size=theme.BODY)))
    if s.tie_break:
        how = t("Tied on points and on everything else: shared") if s.tie_break == "shared" else t(
            "Tied on points: decided by {how}", how=s.tie_break)
        rows.append(tagged(f"scorer-tie-break-{seat}", ft.Text(how, size=theme.BODY)))
    rows.append(tagged(f"scorer-total-{seat}", ft.Text(t("Total {score}", score=s.score), size=theme.NUMBER,
                                                     weight=ft.FontWeight.BOLD)))
    return section_card(f"scorer-breakdown-{seat}", s.name, rows)


def axis_name(name: str) -> str:
    """A name short enough to sit under its bar beside four others (the bar's tooltip has it whole).

    >>> axis_name("Ann"), axis_name("Bartholomew Fitzgerald-Smythe")
    ('Ann', 'Bartholo…')
    """
    first = name.split()[0] if name.split() else name
    return first if len(first) <= AXIS_NAME else first[:AXIS_NAME] + "…"


def chart(result: DeepRegretsResult) -> ft.Control:
    """``scorer-chart``: one stacked bar per player (hand, mounts, Fishbucks)."""
    groups = []
    shades = theme.palette()
    for x, s in enumerate(result.players):
        hand = sum(line.points for line in s.fish if line.place == "hand")
        mounts = sum(line.points for line in s.fish if line.place != "hand")
        stack = [fch.BarChartRodStackItem(from_y=0, to_y=hand, color=shades.hand),
                 fch.BarChartRodStackItem(from_y=hand, to_y=hand + mounts, color=shades.mounts),
                 fch.BarChartRodStackItem(from_y=hand + mounts, to_y=s.score, color=shades.bucks)]
        groups.append(fch.BarChartGroup(x=x, rods=[fch.BarChartRod(from_y=0, to_y=s.score, width=28,
                                                                   stack_items=stack, tooltip=f"{s.name} {s.score}",
                                                                   border_radius=4)]))
    labels = [fch.ChartAxisLabel(value=x, label=ft.Text(axis_name(s.name), size=theme.SMALL))
              for x, s in enumerate(result.players)]
    top = max([s.score for s in result.players] + [1])
    bars = fch.BarChart(groups=groups, height=220, max_y=top + max(1, top // 8),  # whole numbers on the axis
                        bottom_axis=fch.ChartAxis(labels=labels, label_size=28),
                        left_axis=fch.ChartAxis(label_size=36), interactive=True)
    legend = ft.Row([ft.Row([ft.Container(width=14, height=14, bgcolor=colour, border_radius=3),
                             ft.Text(label, size=theme.SMALL)], spacing=4, tight=True)
                     for colour, label in ((shades.hand, t("Hand")), (shades.mounts, t("Mounted")),
                                           (shades.bucks, t("Fishbucks")))],
                    wrap=True)
    return tagged("scorer-chart", ft.Column([bars, legend], spacing=4))


def results(result: DeepRegretsResult) -> list[ft.Control]:
    """Everything shown once the table is complete."""
    rows = [(s.name, s.score, s.rank, s.winner, s.tie_break) for s in result.players]
    summary = section_card("scorer-results", t("Result"), [
        winners_line(result.winners), *ranking(rows),
        tagged("scorer-penalty-rule", ft.Text(result.penalty_rule, size=theme.SMALL))])
    # One column on a phone; on a tablet the result beside its chart, and the breakdowns two by two.
    return [
        ft.ResponsiveRow([ft.Container(summary, col=HALF), ft.Container(chart(result), col=HALF)],
                         spacing=theme.GAP, run_spacing=theme.GAP),
        ft.ResponsiveRow([ft.Container(breakdown(seat, s), col=HALF) for seat, s in enumerate(result.players)],
                         spacing=theme.GAP, run_spacing=theme.GAP),
    ]
