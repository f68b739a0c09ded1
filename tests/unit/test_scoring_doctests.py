"""The documented examples in the catalog and scorer modules stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["companion.catalog", "companion.scoring.deep_regrets", "companion.scoring.ranking",
           "companion.scoring.shallow_regrets", "companion.scoring.endeavor", "companion.scoring.table",
           "companion.views.scorer_common"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
