"""The history as the screens use it, as functions of the session layer: plays listed, one opened, a scored result
kept as a play, a play's start player set, a play deleted (the host's), the latest change of a play undone, players
renamed or merged, names offered and remembered. Screens call these with ``ctx.sessions``; none reaches the store.

Authorisation sits beside the verbs (:func:`~companion.session.powers.require_host`): a recorded play changes only by
the host (its start player, a delete, an undo; a guest's scorer can't replace it, :func:`record_result`).
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
from datetime import UTC, datetime
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
from companion.history.models import MAX_EDITS, PlayEdit
from companion.i18n import t
from companion.session.powers import require_host
from companion.session.seated import Tab, store_of
from companion.store.errors import StoreError


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
    """``play`` with its ``start``-th player (0-based) as the start player alone, kept: the host's edit, said in
    the play's edits, which :func:`undo` takes back."""
    require_host(tab.viewer, "plays.set_start_player")
    players = [p.model_copy(update={"start_player": i == start}) for i, p in enumerate(play.players)]
    if players == play.players:
        return play
    now = datetime.now(UTC)
    changed = play.model_copy(update={"players": players, "updated": now,
                                      "edits": [*play.edits, PlayEdit(at=now)][-MAX_EDITS:]})
    store_of(tab, _no_history()).save_play(changed)
    return changed


def delete(tab: Tab, play_id: str) -> None:
    """Delete play ``play_id`` from the history (the host's alone; :func:`undo` brings it back)."""
    require_host(tab.viewer, "plays.delete")
    store_of(tab, _no_history()).delete_play(play_id)


def can_undo(tab: Tab) -> bool:
    """Whether this tab has a change of a play to undo (the host's tab alone: a recorded play is the host's)."""
    return tab.viewer.host and tab.store is not None and bool(tab.store.play_changes())


def last_change(tab: Tab) -> str | None:
    """What :func:`undo` would take back, in words for "Undo …?" and "Undid …" (``None``: nothing)."""
    changes = [] if tab.store is None else tab.store.play_changes()
    if not changes:
        return None
    play_id = str(changes[-1]["play_id"])
    if changes[-1].get("what") == "delete":
        return t("the deletion of play {id}", id=play_id)
    try:
        play = opened(tab, play_id)
    except StoreError:
        return t("the last edit of play {id}", id=play_id)
    names = ", ".join(p.name for p in play.players)
    scores = edited_scores(play.edits[-1]) if play.edits else ""
    return (t("the correction of the play of {players}: {scores}", players=names, scores=scores) if scores
            else t("the last edit of the play of {players}", players=names))


def edited_scores(edit: PlayEdit) -> str:
    """The scores an edit changed, as "Ann 14 → 15, Bo – → 6" (empty: it changed another detail)."""
    return ", ".join(f"{c.name} {'–' if c.before is None else c.before} → {'–' if c.after is None else c.after}"
                     for c in edit.scores)


def undo(tab: Tab) -> str | None:
    """Take back the latest edit or delete of a play, the host's alone (``HostOnly`` for a guest's tab): the id of
    the play put back (``None``: nothing to undo)."""
    require_host(tab.viewer, "plays.undo")
    return store_of(tab, _no_history()).undo_play_change()


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
