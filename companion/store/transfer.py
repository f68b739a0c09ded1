"""Export documents, and the full validation an import passes before anything is written.

An export is one envelope of kind ``"export"`` holding ``games``, ``campaigns``, ``plays`` (the history) and
(for "everything") ``settings``. :func:`check_import` checks all of it (the envelope, every field through the
owners' models, a replay of every game's log, duplicate ids); only then does :func:`plan_import` say what to write.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion.history.summary import validate_play
from companion.i18n import t, tn
from companion.problems import json_problem
from companion.store import records
from companion.store.errors import ImportRefused
from companion.store.limits import (
    MAX_IMPORT_BYTES,
    MAX_SETTING_BYTES,
    MAX_SETTING_KEY,
    MAX_SETTINGS,
    JsonRefused,
    check_import_value,
    loads,
)
from companion.store.schema import JsonObject, SchemaError, envelope, migrate

EXPORT_KIND = "export"
_FIELDS = {"app", "schema", "kind", "written_by", "exported", "games", "campaigns", "plays", "settings"}


@dataclass
class ImportReport:
    """What an import did: ids added, already present (identical), and kept beside a different one (old → new)."""

    games_added: list[str] = field(default_factory=list)
    games_unchanged: list[str] = field(default_factory=list)
    games_renamed: dict[str, str] = field(default_factory=dict)
    campaigns_added: list[str] = field(default_factory=list)
    campaigns_unchanged: list[str] = field(default_factory=list)
    campaigns_renamed: dict[str, str] = field(default_factory=dict)
    plays_added: list[str] = field(default_factory=list)
    plays_unchanged: list[str] = field(default_factory=list)
    plays_renamed: dict[str, str] = field(default_factory=dict)
    replaced: list[str] = field(default_factory=list)  # ids whose stored record the import replaced, when asked to
    settings: int = 0

    def message(self) -> str:
        """One line for the screen."""
        text = t("Imported {games} and {campaigns}.",
                 games=games_count(len(self.games_added) + len(self.games_renamed)),
                 campaigns=campaigns_count(len(self.campaigns_added) + len(self.campaigns_renamed)))
        plays = len(self.plays_added) + len(self.plays_renamed)
        if plays:
            text += " " + tn("{n} play added to the history.", "{n} plays added to the history.", plays)
        same = len(self.games_unchanged) + len(self.campaigns_unchanged) + len(self.plays_unchanged)
        if same:
            text += " " + tn("{n} was already here, unchanged.", "{n} were already here, unchanged.", same)
        renamed = len(self.games_renamed) + len(self.campaigns_renamed) + len(self.plays_renamed)
        if renamed:
            text += " " + tn("{n} differed from one stored under the same id and was kept beside it as a copy.",
                             "{n} differed from one stored under the same id and were kept beside it as a copy.",
                             renamed)
        if self.replaced:
            text += " " + tn("{n} replaced the one stored under the same id (its earlier version is among the "
                             "backups).", "{n} replaced the ones stored under the same ids (their earlier versions "
                             "are among the backups).", len(self.replaced))
        return text

    @property
    def clashes(self) -> int:
        """Records that differ from one stored under the same id (kept beside it, or replacing it)."""
        return len(self.games_renamed) + len(self.campaigns_renamed) + len(self.plays_renamed) + len(self.replaced)


@dataclass
class ImportPlan:
    games: list[JsonObject]
    campaigns: list[JsonObject]
    plays: list[JsonObject]
    settings: dict[str, Any]
    report: ImportReport


def games_count(n: int) -> str:
    """"1 game", "2 games", as a part of a sentence.

    >>> games_count(1), games_count(0)
    ('1 game', '0 games')
    """
    return tn("{n} game", "{n} games", n)


def campaigns_count(n: int) -> str:
    """"1 campaign", "2 campaigns", as a part of a sentence."""
    return tn("{n} campaign", "{n} campaigns", n)


def export_document(games: list[JsonObject] | None = None, campaigns: list[JsonObject] | None = None,
                    settings: dict[str, Any] | None = None, plays: list[JsonObject] | None = None) -> JsonObject:
    """An export envelope; ``plays`` when exporting the history, ``settings`` only when exporting everything."""
    doc = envelope(EXPORT_KIND, exported=datetime.now(UTC).isoformat(timespec="seconds"), games=games or [],
                   campaigns=campaigns or [])
    if plays is not None:
        doc["plays"] = plays
    if settings is not None:
        doc["settings"] = settings
    return doc


def parse(data: JsonObject | str | bytes) -> Any:
    """The JSON value of a pasted or picked file, within the bounds of :mod:`companion.store.limits` (its size
    checked before it is read, its nesting before it is parsed, then every number and text); ``ImportRefused``
    naming the field if it isn't JSON or is out of bounds. The host and the phone app both import through here."""
    if isinstance(data, dict):
        value: Any = data
    else:
        raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
        if not isinstance(raw, bytes | bytearray):
            raise ImportRefused("", t("the file is not valid JSON ({reason})", reason=type(data).__name__))
        if len(raw) > MAX_IMPORT_BYTES:
            raise ImportRefused("", t("the file is {size} MB; an import takes at most {max} MB",
                                      size=f"{len(raw) / 2**20:.1f}", max=MAX_IMPORT_BYTES // 2**20))
        try:
            value = loads(bytes(raw), mark=True)
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            reason = json_problem(e) if isinstance(e, json.JSONDecodeError) else str(e)
            raise ImportRefused("", t("the file is not valid JSON ({reason})", reason=reason)) from e
        except JsonRefused as e:
            raise ImportRefused("", str(e)) from e
    found = check_import_value(value)
    if found is not None:
        raise ImportRefused(*found)
    return value


def _records(doc: JsonObject, key: str, validate: Callable[[object], Any]) -> list[JsonObject]:
    items = doc.get(key, [])
    if not isinstance(items, list):
        raise ImportRefused(key, t("expected a list, found {found}", found=type(items).__name__))
    out: list[JsonObject] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        where = f"{key}[{i}]"
        try:
            model = validate(item)
        except Exception as e:  # any failure of the owners' models refuses the file; nothing is written yet
            raise records.refusal(where, e) from e
        record = model.model_dump(mode="json")
        records.check_id(record["id"], f"{where}.id")
        if record["id"] in seen:
            raise ImportRefused(f"{where}.id", t("the id {id} appears twice in the file", id=record["id"]))
        seen.add(record["id"])
        out.append(record)
    return out


def _place(found: list[JsonObject], folder: str, existing: Callable[[str, str], JsonObject | None],
           added: list[str], unchanged: list[str], renamed: dict[str, str],
           replaced: list[str] | None = None) -> list[JsonObject]:
    """What to write of ``found``: a record new here, and one that differs from the stored one of its id, either
    kept beside it under a new id or, with ``replaced`` given, replacing it (the store keeps the old as a backup)."""
    to_write = []
    taken = {r["id"] for r in found}
    for record in found:
        here = existing(folder, record["id"])
        if here is None:
            added.append(record["id"])
            to_write.append(record)
        elif here == record:
            unchanged.append(record["id"])
        elif replaced is not None:
            replaced.append(record["id"])
            to_write.append(record)
        else:
            n = 2
            while (new_id := f"{record['id'][:90]}-{n}") in taken or existing(folder, new_id) is not None:
                n += 1
            taken.add(new_id)
            renamed[record["id"]] = new_id
            to_write.append({**record, "id": new_id})
    return to_write


@dataclass
class CheckedImport:
    """An export document that passed every check, its records in their canonical JSON form."""

    games: list[JsonObject]
    campaigns: list[JsonObject]
    settings: dict[str, Any]
    plays: list[JsonObject] = field(default_factory=list)


def check_import(data: JsonObject | str | bytes) -> CheckedImport:
    """Validate an export document in full (envelope, every record, a replay of every game); ``ImportRefused``."""
    try:
        doc = migrate(parse(data), (EXPORT_KIND,))
    except SchemaError as e:
        raise ImportRefused("", str(e)) from e
    for key in sorted(set(doc) - _FIELDS):
        raise ImportRefused(key, t("unknown field"))
    for key in ("exported", "written_by"):
        if key in doc and not isinstance(doc[key], str):
            raise ImportRefused(key, t("expected text"))
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        raise ImportRefused("settings", t("expected an object of settings"))
    _check_settings(settings)
    return CheckedImport(games=_records(doc, "games", records.validate_game),
                         campaigns=_records(doc, "campaigns", records.validate_campaign), settings=settings,
                         plays=_records(doc, "plays", validate_play))


def _check_settings(settings: dict[str, Any]) -> None:
    if len(settings) > MAX_SETTINGS:
        raise ImportRefused("settings", t("{n} settings; an import brings at most {max}", n=len(settings),
                                          max=MAX_SETTINGS))
    for key, value in settings.items():
        if len(key) > MAX_SETTING_KEY:
            raise ImportRefused("settings", t("a setting name of {n} characters (at most {max})", n=len(key),
                                              max=MAX_SETTING_KEY))
        size = len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
        if size > MAX_SETTING_BYTES:
            raise ImportRefused(f"settings.{key}", t("a setting of {size} KB (at most {max} KB)",
                                                     size=size // 1024, max=MAX_SETTING_BYTES // 1024))


def plan_import(checked: CheckedImport, existing: Callable[[str, str], JsonObject | None],
                replace: bool = False) -> ImportPlan:
    """What to write for a checked import; ``existing(folder, id)`` reads the store (a clash gets a new id, or
    with ``replace`` takes the stored record's place)."""
    report = ImportReport(settings=len(checked.settings))
    replaced = report.replaced if replace else None
    return ImportPlan(
        games=_place(checked.games, "games", existing, report.games_added, report.games_unchanged,
                     report.games_renamed, replaced),
        campaigns=_place(checked.campaigns, "campaigns", existing, report.campaigns_added,
                         report.campaigns_unchanged, report.campaigns_renamed, replaced),
        plays=_place(checked.plays, "plays", existing, report.plays_added, report.plays_unchanged,
                     report.plays_renamed, replaced),
        settings=checked.settings, report=report)
