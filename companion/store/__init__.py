"""Persistence that never loses a game or a campaign: one atomic TinyDB file per record, small indexes, rotating
backups, repair on start, versioned files, and validated export/import.

Layout of the data folder::

    settings.json             settings
    games/<id>.json           one game each (setup, ruleset, action log)
    games/<id>.log            the game's changes since its record was last written, one line each (journal.py)
    campaigns/<id>.json       one Ocean Survey campaign each, with its last steps (what Undo takes back)
    campaigns/<id>.log        the campaign's changes since its record was last written (journal.py)
    plays/<id>.json           one recorded play each (the history)
    index/games.json          summaries of games in progress (rewritten on each autosave: stays short)
    index/finished.json       summaries of finished games (rewritten only when a game finishes or is deleted)
    index/campaigns.json      summaries of campaigns
    index/plays.json          summaries of plays (what History and Statistics read)
    index/play-changes.json   the play edits and deletes that can be undone (latest 50)
    backups/<folder>/<id>.N.json   the N-th previous version of a file (N = 1 newest)
    damaged/...               files found damaged on start, kept for the user
    exports/...               copies of the files the Data screen exported
"""

from companion.store.errors import DamagedFile, ImportRefused, NotFound, StoreError
from companion.store.records import CampaignSummary, GameSummary
from companion.store.schema import SCHEMA_VERSION
from companion.store.store import BackupInfo, Store, open_store, resolve_data_dir
from companion.store.transfer import ImportReport

__all__ = ["SCHEMA_VERSION", "BackupInfo", "CampaignSummary", "DamagedFile", "GameSummary", "ImportRefused",
           "ImportReport", "NotFound", "Store", "StoreError", "open_store", "resolve_data_dir"]
