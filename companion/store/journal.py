"""A game's or a campaign's changes since its record was last written: one JSON line each, appended and fsynced
before any phone is shown the change, folded into the record later (compaction, :meth:`Store.compact`).

Writing the whole record on every tap costs a temporary file, two fsyncs and a rename (tens of milliseconds on a
busy machine); appending one line and fsyncing that file costs a fraction of a millisecond. A line names the change
(an applied action and the seat that made it, an undo, a redo), the game's ``updated`` stamp before it (``base``)
and after it (``updated``), and the session's version (``v``, for the record). The stamps chain the lines to the
record: replay starts after the line whose ``updated`` is the record's (or at the line whose ``base`` is), so a
record written by a compaction that crashed before it removed the log is never replayed twice, and a log that
belongs to another version of the game (a backup restored meanwhile) is never replayed onto it.

A crash can leave the last line half written (no newline): that change was never shown to anyone (the phones hear
of it only after the fsync), so it is dropped. A whole line that can't be read (damage on the disk), or a log
larger than :data:`MAX_LOG_BYTES`, ends the log there: the lines before it are kept and the rest is set aside,
with a note, as a log that does not replay is. Every line is held to an import's bounds
(:mod:`companion.store.limits`). A campaign's log works the same way: :class:`Changes` is what the two kinds of
record share, :data:`GAME` a game's own, and :mod:`companion.store.campaign_journal` a campaign's.

>>> import tempfile; from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "g.log"
>>> append(path, {"op": "undo"}, 0)
>>> _ = path.open("ab").write(b'{"op": "re')  # a crash in the middle of the next line
>>> read(path)
Lines(lines=[{'op': 'undo'}], problem=None)
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from companion.i18n import t
from companion.rules.actions import ACTION_ADAPTER, Action
from companion.rules.errors import RuleViolation
from companion.rules.game import Game
from companion.store.failures import not_saved
from companion.store.files import fsync_dir, write_all
from companion.store.limits import MAX_IMPORT_BYTES, JsonRefused, check_import_value, loads
from companion.store.reading import read_bounded
from companion.store.schema import JsonObject

SUFFIX = ".log"
MAX_LOG_BYTES = MAX_IMPORT_BYTES
"""The most of a log read (20 MB, as an import): a log is folded into its record every 64 changes and at every
start, so a real one holds a few kilobytes; of a larger file the whole lines within its first 20 MB are kept and the
file is set aside."""


class Recorded(Protocol):
    """A record kept with its history (a game, a campaign): its id, and its stamp, which names its version."""

    @property
    def id(self) -> str: ...

    @property
    def updated(self) -> datetime: ...


R = TypeVar("R", bound=Recorded)
A = TypeVar("A")


def append(path: Path, line: JsonObject, end: int) -> None:
    """Append ``line`` to the log at ``path`` and fsync it: on return it survives a killed process and, the disk
    willing, a power cut. The log is cut back to ``end`` first (where its last saved line ends, :func:`end_of`:
    a failed append may have left bytes after it), and cut back again if this append fails, so a line that was
    not saved is never replayed and the next one follows the last saved; :class:`~companion.store.errors.NotSaved`
    says what went wrong."""
    data = json.dumps(line, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
    made = not path.exists()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as e:
        raise not_saved(e) from e
    written = False
    try:
        if os.fstat(fd).st_size > end:
            os.ftruncate(fd, end)
        write_all(fd, data)
        written = True
        os.fsync(fd)
    except OSError as e:
        cut = _cut(fd, end)  # a part of the line, or all of it whose fsync failed
        raise not_saved(e, maybe=written and not cut) from e
    finally:
        with contextlib.suppress(OSError):  # the line is fsynced (or reported not saved) by now
            os.close(fd)
    if made:
        fsync_dir(path.parent)


def _cut(fd: int, end: int) -> bool:
    # Takes a line back after its write or fsync failed; False: it could not be (on the disk, maybe). Once cut, no
    # read sees the line; the cut's own fsync is for a power cut, which the line never survived either.
    try:
        os.ftruncate(fd, end)
    except OSError:
        return False
    with contextlib.suppress(OSError):
        os.fsync(fd)
    return True


def cut_to(path: Path, end: int) -> None:
    """Cut the log at ``path`` back to ``end`` (where its last saved line ends) if a failed append left more, so a
    fold never takes in a line reported not saved; ``NotSaved`` if it can't be."""
    try:
        fd = os.open(path, os.O_WRONLY)
    except FileNotFoundError:
        return
    except OSError as e:
        raise not_saved(e) from e
    try:
        if os.fstat(fd).st_size > end and not _cut(fd, end):
            raise not_saved(OSError(errno.EIO, "the log could not be cut back"))
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)


def end_of(path: Path) -> int:
    """Where the last whole line of the log at ``path`` ends (0: no log, or no whole line): a crash may have left
    part of a line after it."""
    try:
        with path.open("rb") as f:
            size = f.seek(0, os.SEEK_END)
            while size:
                f.seek(max(0, size - 4096))
                block = f.read(size - max(0, size - 4096))
                if b"\n" in block:
                    return size - len(block) + block.rindex(b"\n") + 1
                size -= len(block)
    except FileNotFoundError:
        pass
    return 0


@dataclass
class Lines:
    """The lines of a log that can be replayed, and why the log ends before its last line (``None``: it does not,
    or only a torn last line, never shown, was left out)."""

    lines: list[JsonObject]
    problem: str | None = None


def read(path: Path) -> Lines:
    """The lines of the log at ``path`` (``FileNotFoundError`` if there is none; an entry that is no regular file,
    or can't be read, holds none, and says why)."""
    try:
        raw = read_bounded(path, MAX_LOG_BYTES)
    except FileNotFoundError:
        raise
    except OSError as e:
        return Lines([], t("cannot be read ({reason})", reason=e.strerror or str(e)))
    lines: list[JsonObject] = []
    chunks = raw[:MAX_LOG_BYTES].split(b"\n")[:-1]  # after the last newline: a torn line, or nothing
    for number, chunk in enumerate(chunks, start=1):
        try:
            line = loads(chunk)
        except (UnicodeDecodeError, json.JSONDecodeError, JsonRefused) as e:
            return Lines(lines, t("change {n} of the log: {error}", n=number, error=str(e)[:200]))
        bad = check_import_value(line) if isinstance(line, dict) else ("", t("not a change"))
        if bad is not None:
            return Lines(lines, t("change {n} of the log: {error}", n=number, error=f"{bad[0]} {bad[1]}".strip()))
        lines.append(line)
    if len(raw) > MAX_LOG_BYTES:  # the lines that fit are kept, the rest set aside with the file
        return Lines(lines, t("a log of more than {n} MB", n=MAX_LOG_BYTES // 2**20))
    return Lines(lines)


@dataclass
class Replay(Generic[R]):
    """What replaying a log onto a record gave: the record (a game, a campaign), how many lines it applied, and why
    it stopped early (``problem``: the rest of the log did not follow from the record, or broke a rule)."""

    value: R
    applied: int = 0
    problem: str | None = None
    skipped: list[JsonObject] = field(default_factory=list)


class Changes(Generic[R, A]):
    """How one kind of record (a game, a campaign: each kept with its own history, so Undo survives a restart) is
    changed, and how the lines of its log name each change: an action made by a seat (``apply``), an undo, a redo,
    each with the record's stamp before it (``base``). Each kind says how it makes, undoes and redoes a change
    (``at``: the stamp a replayed change had) and how its lines hold an action; the rest is the same for both."""

    folder = ""  # where the store keeps this kind's records and logs

    def made(self, value: R, action: A, by: int | None, at: datetime | None = None) -> R:
        raise NotImplementedError

    def undone(self, value: R, at: datetime | None = None) -> R:
        raise NotImplementedError

    def redone(self, value: R, at: datetime | None = None) -> R:
        raise NotImplementedError

    def can_undo(self, value: R) -> bool:
        raise NotImplementedError

    def can_redo(self, value: R) -> bool:
        raise NotImplementedError

    def action_data(self, action: A) -> Any:
        """``action`` as a line holds it."""
        raise NotImplementedError

    def action(self, data: Any) -> A:
        """The action a line holds; ``ValueError`` if it is none."""
        raise NotImplementedError

    def not_following(self) -> str:
        """Why a log is not replayed onto a record it does not follow from."""
        raise NotImplementedError

    def not_stored(self) -> str:
        """Why a log is not replayed at all: it has no record."""
        raise NotImplementedError

    def set_aside(self, record_id: str, reason: str, moved: str) -> str:
        """The recovery note of a log that could not be replayed for ``reason`` and was ``moved`` aside."""
        raise NotImplementedError

    def applied(self, before: R, action: A, by: int | None) -> JsonObject:
        """The line of ``action``, made by seat ``by`` (``None``: the table's) on ``before``."""
        return {"op": "apply", "action": self.action_data(action), "by": by, "base": before.updated.isoformat()}

    def undo_line(self, before: R) -> JsonObject:
        """The line of an undo of ``before``'s last change."""
        return {"op": "undo", "base": before.updated.isoformat()}

    def redo_line(self, before: R) -> JsonObject:
        """The line of a redo of ``before``'s last undone change."""
        return {"op": "redo", "base": before.updated.isoformat()}

    def changed(self, value: R, line: JsonObject) -> R:
        """``value`` after the change ``line`` names, stamped as it was when it was made."""
        op, at = line["op"], stamp(line["updated"])
        if op == "apply":
            by = line.get("by")
            if by is not None and type(by) is not int:
                raise ValueError(t("a seat that is not a number: {by}", by=repr(by)[:20]))
            return self.made(value, self.action(line["action"]), by, at)
        if op == "undo":
            return self.undone(value, at)
        if op == "redo":
            return self.redone(value, at)
        raise ValueError(repr(op)[:40])

    def replay(self, record: R, lines: list[JsonObject]) -> Replay[R]:
        """``record`` with the lines of its log that came after it applied, each stamped with the ``updated`` it
        had."""
        start = start_of(record.updated, lines)
        if start is None:
            return Replay(record, problem=self.not_following(), skipped=lines)
        result = Replay(record)
        for number, line in enumerate(lines[start:], start=start + 1):
            try:
                if stamp(line["base"]) != result.value.updated:
                    raise ValueError(self.not_following())
                result.value = self.changed(result.value, line)
            except (KeyError, TypeError, ValueError, RuleViolation) as e:  # pydantic's ValidationError: ValueError
                result.problem = t("change {n} of the log: {error}", n=number, error=str(e)[:300])
                result.skipped = lines[number - 1:]
                return result
            result.applied += 1
        return result


class GameChanges(Changes[Game, Action]):
    """A game's changes: its record is its setup and the log of its actions (undo and redo replay it)."""

    folder = "games"

    def made(self, value: Game, action: Action, by: int | None, at: datetime | None = None) -> Game:
        return _at(value.apply(action, by), at)

    def undone(self, value: Game, at: datetime | None = None) -> Game:
        return _at(value.undo(), at)

    def redone(self, value: Game, at: datetime | None = None) -> Game:
        return _at(value.redo(), at)

    def can_undo(self, value: Game) -> bool:
        return value.can_undo()

    def can_redo(self, value: Game) -> bool:
        return value.can_redo()

    def action_data(self, action: Action) -> Any:
        return ACTION_ADAPTER.dump_python(action, mode="json")

    def action(self, data: Any) -> Action:
        return ACTION_ADAPTER.validate_python(data)

    def not_following(self) -> str:
        return t("the saved changes do not follow from the saved game")

    def not_stored(self) -> str:
        return t("its game is not stored")

    def set_aside(self, record_id: str, reason: str, moved: str) -> str:
        return t("The moves saved since game {id} was last written could not be replayed ({reason}); they were "
                 "moved to {moved}.", id=record_id, reason=reason, moved=moved)


GAME = GameChanges()


def _at(game: Game, at: datetime | None) -> Game:
    return game if at is None else game.model_copy(update={"updated": at})


def start_of(updated: datetime, lines: list[JsonObject]) -> int | None:
    """Where replaying ``lines`` onto the record stamped ``updated`` starts: the record is the one the log starts
    from, or the one a line made (a compaction that did not get to remove the log: a log the record holds whole is
    not replayed at all); ``None``: another version."""
    if not lines or stamp_of(lines[0], "base") == updated:
        return 0
    if stamp_of(lines[-1], "updated") == updated:
        return len(lines)
    return next((n for n, line in enumerate(lines, start=1) if stamp_of(line, "updated") == updated), None)


def stamp(value: Any) -> datetime:
    """A line's ``base`` or ``updated`` stamp; ``ValueError`` if it is not one."""
    return datetime.fromisoformat(str(value))


def stamp_of(line: JsonObject, key: str) -> datetime | None:
    """``line``'s stamp ``key`` (``base``, ``updated``); ``None`` when it has none that reads as one."""
    try:
        return stamp(line[key])
    except (KeyError, TypeError, ValueError):
        return None
