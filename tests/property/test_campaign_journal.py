"""Issue 36 item 2, as properties over random sequences of a campaign's actions, undos, redos and folds (docs/rules.md
§8): replaying the campaign's journal gives the campaign its phones were shown, an undo of an action gives back the
campaign as it was before it, and an action the rules refuse changes nothing (the campaign, its version, its log)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from unittest.mock import patch

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

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
from companion.survey.play import new_campaign
from tests.support.examples import examples

# A few Fish of the solo Sea (values 5, 4, 2, 1, 0), one it leaves in the box and one the catalog lacks.
FISH = {"Hammerhead Shark": "hammerhead-shark", "Barracuda": "barracuda", "Sheepshead": "sheepshead",
        "Sockeye Salmon": "sockeye-salmon", "Eyefish": "eyefish", "Man O' War": "man-o-war", "Nessie": "nessie"}
ITEMS = ["can-of-worms", "supply:mermaid-eyes", "rod:lucky-pole", "tackle-die:blue"]
ids = st.sampled_from(sorted(FISH.values()))
KINDS = {  # how to draw each, weighted by repeats towards a week played through: catches, Days, the haul
    "catch": st.builds(CatchFish, name=st.sampled_from(sorted(FISH))), "next_day": st.just(NextDay()),
    "start_week": st.just(StartWeek()), "reopen": st.just(ReopenHaul()),
    "undo_catch": st.builds(UndoCatch, fish_id=ids), "discard": st.builds(Discard, fish_id=ids),
    "use_item": st.builds(UseItem, item_id=st.sampled_from(ITEMS), used=st.booleans()),
    "haul": st.builds(Haul, regret_value=st.integers(-1, 6), jettison=st.lists(ids, max_size=2, unique=True)),
    "unlock": st.builds(Unlock, purchases=st.lists(st.sampled_from(ITEMS[1:]), max_size=2),
                        dinks=st.lists(st.sampled_from(["pearl", "ear", "nessie"]), max_size=2)),
    "rename": st.builds(Rename, name=st.sampled_from(["Halley", "  ", "x" * 70])),
    "notes": st.builds(SetNotes, notes=st.text(max_size=20)),
    "undo": st.just("undo"), "redo": st.just("redo"), "fold": st.just("fold"),
}
WEIGHTED = ["catch"] * 5 + ["next_day"] * 6 + ["haul"] * 5 + ["unlock"] * 4 + sorted(KINDS)
steps = st.lists(st.sampled_from(WEIGHTED).flatmap(KINDS.__getitem__), min_size=20, max_size=60)


def log_bytes(folder: Path, campaign_id: str) -> bytes:
    path = folder / "campaigns" / f"{campaign_id}.log"
    return path.read_bytes() if path.exists() else b""


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=steps)
def test_the_journal_replays_to_the_campaign_undo_takes_back_and_a_refusal_changes_nothing(steps) -> None:
    # Durability is the kill test's (tests/session/test_campaign_kills.py): here fsync is skipped, for speed.
    with tempfile.TemporaryDirectory() as folder, patch("os.fsync"):
        data = Path(folder)
        session = Sessions(open_store(data), Saver()).start_campaign(new_campaign("Halley"))
        assert session.apply(StartWeek(), seen=0).ok
        for step in steps:
            before, version, logged = session.current.value, session.version, log_bytes(data, session.key)
            if step == "fold":
                session.compact()
            elif step in ("undo", "redo"):
                getattr(session, step)(seen=version)
            else:
                outcome = session.apply(step, seen=version)
                if not outcome.ok:  # refused by a rule: nothing changed, nothing written
                    assert outcome.message
                    assert (session.current.value, session.version) == (before, version)
                    assert log_bytes(data, session.key) == logged
                    continue
                event(f"{step.type} made")
                after = session.current.value
                assert session.undo(seen=version + 1).ok
                assert session.current.value == before  # the undo of an action is the identity
                assert session.redo(seen=version + 2).ok
                assert session.current.value == after
        assert open_store(data).load_campaign(session.key) == session.current.value  # as after a kill
