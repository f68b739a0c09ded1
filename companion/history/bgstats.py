"""Export to BG Stats: the play as BG Stats' documented import link (bgstatsapp.com, "push plays to BG
Stats from other apps"), and the same link as a QR code for the phone that has BG Stats.

``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` opens BG Stats' import dialog. The JSON
holds ``sourceName`` and ``sourcePlayId`` (this app and the play's id), ``playDate`` as ``YYYY-MM-DD HH:MM:SS``
(local time), ``durationMin`` when known, ``game`` (BoardGameGeek id, name, ``highestWins``, ``noPoints``) and
every player with ``name``, ``score``, ``rank``, ``winner`` and ``startPlayer`` (BG Stats refuses a play
without it).

>>> from companion.history.models import Play, PlayPlayer
>>> play = Play(id="p1", game="deep-regrets", played="2026-11-30T20:15:00Z",
...             players=[PlayPlayer(name="Alba", score=53, rank=1, winner=True, start_player=True)])
>>> payload(play)["game"]["bggId"], payload(play)["players"][0]["startPlayer"]
(397931, True)
>>> link(play).startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B%22")
True
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from companion.history.models import Play, player_key

if TYPE_CHECKING:  # segno is imported when a code is drawn: it and what it loads (xml, http) are not on the start
    import segno

IMPORT_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Deep Regrets Companion"
BGG_IDS = {"deep-regrets": 397931, "shallow-regrets": 434870, "endeavor-deep-sea": 367966}
GAME_NAMES = {"deep-regrets": "Deep Regrets", "shallow-regrets": "Shallow Regrets",
              "endeavor-deep-sea": "Endeavor: Deep Sea"}
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


def payload(play: Play) -> dict[str, Any]:
    """The JSON BG Stats reads for ``play``."""
    co_op = play.mode == "co-op"
    players = []
    for p in play.players:
        entry: dict[str, Any] = {"name": p.name, "winner": p.winner, "startPlayer": p.start_player,
                                 "sourcePlayerId": player_key(p.name)}
        if p.score is not None:
            entry["score"] = p.score
        if p.rank is not None:
            entry["rank"] = p.rank
        players.append(entry)
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        "playDate": play.played.astimezone().strftime(DATE_FORMAT),
        "game": {"bggId": BGG_IDS[play.game], "name": GAME_NAMES[play.game], "highestWins": True,
                 "noPoints": co_op, "sourceGameId": play.game},
        "players": players,
    }
    if play.duration_min is not None:
        data["durationMin"] = play.duration_min
    if play.ruleset:
        data["comments"] = " · ".join(play.rules())
    return data


def link(play: Play, compact: bool = False) -> str:
    """The BG Stats import link for ``play``; ``compact`` leaves out what BG Stats defaults or can do without
    (:func:`compact_payload`), for the QR code."""
    data = compact_payload(play) if compact else payload(play)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return IMPORT_URL + quote(text, safe=",:")  # both are plain in a query: 1 character each, not 3


def compact_payload(play: Play) -> dict[str, Any]:
    """:func:`payload` without the fields BG Stats defaults or can do without: the players' and the game's source
    ids, ``false`` flags, the game's name beside its BoardGameGeek id and ``highestWins`` (true for every game here).
    A 4-player play's QR code went from version 25 (125 modules a side) to about 17."""
    data = payload(play)
    data["game"] = {"bggId": data["game"]["bggId"], **({"noPoints": True} if data["game"]["noPoints"] else {})}
    data["players"] = [{k: v for k, v in p.items() if k != "sourcePlayerId" and v is not False}
                       for p in data["players"]]
    return data


QR_MODULE_PX = 3  # each module 3 px on the host's screen (6 on a 2x display), so a phone's camera resolves it


def qr(play: Play) -> segno.QRCode:
    """The compact import link as a QR code."""
    import segno

    return segno.make(link(play, compact=True), error="l")


def qr_png(play: Play) -> bytes:
    """The QR code (PNG, :data:`QR_MODULE_PX` per module) for the host's screen: the phone with BG Stats scans
    it."""
    buffer = io.BytesIO()
    qr(play).save(buffer, kind="png", scale=QR_MODULE_PX, border=QR_BORDER)
    return buffer.getvalue()


QR_BORDER = 4  # the quiet zone the standard asks for


def qr_side(play: Play) -> int:
    """The side, in screen pixels, at which the QR code is shown (its PNG's own size)."""
    return int(qr(play).symbol_size(border=QR_BORDER)[0]) * QR_MODULE_PX
