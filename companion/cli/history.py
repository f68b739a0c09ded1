"""``companion history``, ``companion stats``, ``companion bgstats`` and the ``--save`` of ``companion score``.

Every failure is one line on stderr naming the problem; a bad play id or option exits 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import AbstractContextManager
from typing import Any

from companion.history.bgstats import link
from companion.history.models import GAMES
from companion.history.record import record_play
from companion.history.roster import load_roster
from companion.history.stats import statistics
from companion.i18n import t, tn
from companion.store import NotFound, StoreError, open_store, resolve_data_dir
from companion.store.owner import hold_folder

BAD_INPUT = 2
CANNOT_OPEN = 1
COMMANDS = ("history", "stats", "bgstats")
OWNER_WAIT = 3.0  # seconds a command waits for another copy of the app to let the data folder go


def add_commands(commands: Any, parents: list[argparse.ArgumentParser]) -> None:
    """Add the history commands to ``companion``'s sub-command parser (each takes ``parents``' options too)."""
    history = commands.add_parser("history", help=t("list the recorded plays, newest first"), parents=parents)
    history.add_argument("--json", action="store_true", help=t("print JSON"))
    stats = commands.add_parser("stats", help=t("statistics per player, across games or for one"), parents=parents)
    stats.add_argument("--json", action="store_true", help=t("print JSON"))
    stats.add_argument("--game", help=t("only this game: {games}", games=", ".join(GAMES)))
    bgstats = commands.add_parser("bgstats", help=t("print a play's BG Stats import link"), parents=parents)
    bgstats.add_argument("play_id")


def _fail(command: str, message: str, status: int = BAD_INPUT) -> int:
    print(f"companion {command}: {' '.join(message.split())}", file=sys.stderr)
    return status


def _print(text: str) -> None:
    try:
        print(text)
    except UnicodeEncodeError:
        print(text.encode("ascii", "backslashreplace").decode("ascii"))
    except BrokenPipeError:  # the reader stopped early (| head): as ``companion score`` does, quiet the exit flush
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def run(args: argparse.Namespace) -> int:
    """Run ``args.command`` (one of :data:`COMMANDS`); the exit status."""
    command = args.command
    if command == "stats" and args.game is not None and args.game not in GAMES:
        return _fail(command, t("--game must be one of {games}, not {value}", games=", ".join(GAMES),
                                value=args.game))
    try:
        with owning(args.data_dir, command):
            store = open_store(args.data_dir)
            _tell_repairs(command, store)
            try:
                return {"history": _history, "stats": _stats, "bgstats": _bgstats}[command](store, args)
            except NotFound as problem:
                return _fail(command, str(problem))
            except StoreError as problem:  # a malformed id is refused by the store before any file is named
                return _fail(command, str(problem))
    except StoreError as problem:  # the folder is another host's, or can't be opened
        return _fail(command, str(problem), CANNOT_OPEN)


def owning(data_dir: str | None, command: str) -> AbstractContextManager[None]:
    """The data folder held for one command (opening the store folds the games' logs, a write): a host serving it
    is waited for :data:`OWNER_WAIT` seconds, then named in the refusal."""
    return hold_folder(resolve_data_dir(data_dir), f"companion {command}", wait=OWNER_WAIT)


def _tell_repairs(command: str, store: Any) -> None:
    # What opening the data folder repaired (a damaged file moved aside, its backup restored): the user is told on
    # stderr, which file and what came back, and the command goes on with everything else.
    for note in store.recovery_notes:
        _fail(command, note)


def _history(store: Any, args: argparse.Namespace) -> int:
    plays = store.list_plays()
    if args.json:
        _print(json.dumps({"plays": [p.model_dump(mode="json") for p in plays]}, indent=2, ensure_ascii=False))
        return 0
    if not plays:
        _print(t("No plays recorded yet."))
    for p in plays:
        seats = ", ".join(f"{s.name} {s.score if s.score is not None else ''}{'*' if s.winner else ''}".strip()
                          for s in p.players)
        _print(f"{p.played.astimezone():%Y-%m-%d %H:%M}  {p.game:<17}  {seats}  ({p.id})")
    return 0


def _stats(store: Any, args: argparse.Namespace) -> int:
    roster = load_roster(store)
    result = statistics(store.list_plays(), roster.resolve, args.game)
    if args.json:
        _print(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
        return 0
    _print(tn("{n} play", "{n} plays", result.plays))
    for p in result.players:
        mean = "–" if p.mean_score is None else f"{p.mean_score:.1f}"
        best = "–" if p.best_score is None else str(p.best_score)
        _print(t("{name}: {plays}, {wins} ({rate}%), mean {mean}, best {best}", name=p.name,
                 plays=tn("{n} play", "{n} plays", p.plays), wins=tn("{n} win", "{n} wins", p.wins),
                 rate=round(100 * p.win_rate), mean=mean, best=best))
    return 0


def _bgstats(store: Any, args: argparse.Namespace) -> int:
    _print(link(store.load_play(args.play_id)))
    return 0


def save_scored(result: dict, data_dir: str | None) -> str:
    """Record ``companion score``'s result as a play and return its id; ``StoreError`` if it can't be kept."""
    with owning(data_dir, "score --save"):
        store = open_store(data_dir)
        _tell_repairs("score", store)
        return record_play(store, result, source="cli").id
