"""The one helper through which a screen changes a session (issue 36 item 4): :class:`Changes` makes a change as
the tab last drew the session and answers its :class:`~companion.session.Outcome`, whatever the session: a refusal
shown by the thumb, a choice asked there with a button per answer, the table's steps told there; once made, the
next change follows it. The table's moves (``views/table/common.py`` ``Moves``), a scorer's edits of its draft
(``views/scorers/common.py`` ``Editing``, which adds its typing buffer and the draft replaced whole) and a
campaign's moves (``views/survey/common.py`` ``Survey``) are this helper, and so are the Undo and Redo buttons of
every screen (``views/widgets/toolbar.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Generic, TypeVar

from companion.flet_fixes import short_repr
from companion.session import Outcome, Snapshot
from companion.session.door import Undoable
from companion.views.context import AppContext, Offer

T = TypeVar("T")


class Changes(Generic[T]):
    """Changes to ``session`` as this tab last drew it: ``shown`` is the version on screen (the stale-phone check)."""

    def __init__(self, ctx: AppContext, session: Undoable[T], shown: int) -> None:
        self.ctx = ctx
        self.session = session
        self.shown = shown

    def __repr__(self) -> str:  # a prop of many parts of a screen: short (companion.flet_fixes.short_repr)
        return short_repr(type(self).__name__, key=self.session.key, shown=self.shown)

    def answer(self, outcome: Outcome[T], choose: Callable[[str, int], object] | None = None,
               label: Callable[[int], str] = str) -> bool:
        """Show what ``outcome`` says; ``True`` when the change was made. A refusal is shown by the thumb and changes
        nothing; a change that needs a choice first (``outcome.choice``: the field to set and its answers) asks it
        there, one button per answer (``label(answer)``), tapping one calls ``choose(field, answer)``; a change
        made is followed by the next one."""
        if outcome.choice is not None and choose is not None:
            field, answers = outcome.choice
            self.ctx.ask(outcome.message or "", [Offer(f"choose-{field}-{answer}", label(answer),
                                                       partial(choose, field, answer)) for answer in answers])
            return False
        if not self.ctx.outcome(outcome):
            return False
        self.shown = outcome.current.version  # this tab made it: the next change follows it, not a stale check
        return True

    def tell(self, steps: Sequence[str], at: object) -> None:
        """Say what the table must do by hand after the changes just made (until the table moves on from ``at``)."""
        if steps:
            self.ctx.tell(list(steps), at=at)

    def undo(self) -> bool:
        return self.answer(self.session.undo(seen=self.shown))

    def redo(self) -> bool:
        return self.answer(self.session.redo(seen=self.shown))

    def drawn(self, shown: Snapshot[T]) -> None:
        """The screen draws ``shown``: the next change is checked against its version."""
        self.shown = shown.version
