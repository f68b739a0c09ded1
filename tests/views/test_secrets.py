"""Issue 25 findings 2 and 7: another angler's Fish in hand and Regret value never reach a guest's phone, whatever
route it opens, in whatever language: every frame the app sends a phone seated as Bo is read as the phone reads it
(tests/support/components.py), over every route in ``ROUTES``. The game is seen through the seat in one place
(``companion.rules.visibility.visible_to``, applied by the sessions the app gives each tab)."""

from __future__ import annotations

import re

import pytest
from seated import TABS, app_tab, join, on, open_app, phone, seen_by
from tables import SUNFISH, all_passed_on_the_last_day, context, draw, play, tuesday_at_port
from viewtree import tap, texts

from companion import app
from companion.i18n import use_language
from companion.rules import actions as act
from companion.rules.game import Game
from companion.scoring.from_game import draft_from_state
from companion.session import Sessions
from companion.session.seats import Seat
from companion.store import open_store
from companion.views.labels import fish_label

ADA_REGRET_VALUE = 29  # ten Regret cards (at most 30); entered by Ada, not yet revealed to the table


def _with_secrets() -> tuple[Game, Game]:
    """A game in progress where Ada holds a Sunfish, and an ended one where Ada entered her Regret value."""
    ended = play(all_passed_on_the_last_day(), act.DrawRegret(player=0, count=10), act.EndGame(),
                 act.RevealRegrets(player=0, value=ADA_REGRET_VALUE))
    return tuesday_at_port(), ended


def _leaks(received: list[str], language: str) -> list[str]:
    with use_language(language):
        fish = {SUNFISH.name or "", fish_label(SUNFISH)}
    value = re.compile(rf"(^|[^\w]){ADA_REGRET_VALUE}([^\w]|$)")
    return [s for s in received if any(f in s for f in fish) or (value.search(s) and ":" not in s)]


@pytest.mark.parametrize("language", ["en", "it", "zh_Hant"])
def test_no_route_sends_another_anglers_hand_or_regret_value_to_a_seated_phone(tmp_path, keys, language):
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    playing, ended = _with_secrets()
    for game in (playing, ended):
        store.save_game(game)
    # Ada's own phone filled the shared scorer draft from the game in progress: her Sunfish is in it.
    sessions.draft("scorer").reset(draft_from_state(playing.state, game_id=playing.id), seen=0)
    main = app.make_main(sessions, store, tabs=TABS)
    problems: dict[str, list[str]] = {}
    for game in (playing, ended):
        holder, _ = join(keys, sessions, keys.room_code, Seat(game.id, 1))
        for route in sorted(app.ROUTES):
            bo = app_tab(holder, language)
            sent = open_app(bo, f"{route}?game={game.id}&seat=0", main)
            assert any("Bo" in s for s in sent) or route != "/table", "the table was not drawn"
            leaked = _leaks(sent, language)
            if leaked:
                problems[f"{route} ({'ended' if game.finished else 'playing'})"] = leaked[:3]
            bo.close()
    assert problems == {}


def test_the_walk_sees_the_secrets_on_their_own_anglers_phone(tmp_path, keys):
    """The check above can fail: Ada's own phone is sent her Sunfish and her Regret value."""
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    playing, ended = _with_secrets()
    for game in (playing, ended):
        store.save_game(game)
    main = app.make_main(sessions, store, tabs=TABS)
    ada, _ = join(keys, sessions, keys.room_code, Seat(playing.id, 0))
    assert _leaks(open_app(app_tab(ada), f"/table?game={playing.id}", main), "en")
    ada, _ = join(keys, sessions, keys.room_code, Seat(ended.id, 0))
    assert _leaks(open_app(app_tab(ada), f"/table?game={ended.id}", main), "en")


def test_the_hosts_browser_starts_as_the_whole_table_until_the_host_picks_an_angler(tmp_path, keys):
    """Finding 7: the host's browser, the laptop on the table, showed every hand; it now shows counts until the
    host picks an angler for it (on the Phones screen)."""
    store = open_store(tmp_path / "data")
    sessions = Sessions(store)
    playing, _ended = _with_secrets()
    store.save_game(playing)
    main = app.make_main(sessions, store, tabs=TABS)
    host, viewer = join(keys, sessions, keys.host_code, None)
    sent = open_app(app_tab(host), f"/table?game={playing.id}", main)
    assert not _leaks(sent, "en") and any("1 Fish in hand" in s for s in sent)
    assert sessions.seats.take(viewer, Seat(playing.id, 0)) is None
    assert _leaks(open_app(app_tab(host), f"/table?game={playing.id}", main), "en")


def test_a_phone_that_cannot_see_a_hand_keeps_it_when_it_edits_the_shared_scorer(keys):
    """The /score draft shared by every phone: Bo's phone sees Ada's Sunfish as a count, and what it keeps of the
    draft leaves the Sunfish where it was (nothing a player entered is lost to a phone that can't see it)."""
    sessions = Sessions(None)
    playing = tuesday_at_port()
    sessions.start_game(playing)
    sessions.draft("scorer").reset(draft_from_state(playing.state, game_id=playing.id), seen=0)
    bo = phone(keys, keys.room_code, {"game": playing.id, "angler": 1}, sessions)
    ctx = context(None, "/score", sessions=seen_by(bo, sessions))
    with on(bo):
        shown = draw(ctx)
        assert not any("Sunfish" in line for line in texts(shown))
        tap(shown, "scorer-fishbucks-plus-1")
        draw(ctx)
    kept = sessions.draft("scorer").current.value
    assert kept.players[1].fishbucks == playing.state.players[1].fishbucks + 1
    assert [f.name for f in kept.players[0].hand] == ["Sunfish"]
