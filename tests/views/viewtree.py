"""Walk a screen's control tree without a page: find controls by semantics identifier, tap them, type into them.

Flet 1.x controls are dataclasses, so a screen rendered by ``tests.support.components.Rendered`` can be read, and
its handlers run on the tab's loop as a phone's events do (see ``shared/guides/FLET_WEB_TESTING.md``); a component
is walked through what it rendered.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import flet as ft
from flet.utils.object_model import patch_dataclass

from tests.support.components import fire, nodes


def walk(control: object) -> Iterator[ft.BaseControl]:
    """Every control under ``control`` (itself included), depth first; components are walked through what they
    drew."""
    return (c for c in nodes(control) if ft.unwrap_component(c) is c)


def ids(root: object) -> list[str]:
    """Every semantics identifier on the screen, in tree order."""
    return [c.identifier for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier]


def find(root: object, identifier: str) -> ft.Control:
    """The control wrapped by ``ft.Semantics(identifier=identifier)``; ``AssertionError`` if there is none."""
    for c in walk(root):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c.content
    raise AssertionError(f"no control {identifier!r} on screen; there are {ids(root)}")


def label_of(root: object, identifier: str) -> str | None:
    """What a screen reader hears for control ``identifier``: its tag's label (a switch's, a checkbox's name)."""
    for c in walk(root):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c.label
    raise AssertionError(f"no control {identifier!r} on screen; there are {ids(root)}")


def texts(root: object) -> list[str]:
    """Every ``ft.Text`` value and every button caption on the screen."""
    found = []
    for c in walk(root):
        if isinstance(c, ft.Text) and c.value:
            found.append(c.value)
        elif isinstance(getattr(c, "content", None), str):
            found.append(c.content)
    return found


def text_of(root: object, identifier: str) -> str:
    """All text inside the control ``identifier``, joined by spaces."""
    return " ".join(texts(find(root, identifier)))


def tap(root: object, identifier: str) -> None:
    """Call the ``on_click`` of control ``identifier``; fails if it is disabled or has none."""
    control = find(root, identifier)
    assert not getattr(control, "disabled", False), f"{identifier} is disabled"
    assert control.on_click is not None, f"{identifier} has no on_click"
    fire(root, control.on_click, SimpleNamespace(control=control))


def is_enabled(root: object, identifier: str) -> bool:
    control = find(root, identifier)
    return not getattr(control, "disabled", False) and getattr(control, "on_click", None) is not None


def enter(root: object, identifier: str, value: object) -> None:
    """What the phone sends as the user types or flips ``identifier``: its new value, then its ``on_change``."""
    control = find(root, identifier)

    def sent(event: object) -> None:
        patch_dataclass(control, {"value": value})  # as Flet applies the value the phone sent before the handler
        if control.on_change is not None:
            control.on_change(event)

    fire(root, sent, SimpleNamespace(control=control, data=value))


def leave(root: object, identifier: str) -> None:
    """Leave the field ``identifier`` (its ``on_blur``, when it has one)."""
    control = find(root, identifier)
    if getattr(control, "on_blur", None) is not None:
        fire(root, control.on_blur, SimpleNamespace(control=control))


def change(root: object, identifier: str, value: object) -> None:
    """Set a field's or switch's value as the user would, then leave it."""
    enter(root, identifier, value)
    leave(root, identifier)


def tap_height(control: ft.Control) -> float:
    """How tall ``control`` is at least, as a thumb meets it: its height, or for a button as tall as its caption
    (views.widgets.action_button), the caption's padding and one line of Material's button text (20 px)."""
    if control.height is not None:
        return float(control.height)
    padding = getattr(control.content, "padding", None)
    assert isinstance(padding, ft.Padding), f"{control!r} has no height and no padded caption"
    return padding.top + padding.bottom + 20
