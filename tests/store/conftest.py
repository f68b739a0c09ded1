"""Shared helpers for the store tests: records to save, and a byte-for-byte snapshot of a data folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.survey.models import Campaign
from companion.survey.play import catch_fish, new_campaign, start_week

HERE = Path(__file__).resolve().parent
WRITER = HERE / "writer.py"


def campaign(name: str = "Halley's expedition", catches: int = 1) -> Campaign:
    """A campaign with a week started and ``catches`` Fish caught (real moves, so it is a valid record)."""
    c = start_week(new_campaign(name))
    for fish in ("Sheepshead", "Barracuda", "Eyefish")[:catches]:
        c = catch_fish(c, fish)
    return c


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (the lock file excluded: it is empty and only ever created) and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".lock"}


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def python() -> str:
    return sys.executable
