"""What a phone remembers for itself (its language, its Text size) is read back from its browser's storage when it
connects: a value it knows redraws the phone once, a value it doesn't know (an older version's, a damaged one)
changes nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest

from companion.views import language, theme


class Storage:
    """The browser's local storage, as ``ft.SharedPreferences`` reaches it."""

    def __init__(self, saved: dict[str, Any]) -> None:
        self.saved = saved

    async def get(self, key: str) -> Any:
        return self.saved.get(key)


class Phone:
    """A phone's page as far as reading its storage goes: the task runs at once."""

    def run_task(self, task: Any) -> None:
        asyncio.run(task())


def recalled(monkeypatch: pytest.MonkeyPatch, saved: dict[str, Any]) -> tuple[Phone, list[str]]:
    """A phone whose browser holds ``saved``, after the app read both choices back; what redrew it."""
    monkeypatch.setattr(ft, "SharedPreferences", lambda: Storage(saved))
    phone, redrawn = Phone(), []
    language.recall(phone, lambda: redrawn.append("language"))  # type: ignore[arg-type]
    theme.recall_text_scale(phone, lambda: redrawn.append("text size"))  # type: ignore[arg-type]
    return phone, redrawn


def test_a_remembered_language_and_text_size_come_back_and_redraw_the_phone(monkeypatch):
    phone, redrawn = recalled(monkeypatch, {"companion.language": "it", "companion.text_scale": 1.5})
    assert language.page_language(phone) == "it"  # type: ignore[arg-type]
    assert theme.scaled_for(phone, "BODY") == 24.0  # 16 × 1.5
    assert redrawn == ["language", "text size"]


@pytest.mark.parametrize("saved", [
    {"companion.language": "fr", "companion.text_scale": 9},  # no such language; beyond the largest Text size
    {"companion.language": 3, "companion.text_scale": "big"},
    {},  # nothing remembered
])
def test_a_value_the_app_does_not_know_changes_nothing(monkeypatch, saved):
    phone, redrawn = recalled(monkeypatch, saved)
    assert language.page_language(phone) == "en"  # type: ignore[arg-type]
    assert theme.scaled_for(phone, "BODY") == 16.0
    assert redrawn == []


def test_the_choice_the_phone_shows_already_does_not_redraw_it(monkeypatch):
    _phone, redrawn = recalled(monkeypatch, {"companion.language": "en", "companion.text_scale": 1.0})
    assert redrawn == []
