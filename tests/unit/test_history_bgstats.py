"""The BG Stats import link (issue 15, item 5; BG Stats' documented import link): every field, the URL
encoding round trip, the three BoardGameGeek ids, and the QR code."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
import zxingcpp
from PIL import Image, ImageFilter

from companion.history import link, payload, qr_png, qr_side
from companion.history.models import Play, PlayPlayer

PLAYED = datetime(2026, 11, 28, 21, 5, 9, tzinfo=UTC)


def _play(**changes) -> Play:
    base = Play(id="game-abc123", game="deep-regrets", played=PLAYED, duration_min=95, ruleset="anglers-guide",
                variants=["penalty-printed"], players=[
                    PlayPlayer(name="Alba", score=53, rank=1, winner=True),
                    PlayPlayer(name="Hugo Pratt", score=41, rank=2, start_player=True),
                    PlayPlayer(name="Isla", score=41, rank=2)])
    return base.model_copy(update=changes)


def _decoded(url: str) -> dict:
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    (data,) = parse_qs(parts.query, strict_parsing=True)["data"]
    return json.loads(data)


def test_every_documented_field_of_the_payload():
    data = payload(_play())
    assert data["sourceName"] == "Deep Regrets Companion"
    assert data["sourcePlayId"] == "game-abc123"
    assert data["playDate"] == PLAYED.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    assert len(data["playDate"]) == 19 and data["playDate"][10] == " "
    assert data["durationMin"] == 95
    assert data["game"] == {"bggId": 397931, "name": "Deep Regrets", "highestWins": True, "noPoints": False,
                            "sourceGameId": "deep-regrets"}
    players = data["players"]
    assert [p["name"] for p in players] == ["Alba", "Hugo Pratt", "Isla"]
    assert [p["score"] for p in players] == [53, 41, 41]
    assert [p["rank"] for p in players] == [1, 2, 2]
    assert [p["winner"] for p in players] == [True, False, False]
    assert [p["startPlayer"] for p in players] == [False, True, False]  # BG Stats refuses a play without it
    assert all(isinstance(p["sourcePlayerId"], str) and p["sourcePlayerId"] for p in players)


# BG Stats' import format as documented (reference/ANCHORS.md): what the JSON may hold, and the issue's sourceName.
TOP = {"board", "durationMin", "comments", "game", "location", "playDate", "players", "sourceName", "sourcePlayId"}
GAME = {"bggId", "highestWins", "name", "noPoints", "sourceGameId"}
PLAYER = {"name", "score", "rank", "winner", "startPlayer", "role", "sourcePlayerId"}


def test_nothing_outside_the_documented_format_and_the_rules_as_comments():
    data = payload(_play())
    assert set(data) <= TOP and set(data["game"]) == GAME
    assert all(set(p) <= PLAYER for p in data["players"])
    assert data["comments"] == "Angler's Guide · Penalty by printed value"  # the ruleset and its variants, named
    assert sum(p["startPlayer"] for p in data["players"]) == 1


@pytest.mark.parametrize(("game", "bgg_id"), [("deep-regrets", 397931), ("shallow-regrets", 434870),
                                              ("endeavor-deep-sea", 367966)])
def test_boardgamegeek_ids(game, bgg_id):
    assert payload(_play(game=game))["game"]["bggId"] == bgg_id


def test_the_link_round_trips_through_url_decoding():
    play = _play(players=[PlayPlayer(name="Zoë & Ann+Marie #1", score=7, rank=1, winner=True, start_player=True)])
    url = link(play)
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    raw = url.split("?data=", 1)[1]
    assert not set(raw) & set(" &#+{}\"")  # every reserved character is percent-encoded
    assert json.loads(unquote(raw)) == payload(play)
    assert _decoded(url)["players"][0]["name"] == "Zoë & Ann+Marie #1"


def test_a_co_op_play_has_no_points():
    play = Play(id="p2", game="endeavor-deep-sea", mode="co-op", won=True, played=PLAYED,
                players=[PlayPlayer(name="Ada", winner=True, start_player=True), PlayPlayer(name="Bo", winner=True)])
    data = _decoded(link(play))
    assert data["game"]["noPoints"] is True
    assert all("score" not in p and p["winner"] for p in data["players"])
    assert "durationMin" not in data


def _four_at_the_table() -> Play:
    return _play(players=[PlayPlayer(name=n, score=sc, rank=r, winner=r == 1, start_player=r == 1)
                          for n, sc, r in (("Ann Lee", 53, 1), ("Bo Ström", 41, 2), ("Cy", 38, 3), ("李美玲", 20, 4))])


def _scanned(png: bytes, shown_px: int) -> str | None:
    """What a phone's camera reads off ``png`` shown at ``shown_px`` on the host's screen: the picture it takes
    has about three quarters of the screen's pixels and is a little out of focus."""
    image = Image.open(io.BytesIO(png)).convert("L").resize((shown_px, shown_px), Image.Resampling.BILINEAR)
    side = shown_px * 3 // 4
    photo = image.resize((side, side), Image.Resampling.BILINEAR).filter(ImageFilter.GaussianBlur(0.8))
    found = zxingcpp.read_barcodes(photo)
    return found[0].text if found else None


def test_the_qr_code_scans_off_the_screen_as_the_compact_link():
    """Issue 26: a 1,300-character link on a 260 px square was too dense to scan. The QR code carries the compact
    payload (no source ids, no false flags) and shows each module at 3 px; a camera's picture of it decodes to the
    link, which opens the same play in BG Stats."""
    play = _four_at_the_table()
    png = qr_png(play)
    shown = qr_side(play)
    assert int.from_bytes(png[16:20], "big") == shown and shown <= 330  # fits a phone's card (390 px wide)
    assert _scanned(png, shown) == link(play, compact=True)
    full, compact = _decoded(link(play)), _decoded(link(play, compact=True))
    assert compact["game"] == {"bggId": 397931}
    assert [(p["name"], p["score"], p["rank"], p.get("winner", False), p.get("startPlayer", False))
            for p in compact["players"]] == [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"])
                                             for p in full["players"]]
    assert {k: v for k, v in compact.items() if k not in ("game", "players")} == {
        k: v for k, v in full.items() if k not in ("game", "players")}




def test_the_expansions_played_are_named_in_the_comment_and_the_history():
    """Issue 26: a play scored with Lamentable Tentacles on the table says so in History and in BG Stats."""
    from companion.history import play_from_result
    from companion.rules.fish import FishRef
    from companion.rules.ruleset import build_ruleset
    from companion.scoring.deep_regrets import DeepRegretsPlayer, score_deep_regrets

    ruleset = build_ruleset("anglers-guide", expansions=("lamentable-tentacles",))
    result = score_deep_regrets([DeepRegretsPlayer(name=n, regret_cards=0, regret_value=0, fishbucks=3,
                                                   hand=[FishRef(value=2, type="fair")]) for n in ("Ann", "Bo")],
                                ruleset)
    play = play_from_result(result)
    assert play.rules() == ["Angler's Guide", "Lamentable Tentacles"]
    assert _decoded(link(play))["comments"] == "Angler's Guide · Lamentable Tentacles"
    assert _decoded(link(play, compact=True))["comments"] == "Angler's Guide · Lamentable Tentacles"
