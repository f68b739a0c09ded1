"""What the screens do with the kept records, as functions of the session layer: plays recorded, the history
exported, every game exported, a document imported, a backup restored. Screens call these (and read through
``ctx.store``); none imports the store.

Each takes the store a tab was handed: a guest's is a :class:`~companion.session.powers.GuestStore`, so a host-only
verb (export, import, restore, delete) raises :class:`~companion.session.powers.HostOnly`, a ``StoreError``, which
the screen shows like any other. Nothing here changes anything when it raises.

>>> import tempfile
>>> from companion.store import open_store
>>> store = open_store(tempfile.mkdtemp())
>>> made = export(store, "everything", stamp="20260101-000000")
>>> made.name, made.kept.parent.name
('deep-regrets-everything-20260101-000000.json', 'exports')
>>> made.summary()
'Exported 0 games and 0 campaigns. A copy is kept at ...'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from companion.history import Play, plays_csv, record_play
from companion.i18n import t, tn
from companion.store.errors import StoreError
from companion.store.transfer import campaigns_count, games_count

if TYPE_CHECKING:
    from companion.session.registry import Sessions
    from companion.store import Store

What = Literal["everything", "game", "campaign", "plays"]


def record_result(store: Store | None, result: Any, *, game: Any | None = None, play_id: str | None = None,
                  names: Sequence[str] = ()) -> Play:
    """Keep a scored result as a play (:func:`companion.history.record_play`); ``StoreError`` when there is no
    store to keep it in or it can't be saved, ``ValueError`` for a result that isn't a play."""
    if store is None:
        raise StoreError(t("Plays can't be saved: the data folder could not be opened."))
    return record_play(store, result, game=game, play_id=play_id, names=names)


def file_name(what: str, extension: str = "json", stamp: str | None = None) -> str:
    """``deep-regrets-<what>-<UTC time>.<extension>``: the name of an exported file."""
    stamp = stamp or datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return f"deep-regrets-{what}-{stamp}.{extension}"


@dataclass(frozen=True)
class Export:
    """An export document, the name it is offered under, and the copy kept in the data folder."""

    document: dict[str, Any]
    name: str
    kept: Path

    def summary(self) -> str:
        """One line for the screen: what was exported and where its copy is."""
        text = t("Exported {games} and {campaigns}. A copy is kept at {path}.",
                 games=games_count(len(self.document["games"])),
                 campaigns=campaigns_count(len(self.document["campaigns"])), path=str(self.kept))
        if "plays" in self.document:
            text += " " + tn("With {n} play of the history.", "With {n} plays of the history.",
                             len(self.document["plays"]))
        return text

    def data(self) -> bytes:
        """The document as the downloaded file holds it."""
        return json.dumps(self.document, ensure_ascii=False, indent=1).encode("utf-8")


def export(store: Store, what: What, record_id: str = "", stamp: str | None = None) -> Export:
    """Export everything, one game or campaign (``record_id``), or the plays; a copy is kept in the data folder."""
    if what == "game":
        document = store.export_game(record_id)
    elif what == "campaign":
        document = store.export_campaign(record_id)
    elif what == "plays":
        document = store.export_plays()
    else:
        document = store.export_all()
    name = file_name(what, stamp=stamp)
    return Export(document, name, store.save_export(document, name))


def plays_as_csv(store: Store) -> str:
    """The history as CSV, one row per player per play."""
    return plays_csv(store.load_play(s.id) for s in store.list_plays())


def import_document(sessions: Sessions, store: Store, data: str | bytes) -> str:
    """Import an export document (every open session's pending saves written first); the line to show.
    ``ImportRefused`` names the field at fault, and nothing is changed."""
    sessions.flush()
    return store.import_data(data).message()


def restore(sessions: Sessions, store: Store, path: Path) -> str:
    """Bring back the game or campaign in a backup file; the line to show. Open sessions are read afresh (one may
    be the record restored)."""
    sessions.flush()
    report = store.restore_backup(path)
    sessions.forget_all()
    return report.message()
