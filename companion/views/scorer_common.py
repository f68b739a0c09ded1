"""Pieces the three scorer screens share: the game switcher, whole-number fields, the ranking list."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.i18n import N_, t
from companion.views import theme
from companion.views.context import AppContext
from companion.views.widgets import chip, tagged

SCORERS = (("deep-regrets", "/score", N_("Deep Regrets")), ("shallow", "/score/shallow", N_("Shallow Regrets")),
           ("endeavor", "/score/endeavor", N_("Endeavor: Deep Sea")))


def game_switcher(ctx: AppContext, current: str) -> ft.Row:
    """Chips ``scorer-game-<deep-regrets|shallow|endeavor>``; the current one is highlighted."""
    chips = [chip(f"scorer-game-{key}", t(label), color=theme.SEED if key == current else theme.PASSED,
                  on_click=None if key == current else (lambda r=route: ctx.navigate(r)))
             for key, route, label in SCORERS]
    return ft.Row(chips, wrap=True, spacing=8)


def parse_int(text: str | None, *, minimum: int | None = 0, blank: int | None = None) -> int | None:
    """A whole number typed by a player; blank gives ``blank``. ``ValueError`` for anything else.

    >>> parse_int(" 12 "), parse_int("", blank=None), parse_int("-2", minimum=None)
    (12, None, -2)
    """
    text = (text or "").strip()
    if not text:
        return blank
    value = int(text.replace("−", "-"))
    if minimum is not None and value < minimum:
        raise ValueError(text)
    return value


def _quietly(ctx: AppContext, change: Callable[[], None]) -> None:
    """Apply a keystroke's change without redrawing: a redraw while typing sends the field an older value and
    loses keystrokes. The screen redraws when the field is left or submitted (:func:`_redraw_on_leave`)."""
    redraw, ctx.on_refresh = ctx.on_refresh, None
    try:
        change()
    finally:
        ctx.on_refresh = redraw


def _redraw_on_leave(ctx: AppContext, field: ft.TextField) -> ft.TextField:
    field.on_blur = lambda _event: ctx.refresh()
    field.on_submit = lambda _event: ctx.refresh()
    return field


def int_field(ctx: AppContext, identifier: str, label: str, value: int | None, on_value: Callable[[int | None], None],
              *, minimum: int | None = 0, blank_ok: bool = False, width: int | None = None) -> ft.Semantics:
    """A number field that hands ``on_value`` a whole number (or ``None`` when blank and ``blank_ok``).

    A value that isn't one puts a one-line reason on the error line (shown when the field is left) and leaves
    the draft as it was.
    """
    def on_change(event: ft.ControlEvent) -> None:
        try:
            number = parse_int(event.control.value, minimum=minimum, blank=None if blank_ok else 0)
        except ValueError:
            lowest = t("a whole number") if minimum is None else t("a whole number of {n} or more", n=minimum)
            ctx.error = t("{field} must be {what}", field=label, what=lowest)
            return
        ctx.error = None
        _quietly(ctx, lambda: on_value(number))

    field = ft.TextField(label=label, value="" if value is None else str(value), on_change=on_change,
                         keyboard_type=ft.KeyboardType.NUMBER, text_size=theme.BODY, width=width or 160,
                         height=theme.TOUCH + 8)
    return tagged(identifier, _redraw_on_leave(ctx, field))


def text_field(ctx: AppContext, identifier: str, label: str, value: str,
               on_value: Callable[[str], None]) -> ft.Semantics:
    """A text field taking the row's width; ``on_value`` gets every change, the screen redraws on leaving it."""
    def on_change(event: ft.ControlEvent) -> None:
        text = event.control.value or ""
        _quietly(ctx, lambda: on_value(text))

    field = ft.TextField(label=label, value=value, on_change=on_change, text_size=theme.BODY, expand=True)
    wrapped = tagged(identifier, _redraw_on_leave(ctx, field))
    wrapped.expand = True  # in a Row the Semantics wrapper, not the field, takes the width
    return wrapped


def ranking(rows: Sequence[tuple[str, int, int, bool, str | None]]) -> list[ft.Control]:
    """One line per player, best first: ``scorer-rank-<k>`` reads "1. Alba 53 — winner (lower Regret value)"."""
    lines: list[ft.Control] = []
    for k, (name, score, rank, winner, tie_break) in enumerate(sorted(rows, key=lambda r: r[2])):
        text = t("{rank}. {name}: {score}", rank=rank, name=name, score=score)
        if tie_break:
            text += " " + (t("(shared)") if tie_break == "shared" else t("(tie broken by {how})", how=tie_break))
        icon = ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER) if winner else ft.Icon(ft.Icons.PERSON)
        lines.append(tagged(f"scorer-rank-{k}", ft.Row([icon, ft.Text(
            text, size=theme.TITLE if winner else theme.BODY, weight=ft.FontWeight.BOLD if winner else None,
            expand=True)])))
    return lines


def winners_line(winners: Sequence[str]) -> ft.Semantics:
    """``scorer-winners``: "Winner: Alba" or "Shared win: Alba, Hugo"."""
    text = (t("Winner: {name}", name=winners[0]) if len(winners) == 1
            else t("Shared win: {names}", names=", ".join(winners)) if winners else t("No winner"))
    return tagged("scorer-winners", ft.Text(text, size=theme.NUMBER, weight=ft.FontWeight.BOLD))
