"""History, one play, and Statistics (issue 15, items 3–5), drawn from a real store; and the hooks the scorers
and New game carry (save to history, names offered again)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from tables import context, draw, finished
from viewtree import change, find, ids, is_enabled, tap, text_of, texts

from companion.history import record_play, remember_names
from companion.history.models import Play, PlayPlayer
from companion.scoring.table import score_table
from companion.store import open_store


def _seat(name: str, score: int, rank: int, **extra) -> PlayPlayer:
    return PlayPlayer(name=name, score=score, rank=rank, winner=rank == 1, **extra)


@pytest.fixture
def store(tmp_path: Path):
    store = open_store(tmp_path)
    store.save_play(Play(id="first", game="shallow-regrets", played="2026-10-01T20:00:00Z",
                         players=[_seat("Ada", 9, 1, start_player=True), _seat("Bo", 4, 2)]))
    store.save_play(Play(id="second", game="endeavor-deep-sea", played="2026-10-05T20:00:00Z",
                         players=[_seat("bo", 30, 1, start_player=True), _seat("Cy", 22, 2)]))
    # Ada: 3 Regret cards (Madness 1–3: Fair +1, Foul −1), hand Fair 3 → 4, slot 1 Foul 4 → 3 × 2 = 6 but her
    # Regret total 4 is the highest of 2: that mount is discarded (A p.22); $5 → 2. Total 6. Bo: $2 → 1.
    record_play(store, score_table({"game": "deep-regrets", "players": [
        {"name": "Ada", "regret_cards": 3, "regret_value": 4, "fishbucks": 5, "hand": [{"value": 3, "type": "fair"}],
         "mounted": [{"slot": 1, "value": 4, "type": "foul"}]},
        {"name": "Bo", "regret_cards": 2, "regret_value": 2, "fishbucks": 2}]}), play_id="third")
    return store


def _plays_shown(screen) -> list[str]:
    return [i for i in ids(screen) if i.startswith("history-play-")]


def test_history_lists_newest_first_and_filters_by_game_and_player(store):
    ctx = context(route="/history", store=store)
    assert _plays_shown(draw(ctx)) == ["history-play-third", "history-play-second", "history-play-first"]
    tap(draw(ctx), "history-game-shallow-regrets")
    assert _plays_shown(draw(ctx)) == ["history-play-first"]
    tap(draw(ctx), "history-game-all")
    screen = draw(ctx)
    bo = next(i for i in ids(screen) if i.startswith("history-player-") and text_of(screen, i) == "Bo")
    cy = next(i for i in ids(screen) if i.startswith("history-player-") and text_of(screen, i) == "Cy")
    tap(screen, cy)
    assert _plays_shown(draw(ctx)) == ["history-play-second"]
    tap(draw(ctx), bo)  # "bo" and "Bo" are one player
    assert len(_plays_shown(draw(ctx))) == 3
    assert "3 of 3 plays" in text_of(draw(ctx), "history-count")


def test_an_empty_history_says_how_plays_get_there(tmp_path: Path):
    screen = draw(context(route="/history", store=open_store(tmp_path)))
    assert "scored" in text_of(screen, "history-empty")
    assert not is_enabled(screen, "history-undo")


def test_a_play_opens_its_breakdown(store):
    ctx = context(route="/history", store=store)
    find(draw(ctx), "history-play-third").on_click(None)
    assert ctx.route == "/history/play?play=third"
    play = draw(ctx)
    assert "Winner: Ada" in text_of(play, "scorer-winners")
    assert "Total 6" in text_of(play, "scorer-breakdown-0")
    assert text_of(play, "scorer-rank-1").startswith("2. Bo: 1")


def test_log_in_bg_stats_opens_the_import_link_and_the_host_sees_a_qr_code(store):
    play = draw(context(route="/history/play?play=second", store=store))
    url = find(play, "play-bgstats").url
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(parse_qs(urlsplit(url).query)["data"][0])
    assert data["game"]["bggId"] == 367966 and data["sourcePlayId"] == "second"
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("bo", 30, True, True), ("Cy", 22, False, False)]
    assert text_of(play, "play-bgstats-link") == url
    assert find(play, "play-qr").src.startswith(b"\x89PNG")


def test_changing_the_start_player_and_deleting_are_undoable(store):
    ctx = context(route="/history/play?play=first", store=store)
    tap(draw(ctx), "play-start-1")
    assert [p.start_player for p in store.load_play("first").players] == [False, True]
    tap(draw(ctx), "play-undo")
    assert [p.start_player for p in store.load_play("first").players] == [True, False]
    tap(draw(ctx), "play-delete")
    assert ctx.route == "/history" and not store.has_play("first")
    assert "history-play-first" not in ids(draw(ctx))
    tap(draw(ctx), "history-undo")
    assert "history-play-first" in ids(draw(ctx))


def test_statistics_per_player_with_charts_and_head_to_head(store):
    ctx = context(route="/stats", store=store)
    screen = draw(ctx)
    assert "3 plays" in text_of(screen, "stats-plays")
    # Bo: 3 plays (4, 30 won, 1), 1 win; Ada: 2 plays (9, 6), 2 wins; Cy: 1 play, 22.
    assert text_of(screen, "stats-name-0") == "Bo"
    assert text_of(screen, "stats-summary-0") == "3 plays · 1 win · win rate 33%"
    assert "Average score 11.7 · best 30" in text_of(screen, "stats-player-0")
    assert text_of(screen, "stats-summary-1") == "2 plays · 2 wins · win rate 100%"
    assert "Average Regret value 4.0" in text_of(screen, "stats-player-1")
    for chart in ("stats-chart-scores", "stats-chart-wins", "stats-chart-points"):
        assert chart in ids(screen)
    assert "vs Ada: 0 won, 2 lost, 0 tied of 2" in text_of(screen, "stats-h2h")
    tap(screen, "stats-focus-1")
    assert "Ada head-to-head" in text_of(draw(ctx), "stats-h2h")
    tap(draw(ctx), "stats-game-endeavor-deep-sea")
    screen = draw(ctx)
    assert "1 play" in text_of(screen, "stats-plays")
    assert "stats-chart-points" not in ids(screen)


def test_renaming_a_player_on_the_statistics_screen(store):
    ctx = context(route="/stats", store=store)
    change(draw(ctx), "stats-rename-from", "cy")
    change(draw(ctx), "stats-rename-to", "Cyril")
    tap(draw(ctx), "stats-rename")
    assert any(line.startswith("Cyril") for line in texts(draw(ctx)))
    change(draw(ctx), "stats-rename-from", "Cyril")
    change(draw(ctx), "stats-rename-to", "Ada")
    tap(draw(ctx), "stats-rename")
    assert "merge" in ctx.error


def test_a_scorer_result_is_saved_to_history_once_then_updated(tmp_path: Path):
    store = open_store(tmp_path)
    ctx = context(route="/score/shallow", store=store)
    change(draw(ctx), "shallow-name-0", "Ada")
    change(draw(ctx), "shallow-name-1", "Bo")
    change(draw(ctx), "shallow-points-0", "4")
    tap(draw(ctx), "shallow-add-fair-0")
    tap(draw(ctx), "history-save")
    (saved,) = store.list_plays()
    assert [(p.name, p.score) for p in saved.players] == [("Ada", 4), ("Bo", 0)]
    screen = draw(ctx)
    assert "history-saved" in ids(screen) and "history-save" not in ids(screen)
    change(draw(ctx), "shallow-points-1", "5")
    tap(draw(ctx), "shallow-add-fair-1")
    tap(draw(ctx), "history-update")
    (updated,) = store.list_plays()
    assert updated.id == saved.id and [p.winner for p in updated.players] == [False, True]


def test_a_finished_tracked_game_is_recorded_when_it_is_scored(tmp_path: Path):
    store = open_store(tmp_path)
    game = finished()
    store.save_game(game)
    ctx = context(game, route="/score?game={id}", store=store)
    draw(ctx)
    for i in range(2):
        change(draw(ctx), f"scorer-regret-value-{i}", "0")
    screen = draw(ctx)
    assert "history-saved" in ids(screen), ids(screen)
    ctx.sessions.flush()
    play = store.load_play(f"game-{game.id}")
    assert play.source == "table" and play.game_id == game.id
    assert [p.name for p in play.players if p.start_player] == [game.setup.players[0].name]
    draw(ctx)
    ctx.sessions.flush()
    assert store.play_changes() == []  # drawn again, unchanged: not written again


def test_new_game_offers_names_from_earlier_plays(tmp_path: Path):
    store = open_store(tmp_path)
    remember_names(store, ["Alba", "Hugo"])
    ctx = context(route="/new", store=store)
    assert text_of(draw(ctx), "player-name-0-suggest-0") == "Alba"
    tap(draw(ctx), "player-name-0-suggest-0")
    screen = draw(ctx)
    assert find(screen, "player-name-0").value == "Alba"
    assert text_of(screen, "player-name-1-suggest-0") == "Hugo"  # Alba is at the table already


def test_the_data_screen_exports_the_plays(store):
    screen = draw(context(route="/data", store=store))
    assert {"data-export-plays-csv", "data-export-plays-json"} <= set(ids(screen))
