"""Render a component screen with no page or browser, so a view test can read it, tap it and render it again.

Hooks keep their state between renders (matched by position in the tree and component function, like Flet's
own diff), effects run on mount and when their dependencies change, and cleanups run when a component leaves
the tree. Setting state outside the event loop only records the value; call :meth:`Rendered.render` to see it.

    screen = Rendered(TableScreen, ctx)
    tap(screen.render(), "regret-plus-0")
    assert text_of(screen.render(), "regret-0").startswith("1")
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import flet as ft
from flet.components.component import Component, Renderer
from flet.components.hooks.use_effect import EffectHook

Path = tuple[object, ...]


class Rendered:
    """A component tree kept between renders."""

    def __init__(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        self._root = lambda: fn(*args, **kwargs)
        self._states: dict[Path, Any] = {}
        self._memo: dict[Path, tuple[tuple[Any, ...], dict[str, Any], Any]] = {}
        self.renders = 0
        self.drawn: list[tuple[str, object]] = []  # (component, key) drawn by the last render, memo skips left out

    def render(self) -> Any:
        """Render the whole tree afresh and return its top control (a component's output, unwrapped)."""
        seen: dict[Path, Any] = {}
        self.drawn = []
        top = self._expand(Renderer().render(self._root), (), seen)
        for path, state in self._states.items():
            if path not in seen:
                _unmount(state)
        self._states = seen
        self.renders += 1
        return ft.unwrap_component(top)

    def unmount(self) -> None:
        """Take the whole tree away (its effects' cleanups run)."""
        for state in self._states.values():
            _unmount(state)
        self._states = {}

    def _expand(self, node: Any, path: Path, seen: dict[Path, Any]) -> Any:
        if isinstance(node, Component):
            here = (*path, node.fn, node.key)
            old = self._states.get(here)
            if old is not None:
                node._state = old
                old.change_owner(node)
            seen[here] = node._state
            last = self._memo.get(here)
            if node.memoized and old is not None and last is not None and not self._dirty_within(here) \
                    and _same(last[0], node.args) and _same(tuple(last[1].values()), tuple(node.kwargs.values())):
                node._b = last[2]  # as Flet does: unchanged props, no render
                self._keep(node._b, here, seen)
                return node
            node._state.hook_cursor = 0
            node._b = Renderer(node).render(node.fn, *node.args, **node.kwargs)
            self.drawn.append((node.fn.__name__, node.key))
            _clean(node._state)
            if node.memoized:
                self._memo[here] = (node.args, node.kwargs, node._b)
            _run_effects(node._state, mounted=old is not None)
            self._expand(node._b, here, seen)
        elif isinstance(node, ft.BaseControl):
            for f in dataclasses.fields(node):
                if f.name.startswith("_") or f.name == "parent":
                    continue
                self._expand(getattr(node, f.name, None), (*path, f.name), seen)
        elif isinstance(node, (list, tuple)):
            for n, item in enumerate(node):
                key = getattr(item, "key", None)
                key = getattr(key, "value", key)  # a ScrollKey: by its value
                self._expand(item, (*path, key or n), seen)
        return node


    def _dirty_within(self, path: Path) -> bool:
        # Flet redraws a component whose state was set, under a memoized parent too; here the parent is drawn
        # again so the child is reached (same props, same output).
        return any(_dirty(state) for here, state in self._states.items() if here[:len(path)] == path)

    def _keep(self, node: Any, path: Path, seen: dict[Path, Any]) -> None:
        # A memoized subtree stays mounted: its components keep their state.
        for here, state in self._states.items():
            if here[:len(path)] == path:
                seen[here] = state


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


def _dirty(state: Any) -> bool:
    return any(getattr(hook, "version", 0) != getattr(hook, "_seen_version", 0) for hook in state.hooks)


def _clean(state: Any) -> None:
    for hook in state.hooks:
        if hasattr(hook, "version"):
            hook._seen_version = hook.version


def _run_effects(state: Any, mounted: bool) -> None:
    for hook in state.hooks:
        if not isinstance(hook, EffectHook):
            continue
        changed = not mounted or (hook.deps != [] and (hook.deps is None or hook.deps != hook.prev_deps))
        if not changed:
            continue
        if mounted and callable(hook.cleanup):
            hook.cleanup()
        hook.setup()


def _unmount(state: Any) -> None:
    for hook in state.hooks:
        if isinstance(hook, EffectHook) and callable(hook.cleanup):
            hook.cleanup()
    state.hooks.clear()
