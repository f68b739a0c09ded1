"""Issue 45 item 5: the store reads only regular files, and only so much of one. An entry of the wrong kind where
the store keeps a file (a folder, a named pipe, a link to /dev/zero, out of the folder, to nothing or in a loop), or
where it keeps a folder (``backups`` a file or a link in a loop), is set aside with a note, never read, never
waited on: the store opens, and every other record is there."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.store import Store, open_store
from tests.store.test_any_damaged_file import FILES, GAME, _everything_else_is_there, template

__all__ = ["template"]  # the data folder these tests spoil, one of each kind of file in it

OPEN_WITHIN = 60.0  # seconds: a named pipe opened for reading waits for a writer forever


def _folder(entry: Path, _original: Path) -> None:
    entry.mkdir()
    (entry / "inside.json").write_text("{}")


def _pipe(entry: Path, _original: Path) -> None:
    os.mkfifo(entry)


def _zero(entry: Path, _original: Path) -> None:
    entry.symlink_to("/dev/zero")


def _outside(entry: Path, original: Path) -> None:
    entry.symlink_to(original)  # out of the folder, to the good file itself: still never followed


def _loop(entry: Path, _original: Path) -> None:
    entry.symlink_to(entry.name)


def _nothing(entry: Path, _original: Path) -> None:
    entry.symlink_to(entry.parent / "gone")


KINDS: dict[str, Callable[[Path, Path], None]] = {"folder": _folder, "pipe": _pipe, "dev-zero": _zero,
                                                  "outside": _outside, "loop": _loop, "nothing": _nothing}


def _opened(folder: Path) -> Store:
    """The store of ``folder``, opened in a thread: a test that would wait forever fails instead."""
    found: list[Store | BaseException] = []

    def run() -> None:
        try:
            found.append(open_store(folder))
        except BaseException as e:  # reported by the test, in its own thread
            found.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(OPEN_WITHIN)
    assert found, f"the store did not open within {OPEN_WITHIN} s"
    if isinstance(found[0], BaseException):
        raise found[0]
    return found[0]


def _spoiled(template: Path, tmp_path: Path, name: str, kind: str) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(template, folder)
    entry, original = folder / name, tmp_path / "outside" / name
    original.parent.mkdir(parents=True)
    entry.rename(original)
    KINDS[kind](entry, original)
    return folder


def _plain(entry: Path) -> bool:
    return entry.is_file() and not entry.is_symlink()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", FILES)
def test_an_odd_entry_is_set_aside_and_the_rest_opens(template: Path, tmp_path: Path, name: str, kind: str) -> None:
    folder = _spoiled(template, tmp_path, name, kind)
    store = _opened(folder)
    entry = folder / name
    if name.startswith("backups/"):  # read when listed or restored: listed as a backup that can't be read
        odd = [v for g in store.backup_groups() for v in g.versions if not _plain(v.path)]
        assert not any(v.restorable for v in odd), (name, kind)
    else:
        if name == "index/play-changes.json":  # read when a change is undone or made
            assert store.undo_play_change() is None
        assert not os.path.lexists(entry) or _plain(entry), (name, kind, store.recovery_notes)
        assert store.recovery_notes, (name, kind)  # what was set aside, and where it went
    _everything_else_is_there(folder, FILES[name])


@pytest.mark.parametrize("kind", ["file", "loop", "nothing"])
@pytest.mark.parametrize("name", ["backups", "backups/games", "games", "index"])
def test_a_folder_that_is_no_folder_is_set_aside_while_a_log_waits(template: Path, tmp_path: Path, name: str,
                                                                   kind: str) -> None:
    folder = tmp_path / "data"
    shutil.copytree(template, folder)
    kept = tmp_path / "kept"
    (folder / name).rename(kept)  # games/ and index/ lose their files: index/ is rebuilt, games/ come back below
    {"file": lambda p: p.write_text("not a folder"), "loop": lambda p: p.symlink_to(p.name),
     "nothing": lambda p: p.symlink_to(tmp_path / "gone")}[kind](folder / name)
    if name == "games":  # the game files, then the folder a file: the waiting log still folds in on the next start
        store = _opened(folder)
        assert any("games" in note for note in store.recovery_notes)
        shutil.rmtree(folder / "games")
        kept.rename(folder / "games")
    store = _opened(folder)
    assert (folder / name).is_dir() or not os.path.lexists(folder / name)
    assert not (folder / "games" / f"{GAME}.log").exists()  # the waiting log was folded into its game
    _everything_else_is_there(folder, None)



@pytest.mark.parametrize("kind", ["outside", "folder", "nothing", "loop"])
def test_the_stores_own_lock_file_is_never_opened_through_a_link(tmp_path: Path, kind: str) -> None:
    """The store's lock file is opened with O_TRUNC: through a link it emptied the file the link named."""
    folder, precious = tmp_path / "data", tmp_path / "precious.txt"
    folder.mkdir()
    precious.write_text("a file of the user's")
    KINDS[kind](folder / ".lock", precious)
    store = _opened(folder)
    store.set_setting("theme", "dark")
    assert precious.read_text() == "a file of the user's"
    assert (folder / ".lock").is_file() and not (folder / ".lock").is_symlink()
    assert any(".lock" in note for note in store.recovery_notes)
    assert open_store(folder).get_setting("theme") == "dark"
