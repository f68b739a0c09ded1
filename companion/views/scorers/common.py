"""Pieces the three scorer screens share: the draft being edited, the game switcher, whole-number fields, the
ranking list."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft

from companion.i18n import N_, t
from companion.rules.names import check_name
from companion.session.door import DraftDoor
from companion.views import theme
from companion.views.changes import Changes
from companion.views.context import AppContext
from companion.views.hooks import use_form, use_redraw, use_session
from companion.views.speech import said_when_changed
from companion.views.widgets import TypedField, caption, chip, named, tagged


@dataclass
class ScorerForm:
    """What a scorer screen holds that isn't the table yet: values being typed and where the next Fish goes."""

    typed: dict[str, str] = field(default_factory=dict)  # by field identifier
    counted_from: dict[str, int | None] = field(default_factory=dict)  # a typed number's value before its keys
    target: dict[int, str] = field(default_factory=dict)  # by seat: "hand", "1"–"3", "cloche"
    removed: tuple[str, int] | None = None  # the angler just removed, and the draft version their removal made


class Editing(Changes[Any]):
    """One render of a scorer: its edits of the shared draft go through
    :class:`~companion.views.changes.Changes`; what it adds is its typing buffer, a working copy of the draft
    (``draft``) that keystrokes change until the field is left, and the local form."""

    session: DraftDoor[Any]

    def __init__(self, ctx: AppContext, session: DraftDoor[Any], shown: int, draft: Any, form: ScorerForm,
                 refresh: Callable[[], None]) -> None:
        super().__init__(ctx, session, shown)
        self.session = session
        self.draft = draft
        self.form = form
        self.refresh = refresh
        self.typing = False  # a field is being typed in: its changes wait in ``draft`` until it is left
        self.unsent = False

    def replace(self, make: Callable[[Any], Any]) -> bool:
        """Change the draft with ``make`` (what it refuses is shown)."""
        return self.answer(self.session.replace(make, seen=self.shown))

    def changed(self, draft: Any) -> bool:
        """Keep ``draft`` (kept in its own file, shown on every phone); refused if another phone changed it first.

        While a field is being typed in, the change stays in the working copy and is kept when the field is left
        (:meth:`leave`): redrawing under a typing thumb would send the field an older text and eat keystrokes."""
        self.draft = draft
        if self.typing:
            self.unsent = True
            return True
        # A copy: this render's handlers go on editing ``draft`` (a keystroke before the redraw), not the one kept.
        made = self.replace(lambda _old: copy.deepcopy(draft))
        if made:
            self.unsent = False
        return made

    def typed(self, change: Callable[[], None]) -> None:
        """Apply a keystroke's ``change`` to the working copy only."""
        self.typing = True
        try:
            change()
        finally:
            self.typing = False

    def leave(self) -> None:
        """The field was left or submitted: keep what was typed."""
        if self.unsent:
            self.changed(self.draft)

    def fail(self, message: str) -> None:
        self.ctx.fail(message)

    def removed(self, draft: Any, name: str) -> None:
        """Keep ``draft`` with an angler taken out, and offer to put ``name`` back (see :func:`undo_removal`)."""
        if self.changed(draft):
            self.form.removed = (name, self.shown)


def use_draft(ctx: AppContext, key: str, make: Callable[[Any], Any] | None = None) -> Editing:
    """The shared draft ``key`` as this screen edits it (``make`` builds it from what was kept); the screen
    redraws when any phone changes it."""
    session = ctx.sessions.draft(key, make) if make is not None else ctx.sessions.draft(key)
    shown = use_session(session)
    form = use_form(ScorerForm)
    return Editing(ctx, session, shown.version, copy.deepcopy(shown.value), form, use_redraw())

def undo_removal(ed: Editing) -> list[ft.Control]:
    """``scorer-undo-remove``: "Alba removed · Put back", while the removal is the draft's latest change (a filled-in
    angler is many taps to enter again)."""
    if ed.form.removed is None or ed.form.removed[1] != ed.shown:
        return []
    name = ed.form.removed[0] or t("The angler")

    def put_back() -> None:
        ed.form.removed = None
        ed.undo()

    return [ft.Row([ft.Text(t("{name} removed", name=name), size=theme.BODY, expand=True),
                    tagged("scorer-undo-remove", ft.TextButton(caption(t("Put back")), icon=ft.Icons.UNDO,
                                                               on_click=lambda _e: put_back()))])]


SCORERS = (("deep-regrets", "/score", N_("Deep Regrets")), ("shallow", "/score/shallow", N_("Shallow Regrets")),
           ("endeavor", "/score/endeavor", N_("Endeavor: Deep Sea")))


def game_switcher(ctx: AppContext, current: str) -> ft.Row:
    """Chips ``scorer-game-<deep-regrets|shallow|endeavor>``; the current one is highlighted."""
    chips: list[ft.Control] = [
        chip(f"scorer-game-{key}", t(label), color=theme.SEED if key == current else theme.PASSED,
             selected=key == current,
             on_click=None if key == current else partial(ctx.navigate, route))
        for key, route, label in SCORERS]
    return ft.Row(chips, wrap=True, spacing=8)


def parse_int(text: str | None, *, minimum: int | None = 0, maximum: int | None = None,
              blank: int | None = None) -> int | None:
    """A whole number typed by a player, within ``minimum``..``maximum`` where given; blank gives ``blank``.
    ``ValueError`` for anything else.

    >>> parse_int(" 12 "), parse_int("", blank=None), parse_int("-2", minimum=None)
    (12, None, -2)
    """
    text = (text or "").strip()
    if not text:
        return blank
    value = int(text.replace("−", "-"))
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise ValueError(text)
    return value


def int_field(ed: Editing, identifier: str, label: str, value: int | None, on_value: Callable[[int | None], None],
              *, minimum: int | None = 0, maximum: int | None = None, blank_ok: bool = False,
              width: int | None = None, whose: str | None = None) -> ft.Control:
    """A number field that hands ``on_value`` a whole number (or ``None`` when blank and ``blank_ok``), within the
    bounds the game allows, as it is typed: the totals count it before the field is left (issue 48 N5).

    Text that isn't such a number yet ("-", "3x", past the bound) changes nothing while it is typed; left so, it is
    refused with a one-line reason, and the number is the one before the field was typed in. ``whose``: said
    before the field's label ("Bo: Regret value"), where a field repeats per angler.
    """
    typing = ed.form.typed  # kept across redraws: a redraw under the thumb must not wipe or drop what is typed
    counted_from = ed.form.counted_from

    def parsed(text: str) -> int | None:
        return parse_int(text, minimum=minimum, maximum=maximum, blank=None if blank_ok else 0)

    def on_change(event: ft.Event[ft.TextField]) -> None:
        typing[identifier] = event.control.value or ""
        try:
            number = parsed(typing[identifier])
        except ValueError:
            return
        counted_from.setdefault(identifier, value)
        on_value(number)  # written, then shown: the screen draws again with the new totals

    def left(_event: ft.Event[ft.TextField]) -> None:
        text = typing.pop(identifier, None)
        counted = identifier in counted_from
        before = counted_from.pop(identifier, None)
        ed.leave()  # a name typed beside it is kept too
        if text is None:
            return
        try:
            parsed(text)
        except ValueError:
            if counted:
                on_value(before)  # the entry is refused whole: the number is as it was before it was typed
            ed.fail(t("{field} must be {what}", field=label, what=_whole_number(minimum, maximum)))

    # While typed, the field is sent no text (value None: Flet carries the phone's text over to each redraw): a
    # redraw for one keystroke, made after the next reached the field, would write the older text over it.
    shown = None if identifier in typing else "" if value is None else str(value)
    field = ft.TextField(label=label, value=shown,  # type: ignore[arg-type]  # TextField._migrate_state
                         on_change=on_change, on_blur=left, on_submit=left, keyboard_type=ft.KeyboardType.NUMBER,
                         text_size=theme.BODY, width=width or 160, height=theme.TOUCH + 8)
    return tagged(identifier, field) if whose is None else named(identifier, field, t("{name}:", name=whose))


def _whole_number(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return t("a whole number from {low} to {high}", low=minimum, high=maximum)
    return t("a whole number") if minimum is None else t("a whole number of {n} or more", n=minimum)


def text_field(ed: Editing, identifier: str, label: str, value: str,
               on_value: Callable[[str], None]) -> ft.Semantics:
    """A name field taking the row's width; ``on_value`` gets every change, kept when the field is left. A name
    the rules refuse (:func:`check_name`: too long, a control or invisible character; a phone may send anything)
    is refused with the field named and changes nothing (issue 35 item 7, issue 45 item 9)."""
    typing = ed.form.typed  # kept across redraws, as a number field's: one made before the field is left keeps it

    def on_change(event: ft.Event[ft.TextField]) -> None:
        text = event.control.value or ""
        try:
            check_name(text, label)
        except ValueError as refused:
            ed.fail(str(refused))
            return
        typing[identifier] = text
        ed.typed(lambda: on_value(text))

    def left(_event: ft.Event[ft.TextField]) -> None:
        text = typing.pop(identifier, None)
        if text is None or ed.unsent:  # nothing typed, or typed since this screen was drawn
            ed.leave()
            return
        on_value(text)  # typed before the screen drew again: kept now

    # No max_length: Flutter would draw a "0/60" counter under every name, and the refusal above bounds it anyway.
    field = TypedField(label=label, value=typing.get(identifier, value), on_change=on_change, on_blur=left,
                       on_submit=left, text_size=theme.BODY, expand=True)
    wrapped = tagged(identifier, field)
    wrapped.expand = True  # in a Row the Semantics wrapper, not the field, takes the width
    return wrapped


def ranking(rows: Sequence[tuple[str, int, int, bool, str | None]]) -> list[ft.Control]:
    """One line per player, best first: ``scorer-rank-<k>`` reads "1. Alba 53 — winner (lower Regret value)"."""
    lines: list[ft.Control] = []
    for k, (name, score, rank, winner, tie_break) in enumerate(sorted(rows, key=lambda r: r[2])):
        text = rank_line(name, score, rank, tie_break)
        icon = ft.Icon(ft.Icons.EMOJI_EVENTS, color=theme.TROPHY) if winner else ft.Icon(ft.Icons.PERSON)
        lines.append(tagged(f"scorer-rank-{k}", ft.Row([icon, ft.Text(
            text, size=theme.TITLE if winner else theme.BODY, weight=ft.FontWeight.BOLD if winner else None,
            expand=True)])))
    return lines


def rank_line(name: str, score: int, rank: int, tie_break: str | None) -> str:
    """"1. Alba: 53", with how a tie was broken or shared."""
    text = t("{rank}. {name}: {score}", rank=rank, name=name, score=score)
    if tie_break:
        text += " " + (t("(shared)") if tie_break == "shared" else t("(tie broken by {how})", how=tie_break))
    return text


def winners_text(winners: Sequence[str]) -> str:
    """"Winner: Alba" or "Shared win: Alba, Hugo"."""
    return (t("Winner: {name}", name=winners[0]) if len(winners) == 1
            else t("Shared win: {names}", names=", ".join(winners)) if winners else t("No winner"))


def winners_line(winners: Sequence[str]) -> ft.Semantics:
    """``scorer-winners``: :func:`winners_text`."""
    return tagged("scorer-winners", ft.Text(winners_text(winners), size=theme.NUMBER, weight=ft.FontWeight.BOLD))


def heard_result(winners: Sequence[str], rows: Sequence[tuple[str, int, int, bool, str | None]]) -> None:
    """A finished game's result, said as the screen showing it opens (and again if it changes): the winners,
    then the ranking."""
    ranks = [rank_line(name, score, rank, tie) for name, score, rank, _, tie in sorted(rows, key=lambda r: r[2])]
    said_when_changed("scorer-results", winners_text(winners), *ranks, first=True)
