"""A choice each phone keeps for itself (its language, its Text size): held per page while the app runs and
remembered in that phone's browser (``SharedPreferences``), so players at one table don't change each other's.

The store is shared by every phone at the table, so these choices stay out of it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, TypeVar

import flet as ft

from companion.views.per_page import PerPage

T = TypeVar("T", bound=str | int | float | bool)  # what SharedPreferences keeps
log = logging.getLogger(__name__)


class PhoneChoice(Generic[T]):
    """One choice, by phone: ``key`` names it in the browser's storage, ``parse`` turns a stored or chosen value
    into the choice or raises ``ValueError`` naming what is wrong.

    >>> size = PhoneChoice("example.size", float, default=1.0)
    >>> class Phone: ...
    >>> phone = Phone()
    >>> size.choose(phone, 1.5)
    >>> size.of(phone), size.of(Phone())
    (1.5, 1.0)
    """

    def __init__(self, key: str, parse: Callable[[object], T], default: T) -> None:
        self.key = key
        self.parse = parse
        self.default = default
        self.chosen: PerPage[T] = PerPage()  # by identity: a Flet page's == compares every field
        self._storage: PerPage[ft.SharedPreferences] = PerPage()

    def of(self, page: object) -> T:
        """The choice ``page`` shows: its own, or the default."""
        return self.chosen.get(page, self.default)

    def choose(self, page: object, value: object) -> None:
        """Make ``value`` the choice of ``page`` (``ValueError`` from ``parse`` changes nothing), remembered on the
        phone once :meth:`recall` has opened its storage."""
        self.chosen[page] = self.parse(value)
        storage = self._storage.get(page)
        if storage is None or not isinstance(page, ft.Page):  # no storage opened (a test's phone): for this visit
            return

        async def remember() -> None:
            try:
                await storage.set(self.key, self.chosen[page])
            except Exception:  # the choice still holds for this visit
                log.info("the phone's %s can't be saved", self.key)

        page.run_task(remember)

    def recall(self, page: ft.Page, on_change: Callable[[], None]) -> None:
        """Read the choice remembered on the phone, in the background; ``on_change`` redraws if it differs."""
        storage = ft.SharedPreferences()
        self._storage[page] = storage  # a service is dropped once nothing references it

        async def remembered() -> None:
            try:
                saved = await storage.get(self.key)
                value = self.parse(saved) if saved is not None else None
            except Exception:  # no local storage (private mode), or a value this version doesn't know: unchanged
                log.info("the phone's %s can't be read", self.key)
                return
            if value is not None and value != self.of(page):
                self.chosen[page] = value
                on_change()

        page.run_task(remembered)
