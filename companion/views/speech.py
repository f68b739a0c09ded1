"""What a screen reader says after a tap, as one announcement: what the move asks of the table and the new values
it left ("Ann: draw a Regret card — a card's ability. Ann: Regret card, 1. Madness 1–3 · …"), through Flutter's
announcement (``ft.SemanticsService``), so nothing extra is drawn or laid out for it.

The parts come from different places at different moments of one tap: the table's steps are told as the move is
made (:meth:`~companion.views.context.AppContext.tell`), each count and the table's banner say what changed as they
are drawn again (:func:`said_when_changed`). Each part waits :data:`SETTLE` seconds for the others, so the tap is
answered once, steps first, instead of twice (the second cutting into the first). A refusal is a live region
(:func:`~companion.views.widgets.basics.error_line`), read when it appears as well as when it changes; a count is on
screen from the start, and only its change is news: a screen drawn again in another language (Settings, or the
language the phone remembered, read after its first draw) has news for no one. Nothing is said to a phone whose
socket is closed (the tab is gone, or comes back on a fresh session): said later, it would be stale.
"""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from companion.i18n import language, t
from companion.views.per_page import PerPage

log = logging.getLogger(__name__)
_SERVICES: PerPage[ft.SemanticsService] = PerPage()
_LAST: PerPage[dict[str, tuple[str | None, ...]]] = PerPage()  # per phone: what each part said when last drawn
_PENDING: PerPage[list[tuple[int, str]]] = PerPage()  # per phone: what its next announcement says (rank, words)
# Seconds a part waits for the rest of its tap: on the server, one tap's move, steps and redraw take about a
# millisecond; the phone app's Python takes 12–18 ms for a tap; another tab hears of a change 30 ms after the one
# that made it, steps and redraw alike (companion.flet_fixes.tabs.OTHER_TABS_DELAY).
SETTLE = 0.1
_STEPS, _NEWS = 0, 1  # what the move asks of the table is said before the values it left


def announce(page: object, message: str) -> None:
    """Have the screen reader of ``page``'s phone say ``message`` when idle (nothing happens off a real page, or
    on one whose socket is closed)."""
    if isinstance(page, ft.Page) and _connected(page):
        page.run_task(_say, page, message)


def _connected(page: ft.Page) -> bool:
    try:
        return page.session.connection is not None
    except RuntimeError:  # a page of no session
        return False


async def _say(page: ft.Page, message: str) -> None:
    if not _connected(page):  # closed while the tap's parts gathered
        return
    service = _SERVICES.get(page)
    if service is None:  # one per phone, kept: a service is dropped once nothing references it
        service = _SERVICES[page] = ft.SemanticsService()
    try:
        await service.announce_message(message)
    except Exception:  # a phone whose client can't announce, or that has gone, still shows the change
        log.info("an announcement could not be made")


def one_announcement(parts: list[str]) -> str:
    """The parts of one tap's answer as one thing to say, in order.

    >>> one_announcement(["Ann: draw a Regret card", "Ann: Regret card, 1", "Madness 1–3"])
    'Ann: draw a Regret card. Ann: Regret card, 1. Madness 1–3'
    """
    said = parts[0]
    for part in parts[1:]:
        said = t("{said}. {then}", said=said, then=part)
    return said


def told(lines: list[str]) -> None:
    """What the table must do by hand after a move (its steps), said first in the tap's announcement."""
    _soon(_STEPS, lines)


def news(parts: list[str]) -> None:
    """What no count says as it is drawn (a game just started), said in the tap's announcement."""
    _soon(_NEWS, parts)


def said_when_changed(key: str, *parts: str | None, first: bool = False) -> None:
    """Called as something is drawn (a count, the table's banner): the ``parts`` that differ from what ``key`` said
    when last drawn on this phone are said in the tap's announcement, in order (the answer to a tap, here or at
    another phone); nothing is said for a part that is gone (``None``), nor when it is first drawn unless it is
    the news itself (``first``: a game's result, as the screen showing it opens)."""
    page = _page()
    if page is None:
        return
    last = _LAST.get(page)
    if last is None:
        last = _LAST[page] = {}
    key = f"{language()}|{key}"  # what it said in another language is no news in this one
    before, last[key] = last.get(key), parts
    if before is None and first:
        before = (None,) * len(parts)
    if before is None or len(before) != len(parts):
        return
    _soon(_NEWS, [part for part, was in zip(parts, before, strict=True) if part and part != was])


def _page() -> ft.Page | None:
    try:
        page: object = ft.context.page
    except RuntimeError:  # drawn with no page (a test walking the tree)
        return None
    return page if isinstance(page, ft.Page) and _connected(page) else None


def _soon(rank: int, parts: list[str]) -> None:
    """Add ``parts`` to this phone's next announcement (once each), made :data:`SETTLE` seconds after its first."""
    page = _page()
    if page is None or not parts:
        return
    pending = _PENDING.get(page)
    if not pending:
        pending = _PENDING[page] = []
        page.run_task(_settled, page, pending)
    pending.extend((rank, part) for part in parts if (rank, part) not in pending)


async def _settled(page: ft.Page, pending: list[tuple[int, str]]) -> None:
    await asyncio.sleep(SETTLE)
    parts = [part for _, part in sorted(pending, key=lambda ranked: ranked[0])]  # stable: each rank in order
    pending.clear()  # the next part starts the next announcement
    await _say(page, one_announcement(parts))  # not run_task: the phone may have gone meanwhile
