"""The records the store keeps: validation through the owners' models, and the small summaries the lists show.

Games are validated by the rules engine's ``Game`` (a replay of the whole log), campaigns by the Ocean Survey's
``Campaign``. The store itself only ever holds their JSON form (``model_dump(mode="json")``).
"""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import BaseModel, ConfigDict, ValidationError

from companion.i18n import t
from companion.problems import field_path, validation_message
from companion.rules.errors import RuleViolation
from companion.rules.game import Game
from companion.store.errors import ImportRefused
from companion.store.schema import JsonObject
from companion.survey.models import Campaign

_ID = re.compile(r"^[A-Za-z0-9_-]{1,100}$")


class GameSummary(BaseModel):
    """One line of the games list, kept in a small index so listing never opens every game."""

    model_config = ConfigDict(frozen=True)

    id: str
    players: list[str]
    ruleset: str
    created: datetime | None
    updated: datetime | None
    finished: bool
    actions: int


class CampaignSummary(BaseModel):
    """One line of the campaigns list."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    mode: str
    weeks: int
    created: datetime | None
    updated: datetime | None


def check_id(record_id: object, where: str = "id") -> str:
    """``record_id`` if it can name a file (letters, digits, ``-``, ``_``); ``ImportRefused`` otherwise."""
    if not isinstance(record_id, str) or not _ID.match(record_id):
        raise ImportRefused(where, t("an id must be 1–100 letters, digits, '-' or '_', not {value}",
                                     value=repr(record_id)[:60]))
    return record_id


def refusal(prefix: str, error: Exception) -> ImportRefused:
    """The first problem of a validation ``error`` as an :class:`ImportRefused` with its field path."""
    if isinstance(error, ValidationError):
        first = error.errors(include_url=False)[0]
        return ImportRefused(field_path(tuple(first["loc"]), prefix), validation_message(first))
    if isinstance(error, RuleViolation):
        return ImportRefused(field_path(("log",), prefix),
                             t("the action log does not replay: {error}", error=str(error)))
    return ImportRefused(prefix, str(error))


def validate_game(data: object) -> Game:
    """The ``Game`` in ``data``, its whole log replayed; ``ValidationError`` or ``RuleViolation`` if it is bad."""
    game = Game.model_validate(data)
    game.state  # noqa: B018 -- replaying the log is the validation
    return game


def check_game(data: object) -> Game:
    """The ``Game`` in ``data``, every field checked but its log not replayed (:func:`validate_game` does that)."""
    return Game.model_validate(data)


def validate_campaign(data: object) -> Campaign:
    """The ``Campaign`` in ``data``; ``ValidationError`` if it is bad."""
    return Campaign.model_validate(data)


def game_summary(data: JsonObject) -> GameSummary:
    setup = data.get("setup") or {}
    ruleset = setup.get("ruleset") or {}
    return GameSummary(id=data["id"], players=[str(p.get("name", "")) for p in setup.get("players") or []],
                       ruleset=str(ruleset.get("name", ruleset.get("id", ""))), created=data.get("created"),
                       updated=data.get("updated"), finished=bool(data.get("finished")),
                       actions=len(data.get("log") or []))


def campaign_summary(data: JsonObject) -> CampaignSummary:
    return CampaignSummary(id=data["id"], name=str(data.get("name", "")), mode=str(data.get("mode", "")),
                           weeks=len(data.get("weeks") or []), created=data.get("created"),
                           updated=data.get("updated"))


def describe_game(data: JsonObject | None, record_id: str) -> str:
    if data:
        names = ", ".join(game_summary(data).players)
        return t("The game of {players} ({id})", players=names, id=record_id)
    return t("The game {id}", id=record_id)


def describe_campaign(data: JsonObject | None, record_id: str) -> str:
    if data:
        return t("The campaign “{name}” ({id})", name=data.get("name", ""), id=record_id)
    return t("The campaign {id}", id=record_id)
