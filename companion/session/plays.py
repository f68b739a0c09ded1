"""The history as the screens use it, as functions of the session layer: plays listed, one opened, a scored result
kept as a play, a play's start player set, a play deleted (the host's), the latest change of a play undone, players
renamed or merged, names offered and remembered. Screens call these with ``ctx.sessions``; none reaches the store.

Authorisation sits beside the verbs (:func:`~companion.session.powers.require_host`): deleting a play is the host's,
and so is undoing that delete (a guest may undo an edit of a play).
Every refusal is a ``StoreError`` whose message the screen shows; nothing is changed when one is raised.

>>> import tempfile
>>> from companion.session import Sessions
>>> from companion.store import open_store
>>> sessions = Sessions(open_store(tempfile.mkdtemp()))
>>> listed(sessions), can_undo(sessions), suggested_names(sessions, "a", ())
([], False, [])
>>> listed(Sessions(None))
Traceback (most recent call last):
...
companion.store.errors.StoreError: The data folder could not be opened, so there is no history to show.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from companion.history import (
    Play,
    PlaySummary,
    Roster,
    load_roster,
    merge_players,
    record_play,
    remember_names,
    rename_player,
    suggest_names,
)
from companion.i18n import t
from companion.session.powers import require_host
from companion.session.seated import Tab, store_of
from companion.store.schema import JsonObject


def _no_history() -> str:
    return t("The data folder could not be opened, so there is no history to show.")


def listed(tab: Tab) -> list[PlaySummary]:
    """Every recorded play, newest first."""
    plays: list[PlaySummary] = store_of(tab, _no_history()).list_plays()
    return plays


def roster(tab: Tab) -> Roster:
    """Who has played: one person per name whatever its case or spaces (empty without a store)."""
    return load_roster(tab.store)


def opened(tab: Tab, play_id: str) -> Play:
    """The play ``play_id``; a ``StoreError`` (``NotFound``) says why there is none."""
    play: Play = store_of(tab, _no_history()).load_play(play_id)
    return play


def has_play(tab: Tab, play_id: str) -> bool:
    """Whether ``play_id`` is in the history (no store: nothing is)."""
    return tab.store is not None and bool(tab.store.has_play(play_id))


def record_result(tab: Tab, result: Any, *, game: Any | None = None, play_id: str | None = None,
                  names: Sequence[str] = ()) -> Play:
    """Keep a scored result as a play (:func:`companion.history.record_play`); ``StoreError`` when there is no
    store to keep it in or it can't be saved, ``ValueError`` for a result that isn't a play, or that would change a
    recorded play from a guest's tab (a recorded result changes only by the host, and its play says when and what
    changed: issue 35 item 3)."""
    store = store_of(tab, t("Plays can't be saved: the data folder could not be opened."))
    return record_play(store, result, game=game, play_id=play_id, names=names, may_replace=tab.viewer.host)


def set_start_player(tab: Tab, play: Play, start: int) -> Play:
    """``play`` with its ``start``-th player (0-based) as the start player alone, kept (an edit, which
    :func:`undo` takes back)."""
    players = [p.model_copy(update={"start_player": i == start}) for i, p in enumerate(play.players)]
    changed = play.model_copy(update={"players": players})
    store_of(tab, _no_history()).save_play(changed)
    return changed


def delete(tab: Tab, play_id: str) -> None:
    """Delete play ``play_id`` from the history (the host's alone; :func:`undo` brings it back)."""
    require_host(tab.viewer, "plays.delete")
    store_of(tab, _no_history()).delete_play(play_id)


def can_undo(tab: Tab) -> bool:
    """Whether this tab has a change of a play to undo (a guest's never the host's delete)."""
    if tab.store is None:
        return False
    changes = tab.store.play_changes()
    return bool(changes) and (tab.viewer.host or not _deleted(changes))


def undo(tab: Tab) -> str | None:
    """Take back the latest edit or delete of a play: the id of the play put back (``None``: nothing to undo).
    The host's delete (and what lies behind it) is the host's to undo: ``HostOnly`` for a guest's tab."""
    store = store_of(tab, _no_history())
    if _deleted(store.play_changes()):
        require_host(tab.viewer, "plays.undo")
    return store.undo_play_change()


def _deleted(changes: list[JsonObject]) -> bool:
    """Whether the latest change of a play is a delete."""
    return bool(changes) and changes[-1].get("what") == "delete"


def rename(tab: Tab, old: str, new: str) -> Roster:
    """Call ``old`` by ``new`` from now on; ``RosterError`` if ``new`` is someone else or nobody is ``old``."""
    return rename_player(store_of(tab, _no_history()), old, new)


def merge(tab: Tab, keep: str, other: str) -> Roster:
    """``other`` is the same person as ``keep`` (and keeps ``keep``'s name)."""
    return merge_players(store_of(tab, _no_history()), keep, other)


def suggested_names(tab: Tab, typed: str, exclude: Iterable[str]) -> list[str]:
    """Names from earlier plays matching ``typed`` for a name field, ``exclude`` (the table's own) left out."""
    return suggest_names(tab.store, typed, exclude)


def remember(tab: Tab, names: Iterable[str]) -> None:
    """Keep the names typed at New game on the roster, so they are offered next time (no store: nowhere)."""
    remember_names(tab.store, names)
