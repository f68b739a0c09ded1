"""Taps needed at the table (issue 12): one ordinary turn, and filling in a 4-player Deep Regrets scorer.

The screens are driven as a thumb would, through their view tree (no browser: the count is exact and the same on
every run), and the result is checked, so every counted tap did its work. A tap is a button press or a tap on a
field; each character typed is one tap of the phone keyboard; leaving a field is the tap on the next thing.

    .venv/bin/python -m bench.taps

The scorer is filled in twice: with the − / + steppers only (as before Regret cards and Fishbucks could be typed)
and typing them where the screen offers a number field. Target (issue 12): the scorer in half the ~130 taps.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, cast

import flet as ft

from companion.scoring.draft import TableDraft
from companion.views.scorers.deep_regrets import DRAFT_KEY
from companion.views.theme import SEED
from tests.views.tables import context, draft_of, draw, game_of, monday_action, two_players
from tests.views.viewtree import change, find, ids, tap


@dataclass
class Angler:
    """One angler's end of game, as the table reads it off the board (A p.22)."""

    name: str
    regret_cards: int
    regret_value: int
    fishbucks: int
    lifeboat: bool
    hand: tuple[tuple[int, str], ...]
    mounted: tuple[tuple[int, str], ...]


TABLE = (
    Angler("Alba", 9, 21, 4, False, ((3, "fair"), (2, "foul")), ((6, "fair"), (5, "foul"), (4, "fair"))),
    Angler("Hugo", 14, 30, 7, True, ((4, "foul"),), ((6, "foul"), (5, "fair"))),
    Angler("Isla", 5, 9, 2, False, ((2, "fair"), (1, "fair")), ((7, "fair"), (3, "fair"), (2, "foul"))),
    Angler("Bert", 12, 25, 10, False, (), ((8, "foul"), (4, "foul"), (5, "fair"))),
)


class Thumb:
    """Taps and types on one screen, counting."""

    def __init__(self, ctx: Any) -> None:
        self.ctx, self.taps, self.keys = ctx, 0, 0  # taps: every tap, keys among them

    def tap(self, identifier: str) -> None:
        tap(draw(self.ctx), identifier)
        self.taps += 1
        assert self.ctx.error is None, self.ctx.error

    def type(self, identifier: str, text: str) -> None:
        """Tap the field, type ``text``, leave it."""
        screen = draw(self.ctx)
        field = find(screen, identifier)
        if not isinstance(field, ft.TextField):  # a stepper's number: the tap opens its (focused) field
            tap(screen, identifier)
            field = find(draw(self.ctx), identifier)
        assert isinstance(field, ft.TextField), identifier
        if field.on_change is not None:
            change(draw(self.ctx), identifier, text)
        else:  # taken when left
            field.value = text
            cast(Any, field.on_blur)(SimpleNamespace(control=field))  # the handler reads only .control
        self.taps += 1 + len(text)
        self.keys += len(text)
        assert self.ctx.error is None, self.ctx.error

    def has(self, identifier: str) -> bool:
        return identifier in ids(draw(self.ctx))


def _count(thumb: Thumb, seat: int, what: str, n: int, typed: bool) -> None:
    field = f"scorer-{what}-field-{seat}"
    if typed and thumb.has(field):
        thumb.type(field, str(n))
    else:
        for _ in range(n):
            thumb.tap(f"scorer-{what}-plus-{seat}")


def _aimed(thumb: Thumb, seat: int, slot: int) -> bool:
    """Whether the screen already points the next Fish at Mount ``slot`` (it moves on after a mount)."""
    chip = find(draw(thumb.ctx), f"scorer-target-{seat}-{slot}")
    return isinstance(chip, ft.Container) and chip.border is not None and chip.border.top.color == SEED


def fill_scorer(typed: bool) -> tuple[int, int]:
    """Taps to fill in :data:`TABLE` on a blank scorer, and how many of them are keys of the phone's keyboard; the
    draft is checked against it."""
    ctx = context(None, "/score")
    ctx.sessions.draft(DRAFT_KEY).reset(TableDraft(), seen=0)
    thumb = Thumb(ctx)
    for _ in range(len(TABLE) - len(draft_of(ctx, DRAFT_KEY).players)):
        thumb.tap("scorer-add-player")
    for i, a in enumerate(TABLE):
        thumb.type(f"scorer-name-{i}", a.name)
        _count(thumb, i, "regret-cards", a.regret_cards, typed)
        thumb.type(f"scorer-regret-value-{i}", str(a.regret_value))
        _count(thumb, i, "fishbucks", a.fishbucks, typed)
        if a.lifeboat:
            change(draw(ctx), f"scorer-lifeboat-{i}", True)
            thumb.taps += 1
        for value, kind in a.hand:
            thumb.type(f"scorer-typed-{i}", str(value))
            thumb.tap(f"scorer-add-{kind}-{i}")
        for slot, (value, kind) in enumerate(a.mounted, start=1):
            if slot == 1 or not _aimed(thumb, i, slot):
                thumb.tap(f"scorer-target-{i}-{slot}")
            thumb.type(f"scorer-typed-{i}", str(value))
            thumb.tap(f"scorer-add-{kind}-{i}")
    players = draft_of(ctx, DRAFT_KEY).players
    for a, p in zip(TABLE, players, strict=True):
        assert (p.name, p.regret_cards, p.regret_value, p.fishbucks, p.lifeboat_flipped) == (
            a.name, a.regret_cards, a.regret_value, a.fishbucks, a.lifeboat)
        assert [(f.value, f.type) for f in p.hand] == list(a.hand)
        assert [(f.value, f.type) for f in p.mounted if f] == list(a.mounted)
    return thumb.taps, thumb.keys


def ordinary_turn() -> int:
    """Ada's turn at Sea on her phone: open her angler screen, find the Sunfish (Depth I, Difficulty 2), pick two
    Fresh dice, catch it, back to the table (A pp.10-11)."""
    ctx = context(monday_action(), "/table?game={id}")
    thumb = Thumb(ctx)
    thumb.tap("player-0")
    thumb.type("catch-search", "sunf")
    thumb.tap("catch-pick-sunfish")
    thumb.tap("fresh-die-0")
    thumb.tap("fresh-die-1")
    thumb.tap("catch-fish")
    thumb.tap("table")
    assert [f.name for f in game_of(ctx).state.players[0].hand] == ["Sunfish"]
    return thumb.taps


def refresh(table_dice: bool) -> int:
    """Ada's Refresh on Monday (A p.8): her three dice rolled; with ``table_dice`` she taps the faces her own dice
    show (issue 12), else the app rolls."""
    ctx = context(two_players(), "/table?game={id}")
    thumb = Thumb(ctx)
    if table_dice:
        for n, face in enumerate((3, 2, 1)):
            thumb.tap(f"face-0-{n}-{face}")
        thumb.tap("refresh-faces-0")
    else:
        thumb.tap("refresh-0")
    assert game_of(ctx).state.players[0].refreshed
    return thumb.taps


def main() -> None:
    print(f"one ordinary turn (find a Fish, two dice, catch): {ordinary_turn()} taps")
    print(f"Refresh of 3 dice: the app rolls {refresh(False)} tap, the angler's own faces {refresh(True)} taps")
    stepped, keys = fill_scorer(typed=False)
    print(f"4-player Deep Regrets scorer, steppers only: {stepped} taps ({keys} of them keyboard keys, "
          f"{stepped - keys} on the screen)")
    ctx = context(None, "/score")
    ctx.sessions.draft(DRAFT_KEY).reset(TableDraft(), seen=0)
    if "scorer-regret-cards-field-0" in ids(draw(ctx)):
        typed, keys = fill_scorer(typed=True)
        print(f"4-player Deep Regrets scorer, Regret cards and Fishbucks typed: {typed} taps ({keys} of them "
              f"keyboard keys, {typed - keys} on the screen; {typed / stepped:.0%} of the stepped count)")
    else:
        print("4-player Deep Regrets scorer: this build has no number fields in its steppers")


if __name__ == "__main__":
    main()
