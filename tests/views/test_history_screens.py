"""History, one play, and Statistics (issue 15, items 3–5), drawn from a real store; and the hooks the scorers
and New game carry (save to history, names offered again)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from components import Drawn
from tables import context, finished
from viewtree import change, find, ids, is_enabled, tap, text_of, texts

from companion.history import record_play, remember_names
from companion.history.models import Play, PlayPlayer
from companion.scoring.draft import PlayerDraft
from companion.scoring.from_game import draft_from_state
from companion.scoring.table import score_table
from companion.store import open_store
from companion.views import new_game, scorer, shallow_scorer
from companion.views.history import history_screen, play_screen, stats_screen
from companion.views.scorer import DRAFT_KEY


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


def test_history_lists_newest_first_and_filters_by_game_and_player(store):
    drawn = Drawn(history_screen.view, context(route="/history", store=store))
    plays = [i for i in ids(drawn.tree) if i.startswith("history-play-")]
    assert plays == ["history-play-third", "history-play-second", "history-play-first"]
    tap(drawn.tree, "history-game-shallow-regrets")
    drawn.redraw()
    assert [i for i in ids(drawn.tree) if i.startswith("history-play-")] == ["history-play-first"]
    tap(drawn.tree, "history-game-all")
    bo = next(i for i in ids(drawn.tree) if i.startswith("history-player-") and text_of(drawn.tree, i) == "Bo")
    cy = next(i for i in ids(drawn.tree) if i.startswith("history-player-") and text_of(drawn.tree, i) == "Cy")
    tap(drawn.tree, cy)
    drawn.redraw()
    assert [i for i in ids(drawn.tree) if i.startswith("history-play-")] == ["history-play-second"]
    tap(drawn.tree, bo)  # "bo" and "Bo" are one player
    drawn.redraw()
    assert len([i for i in ids(drawn.tree) if i.startswith("history-play-")]) == 3
    assert "3 of 3 play(s)" in text_of(drawn.tree, "history-count")


def test_an_empty_history_says_how_plays_get_there(tmp_path: Path):
    drawn = Drawn(history_screen.view, context(route="/history", store=open_store(tmp_path)))
    assert "scored" in text_of(drawn.tree, "history-empty")
    assert not is_enabled(drawn.tree, "history-undo")


def test_a_play_opens_its_breakdown(store):
    ctx = context(route="/history", store=store)
    drawn = Drawn(history_screen.view, ctx)
    find(drawn.tree, "history-play-third").on_click(None)
    assert ctx.route == "/history/play?play=third"
    play = Drawn(play_screen.view, ctx)
    assert "Winner: Ada" in text_of(play.tree, "scorer-winners")
    assert "Total 6" in text_of(play.tree, "scorer-breakdown-0")
    assert text_of(play.tree, "scorer-rank-1").startswith("2. Bo: 1")


def test_log_in_bg_stats_opens_the_import_link_and_the_host_sees_a_qr_code(store):
    play = Drawn(play_screen.view, context(route="/history/play?play=second", store=store))
    url = find(play.tree, "play-bgstats").url
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(parse_qs(urlsplit(url).query)["data"][0])
    assert data["game"]["bggId"] == 367966 and data["sourcePlayId"] == "second"
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("bo", 30, True, True), ("Cy", 22, False, False)]
    assert text_of(play.tree, "play-bgstats-link") == url
    assert find(play.tree, "play-qr").src.startswith(b"\x89PNG")


def test_changing_the_start_player_and_deleting_are_undoable(store):
    ctx = context(route="/history/play?play=first", store=store)
    play = Drawn(play_screen.view, ctx)
    tap(play.tree, "play-start-1")
    assert [p.start_player for p in store.load_play("first").players] == [False, True]
    play.redraw()
    tap(play.tree, "play-undo")
    assert [p.start_player for p in store.load_play("first").players] == [True, False]
    play.redraw()
    tap(play.tree, "play-delete")
    assert ctx.route == "/history" and not store.has_play("first")
    history = Drawn(history_screen.view, ctx)
    assert "history-play-first" not in ids(history.tree)
    tap(history.tree, "history-undo")
    history.redraw()
    assert "history-play-first" in ids(history.tree)


def test_statistics_per_player_with_charts_and_head_to_head(store):
    drawn = Drawn(stats_screen.view, context(route="/stats", store=store))
    assert "3 play(s)" in text_of(drawn.tree, "stats-plays")
    # Bo: 3 plays (4, 30 won, 1), 1 win; Ada: 2 plays (9, 6), 2 wins; Cy: 1 play, 22.
    assert text_of(drawn.tree, "stats-player-0").startswith("Bo")
    assert "3 plays · 1 wins · win rate 33%" in text_of(drawn.tree, "stats-player-0")
    assert "Average score 11.7 · best 30" in text_of(drawn.tree, "stats-player-0")
    assert "2 plays · 2 wins · win rate 100%" in text_of(drawn.tree, "stats-player-1")
    assert "Average Regret value 4.0" in text_of(drawn.tree, "stats-player-1")
    for chart in ("stats-chart-scores", "stats-chart-wins", "stats-chart-points"):
        assert chart in ids(drawn.tree)
    assert "vs Ada: 0 won, 2 lost, 0 tied of 2" in text_of(drawn.tree, "stats-h2h")
    tap(drawn.tree, "stats-focus-1")
    drawn.redraw()
    assert "Ada head-to-head" in text_of(drawn.tree, "stats-h2h")
    tap(drawn.tree, "stats-game-endeavor-deep-sea")
    drawn.redraw()
    assert "1 play(s)" in text_of(drawn.tree, "stats-plays")
    assert "stats-chart-points" not in ids(drawn.tree)


def test_renaming_a_player_on_the_statistics_screen(store):
    ctx = context(route="/stats", store=store)
    drawn = Drawn(stats_screen.view, ctx)
    change(drawn.tree, "stats-rename-from", "cy")
    change(drawn.tree, "stats-rename-to", "Cyril")
    tap(drawn.tree, "stats-rename")
    drawn.redraw()
    assert any(line.startswith("Cyril") for line in texts(drawn.tree))
    change(drawn.tree, "stats-rename-from", "Cyril")
    change(drawn.tree, "stats-rename-to", "Ada")
    tap(drawn.tree, "stats-rename")
    assert "merge" in ctx.error


def test_a_scorer_result_is_saved_to_history_once_then_updated(tmp_path: Path):
    store = open_store(tmp_path)
    ctx = context(route="/score/shallow", store=store)
    ctx.drafts[shallow_scorer.DRAFT_KEY] = {"solo": False, "frod": [], "players": [
        {"name": "Ada", "fish": [{"points": 4, "type": "fair"}]}, {"name": "Bo", "fish": []}]}
    tap(shallow_scorer.view(ctx), "history-save")
    (saved,) = store.list_plays()
    assert [(p.name, p.score) for p in saved.players] == [("Ada", 4), ("Bo", 0)]
    screen = shallow_scorer.view(ctx)
    assert "history-saved" in ids(screen) and "history-save" not in ids(screen)
    ctx.drafts[shallow_scorer.DRAFT_KEY]["players"][1]["fish"].append({"points": 5, "type": "fair"})
    tap(shallow_scorer.view(ctx), "history-update")
    (updated,) = store.list_plays()
    assert updated.id == saved.id and [p.winner for p in updated.players] == [False, True]


def test_a_finished_tracked_game_is_recorded_when_it_is_scored(tmp_path: Path):
    store = open_store(tmp_path)
    game = finished()
    ctx = context(game, route=f"/score?game={game.id}", store=store)
    draft = draft_from_state(game.state, game_id=game.id)
    draft.players = [PlayerDraft(**{**p.model_dump(), "regret_value": 0}) for p in draft.players]
    ctx.drafts[DRAFT_KEY] = draft
    screen = scorer.view(ctx)
    assert "history-saved" in ids(screen)
    play = store.load_play(f"game-{game.id}")
    assert play.source == "table" and play.game_id == game.id
    assert [p.name for p in play.players if p.start_player] == [game.setup.players[0].name]
    scorer.view(ctx)
    assert store.play_changes() == []  # drawn again, unchanged: not written again


def test_new_game_offers_names_from_earlier_plays(tmp_path: Path):
    store = open_store(tmp_path)
    remember_names(store, ["Alba", "Hugo"])
    ctx = context(route="/new", store=store)
    screen = new_game.view(ctx)
    assert text_of(screen, "player-name-0-suggest-0") == "Alba"
    tap(screen, "player-name-0-suggest-0")
    screen = new_game.view(ctx)
    assert find(screen, "player-name-0").value == "Alba"
    assert text_of(screen, "player-name-1-suggest-0") == "Hugo"  # Alba is at the table already


def test_the_data_screen_exports_the_plays(store):
    from companion.views import data_screen

    screen = data_screen.view(context(route="/data", store=store))
    assert {"data-export-plays-csv", "data-export-plays-json"} <= set(ids(screen))
