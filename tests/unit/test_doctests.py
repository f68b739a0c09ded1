"""Every documented example in the companion package stays true (the python-chess habit: docs that run)."""

from __future__ import annotations

import doctest
import functools
import importlib
import pkgutil

import pytest

import companion

MODULES = sorted(m.name for m in pkgutil.walk_packages(companion.__path__, "companion."))


@functools.cache
def _run(name: str) -> doctest.TestResults:
    """One module's examples, run once per test run: the count below reuses the results."""
    return doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    assert _run(name).failed == 0


def test_the_public_modules_are_documented_by_example() -> None:
    examples = sum(_run(name).attempted for name in MODULES)
    assert examples >= 50
