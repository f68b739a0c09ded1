"""Drafts (a form being filled in: a scorer's table, a catch being made, New game's form) each in a small file of
its own, ``drafts/<key>.json``: a tap on a form writes its own draft alone, not every setting and every other
table's draft (issue 47 item 4). A draft file is written as every store file is (:func:`~.files.atomic_write`, an
envelope read back by :func:`~.files.read_envelope`); it keeps no backups: it is a form, not a record.

Drafts used to be settings named ``<key>-draft``; :func:`split` takes them out of a settings table (an old
settings file opened, an old export imported).

>>> split({"theme": "dark", "scorer-draft": {"players": []}, "../up-draft": {}})
({'theme': 'dark'}, {'scorer': {'players': []}}, ['../up-draft'])
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from companion.i18n import t
from companion.store.errors import DamagedFile
from companion.store.files import atomic_write, encode, read_envelope
from companion.store.schema import envelope

FOLDER = "drafts"
SETTING_SUFFIX = "-draft"  # the setting a draft was kept as before it had a file
KIND = "draft"
_KEY = re.compile(r"[A-Za-z0-9_-]{1,200}\Z")  # a name a file may have on every platform


def usable(key: object) -> bool:
    """Whether ``key`` can name a draft's file."""
    return isinstance(key, str) and _KEY.match(key) is not None


def path_of(data_dir: Path, key: str) -> Path:
    """Where the draft ``key`` is kept; ``ValueError`` for a key no file may be named by."""
    if not usable(key):
        raise ValueError(f"no draft can be named {key[:60]!r}")
    return data_dir / FOLDER / f"{key}.json"


def read(path: Path) -> Any:
    """The draft kept at ``path``; ``DamagedFile`` when it can't be read (``FileNotFoundError``: none is)."""
    if not os.path.lexists(path):  # a link to nothing is read, and refused, as any odd entry is
        raise FileNotFoundError(path)
    tables = read_envelope(path, KIND)["tables"]
    try:
        return tables[KIND]["1"]["value"]
    except KeyError as e:
        raise DamagedFile(path, t("its \"tables\" are missing or not JSON objects")) from e


def write(path: Path, value: Any) -> None:
    """Keep ``value`` at ``path`` (atomically; ``NotSaved`` when the disk refuses it)."""
    atomic_write(path, encode(envelope(KIND, tables={KIND: {"1": {"value": value}}})))


def split(settings: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """``settings`` without the drafts kept as settings; those drafts, by key; the draft settings whose key can
    name no file (dropped: no screen could open them)."""
    kept: dict[str, Any] = {}
    drafts: dict[str, Any] = {}
    dropped: list[str] = []
    for name, value in settings.items():
        if not name.endswith(SETTING_SUFFIX):
            kept[name] = value
        elif usable(key := name.removesuffix(SETTING_SUFFIX)):
            drafts[key] = value
        else:
            dropped.append(name)
    return kept, drafts, dropped
