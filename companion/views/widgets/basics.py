"""Buttons, chips, cards, the error line and the screen frame."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from companion.i18n import t
from companion.views import theme
from companion.views.context import KeptSource, Offer
from companion.views.hooks import use_here_first, use_subscription, use_threadsafe

Handler = Callable[[], object]  # what a handler returns (a move applied or not) is ignored


def tagged(identifier: str, control: ft.Control, *, label: str | None = None,
           expand: bool | None = None) -> ft.Semantics:
    """Wrap ``control`` so browser tests find it as ``[flt-semantics-identifier=identifier]``.

    In a Row it is the wrapper that gets (or doesn't get) the space: pass ``expand=True`` for a control that
    should fill it (never inside a wrapping Row). The wrapped control's own ``expand`` has no effect.
    """
    return ft.Semantics(identifier=identifier, label=label, content=control, expand=expand)


def named(identifier: str, control: ft.Control, label: str | None = None, *, selected: bool | None = None,
          checked: bool | None = None, expand: bool | None = None, disabled: bool = False) -> ft.MergeSemantics:
    """:func:`tagged`, merged with the control inside into one node: a button, switch, checkbox, radio or field
    whose name is ``label`` (said before its own caption, if it has one) or the tooltip inside it.

    Without the merge a label (or a tooltip) lands on a wrapper with no role and the control inside has no name
    (issue 38: Chromium handed "button" and "switch, off" to a screen reader). ``selected``: the state of a button
    used as one choice among several (theme, language, colour), said with its name; ``checked``: whether a button
    that picks one of several at once (a die for the next move) is picked: a checkbox, ticked or not;
    ``disabled``: marked disabled for a screen reader (a disabled switch's or checkbox's own flag is lost in the
    merge, issue 46).
    """
    wrapper = ft.Semantics(identifier=identifier, label=label, selected=selected, checked=checked, content=control,
                           disabled=disabled)
    return ft.MergeSemantics(content=wrapper, expand=expand)


def beside(body: ft.Control, button: ft.Control) -> ft.Control:
    """``body`` (a name, a game's line) with ``button`` at its right; from Larger on (:func:`theme.stacked`) the
    button goes under it: beside it at Largest, "Bartholomew" broke over three lines."""
    if theme.stacked():
        return ft.Column([body, button], spacing=4)
    return ft.Row([ft.Container(body, expand=True), button])


def grow(control: ft.Control) -> ft.Container:
    """Let ``control`` take its share of a Row's width (for buttons side by side; not in a wrapping Row)."""
    return ft.Container(content=control, expand=True)


def click_handler(handler: Handler | None) -> Callable[[object], object] | None:
    """A control's ``on_click`` that calls ``handler`` with no event (``None`` stays ``None``: disabled)."""
    return None if handler is None else (lambda _event: handler())


BUTTON_LINE = 20 / 14  # a button caption's line, in ems (Material's labelLarge)


def action_button(identifier: str, text: str, on_click: Handler | None, *, icon: ft.IconData | None = None,
                  primary: bool = False, disabled: bool = False, expand: bool = False, whose: str | None = None,
                  selected: bool | None = None, spoken: str | None = None) -> ft.Control:
    """A full-height (≥ 48 px) button; ``primary`` fills it with the accent colour. Its caption is drawn at the
    phone's Text size (a plain string caption would stay at Flutter's own size), the button as tall as it needs:
    one line of caption fills :data:`theme.TOUCH` (more at a large Text size), and a caption that wraps makes it
    taller (a fixed height let a wrapped caption run over the button's border at the largest Text size).

    ``whose``: what tells this button from others with the same caption on the screen (an angler's name, a die),
    said before the caption; ``selected``: the button is one choice among several, and this one is (or is not)
    the one chosen; ``spoken``: the button's whole name, said instead of its short caption ("Sell $5" beside
    the Fish's name is said "Sell Goliath Grouper for $5")."""
    make = ft.FilledButton if primary else ft.OutlinedButton
    shown: ft.Control = caption(text) if spoken is None else ft.Semantics(content=caption(text), exclude_semantics=True)
    button = make(content=shown, icon=icon, on_click=click_handler(on_click),
                  disabled=disabled or on_click is None, expand=expand)
    if whose is None and selected is None and spoken is None:
        return tagged(identifier, button)
    label = ", ".join(part for part in (whose, spoken) if part) or None
    return named(identifier, button, label, selected=selected)


def caption(text: str) -> ft.Container:
    """A button's caption at the phone's Text size, padded so one line fills :data:`theme.TOUCH` (for a button
    :func:`action_button` can't make: an async handler, a link). The button must not have a fixed height."""
    size = theme.LABEL
    pad = (max(theme.TOUCH, size * 2.6) - size * BUTTON_LINE) / 2  # above and below the caption's lines
    return ft.Container(ft.Text(text, size=size), padding=ft.Padding.symmetric(vertical=pad))


def icon_action(identifier: str, icon: ft.IconData, name: str, on_click: Handler | None, *,
                disabled: bool = False) -> ft.MergeSemantics:
    """A square icon button named ``name`` (what, and whose where several are on screen: "Remove angler Bo"),
    the name a screen reader says and browser tests find it by. No hover tooltip: the pointer left where the last
    tap was rests on the button (Undo after an undo, the next screen's Back), and its tooltip was said with the
    move's own line ("Undo"), or stuck (issue 46)."""
    button = ft.IconButton(icon=icon, on_click=click_handler(on_click), icon_size=28,
                           disabled=disabled or on_click is None, width=theme.TOUCH, height=theme.TOUCH)
    return named(identifier, button, name)


def chip(identifier: str, text: str, *, color: str | None = None, on_click: Handler | None = None,
         tooltip: str | None = None, whose: str | None = None, selected: bool | None = None,
         checked: bool | None = None) -> ft.Control:
    """A rounded label; tappable when ``on_click`` is given. ``whose`` and ``selected``: as for
    :func:`action_button` (a filter chip says whether it is on); ``checked``: as for :func:`named`."""
    body = ft.Container(
        content=ft.Text(text, size=theme.BODY, weight=ft.FontWeight.W_600),
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=20,
        border=ft.Border.all(2, color or theme.SEED),
        on_click=click_handler(on_click),
        tooltip=tooltip,
        ink=on_click is not None,
    )
    if whose is None and selected is None and checked is None:
        return tagged(identifier, body)
    return named(identifier, body, whose, selected=selected, checked=checked)


def section_card(identifier: str, title: str | None, controls: list[ft.Control], *,
                 accent: str | None = None, group: str | None = None) -> ft.Semantics:
    """A card with an optional title; ``accent`` colours its left edge (an angler's colour). ``group``: the card is
    a group of that name for a screen reader (said on entering it: whose controls these are), for a card that
    repeats per angler with no title to say whose."""
    body: list[ft.Control] = []
    if title:
        body.append(ft.Text(title, size=theme.TITLE, weight=ft.FontWeight.BOLD, color=accent))
    body.extend(controls)
    # A flat tinted panel, not an elevated Card: shadows are costly to paint on a phone's CPU at every tap.
    card = ft.Container(
        content=ft.Column(body, spacing=8),
        padding=theme.GAP,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.only(left=ft.BorderSide(6, accent)) if accent else None,
        border_radius=12,
    )
    if group:
        return ft.Semantics(identifier=identifier, label=group, container=True, content=card)
    return tagged(identifier, card)


def error_line(message: str | None, identifier: str = "error-line") -> ft.Semantics:
    """A line that says why something can't be done (``str(RuleViolation)``); hidden when there is none."""
    row = ft.Row([ft.Icon(ft.Icons.BLOCK, color=theme.DANGER),
                  ft.Text(message or "", color=theme.DANGER, size=theme.BODY, expand=True)],
                 visible=bool(message))
    return ft.Semantics(identifier=identifier, content=row, live_region=True, visible=bool(message))


def label_value(identifier: str, label: str, value: str, *, big: bool = False, color: str | None = None) -> ft.Column:
    """A small caption over a (big) number; the number carries the identifier."""
    return ft.Column([
        ft.Text(label, size=theme.SMALL),
        tagged(identifier, ft.Text(value, size=theme.BIG_NUMBER if big else theme.NUMBER,
                                   weight=ft.FontWeight.BOLD, color=color)),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def refusal_bar(message: str | None) -> ft.Control | None:
    """Why the last tap was refused, pinned to the bottom of the screen by the thumb that tapped (however far
    down a long screen it was), kept until the next action; ``error-line`` for tests."""
    if not message:
        return None
    return error_line(message)


def steps_bar(steps: tuple[str, ...] | list[str]) -> ft.Control | None:
    """What the table must do by hand after the last move, one line each, by the thumb; ``table-steps``."""
    if not steps:
        return None
    lines: list[ft.Control] = [ft.Row([ft.Icon(ft.Icons.FRONT_HAND, color=theme.SEED),
                     ft.Text(step, size=theme.BODY, expand=True)]) for step in steps]
    # Not a live region: a screen reader hears them with the values the move left (views.speech.told)
    return ft.Semantics(identifier="table-steps", content=ft.Column(lines, spacing=2, tight=True))


# Characters of title that fit in 160 px at theme.TITLE as designed (a Chinese character counts two); at a larger
# Text size fewer do.
LONG_TITLE = 15
ROOM = 160  # px a title has beside the back arrow and the actions on a 360 px phone (twice that alone in its bar)
TITLE_LINES = 3  # a long title's lines at body size: the height of its bar (:func:`_bar_height`)
MAX_TITLE_LINES = 4  # more lines of a smaller size where its words need them
# A title's widths in ems, on the wide side of Roboto's (Flutter drew "Bartholomew" about 6.4 em wide): a narrow
# letter, a wide one, any other, a space, a Chinese character.
NARROW, WIDE = frozenset("fijlrtI.,:;'-!|()"), frozenset("mwMW")
NARROW_EM, WIDE_EM, LETTER_EM, SPACE_EM, CJK_EM = 0.3, 0.9, 0.6, 0.25, 1.0
_CJK = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef"
# Where Flutter may break a line inside a word: after a hyphen, and on either side of a Chinese character.
_PIECE = re.compile(f"[^-{_CJK}]*-|[{_CJK}]|[^-{_CJK}]+")
TITLE_LINE = 28 / 22  # an app bar title's line, in ems (Material's titleLarge)
BAR = 56  # Material's app bar height, px


def _long(title: str, room: float = LONG_TITLE) -> bool:
    width = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in title)
    return width * theme.text_scale() > room


def _bar_height(long: bool) -> float | None:
    """The app bar's height for its title at this phone's Text size (``None``: Material's own): a long title's
    three lines at body size, else one line at title size. At the largest size Material's 56 px cut the title."""
    if long:
        return max(theme.TOUCH + 16, TITLE_LINES * theme.BODY * TITLE_LINE + 8)
    needed = theme.TITLE * TITLE_LINE + 8
    return needed if needed > BAR else None


# The phone app's copy of its data to the browser's storage (IndexedDB), read by :func:`KeptMark`: provided by the
# app's root in the phone app (:mod:`companion.phone`); None in the served app, which writes each change to disk
# before any phone is shown it.
KEPT: ft.ContextProvider[KeptSource | None] = ft.create_context(None)


@ft.component
def KeptMark() -> ft.Control:
    """The phone app's mark in every app bar: "Saved on this phone" once the browser's storage holds every change,
    "Saving…" while a copy to it is pending, "Not saved" once a copy failed (until one works); nothing in the
    served app. The words are written beside the icon (a tooltip hid them from a thumb), one short word so the
    title keeps its room, and read once, in full, by a screen reader (the word drawn is not read again)."""
    source: KeptSource | None = ft.use_context(KEPT)
    state, set_state = ft.use_state((True, False) if source is None else (source.kept, source.failed))
    heard = use_here_first(set_state)  # the tab's own save: drawn in the same pass as the tap
    use_subscription(lambda: source.subscribe(lambda: heard((source.kept, source.failed)))
                     if source is not None else (lambda: None), [source])
    if source is None:
        return ft.Container(visible=False)
    kept, failed = state
    if kept:
        words, word, icon = t("Saved on this phone"), t("Saved"), ft.Icons.CHECK_CIRCLE_OUTLINE
    elif failed:
        words, word, icon = (t("Not saved: the last changes are on this phone only until this page closes"),
                             t("Not saved"), ft.Icons.ERROR_OUTLINE)
    else:
        words, word, icon = t("Saving…"), t("Saving…"), ft.Icons.HOURGLASS_TOP
    text = ft.Text(word, size=theme.SMALL, max_lines=1, color=theme.DANGER if failed and not kept else None)
    mark = ft.Container(ft.Row([ft.Icon(icon, size=theme.BODY, color=text.color), text], spacing=4, tight=True),
                        padding=ft.Padding.only(right=8))
    return ft.Semantics(identifier="kept-mark", label=words, exclude_semantics=True, content=mark)


def _ems(c: str) -> float:
    if unicodedata.east_asian_width(c) in "WF" or c == "·":  # a Chinese font draws the dot full width
        return CJK_EM
    return NARROW_EM if c in NARROW else WIDE_EM if c in WIDE else LETTER_EM


def _title_lines(title: str, size: float, room: float) -> float:
    """About the lines ``title`` takes at ``size`` px in ``room`` px (infinite: a word is wider than the room)."""
    rows, used = 1, 0.0
    for word in title.split():
        for k, piece in enumerate(_PIECE.findall(word)):
            wide = sum(_ems(c) for c in piece) * size
            if wide > room:
                return float("inf")
            gap = SPACE_EM * size if k == 0 and used else 0.0
            if used and used + gap + wide > room:
                rows, used = rows + 1, wide
            else:
                used += gap + wide
    return rows


def _title_size(title: str, room: float) -> float:
    """Body size, or less where a long title would not fit its room in the height of three lines of body text, or
    a word of it would not fit one line: at the largest Text size "Bartholomew Fitzgerald-Smythe" was cut after
    "Bartholom"."""
    size = theme.BODY
    while size > theme.BASE_SIZES["SMALL"]:
        lines = _title_lines(title, size, room)
        if lines <= MAX_TITLE_LINES and lines * size <= TITLE_LINES * theme.BODY:
            break
        size -= 1
    return size


def title_text(title: str, room: float = ROOM) -> ft.Text:
    """An app bar's title; a long one ("<angler> at Port") wraps at body size (smaller where it would not fit
    ``room`` px wide and three lines high) instead of being cut off."""
    return ft.Text(title, size=_title_size(title, room) if _long(title) else theme.TITLE, max_lines=MAX_TITLE_LINES)


def screen(route: str, title: str | ft.Control, controls: list[ft.Control], *, back: Handler | None = None,
           actions: list[ft.Control] | None = None, bottom: ft.Control | None = None,
           notices: NoticeSource | None = None, wide: bool = False) -> ft.View:
    """The frame of every screen: an app bar (with a back arrow when ``back`` is given) over a scrolling,
    centred column no wider than a phone; the bottom bar shows what ``notices`` says (the last refusal, or else
    what the table must do by hand after the last move; a change not saved is refused, saying what happened).
    ``wide``: the column takes a tablet's width too (for a screen that lays its cards out in columns there).
    """
    leading = icon_action("back", ft.Icons.ARROW_BACK, t("Back"), back) if back else None
    # Beside the back arrow and the actions a 360 px phone has 160 px for the title: a long one wraps, in a taller bar.
    # Alone in its bar it has twice that. A title drawn by its own component (title_text) may wrap too once the
    # Text size is larger than designed.
    long = (_long(title, LONG_TITLE if back or actions else 2 * LONG_TITLE) if isinstance(title, str)
            else theme.text_scale() > 1)
    # Full width on a phone; a centred column on a tablet.
    column = ft.Column(controls, spacing=theme.GAP,
                       col={"xs": 12, "xl": 10} if wide else {"xs": 12, "sm": 10, "md": 7, "lg": 5},
                       horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=(title_text(title, ROOM if back or actions else 2 * ROOM) if long
                                else ft.Text(title, size=theme.TITLE))
                         if isinstance(title, str) else title,
                         leading=leading, actions=[*(actions or []), KeptMark()],
                         toolbar_height=_bar_height(long), automatically_imply_leading=False),
        controls=[ft.ResponsiveRow([column], alignment=ft.MainAxisAlignment.CENTER)],
        scroll=ft.ScrollMode.AUTO,
        bottom_appbar=_bottom_bar(bottom, *_notice_lines(notices)),
        padding=theme.GAP,
    )


def _notice_lines(notices: NoticeSource | None) -> tuple[ft.Control | None, int]:
    """The bar's notice and its number of steps (0 for a refusal), as the bar is shaped now."""
    if notices is None:
        return None, 0
    error, steps, offers = notices.notice
    if error:
        return NoticeLines(notices), 3 if offers else 0  # the question, then its answers
    return (NoticeLines(notices), len(steps)) if steps else (None, 0)


class NoticeSource(Protocol):
    """Where the bottom bar's lines come from (a tab's :class:`~companion.views.context.AppContext`)."""

    on_notice: Callable[[Any], None] | None

    @property
    def notice(self) -> tuple[str | None, tuple[str, ...], tuple[Offer, ...]]: ...


@ft.memo
@ft.component
def NoticeLines(source: NoticeSource) -> ft.Control:
    """The last refusal, or else the table's steps. They follow ``source`` themselves, so a
    new refusal or new steps draw these lines again and nothing else, in the same pass as the move's own answer
    (the phone draws both in one frame); the screen around them is drawn again only when the bar's shape changes.
    A Regret tap's steps cost the server 0.3 ms this way, against 0.9–1.1 ms for drawing the whole screen again.
    """
    (error, steps, offers), set_notice = ft.use_state(source.notice)
    source.on_notice = ft.use_memo(lambda: use_threadsafe(set_notice), [])
    if error and offers:  # a move that needs a choice: the question, and a button for each answer
        return ft.Column([refusal_bar(error) or ft.Container(), ft.Row(
            [action_button(o.key, o.label, o.handler) for o in offers], wrap=True)], spacing=4, tight=True)
    return refusal_bar(error) or steps_bar(steps) or ft.Container()


BAR_PADDING = 24  # a Material 3 BottomAppBar's padding, above and below its content


def _bottom_bar(bottom: ft.Control | None, notice: ft.Control | None, lines: int) -> ft.BottomAppBar | None:
    rows = [c for c in (notice, bottom) if c is not None]
    if not rows:
        return None
    height = theme.TOUCH + 24 if bottom is not None else 0
    # A refusal is one line; ``lines`` rows of 48 px (a step's two lines when it wraps, a row of buttons) below the
    # bar's own 12 px above and below; past four, the rest scrolls.
    notice_height = 0 if notice is None else theme.TOUCH + 8 if not lines else min(BAR_PADDING + 48 * lines, 216)
    return ft.BottomAppBar(content=ft.Column(rows, spacing=4, tight=True, scroll=ft.ScrollMode.AUTO),
                           height=height + notice_height)
