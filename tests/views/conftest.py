"""Fixtures for screen tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.net import identity
from companion.net.codes import Keys


@pytest.fixture
def keys(tmp_path: Path) -> Iterator[Keys]:
    """Phones served for this test (codes in ``tmp_path``); the local mode again afterwards."""
    served = Keys(tmp_path)
    identity.use_keys(served)
    yield served
    identity.use_keys(None)
