"""The phone app's start with its validators built later: pydantic builds each model's validator when its class is
defined, which in Pyodide was about a third of importing the app (issue 38), and with the garbage collector held
until Home is up. Here each one is built the first time
it validates, and the rest in small steps once Home is up (:func:`build_deferred`), so the first taps don't wait
for them. Validation itself is unchanged: a deferred validator is the same validator, built later.

The served app builds its validators at import (its warm-up, ``companion serve``, runs before any phone asks)."""

from __future__ import annotations

import asyncio
import gc
import os

# After Home is built, how long the deferred validators wait before building (the first frame goes out first).
BUILD_AFTER_S = 1.0


def defer_validators() -> None:
    """From now on a pydantic model's validator is built on first use, not at its class's definition (for this
    process: call it before the app's modules are imported); the cyclic garbage collector waits until Home is up
    (:func:`build_deferred` starts it again), and pydantic looks for no plugins (the app has none; the look is a
    scan of every installed package's metadata)."""
    from pydantic._internal import _config  # pydantic has no public default for every model's config

    _config.config_defaults["defer_build"] = True
    os.environ["PYDANTIC_DISABLE_PLUGINS"] = "1"
    gc.disable()  # the start makes many objects and few cycles: each collection during it walked them all


def deferred() -> list[type]:
    """The model classes (imported so far) whose validators are not built yet."""
    from pydantic import BaseModel

    found, stack = [], list(BaseModel.__subclasses__())
    while stack:
        model = stack.pop()
        stack.extend(model.__subclasses__())
        if not getattr(model, "__pydantic_complete__", True) and "[" not in model.__name__:
            found.append(model)
    return found


async def build_deferred(wait_s: float = BUILD_AFTER_S) -> int:
    """Build every deferred validator, one model at a time between the app's other work (a tap goes first);
    returns how many were built."""
    from companion.rules.actions import ACTION_ADAPTER
    from companion.survey.actions import CAMPAIGN_ACTION

    await asyncio.sleep(wait_s)
    built = 0
    for model in deferred():
        if not getattr(model, "__pydantic_complete__", True):
            model.model_rebuild()  # type: ignore[attr-defined]
            built += 1
        await asyncio.sleep(0)
    for adapter in (ACTION_ADAPTER, CAMPAIGN_ACTION):
        adapter.rebuild()
        await asyncio.sleep(0)
    # As the served app's warm-up: what the start loaded is moved out of the collector's way, so a full collection
    # does not walk it during a tap.
    gc.collect()
    gc.freeze()
    gc.enable()
    return built
