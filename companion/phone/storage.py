"""The phone app's store in the browser: its folder is Emscripten's IDBFS, a file system in memory copied to and
from IndexedDB, which survives a reload, a closed browser and a phone that restarts.

IDBFS copies only when told: :func:`mount` loads the folder from IndexedDB before the store opens, and the store's
write hook (``Store.on_write``, called after every write: a save, a delete, an import, a restore, a repair) asks
the :class:`Syncer` for a copy to IndexedDB (:func:`keep_in_indexeddb`), and the app asks again when it is hidden.
A copy already under way when another is asked for is followed by one more, so the newest files always reach
IndexedDB.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from companion.store import Store

log = logging.getLogger(__name__)
# How long after a save its copy to IndexedDB starts: the tap's own patch goes to the screen first.
START_AFTER_S = 0.05


class Syncer:
    """Runs ``sync`` (a copy to IndexedDB) after each :meth:`request`, one at a time, coalescing requests made
    while one runs into one more run; a failure goes to ``on_failure`` (the screen's notice).

    A copy starts :data:`START_AFTER_S` after the request, so the tap that saved is drawn first (the copy's walk of
    the folder would otherwise run ahead of the tap's patch, on the same thread). :attr:`kept` says whether
    IndexedDB holds every change made so far, :attr:`failed` whether the last copy failed (a full quota: the changes
    since the last good copy are in this page's memory alone, and the next change tries again); the listeners
    (:meth:`subscribe`) hear each time either flips: the app says "Saved" only once a copy is done."""

    def __init__(self, sync: Callable[[], Awaitable[None]]) -> None:
        self._sync = sync
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._again = False
        self._listeners: list[Callable[[], None]] = []
        self.kept = True
        self.failed = False
        self.on_failure: Callable[[str], None] | None = None
        self.runs = 0

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` whenever :attr:`kept` or :attr:`failed` flips; returns the function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _set_kept(self, kept: bool, failed: bool | None = None) -> None:
        failed = self.failed if failed is None else failed  # a copy asked for is not yet a copy that worked
        if (kept, failed) != (self.kept, self.failed):
            self.kept, self.failed = kept, failed
            for listener in list(self._listeners):
                listener()

    def request(self) -> None:
        """Copy to IndexedDB soon (:data:`START_AFTER_S` from now, or right after the copy running)."""
        self._set_kept(False)
        if self._running():
            self._again = True
        elif self._timer is None:
            self._timer = asyncio.get_event_loop().call_later(START_AFTER_S, self._start)

    def _running(self) -> bool:
        return self._task is not None and not self._task.done()

    def _start(self) -> None:
        self._timer = None
        if self._running():
            self._again = True
        else:
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
                failed = True
            else:
                failed = False
            if not self._again:
                self._set_kept(not failed, failed)
                return

    async def flush(self) -> None:
        """Copy everything to IndexedDB now and wait until it is there (the app is being hidden)."""
        if self._timer is not None:
            self._timer.cancel()
        self._set_kept(False)
        self._start()
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)


def keep_in_indexeddb(store: Store, syncer: Syncer) -> Store:
    """``store``, each of whose writes is followed by a copy to IndexedDB (through ``syncer``)."""
    store.on_write = syncer.request
    return store


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


def forget(folder: str) -> None:
    """Delete what IndexedDB holds of ``folder`` (IDBFS keeps each mounted folder in a database named by its path)."""
    try:
        from js import indexedDB  # type: ignore[import-not-found]

        indexedDB.deleteDatabase(folder)
    except Exception:  # nothing lost: the folder's data stays where it was
        log.exception("IndexedDB kept %s", folder)


async def persisted() -> bool | None:
    """Whether the browser keeps this site's storage for good (the page asked, ``navigator.storage.persist()``);
    ``None`` when the browser can't say."""
    try:
        from js import navigator

        return bool(await navigator.storage.persisted())
    except Exception:
        return None
