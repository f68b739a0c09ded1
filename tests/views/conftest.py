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


@pytest.fixture(autouse=True)
def local_mode() -> Iterator[None]:
    """Every screen test starts in the local mode, whatever an earlier test (a served app in tests/net) left."""
    identity.use_keys(None)
    yield
    identity.use_keys(None)
