"""What a screen reader says after a tap: the new value of a count ("Bo: Regret cards, 4"), through Flutter's
announcement (``ft.SemanticsService``), so nothing extra is drawn or laid out for it.

A live region (:func:`~companion.views.widgets.basics.error_line`, the table's steps) is read when it first appears
as well as when it changes; a count is on screen from the start, and only its change is news.
"""

from __future__ import annotations

import logging

import flet as ft

from companion.views.per_page import PerPage

log = logging.getLogger(__name__)
_SERVICES: PerPage[ft.SemanticsService] = PerPage()
_LAST: PerPage[dict[str, tuple[str | None, ...]]] = PerPage()  # per phone: what each part said when last drawn


def announce(page: object, message: str) -> None:
    """Have the screen reader of ``page``'s phone say ``message`` when idle (nothing happens off a real page)."""
    if not isinstance(page, ft.Page):
        return
    service = _SERVICES.get(page)
    if service is None:  # one per phone, kept: a service is dropped once nothing references it
        service = _SERVICES[page] = ft.SemanticsService()

    async def say() -> None:
        try:
            await service.announce_message(message)
        except Exception:  # a phone whose client can't announce still shows the change
            log.info("an announcement could not be made")

    page.run_task(say)


def said_when_changed(key: str, *parts: str | None) -> None:
    """Called as something is drawn (a count, the table's banner): the ``parts`` that differ from what ``key`` said
    when last drawn on this phone are announced together, in order (the answer to a tap, here or at another
    phone); nothing is said when it is first drawn, or for a part that is gone (``None``)."""
    try:
        page: object = ft.context.page
    except RuntimeError:  # drawn with no page (a test walking the tree)
        return
    if not isinstance(page, ft.Page):
        return
    last = _LAST.get(page)
    if last is None:
        last = _LAST[page] = {}
    before, last[key] = last.get(key), parts
    if before is None or len(before) != len(parts):
        return
    news = [part for part, was in zip(parts, before, strict=True) if part and part != was]
    if news:
        announce(page, ". ".join(news))
