"""The one translation function every user-facing string goes through.

Messages are written in English in the code; ``data/i18n/<language>.json`` maps an English message to its
translation. A message without a translation falls back to English, so a partial catalog never breaks a screen.
"""

from __future__ import annotations

import json
from functools import cache

from companion.resources import data_path

DEFAULT_LANGUAGE = "en"
_language = DEFAULT_LANGUAGE


@cache
def _catalog(language: str) -> dict[str, str]:
    path = data_path("i18n", f"{language}.json")
    if language == DEFAULT_LANGUAGE or not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def set_language(language: str) -> None:
    """Choose the language for every later call of :func:`t`."""
    global _language
    _language = language


def language() -> str:
    """The language :func:`t` translates into."""
    return _language


def t(message: str, /, **values: object) -> str:
    """Translate ``message`` and fill in its ``{placeholders}``.

    >>> t("Day {day}", day="Monday")
    'Day Monday'
    """
    text = _catalog(_language).get(message, message)
    return text.format(**values) if values else text
