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
from companion.i18n import t

APP = "deep-regrets-companion"
SCHEMA_VERSION = 3

JsonObject = dict[str, Any]
"""A JSON object as the store reads and writes it: envelopes, records, index entries."""


class SchemaError(ValueError):
    """The envelope is not one this app can read (``str`` says why)."""


def _v1_to_v2(envelope: JsonObject) -> JsonObject:
    # Schema 2 records which app version wrote a file, so a later version knows what it is reading.
    return {**envelope, "schema": 2, "written_by": envelope.get("written_by", "schema 1")}


def _slot_number(slot: object) -> object:
    # A schema-2 slot index (0-2) as the printed slot number (1-3); "cloche" and anything malformed stay as they
    # are, for the game's own validation to refuse.
    return slot + 1 if type(slot) is int else slot


def _numbered_slots(action: object) -> object:
    """One logged action with its mount slots numbered 1–3 as printed (schema 2 counted them 0–2)."""
    if not isinstance(action, dict):
        return action
    kind = action.get("type")
    if kind == "mount":
        also = action.get("also")
        action = {**action, "slot": _slot_number(action.get("slot"))}
        if isinstance(also, list):
            action["also"] = [{**m, "slot": _slot_number(m.get("slot"))} if isinstance(m, dict) and "slot" in m
                              else m for m in also]
    elif kind in ("declare", "abandon_ship") and "overmind_slot" in action:
        action = {**action, "overmind_slot": _slot_number(action["overmind_slot"])}
    elif kind == "fish" and isinstance(action.get("swap_for"), dict) and "slot" in action["swap_for"]:
        action = {**action, "swap_for": {**action["swap_for"], "slot": _slot_number(action["swap_for"]["slot"])}}
    return action


# Schema 2 stored the anglers' colours under people's names; schema 3 stores the colour itself.
_NAMED_COLOURS = {"Alba": "amber", "Hugo": "green", "Isla": "cyan", "Bert": "pink", "Fred": "purple"}


def _colour(player: object) -> object:
    if isinstance(player, dict) and player.get("colour") in _NAMED_COLOURS:
        return {**player, "colour": _NAMED_COLOURS[player["colour"]]}
    return player


def _game_v3(game: object) -> object:
    """One game record in schema 3: slots numbered as printed in its log and redo, its colours named as colours."""
    if not isinstance(game, dict):
        return game
    game = {**game, **{key: [_numbered_slots(a) for a in game[key]] for key in ("log", "redo")
                       if isinstance(game.get(key), list)}}
    setup = game.get("setup")
    if isinstance(setup, dict) and isinstance(setup.get("players"), list):
        game["setup"] = {**setup, "players": [_colour(p) for p in setup["players"]]}
    return game


def _v2_to_v3(envelope: JsonObject) -> JsonObject:
    # Schema 3 numbers mount slots 1-3 as printed on the angler board, in every logged and undone action of a game
    # (docs/rules.md §1), and stores each angler's colour as a colour, not a person's name; games live in game
    # files and in exports.
    envelope = {**envelope, "schema": 3}
    tables = envelope.get("tables")
    if envelope.get("kind") == "game" and isinstance(tables, dict) and isinstance(tables.get("game"), dict):
        envelope["tables"] = {**tables, "game": {k: _game_v3(g) for k, g in tables["game"].items()}}
    if envelope.get("kind") == "export" and isinstance(envelope.get("games"), list):
        envelope["games"] = [_game_v3(g) for g in envelope["games"]]
    return envelope


# MIGRATIONS[n] turns a schema-n envelope into a schema-(n+1) one. Add the next step here with the version bump.
MIGRATIONS: dict[int, Callable[[JsonObject], JsonObject]] = {1: _v1_to_v2, 2: _v2_to_v3}


def envelope(kind: str, **body: object) -> JsonObject:
    """A current-version envelope of ``kind`` around ``body``."""
    return {"app": APP, "schema": SCHEMA_VERSION, "kind": kind, "written_by": __version__, **body}


def migrate(data: object, kinds: tuple[str, ...] | None = None) -> JsonObject:
    """Check the envelope of ``data`` and bring it up to :data:`SCHEMA_VERSION`; ``SchemaError`` if it can't be."""
    if not isinstance(data, dict):
        raise SchemaError(t("expected a JSON object, found {found}", found=type(data).__name__))
    if data.get("app") != APP:
        raise SchemaError(t("not a Deep Regrets Companion file (no \"app\": \"deep-regrets-companion\")"))
    version = data.get("schema")
    if type(version) is not int or version < 1:
        raise SchemaError(t("unknown schema version {version}", version=repr(version)))
    if version > SCHEMA_VERSION:
        raise SchemaError(t("written by a newer version of the app (schema {version}; this one reads up to "
                            "{current})", version=version, current=SCHEMA_VERSION))
    if kinds is not None and data.get("kind") not in kinds:
        raise SchemaError(t("expected a file of kind {kinds}, found {found}", kinds=" or ".join(kinds),
                            found=repr(data.get("kind"))))
    while data["schema"] < SCHEMA_VERSION:
        data = MIGRATIONS[data["schema"]](data)
    return data
