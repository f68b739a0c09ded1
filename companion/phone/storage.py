"""The phone app's store in the browser: its folder is Emscripten's IDBFS, a file system in memory copied to and
from IndexedDB, which survives a reload, a closed browser and a phone that restarts.

IDBFS copies only when told: :func:`mount` loads the folder from IndexedDB before the store opens, and the store
the app is given (:class:`SyncedStore`) asks its :class:`Syncer` for a copy to IndexedDB after every call that
writes (a save, a delete, an import, a restore), and the app asks again when it is hidden. A copy already under way
when another is asked for is followed by one more, so the newest files always reach IndexedDB.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)
# The store's methods that change files: each is followed by a copy to IndexedDB.
WRITES = ("save_", "delete_", "set_", "import_", "restore_", "undo_", "compact_")


class Syncer:
    """Runs ``sync`` (a copy to IndexedDB) after each :meth:`request`, one at a time, coalescing requests made
    while one runs into one more run; a failure goes to ``on_failure`` (the screen's notice)."""

    def __init__(self, sync: Callable[[], Awaitable[None]]) -> None:
        self._sync = sync
        self._task: asyncio.Task[None] | None = None
        self._again = False
        self.on_failure: Callable[[str], None] | None = None
        self.runs = 0

    def request(self) -> None:
        """Copy to IndexedDB soon (at once when no copy runs, else right after the one running)."""
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.get_event_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            self._again = False
            self.runs += 1
            try:
                await self._sync()
            except Exception as problem:
                log.exception("could not copy the data to IndexedDB")
                if self.on_failure is not None:
                    self.on_failure(str(problem))
            if not self._again:
                return

    async def flush(self) -> None:
        """Copy everything to IndexedDB now and wait until it is there (the app is being hidden)."""
        self.request()
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)


class SyncedStore:
    """A store whose every writing call (:data:`WRITES`) is followed by a copy to IndexedDB; reads pass through."""

    def __init__(self, store: Any, syncer: Syncer) -> None:
        self._store = store
        self._syncer = syncer

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if not (callable(found) and name.startswith(WRITES)):
            return found

        def written(*args: Any, **kwargs: Any) -> Any:
            try:
                return found(*args, **kwargs)
            finally:  # a failed write may have moved files too (a damaged one set aside)
                self._syncer.request()

        return written


async def sync_folder(folder: str, populate: bool) -> None:
    """Emscripten's IDBFS sync of the folder mounted at ``folder`` alone: ``populate`` loads it from IndexedDB,
    else writes it there (``FS.syncfs`` would walk every mounted folder)."""
    import pyodide_js  # type: ignore[import-not-found]
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def finished(error: Any = None) -> None:
        if done.done():
            return
        if error:
            done.set_exception(OSError(str(error)))
        else:
            done.set_result(None)

    mount = pyodide_js.FS.lookupPath(folder).node.mount
    pyodide_js.FS.filesystems.IDBFS.syncfs(mount, populate, create_once_callable(finished))
    await done


async def mount(folder: str) -> None:
    """Mount IDBFS at ``folder`` and load what IndexedDB holds of it."""
    import pyodide_js

    pyodide_js.FS.mkdirTree(folder)
    pyodide_js.FS.mount(pyodide_js.FS.filesystems.IDBFS, {}, folder)
    await sync_folder(folder, True)


async def persisted() -> bool | None:
    """Whether the browser keeps this site's storage for good (the page asked, ``navigator.storage.persist()``);
    ``None`` when the browser can't say."""
    try:
        from js import navigator  # type: ignore[import-not-found]

        return bool(await navigator.storage.persisted())
    except Exception:
        return None
