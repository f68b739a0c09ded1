"""What a phone in Italian reads and hears (issue 26, "Words and layout"): a count of one in the singular, and the
screen reader's labels in the language the screen shows, Flutter's own words included."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
from tables import context, draw, monday_action, play
from viewtree import change, tap, text_of, walk

from companion.i18n import use_language
from companion.rules import actions as act
from companion.store import open_store
from companion.views import theme
from companion.views.context import route_to


def test_one_fish_in_hand_is_one_pesce():
    """Italian has a singular: "1 pesce in mano", not "1 pesci in mano"."""
    game = play(monday_action(), act.Fish(player=0, fish=None, depth=1, difficulty=2, dice=[0]))
    with use_language("it"):
        shown = text_of(draw(context(game, "/table?game={id}")), "in-hand-0")
    assert shown == "1 pesce in mano"


def test_the_survey_progress_labels_say_the_size_as_the_screen_does(tmp_path):
    """The screen reader heard "I small 0/12" where the screen says "Piccolo"."""
    ctx = context(store=open_store(tmp_path))
    with use_language("it"):
        ctx.navigate("/survey")
        change(draw(ctx), "survey-new-name", "Halley")
        tap(draw(ctx), "survey-create")
        ctx.navigate(route_to("/survey/progress", c=ctx.params["c"]))
        v = draw(ctx)
        labels = {c.identifier: c.label for c in walk(v) if isinstance(c, ft.Semantics) and c.identifier
                  and c.identifier.startswith("survey-progress-1-")}
    assert labels["survey-progress-1-small"] == "I Piccolo", labels


def test_flutters_own_words_follow_the_phones_language():
    """A field's "60 characters remaining", read aloud, comes from Flutter's locale: set per phone's language."""
    pages = {code: SimpleNamespace(fonts=None) for code in ("en", "it", "zh_Hant")}
    for code, page in pages.items():
        theme.apply_theme(page, "dark", code)
    assert pages["it"].locale_configuration.current_locale == ft.Locale("it")
    assert pages["zh_Hant"].locale_configuration.current_locale.language_code == "zh"
    assert pages["zh_Hant"].locale_configuration.current_locale.script_code == "Hant"
    assert pages["en"].locale_configuration.current_locale == ft.Locale("en")


def test_one_regret_card_is_heard_in_the_singular():
    """The screen reader heard "1 Regret cards": the caption read with the number follows it."""
    game = play(monday_action(), act.DrawRegret(player=0))
    with use_language("it"):
        v = draw(context(game, "/table?game={id}"))
        one, none = text_of(v, "regret-0"), text_of(v, "regret-1")
    assert (one, none) == ("1 Carta Rimorso", "0 Carte Rimorso")
