"""Settings → language (issue 13): the phone's own choice, passed to the app, never written to the shared store."""

from __future__ import annotations

from tables import context, draw
from viewtree import ids, tap, texts

from companion.i18n import use_language
from companion.store import open_store


def test_the_language_picker_hands_the_choice_to_the_app_not_the_store(tmp_path):
    store = open_store(tmp_path)
    ctx = context(store=store, route="/settings")
    changed = []
    ctx.on_setting = lambda key, value: changed.append((key, value))
    screen = draw(ctx)
    assert {"language-en", "language-it", "language-zh_Hant"} <= set(ids(screen))
    tap(screen, "language-zh_Hant")
    assert changed == [("language", "zh_Hant")]
    assert store.get_setting("language") is None  # another phone at the table keeps its own language


def test_settings_read_in_the_phones_language(tmp_path):
    ctx = context(store=open_store(tmp_path), route="/settings")
    with use_language("it"):
        shown = texts(draw(ctx))
    assert "Lingua" in shown and "Tema" in shown
    assert "繁體中文" in shown and "English" in shown  # each language named in its own words
