"""Settings → Text size (issue 12): each phone's own, kept on that phone like its language; every caption (buttons,
chips, steppers) follows it."""

from __future__ import annotations

import flet as ft
import pytest
from seated import on, phone
from tables import context, draw, two_players
from viewtree import find, tap, walk

from companion.session import Sessions
from companion.store import open_store
from companion.views import theme


def sizes(screen: object) -> dict[str, set[float]]:
    """The font sizes of the button captions, the chips' words and the steppers' numbers on ``screen``."""
    found: dict[str, set[float]] = {"button": set(), "chip": set(), "stepper": set()}
    for c in walk(screen):
        if isinstance(c, ft.FilledButton | ft.OutlinedButton):  # the caption, in its padding
            found["button"] |= {t.size for t in walk(c.content) if isinstance(t, ft.Text)}
        elif isinstance(c, ft.Semantics) and (c.identifier or "").startswith("regret-"):
            found["stepper"] |= {t.size for t in walk(c.content) if isinstance(t, ft.Text)}
            found["stepper"] |= {f.text_style.size for f in walk(c.content) if isinstance(f, ft.TextField)}
        elif isinstance(c, ft.Semantics) and isinstance(c.content, ft.Container):
            inner = c.content.content
            if isinstance(inner, ft.Text) and c.content.border is not None:
                found["chip"].add(inner.size)
    return found


def test_two_phones_read_the_table_at_two_text_sizes(tmp_path):
    store = open_store(tmp_path)
    sessions = Sessions(store)
    near, far = phone(), phone()
    with on(far):  # the phone across the table picks Larger (1.5×)
        settings = context(None, "/settings", sessions=sessions)
        tap(draw(settings), "text-size-3")
        assert isinstance(find(draw(settings), "text-size-3"), ft.FilledButton)
    with on(near):  # this one picks Small (0.85×)
        settings = context(None, "/settings", sessions=sessions)
        tap(draw(settings), "text-size-0")
    game = two_players()
    sessions.start_game(game)
    with on(far):
        big = sizes(draw(context(None, f"/table?game={game.id}", sessions=sessions)))
    with on(near):
        small = sizes(draw(context(None, f"/table?game={game.id}", sessions=sessions)))
    # Designed: captions 14, chips 16, the Regret count 40 with its caption 13 (theme.BASE_SIZES).
    assert big == {"button": {21.0}, "chip": {24.0}, "stepper": {60.0, 19.5}}
    assert small == {"button": {12.0}, "chip": {13.5}, "stepper": {34.0, 11.0}}
    assert store.get_setting("text_scale") is None  # nothing shared through the store


def test_a_phone_that_chose_nothing_reads_the_designed_sizes():
    assert phone().call(lambda: (theme.BODY, theme.LABEL, theme.text_scale())) == (16, 14, 1.0)


def test_a_text_size_out_of_range_is_refused_and_changes_nothing():
    held = phone()
    theme.choose_text_scale(1.25, held.page)
    with pytest.raises(ValueError, match="Text size"):
        theme.choose_text_scale(9, held.page)
    assert theme.scaled_for(held.page, "BODY") == 20.0
