"""Taps needed at the table (issue 12): one ordinary turn, and filling in a 4-player Deep Regrets scorer.

The screens are driven as a thumb would, through their view tree (no browser: the count is exact and the same on
every run), and the result is checked, so every counted tap did its work. A tap is a button press or a tap on a
field; each character typed is one tap of the phone keyboard; leaving a field is the tap on the next thing.

    .venv/bin/python -m bench.taps

The scorer is filled in twice: with the − / + steppers only (as before Regret cards and Fishbucks could be typed)
and typing them where the screen offers a number field. Target (issue 12): the scorer in half the ~130 taps.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import flet as ft

from companion.scoring.draft import TableDraft
from companion.views.scorers.deep_regrets import DRAFT_KEY
from companion.views.theme import SEED
from tests.support.scorer import Angler, fill_in, typed
from tests.views.tables import context, draft_of, draw, game_of, monday_action, two_players
from tests.views.viewtree import change, find, ids, tap

TABLE = (
    Angler("Alba", 9, 21, 4, fish=(typed("hand", 3, "fair"), typed("hand", 2, "foul"), typed(1, 6, "fair"),
                                   typed(2, 5, "foul"), typed(3, 4, "fair"))),
    Angler("Hugo", 14, 30, 7, lifeboat=True, fish=(typed("hand", 4, "foul"), typed(1, 6, "foul"),
                                                   typed(2, 5, "fair"))),
    Angler("Isla", 5, 9, 2, fish=(typed("hand", 2, "fair"), typed("hand", 1, "fair"), typed(1, 7, "fair"),
                                  typed(2, 3, "fair"), typed(3, 2, "foul"))),
    Angler("Bert", 12, 25, 10, fish=(typed(1, 8, "foul"), typed(2, 4, "foul"), typed(3, 5, "fair"))),
)


class Thumb:
    """Taps and types on one screen, counting; on the scorer, ``typed`` counters are typed where the screen offers a
    number field (else stepped with +)."""

    def __init__(self, ctx: Any, typed: bool = False) -> None:
        self.ctx, self.taps, self.keys = ctx, 0, 0  # taps: every tap, keys among them
        self.typed = typed

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

    def count(self, seat: int, what: str, n: int) -> None:
        field = f"scorer-{what}-field-{seat}"
        if self.typed and self.has(field):
            self.type(field, str(n))
        else:
            for _ in range(n):
                self.tap(f"scorer-{what}-plus-{seat}")

    def tick(self, identifier: str) -> None:
        change(draw(self.ctx), identifier, True)
        self.taps += 1

    def aim(self, seat: int, where: str) -> None:
        """Tap the target unless the screen already points the next Fish there (it moves on after a mount)."""
        chip = find(draw(self.ctx), f"scorer-target-{seat}-{where}")
        if not (isinstance(chip, ft.Container) and chip.border is not None and chip.border.top.color == SEED):
            self.tap(f"scorer-target-{seat}-{where}")

    def placed(self, seat: int, where: str) -> None:
        """Nothing to wait for: the view tree is drawn afresh on every tap."""


def fill_scorer(typed: bool) -> tuple[int, int]:
    """Taps to fill in :data:`TABLE` on a blank scorer, and how many of them are keys of the phone's keyboard; the
    draft is checked against it."""
    ctx = context(None, "/score")
    ctx.sessions.draft(DRAFT_KEY).reset(TableDraft(), seen=0)
    thumb = Thumb(ctx, typed)
    for _ in range(len(TABLE) - len(draft_of(ctx, DRAFT_KEY).players)):
        thumb.tap("scorer-add-player")
    for i, a in enumerate(TABLE):
        fill_in(thumb, i, a)
    players = draft_of(ctx, DRAFT_KEY).players
    for a, p in zip(TABLE, players, strict=True):
        assert (p.name, p.regret_cards, p.regret_value, p.fishbucks, p.lifeboat_flipped) == (
            a.name, a.regret_cards, a.regret_value, a.fishbucks, a.lifeboat)
        assert [(f.value, f.type) for f in p.hand] == a.typed_in("hand")
        assert [(f.value, f.type) for f in p.mounted if f] == [x for slot in "123" for x in a.typed_in(slot)]
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
