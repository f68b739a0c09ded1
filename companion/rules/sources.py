"""A rule's source in the words a player knows (docs/rules.md, "Sources and how they are cited").

The engine and the rulesets carry short citations: ``"A p.17"``, ``"B, C, D (three shops)"``,
``"docs/rules.md §9"``, ``"seed 004"``. A screen shows none of those: it shows "Angler's Guide p.17", "Italian rules
summary", "companion rule, see Rules §9". :func:`player_source` makes that one line; :func:`player_sources` gives
its parts; :func:`cited` puts it after a line shown to a player, as every refusal and every cited label does.

Notes in parentheses are dropped; a part it doesn't recognise (free text, an internal name such as ``"undo"``) is
left out, so an internal id never reaches the screen.
"""

from __future__ import annotations

import re

from companion.i18n import N_, t

# docs/rules.md "Sources": the letter of each source document, and the seed file that holds it.
_DOCUMENTS = {
    "A": N_("Angler's Guide"),
    "B": N_("Italian rules summary"),
    "C": N_("Chinese rules summary"),
    "D": N_("the printed cards"),
    "S": N_("Shallow Regrets rules"),
    "E": N_("Endeavor: Deep Sea rules"),
}
_SEEDS = {"000": "A", "001": "S", "002": "B", "003": "E", "004": "C"}

_PAGES = r"(?P<pages>pp?\.\s*\d+(?:\s*[-–]\s*\d+)?(?:\s*(?:and|,)\s*p?p?\.?\s*\d+)*)"
_PART = re.compile(
    r"\s*(?:"
    r"(?:(?:docs/)?(?:RULES|rules)\.md|Rules)(?:\s*§\s*(?P<section>\d+(?:\.\d+)?))?"
    r"|(?P<other>OTHER_GAMES\.md)"
    r"|§\s*(?P<bare>\d+(?:\.\d+)?)"
    r"|seeds?\s+(?P<seed>\d{3})"
    r"|(?P<letter>[ABCDES])(?![\w'’])"
    rf")(?:\s+{_PAGES})?"
)


def _with_pages(document: str, pages: str | None) -> str:
    if not pages:
        return document
    numbers = re.findall(r"\d+", pages)
    if len(numbers) == 1:
        return t("{source} p.{page}", source=document, page=numbers[0])
    joiner = "–" if len(numbers) == 2 and re.search(r"\d\s*[-–]\s*\d", pages) else ", "
    return t("{source} pp.{pages}", source=document, pages=joiner.join(numbers))


def _words(part: str) -> str | None:
    """One part of a citation in words, or ``None`` if it names no source."""
    match = _PART.match(part)
    if match is None:
        return None
    section = match["section"] or match["bare"]
    if section is not None:
        return t("companion rule, see Rules §{section}", section=section)
    if match["seed"] is not None:
        letter = _SEEDS.get(match["seed"])
    elif match["letter"] is not None:
        letter = match["letter"]
    else:  # RULES.md or OTHER_GAMES.md without a section
        return t("companion rule")
    if letter is None:
        return None
    return _with_pages(t(_DOCUMENTS[letter]), match["pages"])


def player_sources(citation: str) -> list[str]:
    """Each source named in ``citation``, in the words a player knows, in order and without repeats.

    >>> player_sources("B, C (icon lost in A p.9); docs/rules.md §4")
    ['Italian rules summary', 'Chinese rules summary', 'companion rule, see Rules §4']
    >>> player_sources("A p.10 and p.22")
    ["Angler's Guide pp.10, 22"]
    >>> player_sources("undo")
    []
    """
    while re.search(r"\([^()]*\)", citation):
        citation = re.sub(r"\([^()]*\)", "", citation)
    found: list[str] = []
    for part in re.split(r"[;,:]", citation):
        words = _words(part)
        if words is not None and words not in found:
            found.append(words)
    return found


def player_source(citation: str) -> str:
    """The source of a rule as one line a player can read; ``""`` when it names no source a player knows.

    >>> player_source("A p.17")
    "Angler's Guide p.17"
    >>> player_source("A pp.16-17")
    "Angler's Guide pp.16–17"
    >>> player_source("docs/rules.md §9")
    'companion rule, see Rules §9'
    >>> player_source("seed 000 p.4")
    "Angler's Guide p.4"
    >>> player_source("B (seed 002), C, D")
    'Italian rules summary, Chinese rules summary, the printed cards'
    """
    parts = player_sources(citation)
    if not parts:
        return ""
    line = parts[0]
    for part in parts[1:]:
        line = t("{sources}, {source}", sources=line, source=part)
    return line


def cited(message: str, citation: str) -> str:
    """``message`` with the source of its rule in parentheses, in the words a player knows: the one way a line on
    screen cites a rule, a refusal's (:class:`~companion.rules.errors.RuleViolation`) or a label's.

    >>> cited("Cycle the Market for $1", "A p.17")
    "Cycle the Market for $1 (Angler's Guide p.17)"
    >>> cited("Undo", "undo")
    'Undo'
    """
    source = player_source(citation)
    return f"{message} ({source})" if source else message
