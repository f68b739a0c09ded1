"""The phone app's first Python (``main.py`` of the site's app archive): keep the compiled bytecode in IndexedDB.

Pyodide has no ``.pyc`` for the app and its wheels, so every start compiled Flet, pydantic and the companion from
source again. Before importing any of them this mounts a bytecode folder from IndexedDB (one per version of the
app archive, so a new version never reads an old one's bytecode) and points ``sys.pycache_prefix`` at it; a start
after the first imports what the one before compiled, and copies anything newly compiled to IndexedDB once the
app is up. It imports nothing heavy itself: Flet's own start (``flet_js.start_connection``) is wrapped so that the
folder is ready before Flet is imported.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger(__name__)
PYCACHE = "/home/pyodide/pycache"
# When to copy the bytecode to IndexedDB: just after the first screen, and once the other screens are likely opened.
SAVE_AFTER_S = (3.0, 30.0)
_tasks: set[asyncio.Task[None]] = set()  # held: the loop keeps only weak references to its tasks


def version() -> str:
    """A hash of the app's code as unpacked here (``companion`` in the working folder)."""
    digest = hashlib.sha256()
    for path in sorted(Path("companion").rglob("*.py")):
        digest.update(path.as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


async def use_bytecode_cache() -> None:
    """Mount :data:`PYCACHE` from IndexedDB and compile into it from now on; drop other versions' bytecode."""
    from companion.phone.storage import mount

    await mount(PYCACHE)
    mine = version()
    for other in os.listdir(PYCACHE):
        if other != mine:
            import shutil

            shutil.rmtree(os.path.join(PYCACHE, other), ignore_errors=True)
    sys.dont_write_bytecode = False
    sys.pycache_prefix = os.path.join(PYCACHE, mine)


async def _keep_bytecode() -> None:
    from companion.phone.storage import sync_folder

    for delay in SAVE_AFTER_S:
        await asyncio.sleep(delay)
        try:
            await sync_folder(PYCACHE, False)
        except Exception:
            log.exception("the compiled bytecode was not kept")


def start() -> None:
    """Run the app once the bytecode folder is ready (``main.py``)."""
    import flet_js  # type: ignore[import-not-found]

    async def start_connection(receive: object) -> None:
        try:
            await use_bytecode_cache()
        except Exception:  # the app starts without it, compiling as before
            log.exception("no bytecode cache")
        from companion.phone.app import run

        run()  # Flet's connection replaces flet_js.start_connection with its own
        await flet_js.start_connection(receive)
        _tasks.add(asyncio.get_running_loop().create_task(_keep_bytecode()))

    flet_js.start_connection = start_connection
