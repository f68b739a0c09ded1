"""A value kept per phone (per Flet page), found by the page's identity and dropped with the page.

A ``WeakKeyDictionary`` would compare pages with ``==``, and a Flet page is a dataclass whose ``==`` compares every
field: the language and the text size are looked up for every string and font size drawn, so that cost adds up to
milliseconds a tap.
"""

from __future__ import annotations

import weakref
from typing import Generic, TypeVar, overload

V = TypeVar("V")


class PerPage(Generic[V]):
    """``page → value``, by identity.

    >>> class Phone: ...
    >>> phone, sizes = Phone(), PerPage[float]()
    >>> sizes[phone] = 1.5
    >>> sizes.get(phone), sizes.get(Phone(), 1.0)
    (1.5, 1.0)
    >>> del phone
    >>> len(sizes)
    0
    """

    def __init__(self) -> None:
        self._values: dict[int, V] = {}

    @overload
    def get(self, page: object) -> V | None: ...

    @overload
    def get(self, page: object, default: V) -> V: ...

    def get(self, page: object, default: V | None = None) -> V | None:
        """The value kept for ``page``, or ``default``."""
        return self._values.get(id(page), default)

    def __getitem__(self, page: object) -> V:
        return self._values[id(page)]

    def __setitem__(self, page: object, value: V) -> None:
        key = id(page)
        if key not in self._values:  # forget it when the page goes, before its id can be reused
            weakref.finalize(page, self._values.pop, key, None)
        self._values[key] = value

    def __len__(self) -> int:
        return len(self._values)
