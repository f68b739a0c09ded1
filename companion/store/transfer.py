"""Export documents, and the full validation an import passes before anything is written.

An export is one envelope of kind ``"export"`` holding ``games``, ``campaigns``, ``plays`` (the history) and
(for "everything") ``settings`` and ``phone``, the exporting phone's own language and Text size, which a restore
brings back to the phone that imports it. :func:`check_import` checks all of it (the envelope, every field through
the owners' models, a replay of every game's log, each campaign against the survey's rules, every name, duplicate
ids); only then does :func:`plan_import` say what to write. A record whose id is not of the form the app makes (a
file written elsewhere: ``CON``) is saved under a new one.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion.history.models import new_play_id
from companion.history.summary import validate_play
from companion.i18n import LANGUAGES, t, tn
from companion.problems import json_problem
from companion.rules.names import check_name
from companion.store import records
from companion.store.display import check_text_scale
from companion.store.errors import ImportRefused
from companion.store.limits import (
    MAX_IMPORT_BYTES,
    MAX_SETTING_BYTES,
    MAX_SETTING_KEY,
    MAX_SETTINGS,
    TOO_LARGE,
    JsonRefused,
    check_import_value,
    loads,
)
from companion.store.schema import JsonObject, SchemaError, envelope, migrate
from companion.survey.audit import campaign_fault
from companion.survey.models import Campaign

EXPORT_KIND = "export"
_FIELDS = {"app", "schema", "kind", "written_by", "exported", "games", "campaigns", "plays", "settings", "phone"}
# The ids the app makes (a uuid's hex for a game or campaign, "play-" and 16 hex digits for a play), with the
# "-2" a copy kept beside a clashing record gets; an imported record with another id is saved under a new one.
_OWN_IDS = {"games": re.compile(r"[0-9a-f]{32}(-[0-9]+)?"), "campaigns": re.compile(r"[0-9a-f]{32}(-[0-9]+)?"),
            "plays": re.compile(r"play-[0-9a-f]{16}(-[0-9]+)?")}


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
    renewed: dict[str, str] = field(default_factory=dict)  # "games/CON": ids of a form the app does not make → new
    settings: int = 0
    phone: dict[str, Any] = field(default_factory=dict)  # the exporting phone's language and Text size

    def message(self) -> str:
        """One line for the screen."""
        text = t("Imported {games} and {campaigns}.",
                 games=games_count(len(self.games_added) + len(self.games_renamed) + self._renewed("games")),
                 campaigns=campaigns_count(len(self.campaigns_added) + len(self.campaigns_renamed)
                                           + self._renewed("campaigns")))
        plays = len(self.plays_added) + len(self.plays_renamed) + self._renewed("plays")
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
        if self.renewed:
            text += " " + tn("{n} had an id of a form this app does not make and was saved under a new one.",
                             "{n} had ids of a form this app does not make and were saved under new ones.",
                             len(self.renewed))
        if self.replaced:
            text += " " + tn("{n} replaced the one stored under the same id (its earlier version is among the "
                             "backups).", "{n} replaced the ones stored under the same ids (their earlier versions "
                             "are among the backups).", len(self.replaced))
        return text

    def _renewed(self, folder: str) -> int:
        return sum(key.startswith(f"{folder}/") for key in self.renewed)

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
                    settings: dict[str, Any] | None = None, plays: list[JsonObject] | None = None,
                    phone: dict[str, Any] | None = None) -> JsonObject:
    """An export envelope; ``plays`` when exporting the history, ``settings`` and ``phone`` (the exporting phone's
    language and Text size) only when exporting everything."""
    doc = envelope(EXPORT_KIND, exported=datetime.now(UTC).isoformat(timespec="seconds"), games=games or [],
                   campaigns=campaigns or [])
    if plays is not None:
        doc["plays"] = plays
    if settings is not None:
        doc["settings"] = settings
    if phone:
        doc["phone"] = phone
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
            raise _too_large(len(raw))
        try:
            value = loads(bytes(raw), mark=True)
        except UnicodeDecodeError as e:  # Python's own words are English: say it in the phone's language
            raise ImportRefused("", t("the file is not text (UTF-8): byte {n} can't be read",
                                      n=e.start + 1)) from e
        except json.JSONDecodeError as e:
            raise ImportRefused("", t("the file is not valid JSON ({reason})", reason=json_problem(e))) from e
        except JsonRefused as e:
            raise ImportRefused("", str(e)) from e
    if isinstance(value, dict) and list(value) == [TOO_LARGE] and isinstance(value[TOO_LARGE], int):
        raise _too_large(value[TOO_LARGE])  # the browser left a file over the limit unread
    found = check_import_value(value)
    if found is not None:
        raise ImportRefused(*found)
    return value


def _too_large(size: int) -> ImportRefused:
    return ImportRefused("", t("the file is {size} MB; an import takes at most {max} MB", size=f"{size / 2**20:.1f}",
                               max=MAX_IMPORT_BYTES // 2**20))


def _records(doc: JsonObject, key: str, validate: Callable[[object], Any]) -> list[JsonObject]:
    """The records under ``key``, each through its owner's model, then the rules and names no model checks."""
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
        fault = campaign_fault(model) if isinstance(model, Campaign) else None
        if fault is not None:
            raise ImportRefused(f"{where}.{fault[0]}", fault[1])
        record = model.model_dump(mode="json")
        for path, name in _names(key, record):
            try:
                check_name(name)
            except ValueError as e:
                raise ImportRefused(f"{where}.{path}", str(e)) from e
        records.check_id(record["id"], f"{where}.id")
        if record["id"] in seen:
            raise ImportRefused(f"{where}.id", t("the id {id} appears twice in the file", id=record["id"]))
        seen.add(record["id"])
        out.append(record)
    return out


def _names(key: str, record: JsonObject) -> Iterator[tuple[str, str]]:
    """Every name a record holds, with its field path: the anglers of a game or play, a campaign and its team (and
    the campaign its steps start from, which an Undo may bring back)."""
    if key == "games":
        for i, player in enumerate(record["setup"]["players"]):
            yield f"setup.players[{i}].name", player["name"]
    elif key == "campaigns":
        for where, campaign in (("", record), ("steps.start.", record["steps"]["start"])):
            if campaign is not None:
                yield f"{where}name", campaign["name"]
                for i, member in enumerate(campaign["team"]):
                    yield f"{where}team[{i}].name", member["name"]
    else:
        for i, player in enumerate(record["players"]):
            yield f"players[{i}].name", player["name"]
        for e, edit in enumerate(record["edits"]):
            for i, change in enumerate(edit["scores"]):
                yield f"edits[{e}].scores[{i}].name", change["name"]


def _place(found: list[JsonObject], folder: str, existing: Callable[[str, str], JsonObject | None],
           report: ImportReport, added: list[str], unchanged: list[str], renamed: dict[str, str],
           replace: bool) -> tuple[list[JsonObject], dict[str, str]]:
    """What to write of ``found``, and the ids it moved (old → new): a record new here, and one that differs from
    the stored one of its id, either kept beside it under a new id or, with ``replace``, replacing it (the store
    keeps the old as a backup). A record new here whose id is of a form the app doesn't make gets a new one."""
    to_write, moved = [], {}
    taken = {r["id"] for r in found}
    for record in found:
        record_id = record["id"]
        here = existing(folder, record_id)
        own = _OWN_IDS[folder].fullmatch(record_id) is not None
        if here == record:
            unchanged.append(record_id)
            continue
        if here is not None and replace:
            report.replaced.append(record_id)
            to_write.append(record)
            continue
        if here is None and own:
            added.append(record_id)
            to_write.append(record)
            continue
        n = 2
        while (new_id := f"{record_id[:90]}-{n}" if own else _new_id(folder)) in taken or \
                existing(folder, new_id) is not None:
            n += 1
        taken.add(new_id)
        if here is None:
            report.renewed[f"{folder}/{record_id}"] = new_id
        else:
            renamed[record_id] = new_id
        moved[record_id] = new_id
        to_write.append({**record, "id": new_id})
    return to_write, moved


def _new_id(folder: str) -> str:
    """A fresh id of the form the app makes for a record of ``folder``."""
    return new_play_id() if folder == "plays" else uuid.uuid4().hex


@dataclass
class CheckedImport:
    """An export document that passed every check, its records in their canonical JSON form."""

    games: list[JsonObject]
    campaigns: list[JsonObject]
    settings: dict[str, Any]
    plays: list[JsonObject] = field(default_factory=list)
    phone: dict[str, Any] = field(default_factory=dict)


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
                         plays=_records(doc, "plays", validate_play), phone=_check_phone(doc.get("phone", {})))


def _check_phone(phone: object) -> dict[str, Any]:
    """The exporting phone's own choices, each checked as the Settings screen checks it."""
    if not isinstance(phone, dict):
        raise ImportRefused("phone", t("expected an object of settings"))
    for key in sorted(set(phone) - {"language", "text_scale"}):
        raise ImportRefused(f"phone.{key}", t("unknown field"))
    if "language" in phone and phone["language"] not in LANGUAGES:
        raise ImportRefused("phone.language", t("expected one of {languages}", languages=", ".join(LANGUAGES)))
    if "text_scale" in phone:
        try:
            check_text_scale(phone["text_scale"])
        except ValueError as e:
            raise ImportRefused("phone.text_scale", str(e)) from e
    return phone


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
    report = ImportReport(settings=len(checked.settings), phone=checked.phone)
    games, moved = _place(checked.games, "games", existing, report, report.games_added, report.games_unchanged,
                          report.games_renamed, replace)
    campaigns, _ = _place(checked.campaigns, "campaigns", existing, report, report.campaigns_added,
                          report.campaigns_unchanged, report.campaigns_renamed, replace)
    # A play names the tracked game it came from: one saved under a new id is followed there.
    followed = [{**p, "game_id": moved[p["game_id"]]} if p.get("game_id") in moved else p for p in checked.plays]
    plays, _ = _place(followed, "plays", existing, report, report.plays_added, report.plays_unchanged,
                      report.plays_renamed, replace)
    return ImportPlan(games=games, campaigns=campaigns, plays=plays, settings=checked.settings, report=report)
