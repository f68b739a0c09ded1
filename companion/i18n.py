"""The translation functions every user-facing string goes through.

Messages are written in English in the code: :func:`t` for one message, :func:`tn` for a message with plural
forms, :func:`N_` to mark a message kept in a constant and translated later with ``t(constant)``. ``pybabel
extract`` (``babel.cfg``, ``scripts/i18n``) collects them into ``data/locale/messages.pot``; each language has its
gettext catalog ``data/locale/<language>/LC_MESSAGES/messages.po``, compiled in memory the first time the language
is used (the phone app ships it compiled, ``messages.mo``, read with the standard library alone). A message
without a translation falls back to English, so a partial catalog never breaks a screen.

The language is chosen per context, not per process: each phone's Flet session has its own
(:func:`set_language_resolver`), and a command or a test can pin one with :func:`use_language`.
"""

from __future__ import annotations

import gettext
import io
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from companion.resources import data_path

DEFAULT_LANGUAGE = "en"
# The languages the app speaks, with their own names (what the Settings picker shows).
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "zh_Hant": "繁體中文"}
# The font a language needs beyond flet-web's Roboto, as (family, file in assets/): a subset of Noto Sans CJK TC (SIL
# OFL, assets/fonts/OFL.txt; scripts/build_font.py rebuilds it), the UI font of a phone showing that language. Every
# other phone draws a CJK name with the same file, as Flutter's fallback font
# (companion/flet_fixes/web_files.py, FALLBACK_FONTS).
FONTS: dict[str, tuple[str, str]] = {"zh_Hant": ("Noto Sans TC", "fonts/NotoSansCJK-companion.woff2")}
DOMAIN = "messages"
# What ``pybabel extract`` looks for (scripts/i18n, tests/unit/test_i18n.py): function -> argument positions.
EXTRACT_KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "t": None, "tn": (1, 2), "tc": ((1, "c"), 2), "N_": None}
# The context of a Fish's name in the catalogs: translated only so that search finds it in any language.
FISH_NAME = "fish name"
# The context of a Fish's ability summary (the project's own words for what the card does), shown translated.
FISH_ABILITY = "fish ability"

_pinned: ContextVar[str | None] = ContextVar("companion_language", default=None)
_resolver: Callable[[], str | None] | None = None


def N_(message: str, /) -> str:
    """Mark ``message`` for extraction without translating it now (``t(constant)`` translates it later).

    >>> N_("Small")
    'Small'
    """
    return message


@cache
def _translations(language: str) -> gettext.NullTranslations:
    path = data_path("locale", language, "LC_MESSAGES", f"{DOMAIN}.po")
    compiled_at_build = path.with_suffix(".mo")  # the phone app ships .mo only (phone_site.build): no babel
    if language != DEFAULT_LANGUAGE and not path.is_file() and compiled_at_build.is_file():
        with compiled_at_build.open("rb") as mo:
            return gettext.GNUTranslations(mo)
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out: English until a translator confirms them
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def load_catalogs() -> None:
    """Compile every catalog now (the server's warm-up), so no phone waits for its language's first message."""
    for language in LANGUAGES:
        _translations(language)


def match_language(tags: str | list[str] | None) -> str | None:
    """The app language for a list of locale tags, best first (``Accept-Language``, ``LANG``); ``None`` if none.

    >>> match_language("zh-TW,zh;q=0.9,en;q=0.8"), match_language(["it_IT.UTF-8"]), match_language("fr-FR")
    ('zh_Hant', 'it', None)
    >>> match_language("en-GB,it;q=0.5")
    'en'
    """
    if isinstance(tags, str):
        tags = [part.split(";")[0] for part in tags.split(",")]
    for tag in tags or []:
        code = tag.strip().split(".")[0].replace("-", "_").lower()
        if code.startswith("zh"):  # the catalogs are Traditional Chinese; a Chinese reader gets them
            return "zh_Hant"
        base = code.split("_")[0]
        if base in LANGUAGES:
            return base
    return None


def language_from_environment(environ: dict[str, str] | None = None) -> str:
    """The CLI's language, from ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` or ``LANGUAGE`` as gettext reads them.

    >>> language_from_environment({"LANG": "it_IT.UTF-8"}), language_from_environment({"LC_ALL": "C"})
    ('it', 'en')
    """
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if value:
            return match_language(value.split(":")) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def set_language_resolver(resolver: Callable[[], str | None] | None) -> None:
    """Let ``resolver`` name the language wherever no :func:`use_language` pins one (the app: the phone's)."""
    global _resolver
    _resolver = resolver


@contextmanager
def use_language(language: str) -> Iterator[None]:
    """Translate into ``language`` inside the ``with`` block.

    >>> with use_language("it"):
    ...     t("Madness")
    'Follia'
    """
    token = _pinned.set(language)
    try:
        yield
    finally:
        _pinned.reset(token)


def language() -> str:
    """The language :func:`t` translates into here and now."""
    chosen = _pinned.get()
    if chosen is None and _resolver is not None:
        chosen = _resolver()
    return chosen if chosen in LANGUAGES else DEFAULT_LANGUAGE


def t(message: str, /, **values: object) -> str:
    """Translate ``message`` and fill in its ``{placeholders}``.

    >>> t("Day {day}", day="Monday")
    'Day Monday'
    """
    text = _translations(language()).gettext(message)
    return text.format(**values) if values else text


def tn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """Translate a message with plural forms, chosen by ``n`` as the language's grammar says; ``{n}`` is ``n``.

    >>> tn("{n} point", "{n} points", 1), tn("{n} point", "{n} points", 2)
    ('1 point', '2 points')
    """
    text = _translations(language()).ngettext(singular, plural, n)
    return text.format(n=n, **values)


def tc(context: str, message: str, /) -> str:
    """Translate ``message`` in ``context`` (gettext's ``pgettext``): the same English words can mean two things.

    >>> tc(FISH_NAME, "Sunfish")
    'Sunfish'
    """
    return _translations(language()).pgettext(context, message)


def extract_fish_names(fileobj: Any, keywords: Any, comment_tags: Any, options: dict[str, str]
                       ) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor for ``data/fish_catalog.json``: each Fish's name, in the :data:`FISH_NAME` context, and its
    ability summary, in the :data:`FISH_ABILITY` context. A screen shows the name as printed on the card (its
    translation is what a player may type to find it) and the summary translated."""
    for fish in json.load(io.TextIOWrapper(fileobj, encoding="utf-8"))["fish"]:
        yield 0, "tc", (FISH_NAME, fish["name"]), ["search alias only: the card's English name is shown"]
        yield 0, "tc", (FISH_ABILITY, fish["summary"]), [f"what {fish['name']} does"]


def extract_rulesets(fileobj: Any, keywords: Any, comment_tags: Any, options: dict[str, str]
                     ) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for ``data/rulesets/*.json``: the name and description a screen shows of each preset and
    variant (see ``babel.cfg``; its source is shown in words by ``rules.sources.player_source``, never as written)."""
    data = json.load(io.TextIOWrapper(fileobj, encoding="utf-8"))
    entries = [data["about"]] if isinstance(data, dict) and "about" in data else data
    for entry in entries if isinstance(entries, list) else []:
        for key in ("name", "description"):
            if isinstance(entry, dict) and isinstance(entry.get(key), str):
                yield 0, "t", entry[key], [f"{entry.get('id', '')} {key}"]
