"""The big number with − and + either side: Regret cards, Fishbucks, anything counted at the table. Where a screen
takes a typed number too, the number is a field with the phone's numeric keyboard: "12" is three taps, not twelve."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import t
from companion.views import theme
from companion.views.hooks import use_redraw
from companion.views.speech import said_when_changed
from companion.views.widgets.basics import Handler, click_handler, named, tagged


def typed_number(text: str | None, field: str, minimum: int = 0, maximum: int | None = None) -> int:
    """The whole number typed in ``field`` (a leading ``$`` and spaces are ignored), or ``ValueError`` saying what
    the field takes.

    >>> typed_number(" $12 ", "Fishbucks")
    12
    >>> typed_number("3x", "Regret cards")
    Traceback (most recent call last):
    ...
    ValueError: Regret cards: type a whole number of 0 or more, not “3x”
    >>> typed_number("61", "Regret cards", maximum=60)
    Traceback (most recent call last):
    ...
    ValueError: Regret cards: type a whole number from 0 to 60, not “61”
    """
    shown = (text or "").strip()
    try:
        value = int(shown.removeprefix("$").strip().replace("−", "-"))
    except ValueError:
        value = minimum - 1
    if maximum is not None and not minimum <= value <= maximum:  # what the box holds (the caller's bound)
        raise ValueError(t("{field}: type a whole number from {n} to {m}, not “{text}”", field=field, n=minimum,
                           m=maximum, text=shown[:12]))
    if value < minimum:
        raise ValueError(t("{field}: type a whole number of {n} or more, not “{text}”", field=field, n=minimum,
                           text=shown[:12]))
    return value


def stepper(name: str, index: int | str, value: int | str, on_minus: Handler | None, on_plus: Handler | None, *,
            label: str | None = None, color: str | None = None, on_typed: Callable[[int], object] | None = None,
            on_invalid: Callable[[str], object] | None = None, minimum: int = 0, maximum: int | None = None,
            width: float | None = None, whose: str | None = None, heard_with: str | None = None,
            live: bool = False) -> ft.Row:
    """``−  value  +`` with identifiers ``{name}-minus-{index}``, ``{name}-{index}`` and ``{name}-plus-{index}``
    (``{name}-minus``, ``{name}``, ``{name}-plus`` when ``index`` is ``""``). The number and its caption take
    ``width`` px (default: room for the number; a long caption wants more, or it wraps word by word).

    A handler of ``None`` disables its button (nothing to take away, say). With ``on_typed`` an empty field on the
    numeric keyboard lies over the number (``{name}-field-{index}``, :func:`TypedNumber`): the number typed
    (``minimum`` to ``maximum``) goes to ``on_typed`` when the field is left or submitted (``live``: as it is
    typed, a scorer's totals counting it at once); anything else goes to ``on_invalid`` as a message naming the
    field, and changes nothing.

    A screen reader hears each part with what, whose (``whose``: the angler's name, where several are counted on a
    screen) and how many: "Bo: Regret cards, 3. Add one"; a new number is announced once drawn, followed by
    ``heard_with`` when that changed too (the Madness row a Regret card moved the angler to).

    >>> row = stepper("regret", 0, 3, None, lambda: None)
    >>> [row.controls[0].identifier, row.controls[1].content.controls[0].identifier, row.controls[2].identifier]
    ['regret-minus-0', 'regret-0', 'regret-plus-0']
    """
    caption = label or name
    suffix = f"-{index}" if index != "" else ""
    shown = str(value)
    said = (t("{whose}: {what}, {n}", whose=whose, what=caption, n=shown) if whose
            else t("{what}, {n}", what=caption, n=shown))
    box: ft.Control = tagged(f"{name}{suffix}", _shown(shown, caption, color))
    said_when_changed(f"{name}{suffix}|{whose}", said, heard_with)
    parts = [box]
    if on_typed is not None:  # the field lies over the number: a tap on it is the phone's own focus
        parts.append(ft.Container(TypedNumber(f"{name}-field{suffix}", caption, shown, color, on_typed, on_invalid,
                                              minimum, maximum, name=t("{said}. Type a number", said=said),
                                              live=live),
                                  left=0, top=0, right=0))
    return ft.Row([
        _step(f"{name}-minus{suffix}", ft.Icons.REMOVE, t("{said}. Take one away", said=said), on_minus),
        ft.Container(ft.Stack(parts), width=width or BOX * theme.text_scale(), alignment=ft.Alignment.CENTER),
        _step(f"{name}-plus{suffix}", ft.Icons.ADD, t("{said}. Add one", said=said), on_plus),
    ], alignment=ft.MainAxisAlignment.CENTER, spacing=0, tight=True)  # tight: two fit side by side


def _step(identifier: str, icon: ft.IconData, label: str, on_click: Handler | None) -> ft.Semantics:
    """A − or +: a tap target, read aloud as the button ``label``, greyed out when ``on_click`` is ``None``.

    An ink well, so that Tab reaches it (with Material's focus highlight) and Enter or Space steps the number
    (issue 46: a plain tap target takes no focus). Not an IconButton: no hover fade. The ink's ripple costs frames
    after each tap; bench.ui_frames (30 taps, loaded machine) with the accessibility tree on: 4 frames (18 ms) until
    the number shows and 7 (25 ms) in the 250 ms after, against 1 (7 ms) and 0 with a plain tap target; with the
    tree off (``--no-tree``): 6 frames (14 ms) in the 500 ms after a tap, against 2 (7 ms). A plain target laid
    over the ink well (pointer taps to it, Tab and Enter to the ink well) drew 2 frames with the tree off, but with
    the tree on Flutter turns a tap on the button's node into its tap action, which the ink well answers with its
    ripple (no gain), and Tab missed the button now and then under load: not kept.
    """
    off = on_click is None
    target = ft.Container(ft.Icon(icon, size=28, color=theme.DISABLED if off else None),
                          on_click=click_handler(on_click), disabled=off, ink=not off,
                          width=theme.MIN_TOUCH, height=theme.MIN_TOUCH, alignment=ft.Alignment.CENTER)
    return ft.Semantics(identifier=identifier, label=label, button=True, disabled=off, content=target)


# The number's box, px as designed: it grows with the Text size as its caption does (the number stops growing at
# Larger, theme.MAX_SIZES; at Largest "Fishbucks" needs 105 px).
BOX = theme.BASE_SIZES["BIG_NUMBER"] * 1.6


def _size(shown: str) -> float:
    # Three characters ("$10", the cap) at the big size are wider than the box: a size down, and never wrapped.
    return theme.BIG_NUMBER if len(shown) <= 2 else theme.NUMBER


def _shown(shown: str, caption: str, color: str | None, field: ft.Control | None = None) -> ft.Column:
    """The number (or the field typing it) over its caption."""
    number = field if field is not None else ft.Text(shown, size=_size(shown), weight=ft.FontWeight.BOLD, color=color,
                                                     no_wrap=True)
    return ft.Column([number, ft.Text(caption, size=theme.SMALL)], spacing=0,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def TypedNumber(identifier: str, caption: str, shown: str, color: str | None, on_typed: Callable[[int], object],
                on_invalid: Callable[[str], object] | None, minimum: int, maximum: int | None = None, *,
                name: str | None = None, live: bool = False) -> ft.Control:
    """An empty field over the number, on the numeric keyboard: see-through until focused, when it turns opaque and
    takes the keys. It is always there, so the tap that focuses it needs no answer from the host (a tap that had
    to open it was lost when the screen drew again under it, issue 26), and it starts empty, so typing 13 gives 13.
    A number typed goes to ``on_typed`` when the field is left or submitted, or with ``live`` at each keystroke that
    makes one (text that doesn't yet, "1-", is refused only when the field is left so, and the number is then the
    one before it was typed); a field left empty changes nothing. ``name``: what a screen reader calls the field
    (else ``caption``)."""
    typed: ft.MutableRef[str] = ft.use_ref("")  # what is typed so far: drawn again as it is, never wiped by a redraw
    counted_from: ft.MutableRef[int | None] = ft.use_ref(None)  # live: the number before the first key counted
    emptied = use_redraw()

    def on_change(event: ft.Event[ft.TextField]) -> None:
        typed.current = event.control.value or ""
        if live and typed.current.strip():
            try:
                number = typed_number(typed.current, caption, minimum, maximum)
            except ValueError:
                return  # not a number yet: said when the field is left so
            if counted_from.current is None:
                counted_from.current = typed_number(shown, caption, minimum)
            on_typed(number)  # written, then shown: the screen draws again, the field keeps its text

    def done(_event: ft.Event[ft.TextField]) -> None:
        text, typed.current = typed.current.strip(), ""
        before, counted_from.current = counted_from.current, None
        number: int | None = None
        problem: str | None = None
        if text:
            try:
                number = typed_number(text, caption, minimum, maximum)
            except ValueError as refused:
                problem = str(refused)
        if number is None and before is not None:
            on_typed(before)  # live, left empty or refused: the number is as it was before it was typed
        if not text:
            return  # left without typing: the number stays as it was
        emptied()
        if problem is not None and on_invalid is not None:
            on_invalid(problem)  # nothing changes: the number is shown again as it was
        elif number is not None and not live and text != shown:  # live: counted as it was typed
            on_typed(number)

    size = _size(shown)
    # While typed, the field is sent no text (value None: Flet carries the phone's text over to each redraw): a
    # redraw for one keystroke, made after the next reached the field, would write the older text over it.
    field = ft.TextField(value=None if typed.current else "",  # type: ignore[arg-type]  # TextField._migrate_state
                         keyboard_type=ft.KeyboardType.NUMBER, text_align=ft.TextAlign.CENTER,
                         text_style=ft.TextStyle(size=size, weight=ft.FontWeight.BOLD, color=color),
                         border=ft.NoInputBorder(), filled=True, bgcolor=ft.Colors.TRANSPARENT,
                         focused_bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, dense=True, content_padding=0,
                         on_change=on_change, on_submit=done, on_blur=done)
    return named(identifier, field, name or caption)
