"""A Fish's ability summary (the project's own words for what the card does) reads in the phone's language, while
its name stays as printed on the English card (issue 13 item 2)."""

from __future__ import annotations

import pytest

from companion.i18n import use_language
from companion.rules.catalog import load_catalog


@pytest.mark.parametrize(("language", "name", "summary"), [
    ("en", "Sunfish", "Reveal: anglers at Sea each lose a Regret."),
    ("it", "Sunfish", "Rivela: ogni pescatore in Mare perde un Rimorso."),
    ("zh_Hant", "Sunfish", "翻開：海上的每位釣客各失去 1 張悔恨。"),
    ("it", "Kraken", "Rivela: prendi 3 Rimorsi; ogni altro pescatore ne prende 1."),
])
def test_the_summary_is_translated_and_the_name_is_not(language: str, name: str, summary: str) -> None:
    with use_language(language):
        fish = load_catalog().fish(name)
        assert (fish.name, fish.summary) == (name, summary)


@pytest.mark.parametrize("language", ["it", "zh_Hant"])
def test_no_fish_shows_its_english_summary(language: str) -> None:
    fish = load_catalog().fish_list
    with use_language(language):
        english = [f.name for f in fish if f.summary == f.written]
    assert english == []
