"""A play as the history keeps it: which game, when, how long, under which rules, and each player's result.

A play is written once a game is scored (at the table or in a scorer) and can be edited afterwards (the date,
the start player, a name); the store keeps every earlier version so an edit or a delete can be undone.

>>> play = Play(id="p1", game="shallow-regrets", played="2026-11-30T20:00:00Z",
...             players=[PlayPlayer(name="Alba", score=9, rank=1, winner=True, start_player=True)])
>>> play.winners, play.player_count
(['Alba'], 1)
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.i18n import t
from companion.problems import NAME_MAX
from companion.rules.expansions import expansion_name
from companion.rules.ruleset import list_presets, list_variants

GameName = Literal["deep-regrets", "shallow-regrets", "endeavor-deep-sea"]
GAMES: tuple[GameName, ...] = ("deep-regrets", "shallow-regrets", "endeavor-deep-sea")
Mode = Literal["competitive", "co-op", "solo"]
Source = Literal["table", "scorer", "cli", "import"]


def _now() -> datetime:
    return datetime.now(UTC)


def new_play_id() -> str:
    return "play-" + uuid.uuid4().hex[:16]


class PlayPlayer(BaseModel):
    """One seat of a play. ``score``/``rank`` are ``None`` in a co-op game (the team wins or loses together);
    ``bot`` marks the Shallow Regrets solo opponent (the Frod), who is left out of the statistics."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=NAME_MAX)
    score: int | None = None
    rank: int | None = Field(default=None, ge=1)
    winner: bool = False
    start_player: bool = False
    bot: bool = False
    colour: str | None = None
    breakdown: dict[str, Any] = Field(default_factory=dict)


MAX_EDITS = 50  # edits a play remembers (as many as the store can undo)


class ScoreChange(BaseModel):
    """One player's score before and after an edit of a recorded play."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=NAME_MAX)
    before: int | None = None
    after: int | None = None


class PlayEdit(BaseModel):
    """When a recorded play was changed, and whose scores it changed (none: another detail, such as a name)."""

    model_config = ConfigDict(extra="forbid")

    at: datetime
    scores: list[ScoreChange] = Field(default_factory=list, max_length=12)


class Play(BaseModel):
    """One finished, scored game. ``details`` keeps what the result said beyond the players (the penalty rule,
    co-op goals met and missed, warnings); ``game_id`` is the tracked game it came from, if any."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(default_factory=new_play_id)
    game: GameName
    mode: Mode = "competitive"
    played: datetime = Field(default_factory=_now)
    duration_min: int | None = Field(default=None, ge=0)
    ruleset: str | None = None
    variants: list[str] = Field(default_factory=list)
    players: list[PlayPlayer] = Field(default_factory=list)
    won: bool | None = None  # co-op: did the team win
    source: Source = "scorer"
    game_id: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    created: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now)
    edits: list[PlayEdit] = Field(default_factory=list, max_length=MAX_EDITS)  # a recorded play corrected, oldest first

    @model_validator(mode="after")
    def _consistent(self) -> Play:
        if self.mode != "co-op" and not self.players:
            raise ValueError(t("a play needs at least one player"))
        keys = [player_key(p.name) for p in self.players]
        if len(set(keys)) != len(keys):
            raise ValueError(t("each player of a play needs a different name"))
        if sum(p.start_player for p in self.players) > 1:
            raise ValueError(t("only one player can be the start player"))
        return self

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.players if p.winner]

    @property
    def player_count(self) -> int:
        return len(self.players)

    def rules(self) -> list[str]:
        """The rules it was scored under as the table calls them, the preset, its variants, then the expansions
        played (an id this version doesn't know, from another version's file, as it is).

        >>> Play(game="deep-regrets", ruleset="anglers-guide", variants=["penalty-printed"],
        ...      details={"expansions": ["lamentable-tentacles"]}, players=[PlayPlayer(name="Alba")]).rules()
        ["Angler's Guide", 'Penalty by printed value', 'Lamentable Tentacles']
        """
        names = {p.id: t(p.name) for p in list_presets()} | {v.id: t(v.name) for v in list_variants()}
        boxes = self.details.get("expansions")
        played = [expansion_name(str(e)) for e in boxes] if isinstance(boxes, list) else []
        return [*(names.get(key, key) for key in [*filter(None, [self.ruleset]), *self.variants]), *played]


def player_key(name: str) -> str:
    """How two spellings of one person compare: case and spaces ignored.

    >>> player_key(" Anna  Maria ") == player_key("annamaria")
    True
    """
    return "".join(name.split()).casefold()
