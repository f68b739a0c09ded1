"""Wording from issue 37's game night, on the screens: the angler's own card, the host's view of a hand, and a
refusal tapped twice."""

from __future__ import annotations

import flet as ft
from seated import on, phone, seen_by
from tables import SUNFISH, context, draw, game_of, monday_action, play, tuesday_at_port
from viewtree import find, tap, text_of, texts, walk

from companion.history.record import record_play
from companion.i18n import t, use_language
from companion.rules import actions as act
from companion.rules.fish import FishRef
from companion.rules.ruleset import build_ruleset
from companion.scoring.deep_regrets import DeepRegretsPlayer, Penalty, penalty_text, score_deep_regrets
from companion.session import Sessions
from companion.store import open_store


def test_the_angler_s_own_card_says_your_turn_and_the_others_say_their_turn(keys):
    sessions = Sessions(None)
    game = sessions.start_game(monday_action()).current.value  # Ada to act
    ada = phone(keys, keys.room_code, {"game": game.id, "angler": 0}, sessions)
    bo = phone(keys, keys.room_code, {"game": game.id, "angler": 1}, sessions)
    with on(ada):
        assert text_of(draw(context(None, f"/table?game={game.id}", sessions=seen_by(ada, sessions))),
                       "turn-0") == "Your turn"
    with on(bo):
        assert text_of(draw(context(None, f"/table?game={game.id}", sessions=seen_by(bo, sessions))),
                       "turn-0") == "Their turn"


def test_the_host_sees_a_fish_picked_from_the_catalog_as_a_fish_in_hand_not_as_one_not_entered(keys):
    """Issue 25: the host's screen counts the hand; the Sunfish was entered, so it is not "not entered"."""
    sessions = Sessions(None)
    game = sessions.start_game(tuesday_at_port()).current.value  # Ada holds a Sunfish picked from the catalog
    host = phone(keys, keys.host_code, None, sessions)
    with on(host):
        v = draw(context(None, f"/player?game={game.id}&seat=0", sessions=seen_by(host, sessions)))
    shown = " / ".join(texts(find(v, "fish")))
    assert text_of(v, "hand-count") == "1 Fish in hand" and "not entered" not in shown and "Sunfish" not in shown


def test_a_fish_not_entered_alone_reads_without_and():
    ctx = context(play(monday_action(), act.Fish(player=0, fish=None, depth=1, difficulty=2, dice=[0])),
                  "/player?game={id}&seat=0")
    assert text_of(draw(ctx), "hand-not-entered") == "1 Fish not entered"


def test_the_same_refusal_tapped_again_is_counted_and_said_again():
    """A p.17: the orange die costs $3 and Ada has $0; the second tap changes the bar's words (×2), which its live
    region reads out again."""
    ctx = context(tuesday_at_port(), "/port?game={id}&seat=0")
    tap(draw(ctx), "buy-die-orange")
    first = text_of(draw(ctx), "error-line")
    tap(draw(ctx), "buy-die-orange")
    v = draw(ctx)
    [line] = [c for c in walk(v) if isinstance(c, ft.Semantics) and c.identifier == "error-line"]
    assert text_of(v, "error-line") == f"{first} (×2)" and line.live_region
    tap(v, "buy-die-orange")
    assert text_of(draw(ctx), "error-line").endswith("(×3)")
    assert ctx.error == "Ada has $0; this costs $3 (Angler's Guide p.17)"  # the refusal itself, uncounted
    assert game_of(ctx).state.players[0].hand == [SUNFISH]  # nothing changed


def test_the_penalty_line_of_a_play_scored_in_english_reads_in_the_phones_language(tmp_path):
    """A p.22: with 2 players the highest Regret total discards its lowest-valued mounted Fish. The play keeps what
    happened, not the scorer's words: Chen's zh History reads it in Chinese; a play recorded before keeps its words."""
    store = open_store(tmp_path)
    six = FishRef(value=6, type="fair")
    with use_language("en"):
        result = score_deep_regrets([
            DeepRegretsPlayer(name="Ada", regret_cards=3, regret_value=9, fishbucks=0, mounted=(six, None, None)),
            DeepRegretsPlayer(name="陳志豪", regret_cards=0, regret_value=0, fishbucks=0)], build_ruleset())
    play = record_play(store, result)
    with use_language("zh_Hant"):
        line = text_of(draw(context(route=f"/history/play?play={play.id}", store=store)), "scorer-penalty-0")
        expected = t("Highest Regret total: discards the {which}-valued mounted Fish by {by} ({players} players)",
                     which=t("lowest"), by=t("scored value"), players=2)
    assert line.startswith(expected) and "Highest" not in line, line
    old = Penalty.model_validate({"slot": 1, "place": "mount", "points_lost": 16, "reason": "Old words"})
    assert penalty_text(old) == "Old words"
