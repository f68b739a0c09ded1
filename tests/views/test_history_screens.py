"""History, one play, and Statistics (issue 15, items 3–5), drawn from a real store; and the hooks the scorers
and New game carry (save to history, names offered again)."""

from __future__ import annotations

import errno
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from tables import context, draw, finished
from viewtree import change, find, ids, is_enabled, tap, text_of, texts

from companion.history import load_roster, record_play, remember_names
from companion.history.models import Play, PlayPlayer
from companion.scoring.table import score_table
from companion.session import Sessions
from companion.session.door import tab_sessions
from companion.session.powers import HostOnly
from companion.session.seats import Viewer
from companion.store import open_store
from tests.support.faults import FailingDisk


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
    tap(draw(ctx), "history-play-third")
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


def _guest(store, route: str):
    """A joined guest's tab, as the app's composition root gives it the sessions."""
    return context(route=route, sessions=tab_sessions(Sessions(store), Viewer("guest-pass", host=False)))


def test_a_guest_sees_the_bg_stats_link_but_no_qr_code_and_cannot_delete(store, tmp_path: Path, monkeypatch):
    guest = _guest(store, "/history/play?play=second")
    play = draw(guest)
    assert find(play, "play-bgstats").url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert "play-qr" not in ids(play) and "play-delete" not in ids(play)
    with pytest.raises(HostOnly, match="Only the host can delete a play"):
        guest.sessions.plays.delete("second")
    with pytest.raises(HostOnly, match="Only the host can export"):
        guest.sessions.records.export("plays")
    assert store.has_play("second")


def test_a_guests_history_and_play_offer_no_change(store, tmp_path: Path, monkeypatch):
    """Issue 25 finding 4, issue 45 item 3: a guest tapped History's undo and took back the host's delete, or the
    host's correction of a play; a guest's play screen set its start player."""
    store.delete_play("second")  # on the host's screen
    store.save_play(store.load_play("first").model_copy(update={"duration_min": 50}))  # and an edit
    guest = _guest(store, "/history")
    assert "history-undo" not in ids(draw(guest))
    with pytest.raises(HostOnly, match="Only the host can change a recorded play"):
        guest.sessions.plays.undo()
    play = _guest(store, "/history/play?play=first")
    shown = draw(play)
    assert "play-undo" not in ids(shown) and "play-delete" not in ids(shown)
    assert find(shown, "play-start-1").on_click is None  # a chip that reads who started, nothing to tap
    with pytest.raises(HostOnly, match="Only the host can change a recorded play"):
        play.sessions.plays.set_start_player(store.load_play("first"), 1)
    assert [p.start_player for p in store.load_play("first").players] == [True, False]
    assert store.load_play("first").duration_min == 50 and not store.has_play("second")
    assert store.undo_play_change() == "first"  # the host's undo still takes back the host's own changes


def test_the_hosts_undo_of_a_correction_asks_first_then_says_what_it_undid(store):
    """Issue 45 item 3: History's Undo names the change before it is made, and after."""
    corrected = score_table({"game": "deep-regrets", "players": [
        {"name": "Ada", "regret_cards": 3, "regret_value": 4, "fishbucks": 5, "hand": [{"value": 3, "type": "fair"}],
         "mounted": [{"slot": 1, "value": 4, "type": "foul"}]},
        {"name": "Bo", "regret_cards": 2, "regret_value": 2, "fishbucks": 6}]})  # Bo $2 → $6: 1 → 3
    record_play(store, corrected, play_id="third")
    ctx = context(route="/history", store=store)
    tap(draw(ctx), "history-undo")
    question = text_of(draw(ctx), "history-undo-question")
    assert "Ada, Bo" in question and "Bo 1 → 3" in question
    assert store.load_play("third").players[1].score == 3  # asked, not done
    tap(draw(ctx), "history-undo")
    assert store.load_play("third").players[1].score == 1
    assert any("Undone" in step and "Bo 1 → 3" in step for step in ctx.steps)


def test_a_guest_saves_a_scorer_result_and_its_names_are_remembered(tmp_path: Path, monkeypatch):
    store = open_store(tmp_path / "data")
    guest = _guest(store, "/score/shallow")
    change(draw(guest), "shallow-name-0", "Ada")
    change(draw(guest), "shallow-name-1", "Bo")
    tap(draw(guest), "history-save")
    guest.sessions.flush()
    assert guest.error is None
    assert "history-saved" in ids(draw(guest))
    (saved,) = store.list_plays()
    assert [p.name for p in saved.players] == ["Ada", "Bo"]
    assert load_roster(store).names() == ["Ada", "Bo"]
    host = context(route="/score/shallow", store=store)  # another phone, and after a restart, sees it saved
    assert "history-saved" in ids(draw(host))


def test_changing_the_start_player_and_deleting_are_undoable(store):
    ctx = context(route="/history/play?play=first", store=store)
    tap(draw(ctx), "play-start-1")
    assert [p.start_player for p in store.load_play("first").players] == [False, True]
    assert "play-edit-0" in ids(draw(ctx))  # the host's change, said on the play
    tap(draw(ctx), "play-undo")
    tap(draw(ctx), "play-undo")  # asked first, then done
    assert [p.start_player for p in store.load_play("first").players] == [True, False]
    tap(draw(ctx), "play-delete")
    assert ctx.route == "/history" and not store.has_play("first")
    assert "history-play-first" not in ids(draw(ctx))
    tap(draw(ctx), "history-undo")
    assert "deletion of play first" in text_of(draw(ctx), "history-undo-question")
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


def test_a_guest_sees_the_players_but_cannot_rename_or_merge_them(store):
    """The roster names the anglers of every recorded play (Statistics, History's filter): a guest's phone renamed or
    merged them. Any change to a recorded play is the host's alone (docs/architecture.md, the door)."""
    guest = _guest(store, "/stats")
    shown = draw(guest)
    assert "stats-rename" not in ids(shown) and "stats-merge" not in ids(shown)
    assert text_of(shown, "stats-roster-host-only") == "Only the host can rename or merge players."
    before = load_roster(store)
    with pytest.raises(HostOnly, match="Only the host can rename or merge players"):
        guest.sessions.plays.rename("cy", "Cyril")
    with pytest.raises(HostOnly, match="Only the host can rename or merge players"):
        guest.sessions.plays.merge("Ada", "cy")
    assert load_roster(store) == before


def test_the_rename_fields_keep_what_was_typed_across_leaving_and_a_reload(store):
    """Nothing a user typed is lost (developers' guide): the Players card is this phone's draft session."""
    ctx = context(route="/stats", store=store)
    change(draw(ctx), "stats-rename-from", "cy")
    change(draw(ctx), "stats-rename-to", "Cyr")
    tap(draw(ctx), "back")
    assert ctx.route == "/history" and "stats-rename-from" not in ids(draw(ctx))
    ctx.navigate("/stats")
    screen = draw(ctx)
    assert (find(screen, "stats-rename-from").value, find(screen, "stats-rename-to").value) == ("cy", "Cyr")
    later = context(route="/stats", store=store)  # a phone that slept, or a restarted host
    ctx.sessions.flush()
    screen = draw(later)
    assert (find(screen, "stats-rename-from").value, find(screen, "stats-rename-to").value) == ("cy", "Cyr")
    tap(screen, "stats-rename")
    screen = draw(later)
    assert later.error is None and any(line.startswith("Cyr") for line in texts(screen))
    assert (find(screen, "stats-rename-from").value, find(screen, "stats-rename-to").value) == ("", "")


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
    stored = store.load_game(game.id)  # the play is dated by the game's end, and lasts from its start
    assert play.played == stored.updated
    assert play.duration_min == round((stored.updated - stored.created).total_seconds() / 60)
    assert (play.ruleset, play.variants) == (stored.setup.ruleset.id, list(stored.setup.ruleset.variants))
    assert all({"regret_value", "fish", "fishbucks_points"} <= set(p.breakdown) for p in play.players)
    draw(ctx)
    ctx.sessions.flush()
    assert store.play_changes() == []  # drawn again, unchanged: not written again


def test_a_finished_games_scorer_writes_nothing_as_it_draws_and_a_play_not_written_is_offered_again(tmp_path: Path):
    """Issue 47 item 3: the scorer recorded the play while it drew, and said "Recorded in History" even when that
    write failed. The change that completes the score records it; a failed write is said, the scorer offers
    "Save to history" instead, and drawing writes nothing."""
    store = open_store(tmp_path)
    game = finished()
    store.save_game(game)
    ctx = context(game, route="/score?game={id}", store=store)
    draw(ctx)
    with FailingDisk(0, errno.EIO) as counting:  # what the draft's change alone writes
        change(draw(ctx), "scorer-regret-value-0", "0")
    with FailingDisk(counting.calls + 1, errno.EIO, persistent=True) as disk:  # then the disk fails
        change(draw(ctx), "scorer-regret-value-1", "0")
    assert disk.injected and "Could not save the play" in (ctx.error or "")
    with FailingDisk(0, errno.EIO) as drawing:
        screen = draw(ctx)
    assert drawing.calls == 0  # nothing written while drawing
    assert "history-saved" not in ids(screen) and not store.has_play(f"game-{game.id}")
    tap(screen, "history-save")  # the disk is well again
    assert ctx.error is None and "history-saved" in ids(draw(ctx))
    assert store.load_play(f"game-{game.id}").game_id == game.id


def test_new_game_offers_names_from_earlier_plays(tmp_path: Path):
    store = open_store(tmp_path)
    remember_names(store, ["Alba", "Hugo"])
    ctx = context(route="/new", store=store)
    assert text_of(draw(ctx), "player-name-0-suggest-0") == "Alba"
    tap(draw(ctx), "player-name-0-suggest-0")
    screen = draw(ctx)
    assert find(screen, "player-name-0").value == "Alba"
    assert text_of(screen, "player-name-1-suggest-0") == "Hugo"  # Alba is at the table already


def test_the_data_screen_exports_the_plays_as_csv_and_json(store, monkeypatch):
    """CSV: a header, then one row per player per play; JSON: the store's export document with every play."""
    import csv
    import io

    from companion.views.home import data as data_screen

    offered: list[tuple[str, bytes]] = []

    class Picker:  # the browser's download, as Flet's save dialog is one there
        async def save_file(self, *, file_name: str, src_bytes: bytes, **_kw) -> None:
            offered.append((file_name, src_bytes))

    screen = draw(context(route="/data", store=store))
    monkeypatch.setattr(data_screen.ft, "FilePicker", Picker)  # once drawn: the import's picker is a real one
    for button in ("data-export-plays-csv", "data-export-plays-json"):
        tap(screen, button)
    (csv_name, csv_bytes), (json_name, json_bytes) = offered
    assert csv_name.endswith(".csv") and json_name.endswith(".json")
    rows = list(csv.DictReader(io.StringIO(csv_bytes.decode("utf-8"))))
    plays = [store.load_play(s.id) for s in store.list_plays()]
    assert [(r["play_id"], r["name"], r["score"], r["winner"]) for r in rows] == [
        (play.id, p.name, str(p.score), "yes" if p.winner else "no") for play in plays for p in play.players]
    assert len(rows) == 2 + 2 + 2
    assert {p["id"] for p in json.loads(json_bytes)["plays"]} == {"first", "second", "third"}


def _saved(ctx, store) -> Play:
    tap(draw(ctx), "history-save")
    ctx.sessions.flush()
    assert ctx.error is None and "history-saved" in ids(draw(ctx))
    (summary,) = store.list_plays()
    return store.load_play(summary.id)


def test_the_deep_regrets_scorer_saves_a_play_with_rules_ranks_and_breakdown(tmp_path: Path):
    """A p.22's worked example for Alba beside Hugo with nothing: her Regret total 10 is the highest of 2, so the
    penalty discards her lowest-scored mount (8 points): 53 − 8 = 45; Hugo 0."""
    from companion.rules.fish import FishRef
    from companion.scoring.draft import PlayerDraft, TableDraft
    from companion.views.scorers.deep_regrets import DRAFT_KEY

    store = open_store(tmp_path)
    ctx = context(route="/score", store=store)
    alba = PlayerDraft(name="Alba", regret_cards=14, regret_value=10, fishbucks=4,
                       hand=[FishRef(value=2, type="fair"), FishRef(value=3, type="foul")],
                       mounted=[FishRef(value=6, type="fair"), FishRef(value=6, type="foul"),
                                FishRef(value=5, type="foul")])
    hugo = PlayerDraft(name="Hugo", regret_cards=0, regret_value=0)
    ctx.sessions.draft(DRAFT_KEY).reset(TableDraft(players=[alba, hugo]), seen=0)
    play = _saved(ctx, store)
    assert (play.game, play.mode, play.source, play.duration_min) == ("deep-regrets", "competitive", "scorer", None)
    assert play.ruleset and isinstance(play.variants, list) and play.details["penalty_rule"]
    assert [(p.name, p.score, p.rank, p.winner, p.start_player) for p in play.players] == [
        ("Alba", 45, 1, True, True), ("Hugo", 0, 2, False, False)]
    alba_breakdown = play.players[0].breakdown
    assert alba_breakdown["regret_value"] == 10 and alba_breakdown["penalty"] is not None
    assert sum(f["points"] for f in alba_breakdown["fish"] if f["place"] == "hand") > 0
    summary = text_of(draw(context(route=f"/history/play?play={play.id}", store=store)), "play-summary")
    assert "Rules: Angler's Guide" in summary and "anglers-guide" not in summary  # named as the table knows it


def test_the_endeavor_scorer_saves_a_competitive_play(tmp_path: Path):
    store = open_store(tmp_path)
    ctx = context(route="/score/endeavor", store=store)
    change(draw(ctx), "endeavor-name-0", "Ada")
    change(draw(ctx), "endeavor-name-1", "Bo")
    change(draw(ctx), "endeavor-impact-1", "6")  # docs/rules.md §13: an impact hex is a point
    play = _saved(ctx, store)
    assert (play.game, play.mode) == ("endeavor-deep-sea", "competitive")
    assert [(p.name, p.score, p.rank, p.winner) for p in play.players] == [("Ada", 0, 2, False), ("Bo", 6, 1, True)]
    assert play.players[1].breakdown["impact"] == 6
    opened = draw(context(route=f"/history/play?play={play.id}", store=store))
    assert "Impact hexes: 6" in text_of(opened, "play-breakdown-1") and "Total 6" in text_of(opened, "play-breakdown-1")


def test_the_endeavor_co_op_scorer_saves_the_team_win_or_loss(tmp_path: Path):
    """Seed 003: Beginner needs any 4 goals. The team is named on the co-op screen; until then it can't be saved."""
    store = open_store(tmp_path)
    ctx = context(route="/score/endeavor", store=store)
    tap(draw(ctx), "endeavor-mode-co-op")
    for g in range(4):
        change(draw(ctx), f"endeavor-coop-goal-{g}", True)
    screen = draw(ctx)
    assert "history-save" not in ids(screen) and "endeavor-team-needed" in ids(screen)
    change(draw(ctx), "endeavor-team-name-0", "Ada")
    change(draw(ctx), "endeavor-team-name-1", "Bo")
    play = _saved(ctx, store)
    assert (play.game, play.mode, play.won) == ("endeavor-deep-sea", "co-op", True)
    assert [(p.name, p.score, p.winner, p.start_player) for p in play.players] == [
        ("Ada", None, True, True), ("Bo", None, True, False)]
    data = json.loads(parse_qs(urlsplit(find(draw(context(route=f"/history/play?play={play.id}", store=store)),
                                             "play-bgstats").url).query)["data"][0])
    assert data["game"]["noPoints"] is True and [p["startPlayer"] for p in data["players"]] == [True, False]
    stats = draw(context(route="/stats", store=store))
    assert "2 players: 1/1" in text_of(stats, "stats-player-0")  # a co-op win counts for each of the team
    assert "stats-chart-wins" in ids(stats) and "stats-chart-scores" not in ids(stats)  # no scores to draw


@pytest.mark.parametrize(("route", "field"), [("/score", "scorer-name-0"), ("/score/shallow", "shallow-name-0"),
                                              ("/score/endeavor", "endeavor-name-0")])
def test_every_scorer_offers_names_from_earlier_plays(tmp_path: Path, route: str, field: str):
    store = open_store(tmp_path)
    remember_names(store, ["Alba", "Hugo"])
    ctx = context(route=route, store=store)
    change(draw(ctx), field, "hu")
    assert text_of(draw(ctx), f"{field}-suggest-0") == "Hugo"
    tap(draw(ctx), f"{field}-suggest-0")
    assert find(draw(ctx), field).value == "Hugo"


def test_a_guests_scorer_of_a_recorded_play_shows_its_numbers_read_only(tmp_path: Path):
    """Issue 45 item 3: a guest's scorer of a recorded play showed live-looking steppers and fields that refused
    each tap ("This play is recorded in History: only the host can change it.")."""
    shared = Sessions(open_store(tmp_path))
    game = finished()
    shared.start_game(game)
    host = tab_sessions(shared, Viewer("host-pass", host=True))
    scoring = context(route=f"/score?game={game.id}", sessions=host)  # the host's scorer records the play
    draw(scoring)
    for i in range(2):
        change(draw(scoring), f"scorer-regret-value-{i}", "0")
    draw(scoring)
    host.flush()
    assert host.plays.has_play(f"game-{game.id}")
    guest = draw(context(route="/score", sessions=tab_sessions(shared, Viewer("guest-pass", host=False))))
    shown = ids(guest)
    assert "scorer-results" in shown and "scorer-total-0" in shown  # the numbers
    assert "only the host can change it" in text_of(guest, "history-saved")
    live = [i for i in shown if i.startswith(("scorer-fishbucks", "scorer-regret", "scorer-name-", "scorer-add",
                                              "scorer-reset", "scorer-refill", "scorer-remove", "scorer-preset",
                                              "scorer-lifeboat", "history-update"))]
    assert live == [] and "history-save" not in shown
    assert "scorer-fishbucks-plus-0" in ids(draw(context(route="/score", sessions=host)))  # the host's, live
