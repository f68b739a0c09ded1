"""The history as the screens use it, as the verbs of :class:`Plays` (a tab's ``ctx.sessions.plays``): plays listed,
one opened, a scored result kept as a play, a play's start player set, a play deleted (the host's), the latest
change of a play undone, players renamed or merged, names offered and remembered. The store is the one the app
opened at its start, given by the tab's door when it is built; no screen reaches it.

Authorisation sits beside the verbs (:func:`~companion.session.powers.require_host`): a recorded play changes only by
the host (its start player, a delete, an undo; a guest's scorer can't replace it, :meth:`Plays.record_result`).
Every refusal is a ``StoreError`` whose message the screen shows; nothing is changed when one is raised.

>>> import tempfile
>>> from companion.session.seats import LOCAL
>>> from companion.store import open_store
>>> history = Plays(open_store(tempfile.mkdtemp()), LOCAL)
>>> history.listed(), history.can_undo(), history.suggested_names("a", ())
([], False, [])
>>> Plays(None, LOCAL).listed()
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
from companion.history.record import is_recorded
from companion.i18n import t
from companion.session.powers import require_host
from companion.session.seats import Viewer
from companion.store.errors import StoreError
from companion.store.store import Store


def _no_history() -> str:
    return t("The data folder could not be opened, so there is no history to show.")


def edited_scores(edit: PlayEdit) -> str:
    """The scores an edit changed, as "Ann 14 → 15, Bo – → 6" (empty: it changed another detail)."""
    return ", ".join(f"{c.name} {'–' if c.before is None else c.before} → {'–' if c.after is None else c.after}"
                     for c in edit.scores)


class Plays:
    """The history as the tab of ``viewer`` may use it, kept in ``store`` (``None``: the data folder could not be
    opened)."""

    def __init__(self, store: Store | None, viewer: Viewer) -> None:
        self._store = store
        self._viewer = viewer

    def __repr__(self) -> str:
        return f"Plays({self._viewer.holder!r})"

    def _kept(self) -> Store:
        if self._store is None:
            raise StoreError(_no_history())
        return self._store

    def listed(self) -> list[PlaySummary]:
        """Every recorded play, newest first."""
        plays: list[PlaySummary] = self._kept().list_plays()
        return plays

    def roster(self) -> Roster:
        """Who has played: one person per name whatever its case or spaces (empty without a store)."""
        return load_roster(self._store)

    def opened(self, play_id: str) -> Play:
        """The play ``play_id``; a ``StoreError`` (``NotFound``) says why there is none."""
        play: Play = self._kept().load_play(play_id)
        return play

    def has_play(self, play_id: str) -> bool:
        """Whether ``play_id`` is in the history (no store: nothing is)."""
        return self._store is not None and bool(self._store.has_play(play_id))

    def recorded(self, result: Any, *, game: Any | None = None, play_id: str | None = None,
                 names: Sequence[str] = ()) -> bool:
        """Whether ``result`` is kept as its play, as :meth:`record_result` would keep it (no store: it is not)."""
        return self._store is not None and is_recorded(self._store, result, game=game, play_id=play_id, names=names)

    def record_result(self, result: Any, *, game: Any | None = None, play_id: str | None = None,
                      names: Sequence[str] = ()) -> Play:
        """Keep a scored result as a play (:func:`companion.history.record_play`); ``StoreError`` when there is no
        store to keep it in or it can't be saved, ``ValueError`` for a result that isn't a play, or that would change
        a recorded play from a guest's tab (a recorded result changes only by the host, and its play says when and
        what changed: issue 35 item 3)."""
        if self._store is None:
            raise StoreError(t("Plays can't be saved: the data folder could not be opened."))
        return record_play(self._store, result, game=game, play_id=play_id, names=names,
                           may_replace=self._viewer.host)

    def set_start_player(self, play: Play, start: int) -> Play:
        """``play`` with its ``start``-th player (0-based) as the start player alone, kept: the host's edit, said in
        the play's edits, which :meth:`undo` takes back."""
        require_host(self._viewer, "plays.set_start_player")
        players = [p.model_copy(update={"start_player": seat == start}) for seat, p in enumerate(play.players)]
        if players == play.players:
            return play
        now = datetime.now(UTC)
        changed = play.model_copy(update={"players": players, "updated": now,
                                          "edits": [*play.edits, PlayEdit(at=now)][-MAX_EDITS:]})
        self._kept().save_play(changed)
        return changed

    def delete(self, play_id: str) -> None:
        """Delete play ``play_id`` from the history (the host's alone; :meth:`undo` brings it back)."""
        require_host(self._viewer, "plays.delete")
        self._kept().delete_play(play_id)

    def can_undo(self) -> bool:
        """Whether this tab has a change of a play to undo (the host's tab alone: a recorded play is the host's)."""
        return self._viewer.host and self._store is not None and bool(self._store.play_changes())

    def last_change(self) -> str | None:
        """What :meth:`undo` would take back, in words for "Undo …?" and "Undid …" (``None``: nothing)."""
        changes = [] if self._store is None else self._store.play_changes()
        if not changes:
            return None
        play_id = str(changes[-1]["play_id"])
        if changes[-1].get("what") == "delete":
            return t("the deletion of play {id}", id=play_id)
        try:
            play = self.opened(play_id)
        except StoreError:
            return t("the last edit of play {id}", id=play_id)
        names = ", ".join(p.name for p in play.players)
        scores = edited_scores(play.edits[-1]) if play.edits else ""
        return (t("the correction of the play of {players}: {scores}", players=names, scores=scores) if scores
                else t("the last edit of the play of {players}", players=names))

    def undo(self) -> str | None:
        """Take back the latest edit or delete of a play, the host's alone (``HostOnly`` for a guest's tab): the id
        of the play put back (``None``: nothing to undo)."""
        require_host(self._viewer, "plays.undo")
        return self._kept().undo_play_change()

    def rename(self, old: str, new: str) -> Roster:
        """Call ``old`` by ``new`` from now on (the host's alone); ``RosterError`` if ``new`` is someone else or
        nobody is ``old``."""
        require_host(self._viewer, "plays.rename")
        return rename_player(self._kept(), old, new)

    def merge(self, keep: str, other: str) -> Roster:
        """``other`` is the same person as ``keep`` (and keeps ``keep``'s name): the host's alone."""
        require_host(self._viewer, "plays.merge")
        return merge_players(self._kept(), keep, other)

    def suggested_names(self, typed: str, exclude: Iterable[str]) -> list[str]:
        """Names from earlier plays matching ``typed`` for a name field, ``exclude`` (the table's own) left out."""
        return suggest_names(self._store, typed, exclude)

    def remember(self, names: Iterable[str]) -> None:
        """Keep the names typed at New game on the roster, so they are offered next time (no store: nowhere)."""
        remember_names(self._store, names)
