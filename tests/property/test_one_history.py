"""Issue 47 item 2: a game and a campaign keep one kind of history (the record with its log or steps, and a log of
the changes since), so the same random sequences of moves, refusals, undos, redos, folds and host restarts hold for
both (docs/rules.md §8 for a campaign's moves, §2 for a game's): the record saved, replayed, is the value the phones
were shown; an undo of a move gives back what was before it and a redo what it made; a refused move changes nothing
(the value, its version, its log); and a restarted host undoes and redoes what the one before it could."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.rules.autopilot import autopilot
from companion.rules.game import Game, new_game
from companion.session import Saver, Sessions
from companion.store import open_store
from companion.survey.actions import (
    CatchFish,
    Discard,
    Haul,
    NextDay,
    Rename,
    ReopenHaul,
    SetNotes,
    StartWeek,
    UndoCatch,
    Unlock,
    UseItem,
)
from companion.survey.models import Campaign
from companion.survey.play import new_campaign, start_week
from tests.property.test_rules_properties import random_action, setup_for
from tests.support.examples import examples

# A few Fish of the solo Sea (values 5, 4, 2, 1, 0), one it leaves in the box and one the catalog lacks.
FISH = {"Hammerhead Shark": "hammerhead-shark", "Barracuda": "barracuda", "Sheepshead": "sheepshead",
        "Sockeye Salmon": "sockeye-salmon", "Eyefish": "eyefish", "Man O' War": "man-o-war", "Nessie": "nessie"}
ITEMS = ["can-of-worms", "supply:mermaid-eyes", "rod:lucky-pole", "tackle-die:blue"]
ids = st.sampled_from(sorted(FISH.values()))
CAMPAIGN_MOVES = {  # how to draw each, weighted by repeats towards a week played through: catches, Days, the haul
    "catch": st.builds(CatchFish, name=st.sampled_from(sorted(FISH))), "next_day": st.just(NextDay()),
    "start_week": st.just(StartWeek()), "reopen": st.just(ReopenHaul()),
    "undo_catch": st.builds(UndoCatch, fish_id=ids), "discard": st.builds(Discard, fish_id=ids),
    "use_item": st.builds(UseItem, item_id=st.sampled_from(ITEMS), used=st.booleans()),
    "haul": st.builds(Haul, regret_value=st.integers(-1, 6), jettison=st.lists(ids, max_size=2, unique=True)),
    "unlock": st.builds(Unlock, purchases=st.lists(st.sampled_from(ITEMS[1:]), max_size=2),
                        dinks=st.lists(st.sampled_from(["pearl", "ear", "nessie"]), max_size=2)),
    "rename": st.builds(Rename, name=st.sampled_from(["Halley", "  ", "x" * 70])),
    "notes": st.builds(SetNotes, notes=st.text(max_size=20)),
}
WEIGHTED = ["catch"] * 5 + ["next_day"] * 6 + ["haul"] * 5 + ["unlock"] * 4 + sorted(CAMPAIGN_MOVES)


def campaign_move(data: st.DataObject, campaign: Campaign) -> Any:
    return data.draw(st.sampled_from(WEIGHTED).flatmap(CAMPAIGN_MOVES.__getitem__))


def game_move(data: st.DataObject, game: Game) -> Any:
    """Mostly a move the table could make (the autopilot's), else any move, which the rules mostly refuse."""
    legal = autopilot(game.state, random.Random(data.draw(st.integers(0, 2**16))))
    if legal is not None and data.draw(st.integers(0, 3)):
        return legal
    return data.draw(random_action(game.state))


@dataclass(frozen=True)
class Kind:
    """What the same test needs of each kind of record."""

    start: Callable[[Sessions], Any]  # a new one, started and saved
    reopen: Callable[[Sessions, str], Any]  # its session on a host started again
    move: Callable[[st.DataObject, Any], Any]  # a move drawn for the value as it stands
    past: Callable[[Any], object]  # the value without its stamp and what Redo would put back: what an undo restores
    future: Callable[[Any], object]  # what Redo would put back


def _game_past(game: Game) -> object:
    return game.model_dump(mode="json", exclude={"updated", "redo_log", "redo_by"})


def _campaign_past(campaign: Campaign) -> object:
    return campaign.model_dump(mode="json", exclude={"updated", "steps"}), [s.action for s in campaign.steps.done]


KINDS = {
    "game": Kind(lambda s: s.start_game(new_game(setup_for(2, ("anglers-guide", ()), 7))),
                 lambda s, key: s.game(key), game_move, _game_past,
                 lambda g: (g.model_dump(mode="json", include={"redo_log", "redo_by"}))),
    "campaign": Kind(lambda s: s.start_campaign(start_week(new_campaign("Halley"))),
                     lambda s, key: s.campaign(key), campaign_move, _campaign_past,
                     lambda c: [s.action for s in c.steps.undone]),
}
OPS = st.lists(st.sampled_from(["move"] * 8 + ["undo", "undo", "redo", "fold", "restart"]), min_size=15,
               max_size=45)


def log_bytes(folder: Path, kind: str, key: str) -> bytes:
    path = folder / f"{kind}s" / f"{key}.log"
    return path.read_bytes() if path.exists() else b""


def same(a: Any, b: Any) -> bool:
    """Two versions of a record alike to the last field and stamp (a game's state is the log replayed)."""
    return bool(a.model_dump(mode="json") == b.model_dump(mode="json"))


@pytest.mark.parametrize("kind", sorted(KINDS))
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=OPS, data=st.data())
def test_saved_history_replays_to_what_was_shown_and_undo_redo_round_trip(kind, ops, data) -> None:
    # Durability is the kill tests' (tests/session/test_kills.py, test_campaign_kills.py): no fsync here, for speed.
    the = KINDS[kind]
    with tempfile.TemporaryDirectory() as folder, patch("os.fsync"):
        root = Path(folder)
        session = the.start(Sessions(open_store(root), Saver()))
        for op in ops:
            before, version, logged = session.current.value, session.version, log_bytes(root, kind, session.key)
            if op == "fold":
                session.compact()
            elif op == "restart":  # the host starts again on the same folder: the saved record is what was shown
                shown = session.current
                session = the.reopen(Sessions(open_store(root), Saver()), session.key)
                assert same(session.current.value, shown.value)
                assert (session.current.can_undo, session.current.can_redo) == (shown.can_undo, shown.can_redo)
            elif op in ("undo", "redo"):
                getattr(session, op)(seen=version)
            else:
                outcome = session.apply(the.move(data, before), seen=version)
                if not outcome.ok:  # refused by a rule: nothing changed, nothing written
                    assert outcome.message
                    assert same(session.current.value, before) and session.version == version
                    assert log_bytes(root, kind, session.key) == logged
                    continue
                event(f"{kind}: a move made")
                after = session.current.value
                assert session.undo(seen=version + 1).ok
                assert the.past(session.current.value) == the.past(before)  # the undo of a move is the identity
                assert session.redo(seen=version + 2).ok
                assert the.past(session.current.value) == the.past(after)
                assert the.future(session.current.value) == the.future(after)
        assert same(the.reopen(Sessions(open_store(root), Saver()), session.key).current.value,
                    session.current.value)  # as after a kill
