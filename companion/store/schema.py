"""The envelope every stored and exported file carries, its schema version, and the migrations between versions.

A file is ``{"app": APP, "schema": N, "kind": ..., "written_by": <app version>, ...}``. Reading a file older than
:data:`SCHEMA_VERSION` runs each migration step in turn; a newer or unknown version is refused, never guessed at.

>>> migrate({"app": APP, "schema": 1, "kind": "settings", "tables": {}})["schema"] == SCHEMA_VERSION
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion import __version__

APP = "deep-regrets-companion"
SCHEMA_VERSION = 2

JsonObject = dict[str, Any]
"""A JSON object as the store reads and writes it: envelopes, records, index entries."""


class SchemaError(ValueError):
    """The envelope is not one this app can read (``str`` says why)."""


def _v1_to_v2(envelope: JsonObject) -> JsonObject:
    # Schema 2 records which app version wrote a file, so a later version knows what it is reading.
    return {**envelope, "schema": 2, "written_by": envelope.get("written_by", "schema 1")}


# MIGRATIONS[n] turns a schema-n envelope into a schema-(n+1) one. Add the next step here with the version bump.
MIGRATIONS: dict[int, Callable[[JsonObject], JsonObject]] = {1: _v1_to_v2}


def envelope(kind: str, **body: object) -> JsonObject:
    """A current-version envelope of ``kind`` around ``body``."""
    return {"app": APP, "schema": SCHEMA_VERSION, "kind": kind, "written_by": __version__, **body}


def migrate(data: object, kinds: tuple[str, ...] | None = None) -> JsonObject:
    """Check the envelope of ``data`` and bring it up to :data:`SCHEMA_VERSION`; ``SchemaError`` if it can't be."""
    if not isinstance(data, dict):
        raise SchemaError(f"expected a JSON object, found {type(data).__name__}")
    if data.get("app") != APP:
        raise SchemaError("not a Deep Regrets Companion file (no \"app\": \"deep-regrets-companion\")")
    version = data.get("schema")
    if type(version) is not int or version < 1:
        raise SchemaError(f"unknown schema version {version!r}")
    if version > SCHEMA_VERSION:
        raise SchemaError(f"written by a newer version of the app (schema {version}; this one reads up to "
                          f"{SCHEMA_VERSION})")
    if kinds is not None and data.get("kind") not in kinds:
        raise SchemaError(f"expected a file of kind {' or '.join(kinds)}, found {data.get('kind')!r}")
    while data["schema"] < SCHEMA_VERSION:
        data = MIGRATIONS[data["schema"]](data)
    return data
