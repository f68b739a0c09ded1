"""Each phone's language: the one its browser prefers, or the one chosen in Settings and remembered on that phone.

Every browser tab is its own Flet session, and Flet binds the session's page to the context around every render
and every handler (``ft.context.page``), in the event loop and in its handler threads alike; :func:`install`
makes :func:`companion.i18n.t` look the language up by that page, so two phones at one table can read two
languages at once. The choice is kept in the browser's local storage (``SharedPreferences``), per phone.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, match_language, set_language_resolver
from companion.views.phone_choice import PhoneChoice


def _known_language(value: object) -> str:
    if not isinstance(value, str) or value not in LANGUAGES:
        raise ValueError(f"unknown language: {value}")
    return value


KEY = "companion.language"  # in the browser's storage (the phone app's page reads it too: phone_site/web/shell.html)
_language = PhoneChoice(KEY, _known_language, default=DEFAULT_LANGUAGE)


def session_language() -> str | None:
    """The language of the session this code runs for; ``None`` outside a session."""
    try:
        page = ft.context.page
    except RuntimeError:
        return None
    return _language.chosen.get(page)


def browser_language(accept_language: str | None) -> str | None:
    """The app language the browser asks for: its ``Accept-Language``, sent on the app's WebSocket."""
    return match_language(accept_language)


def page_language(page: ft.Page) -> str:
    """The language ``page`` shows."""
    return _language.of(page)


def install(page: ft.Page, accept_language: str | None) -> None:
    """Give ``page`` the language its browser asks for (the ``Accept-Language`` its socket opened with), from now
    on (:func:`recall` may change it)."""
    set_language_resolver(session_language)
    _language.chosen[page] = browser_language(accept_language) or DEFAULT_LANGUAGE


def recall(page: ft.Page, on_change: Callable[[], None]) -> None:
    """Read the language remembered on the phone, in the background; ``on_change`` redraws if it differs."""
    _language.recall(page, on_change)


def choose(page: ft.Page, language: str) -> None:
    """Switch ``page`` to ``language`` and remember it on that phone."""
    _language.choose(page, language)
