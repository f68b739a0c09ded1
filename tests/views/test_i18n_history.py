"""A recorded play reads in the phone's language (issue 13 item 2): its breakdown's labels and its date with the
month in that language."""

from __future__ import annotations

from pathlib import Path

from tables import context, draw
from viewtree import text_of, texts

from companion.history.models import Play, PlayPlayer
from companion.i18n import use_language
from companion.store import open_store


def test_a_play_reads_in_the_phones_language(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.save_play(Play(id="sr", game="shallow-regrets", played="2026-10-01T20:00:00Z",
                         players=[PlayPlayer(name="Ada", score=9, rank=1, winner=True,
                                             breakdown={"fish_points": 11, "foul_fish": 2, "penalty": -2})]))
    store.save_play(Play(id="dr", game="deep-regrets", played="2026-12-01T20:00:00Z", ruleset="italian-summary",
                         variants=["seven-days"], players=[PlayPlayer(name="Bo", score=3, rank=1, winner=True)]))
    with use_language("it"):
        shallow = draw(context(route="/history/play?play=sr", store=store))
        deep = draw(context(route="/history/play?play=dr", store=store))
    assert {"Punti dei pesci: 11", "Pesci orridi: 2", "Penalità: -2"} <= set(texts(shallow))
    summary = text_of(deep, "play-summary")
    assert " dic 2026 " in summary and "Dec" not in summary, summary
    with use_language("zh_Hant"):
        deep = draw(context(route="/history/play?play=dr", store=store))
    assert "2026年12月" in text_of(deep, "play-summary")
