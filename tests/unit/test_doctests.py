"""Every documented example in the companion package stays true (the python-chess habit: docs that run)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion

MODULES = sorted(m.name for m in pkgutil.walk_packages(companion.__path__, "companion."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_public_modules_are_documented_by_example() -> None:
    examples = sum(doctest.testmod(importlib.import_module(name)).attempted for name in MODULES)
    assert examples >= 50
