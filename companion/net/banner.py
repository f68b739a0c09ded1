"""The words of the phone's own page script (:mod:`companion.flet_fixes.page_script`: "Reconnecting…" while the
host is gone, that the host has closed the table (and, when it found so, that everything was saved), "Working…"
before the first frame, the lost-tap notice, the screen-lock hint), in every language the app speaks:
``index.html`` is compressed once for every phone, so the script carries them all and picks the browser's. A
Chinese phone's words come with the app's bundled font, loaded with the page: the host may be gone when they show.
"""

from __future__ import annotations

from companion.flet_fixes.page_script import render
from companion.i18n import FONTS, LANGUAGES, t, use_language
from companion.net.gate import CLOSE_DROPPED, CLOSE_STOPPED, CLOSE_STOPPED_SAVED


def _texts(language: str) -> dict[str, object]:
    font = FONTS.get(language)
    return {
        "font": [font[0], "/" + font[1]] if font else None,  # loaded at once: the host may be gone when it shows
        "working": t("Working…"),
        "reconnecting": t("Reconnecting…"),
        "paused": t("Taps wait until the host is back; nothing you entered is lost."),
        "now": t("Reconnect now"),
        "closed": t("The host has closed the table for the night."),
        "saved": t("Everything was saved."),
        "unsent": t("Your last tap may not have reached the host. Check the table and tap again."),
        "lock": t("This link can't keep your screen on: set your phone's screen lock to 10 minutes or more for "
                  "the game."),
    }


def page_script() -> str:
    """The ``<script>`` to put into ``index.html``, with its texts in every language the app speaks."""
    texts = {}
    for language in LANGUAGES:
        with use_language(language):
            texts[language] = _texts(language)
    return render(texts, CLOSE_DROPPED, (CLOSE_STOPPED, CLOSE_STOPPED_SAVED))
