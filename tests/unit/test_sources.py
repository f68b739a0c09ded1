"""A rule's source in a player's words (docs/rules.md "Sources and how they are cited"; issue 12)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import companion.i18n
from companion.rules.sources import player_source, player_sources

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("citation", "words"), [
    ("A", "Angler's Guide"),
    ("B", "Italian rules summary"),
    ("C", "Chinese rules summary"),
    ("D", "the printed cards"),
    ("S", "Shallow Regrets rules"),
    ("E", "Endeavor: Deep Sea rules"),
])
def test_each_source_letter_is_the_document_it_stands_for(citation: str, words: str) -> None:
    """docs/rules.md "Sources": A is the Angler's Guide, B the Italian and C the Chinese summary, D the cards."""
    assert player_source(citation) == words


@pytest.mark.parametrize(("seed", "words"), [
    ("seed 000", "Angler's Guide"),
    ("seed 001", "Shallow Regrets rules"),
    ("seed 002", "Italian rules summary"),
    ("seed 003", "Endeavor: Deep Sea rules"),
    ("seed 004", "Chinese rules summary"),
    ("seed 000 p.4", "Angler's Guide p.4"),
])
def test_a_seed_number_is_named_as_its_document(seed: str, words: str) -> None:
    assert player_source(seed) == words


def test_pages_single_range_and_list() -> None:
    assert player_source("A p.17") == "Angler's Guide p.17"
    assert player_source("A pp.16-17") == "Angler's Guide pp.16–17"
    assert player_source("A pp.23–27") == "Angler's Guide pp.23–27"
    assert player_source("A p.10 and p.22") == "Angler's Guide pp.10, 22"


@pytest.mark.parametrize("citation", ["docs/rules.md §9", "docs/rules.md §9", "Rules §9", "§9"])
def test_a_companion_decision_points_at_its_section(citation: str) -> None:
    """docs/rules.md §9 holds the companion's decisions: a player reads "companion rule", with the section."""
    assert player_source(citation) == "companion rule, see Rules §9"


def test_a_numbered_step_keeps_its_number() -> None:
    assert player_source("docs/rules.md §7.2") == "companion rule, see Rules §7.2"


def test_notes_in_parentheses_are_dropped_and_every_source_is_kept_in_order() -> None:
    assert player_sources("B, C (icon lost in A p.9); docs/rules.md §4") == [
        "Italian rules summary", "Chinese rules summary", "companion rule, see Rules §4"]
    assert player_source("C, D ($10 cap; A does not state one); docs/rules.md §9") == (
        "Chinese rules summary, the printed cards, companion rule, see Rules §9")


def test_a_source_named_twice_is_shown_once() -> None:
    assert player_sources("C (seed 004); C; seed 004") == ["Chinese rules summary"]


@pytest.mark.parametrize("citation", ["undo", "redo", "", "issue 6", "seed 009"])
def test_what_names_no_source_shows_nothing(citation: str) -> None:
    assert player_source(citation) == ""


def test_the_words_go_through_the_translation_catalog() -> None:
    """A new string is a catalog entry: the document name and the page pattern are both translated."""
    with companion.i18n.use_language("zh_Hant"):
        assert player_source("A p.17") == "英文規則書 第 17 頁"
        assert player_source("B, C") == "義大利文規則摘要、中文規則摘要"


def _engine_citations() -> set[str]:
    """Every citation the engine, the survey and the rulesets data can put in front of a player."""
    found: set[str] = set()
    for path in (ROOT / "data" / "rulesets").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in data if isinstance(data, list) else [data]:
            if not isinstance(entry, dict):
                continue
            found.update(entry.get("sources", {}).values())
            found.update(s for s in (entry.get("source"), entry.get("about", {}).get("source")) if s)
    for package in ("rules", "survey"):
        for path in (ROOT / "companion" / package).glob("*.py"):
            found.update(re.findall(r'(?:fail|_refuse)\(\s*"([^"]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_citation_the_engine_carries_reads_as_a_players_words() -> None:
    """Issue 12: no "seed 000", "docs/rules.md §9" or file name on screen — each citation becomes known names."""
    citations = _engine_citations()
    assert len(citations) > 20  # the scan found the rulesets' sources and the refusals
    for citation in citations:
        words = player_source(citation)
        assert words, citation
        assert not re.search(r"\.md|seed|\b[ABCDES]\b", words), (citation, words)
