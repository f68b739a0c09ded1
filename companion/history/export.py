"""Every play as CSV (one row per player per play, for a spreadsheet) or as the store's JSON export document.

>>> from companion.history.models import Play, PlayPlayer
>>> play = Play(id="p1", game="shallow-regrets", played="2026-11-30T20:00:00Z",
...             players=[PlayPlayer(name="Alba", score=7, rank=1, winner=True, start_player=True)])
>>> plays_csv([play]).splitlines()[1]
'p1,2026-11-30 20:00:00,shallow-regrets,competitive,,,,1,Alba,7,1,yes,yes'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from datetime import UTC

from companion.history.models import Play

CSV_COLUMNS = ("play_id", "played_utc", "game", "mode", "duration_min", "ruleset", "variants", "players", "name",
               "score", "rank", "winner", "start_player")


def _flag(value: bool) -> str:
    return "yes" if value else "no"


def plays_csv(plays: Iterable[Play]) -> str:
    """CSV text: a header, then one row per player of each play (dates in UTC)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        when = play.played.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
        for p in play.players:
            writer.writerow([play.id, when, play.game, play.mode,
                             "" if play.duration_min is None else play.duration_min, play.ruleset or "",
                             " ".join(play.variants), len(play.players), p.name,
                             "" if p.score is None else p.score, "" if p.rank is None else p.rank,
                             _flag(p.winner), _flag(p.start_player)])
    return out.getvalue()
