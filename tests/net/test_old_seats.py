"""Seats an older version kept in ``net-keys.json`` move to the session's seat book on the first start after an
upgrade (issue 25: the transport keeps no seats), and are dropped from the keys file then."""

from __future__ import annotations

import json
import time
from pathlib import Path

from companion.app import carry_old_seats
from companion.net.codes import KEYS_FILE, Keys
from companion.session import Sessions
from companion.session.seats import Seat
from companion.store import open_store


def _older_version_seated(folder: Path, seats: dict[str, dict | None]) -> Keys:
    """A keys file as the older version wrote it: a guest pass per entry of ``seats``, each with its ``seat``."""
    Keys(folder)  # the file as a fresh start writes it: codes, no passes yet
    saved = json.loads((folder / KEYS_FILE).read_text())
    for n, (token_id, seat) in enumerate(seats.items()):
        saved["passes"][token_id] = {"role": "guest", "joined": time.time() - 100 + n, "seat": seat}
    (folder / KEYS_FILE).write_text(json.dumps(saved))
    return Keys(folder)


def test_an_upgrade_keeps_every_phone_in_its_seat_and_the_keys_file_keeps_none(tmp_path: Path) -> None:
    keys = _older_version_seated(tmp_path, {
        "ada-phone": {"game": "g1", "angler": 0},
        "bo-phone": {"game": "g1", "angler": 1},
        "late-phone": {"game": "g1", "angler": 1},  # sat where Bo already was: the first phone to sit keeps it
        "table-phone": {"game": "g1", "angler": None},
        "odd-phone": {"bad": 1},  # not a seat: nothing carried
    })
    sessions = Sessions(open_store(tmp_path / "data"))
    carry_old_seats(keys, sessions)
    seats = sessions.seats
    assert (seats.of("ada-phone"), seats.of("bo-phone")) == (Seat("g1", 0), Seat("g1", 1))
    assert seats.of("late-phone") is None and seats.of("odd-phone") is None
    assert seats.of("table-phone") == Seat("g1", None)
    kept = json.loads((tmp_path / KEYS_FILE).read_text())["passes"]
    assert not any("seat" in entry for entry in kept.values())
    assert Keys(tmp_path).old_seats() == []


def test_a_second_start_changes_nothing_the_seat_book_holds(tmp_path: Path) -> None:
    keys = _older_version_seated(tmp_path, {"ada-phone": {"game": "g1", "angler": 0}})
    store = open_store(tmp_path / "data")
    carry_old_seats(keys, Sessions(store))
    assert Sessions(store).seats.of("ada-phone") == Seat("g1", 0)  # the seat book is kept in the data folder
    sessions = Sessions(store)
    carry_old_seats(Keys(tmp_path), sessions)
    assert sessions.seats.of("ada-phone") == Seat("g1", 0)
