"""The history of plays: what a scored game leaves behind, the roster of players, statistics, and export to
BG Stats and CSV. No Flet here: the History and Statistics screens and ``companion history|stats|bgstats`` sit on
top of it.

The hooks the screens call:

- :func:`record_play` ``(store, result, game=..., play_id=..., names=...)`` when a result is saved or a tracked
  game is scored;
- :func:`suggest_names` ``(store, typed, exclude)`` for the name fields' autocomplete, and :func:`remember_names`
  ``(store, names)`` when a New game starts.
"""

from companion.history.bgstats import link, payload, qr_png, qr_side
from companion.history.export import plays_csv
from companion.history.models import GAMES, Play, PlayPlayer, player_key
from companion.history.record import play_from_result, record_play, result_json
from companion.history.roster import (
    Roster,
    RosterError,
    load_roster,
    merge_players,
    remember_names,
    rename_player,
    suggest_names,
)
from companion.history.stats import Statistics, filter_plays, statistics
from companion.history.summary import PlaySummary

__all__ = ["GAMES", "Play", "PlayPlayer", "PlaySummary", "Roster", "RosterError", "Statistics", "filter_plays",
           "link", "load_roster", "merge_players", "payload", "play_from_result", "player_key", "plays_csv",
           "qr_png", "qr_side", "record_play", "remember_names", "rename_player", "result_json", "statistics",
           "suggest_names"]
