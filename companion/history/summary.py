"""The line the plays index keeps for each play: everything History lists and Statistics counts, so neither
opens a play's own file (1,000 plays are one small index read).

>>> s = play_summary({"id": "p1", "game": "deep-regrets", "played": "2026-11-30T20:00:00Z", "players": [
...     {"name": "Alba", "score": 12, "rank": 1, "winner": True, "breakdown": {
...      "regret_value": 7, "penalty": None, "fishbucks_points": 2,
...      "fish": [{"place": "hand", "points": 4}, {"place": "mount", "points": 6}]}}]})
>>> s.players[0].hand, s.players[0].mounted, s.players[0].bucks, s.players[0].penalty
(4, 6, 2, False)
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.history.models import Play
from companion.i18n import t


class PlayerLine(BaseModel):
    """One seat, with the Deep Regrets figures Statistics averages (``None`` for the other games)."""

    model_config = ConfigDict(frozen=True)

    name: str
    score: int | None
    rank: int | None
    winner: bool
    start: bool = False
    bot: bool = False
    regret: int | None = None  # the Regret cards' printed total
    penalty: bool | None = None  # had the highest Regret total, so the penalty applied
    hand: int | None = None
    mounted: int | None = None  # mount slots and the Cloche
    bucks: int | None = None


class PlaySummary(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    game: str
    mode: str
    played: datetime
    duration_min: int | None
    won: bool | None
    players: list[PlayerLine]


def _line(player: dict[str, Any], game: str) -> PlayerLine:
    base = {"name": player["name"], "score": player.get("score"), "rank": player.get("rank"),
            "winner": bool(player.get("winner")), "start": bool(player.get("start_player")),
            "bot": bool(player.get("bot"))}
    b = player.get("breakdown") or {}
    if game != "deep-regrets" or "fish" not in b:
        return PlayerLine(**base)
    fish = b.get("fish") or []
    return PlayerLine(**base, regret=b.get("regret_value"), penalty=b.get("penalty") is not None,
                      hand=sum(f.get("points", 0) for f in fish if f.get("place") == "hand"),
                      mounted=sum(f.get("points", 0) for f in fish if f.get("place") != "hand"),
                      bucks=b.get("fishbucks_points"))


def play_summary(data: dict) -> PlaySummary:
    """The index line of a stored play (``data`` is the play's JSON)."""
    game = str(data["game"])
    return PlaySummary(id=data["id"], game=game, mode=str(data.get("mode", "competitive")), played=data["played"],
                       duration_min=data.get("duration_min"), won=data.get("won"),
                       players=[_line(p, game) for p in data.get("players") or []])


def validate_play(data: object) -> Play:
    """The ``Play`` in ``data``; pydantic's ``ValidationError`` if it is bad."""
    return Play.model_validate(data)


def describe_play(data: dict | None, record_id: str) -> str:
    if data:
        names = ", ".join(str(p.get("name", "")) for p in data.get("players") or [])
        return t("The play of {players} ({id})", players=names, id=record_id)
    return t("The play {id}", id=record_id)
