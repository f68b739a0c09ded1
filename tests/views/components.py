"""Draw a screen whose body is an ``@ft.component`` without a page: render each component as Flet would, keep its
hook state between draws, and read the rendered tree with ``viewtree``'s helpers.

A state setter called by a tap marks nothing (no page is mounted); :meth:`Drawn.redraw` renders again with the new
state, as the page would after the tap.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
from flet.components.component import Component, Renderer
from viewtree import walk


class Drawn:
    """A drawn screen: ``tree`` is the view and every component's rendered body."""

    def __init__(self, screen: Callable[[object], ft.View], ctx: object) -> None:
        with Renderer().with_context():
            self.view = screen(ctx)
        self.components = [c for c in walk(self.view) if isinstance(c, Component)]
        self.redraw()

    def redraw(self) -> Drawn:
        for component in self.components:
            component.before_update()
        return self

    @property
    def tree(self) -> list[object]:
        return [self.view, *(c._b for c in self.components)]
