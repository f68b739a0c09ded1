"""Recording a play: the one function the scorer screens, the table's end of game and ``companion score --save``
call. It takes the scored result (a scorer's result model, or the JSON ``companion score`` prints) and keeps it.

A play from a tracked game has the id ``game-<game id>``: scoring that game again updates its play (an edit,
undoable) instead of adding a second one; recording an unchanged result writes nothing.

>>> import tempfile
>>> from companion.store import open_store
>>> store = open_store(tempfile.mkdtemp())
>>> result = {"game": "shallow-regrets", "solo": False, "winners": ["Alba"], "players": [
...     {"name": "Alba", "score": 7, "rank": 1, "winner": True, "breakdown": {}},
...     {"name": "Hugo", "score": 4, "rank": 2, "winner": False, "breakdown": {}}]}
>>> play = record_play(store, result)
>>> [p.name for p in store.list_plays()[0].players], play.players[0].start_player
(['Alba', 'Hugo'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from companion.history.models import MAX_EDITS, Mode, Play, PlayEdit, PlayPlayer, ScoreChange, player_key
from companion.history.roster import remember_names
from companion.i18n import t
from companion.scoring.deep_regrets import DeepRegretsResult
from companion.scoring.endeavor import CoopResult, EndeavorResult
from companion.scoring.shallow_regrets import FROD, ShallowResult
from companion.scoring.table import dump_score

Result = DeepRegretsResult | ShallowResult | EndeavorResult | CoopResult | dict


def result_json(result: Result) -> dict[str, Any]:
    """A scorer's result model as the JSON ``companion score`` prints (a dict is taken as that JSON already)."""
    if isinstance(result, dict):
        return result
    players = [dump_score(s) for s in getattr(result, "players", ())]
    winners = list(getattr(result, "winners", ()))
    if isinstance(result, DeepRegretsResult):
        return {"game": "deep-regrets", "ruleset": result.ruleset, "variants": list(result.variants),
                "expansions": list(result.expansions), "penalty_rule": result.penalty_rule, "players": players,
                "winners": winners}
    if isinstance(result, ShallowResult):
        return {"game": "shallow-regrets", "solo": result.solo, "players": players, "winners": winners}
    if isinstance(result, EndeavorResult):
        return {"game": "endeavor-deep-sea", "mode": "competitive", "players": players, "winners": winners}
    return {"game": "endeavor-deep-sea", "mode": "co-op", **result.model_dump(mode="json"), "winners": []}


def _mode(data: dict[str, Any], seats: int) -> Mode:
    if data.get("mode") == "co-op":
        return "co-op"
    if data.get("solo") or seats == 1:
        return "solo"
    return "competitive"


def play_from_result(result: Result, *, names: Sequence[str] = (), start_player: str | None = None,
                     **fields: Any) -> Play:
    """The :class:`Play` for a scored result; ``names`` are the team of a co-op game (whose result has none).

    The start player is ``start_player`` when known, else the first seat listed (the tracker lists the table in
    turn order, first player first; BG Stats wants one marked).
    """
    data = result_json(result)
    solo = bool(data.get("solo"))
    if data.get("mode") == "co-op":
        won = bool(data.get("won"))
        seats = [PlayPlayer(name=n.strip(), winner=won) for n in names if n.strip()]
    else:
        won = None
        seats = [PlayPlayer(name=p["name"], score=p.get("score"), rank=p.get("rank"), winner=bool(p.get("winner")),
                            bot=solo and p["name"] == FROD, breakdown=p.get("breakdown") or {})
                 for p in data.get("players") or []]
    humans = [p for p in seats if not p.bot]
    first = start_player if start_player is not None else (humans[0].name if humans else None)
    seats = [p.model_copy(update={"start_player": p.name == first}) for p in seats]
    details = {k: v for k, v in data.items() if k not in ("game", "players", "ruleset", "variants")}
    return Play(game=data["game"], mode=_mode(data, len(humans)), players=seats, won=won, details=details,
                ruleset=data.get("ruleset"), variants=list(data.get("variants") or []), **fields)


class PlayLocked(ValueError):
    """The play is recorded, and only the host may change it (issue 35 item 3)."""


def _same(a: Play, b: Play) -> bool:
    return a.model_dump(exclude={"updated", "edits"}) == b.model_dump(exclude={"updated", "edits"})


def _edited(existing: Play, play: Play) -> list[PlayEdit]:
    """``existing``'s edits and this one: when, and each score it changed (a player added or gone: ``None``)."""
    before = {player_key(p.name): p.score for p in existing.players}
    after = {player_key(p.name): p.score for p in play.players}
    names = {player_key(p.name): p.name for p in [*existing.players, *play.players]}
    changes = [ScoreChange(name=names[k], before=before.get(k), after=after.get(k))
               for k in dict.fromkeys([*before, *after])
               if before.get(k) != after.get(k) or (k in before) != (k in after)]
    return [*existing.edits, PlayEdit(at=play.updated, scores=changes[:12])][-MAX_EDITS:]


def _made(store: Any, result: Result, *, game: Any | None, play_id: str | None, names: Sequence[str],
          source: str) -> tuple[Play | None, Play]:
    """The play ``play_id`` as kept (``None``: none), and the play :func:`record_play` would keep for ``result``."""
    fields: dict[str, Any] = {"source": source}
    start = None
    if game is not None:
        play_id = play_id or f"game-{game.id}"
        fields.update(source="table", game_id=game.id, played=game.updated,
                      duration_min=_minutes(game.created, game.updated))
        start = game.setup.players[0].name
    existing = store.load_play(play_id) if play_id and store.has_play(play_id) else None
    if existing is not None:
        fields.update(created=existing.created)
        fields.setdefault("played", existing.played)
        fields.setdefault("duration_min", existing.duration_min)
        kept = next((p.name for p in existing.players if p.start_player), None)
        start = start or kept
    if play_id:
        fields["id"] = play_id
    play = play_from_result(result, names=names, start_player=start, **fields)
    return existing, play


def record_play(store: Any, result: Result, *, game: Any | None = None, play_id: str | None = None,
                names: Sequence[str] = (), source: str = "scorer", may_replace: bool = True) -> Play:
    """Keep a scored result in the history and its names on the roster; return the play.

    ``game`` is the tracked game (``companion.rules.game.Game``) the result scores: its id, start, end and start
    player go into the play. ``play_id`` replaces a play recorded earlier (a scorer saving again): an
    edit, remembered in the play's ``edits`` (when, whose scores changed), or ``PlayLocked`` when not
    ``may_replace`` (a guest's phone). The store's
    ``StoreError`` (one line) when the play can't be saved, ``ValueError`` for a result that isn't a play.
    """
    existing, play = _made(store, result, game=game, play_id=play_id, names=names, source=source)
    if existing is not None and _same(existing, play):
        return existing
    if existing is not None:
        if not may_replace:
            raise PlayLocked(t("This play is recorded in History: only the host can change it."))
        play = play.model_copy(update={"edits": _edited(existing, play)})
    # The names first: a play is saved last, so a failure never says "not saved" of a play that was.
    remember_names(store, [p.name for p in play.players if not p.bot])
    store.save_play(play)
    return play


def is_recorded(store: Any, result: Result, *, game: Any | None = None, play_id: str | None = None,
                names: Sequence[str] = ()) -> bool:
    """Whether ``result`` is kept as its play just as :func:`record_play` would keep it (recording it writes
    nothing): what a scorer says "Recorded in History" of.

    >>> import tempfile
    >>> from companion.store import open_store
    >>> store = open_store(tempfile.mkdtemp())
    >>> result = {"game": "shallow-regrets", "solo": True, "winners": [], "players": [
    ...     {"name": "Alba", "score": 7, "rank": 1, "winner": True, "breakdown": {}}]}
    >>> is_recorded(store, result, play_id="p1")
    False
    >>> _ = record_play(store, result, play_id="p1")
    >>> is_recorded(store, result, play_id="p1")
    True
    """
    existing, play = _made(store, result, game=game, play_id=play_id, names=names, source="scorer")
    return existing is not None and _same(existing, play)


def _minutes(start: datetime, end: datetime) -> int | None:
    seconds = (end - start).total_seconds()
    return round(seconds / 60) if seconds >= 0 else None
