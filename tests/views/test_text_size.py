"""Settings → Text size (issue 12): players read the host's screen from across the table."""

from __future__ import annotations

from collections.abc import Iterator

import flet as ft
import pytest
from tables import context, draw
from viewtree import find, tap, walk

from companion.store import open_store
from companion.store.display import text_scale
from companion.views import theme


@pytest.fixture(autouse=True)
def designed_sizes() -> Iterator[None]:
    yield
    theme.set_text_scale()  # the sizes are shared by every screen drawn afterwards


def test_a_larger_text_size_is_saved_and_every_screen_draws_larger(tmp_path):
    store = open_store(tmp_path)
    ctx = context(store=store, route="/settings")
    v = draw(ctx)  # "Normal" is the default: the one highlighted
    assert [isinstance(find(v, f"text-size-{n}"), ft.FilledButton) for n in range(5)] == [False, True] + [False] * 3
    tap(draw(ctx), "text-size-3")  # Larger: 1.5×
    assert text_scale(store) == 1.5
    ctx.navigate("/")
    sizes = {c.size for c in walk(draw(ctx)) if isinstance(c, ft.Text) and c.size}
    assert theme.BODY == 24 and 33 in sizes and 22 not in sizes  # the titles, 22 px as designed
