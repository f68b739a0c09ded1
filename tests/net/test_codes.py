"""Room codes, passes and the wrong-code limit, without a server (issue 10, items 1 and 2)."""

from __future__ import annotations

import json
import time

import pytest

from companion.net.codes import ALPHABET, CODE_LENGTH, KEYS_FILE, PASS_DAYS, Keys, Role, new_code
from companion.net.limits import WrongCodeLimit


def _guests(keys: Keys) -> int:
    """How many guest passes are valid now."""
    return sum(1 for p in keys.passes() if not p.is_host)


def test_room_codes_use_six_characters_nobody_misreads():
    codes = {new_code() for _ in range(200)}
    assert all(len(code) == CODE_LENGTH == 6 for code in codes)
    assert not set("".join(codes)) & set("ILO01")
    assert len(codes) > 190  # random, not a sequence
    assert set(ALPHABET) == set("ABCDEFGHJKMNPQRSTUVWXYZ23456789")


def test_only_hashes_of_the_host_code_and_passes_reach_the_disk(tmp_path):
    """The room code is kept as typed (it must be shown again after a restart, issue 26 item 6); the host code and
    every pass only as hashes, in a file no other user reads."""
    keys = Keys(tmp_path)
    guest, host = keys.join(keys.room_code), keys.join(keys.host_code)
    saved = (tmp_path / KEYS_FILE).read_text()
    for secret in (keys.host_code, guest.token, host.token):
        assert secret not in saved
    assert (tmp_path / KEYS_FILE).stat().st_mode & 0o077 == 0  # not readable by other users
    assert set(json.loads(saved)) == {"room", "codes", "passes"}


def test_the_host_code_makes_a_host_the_room_code_a_guest(tmp_path):
    keys = Keys(tmp_path)
    assert keys.join(keys.host_code).role is Role.HOST
    assert keys.join(keys.room_code).role is Role.GUEST
    assert keys.join(keys.room_code[:-1]) is None and keys.join("") is None


def test_a_restart_keeps_every_pass_and_the_room_code_but_issues_a_new_host_code(tmp_path):
    """Issue 26 item 6: the room code lasts across restarts with the same data folder until the host changes it."""
    first = Keys(tmp_path)
    guest = first.join(first.room_code)
    again = Keys(tmp_path)
    assert again.check(guest.token).token_id == guest.token_id
    assert again.room_code == first.room_code and again.join(first.room_code) is not None
    assert again.host_code != first.host_code and again.join(first.host_code) is None
    changed = again.change_room_code()
    assert Keys(tmp_path).room_code == changed != first.room_code


def test_reopening_the_join_link_keeps_the_phone_its_pass_and_seat(tmp_path):
    """Issue 26 item 6: a phone that joined and opens the link again is still one phone, with the same pass (the
    session layer's seat book keeps its seat by that pass)."""
    keys = Keys(tmp_path)
    guest = keys.join(keys.room_code)
    again = keys.join(keys.room_code, held=guest.token)
    assert again.token == guest.token and again.token_id == guest.token_id
    assert _guests(keys) == 1
    assert keys.join(keys.host_code, held=guest.token).is_host  # the host code still makes a host
    assert keys.join(keys.room_code, held="forged").token != "forged" and _guests(keys) == 2


def test_passes_end_after_sixty_days_on_the_server(tmp_path, monkeypatch):
    """Issue 25: a pass ends on the server, not only with its cookie."""
    keys = Keys(tmp_path)
    guest, host = keys.join(keys.room_code), keys.join(keys.host_code)
    later = time.time() + (PASS_DAYS + 1) * 24 * 3600
    monkeypatch.setattr(time, "time", lambda: later)
    assert keys.check(guest.token) is None and keys.check(host.token) is None and keys.passes() == []
    assert keys.join(keys.room_code, held=guest.token).token != guest.token
    assert "joined" in json.loads((tmp_path / KEYS_FILE).read_text())["passes"][keys.passes()[0].token_id]
    assert len(json.loads((tmp_path / KEYS_FILE).read_text())["passes"]) == 3
    assert len(Keys(tmp_path).passes()) == 1  # the expired ones are gone from the file at the next start


def test_changing_the_room_code_drops_guests_only(tmp_path):
    keys = Keys(tmp_path)
    guest, host = keys.join(keys.room_code), keys.join(keys.host_code)
    old = keys.room_code
    new = keys.change_room_code()
    assert new != old and keys.join(old) is None
    assert keys.check(guest.token) is None and keys.check(host.token).is_host
    assert _guests(keys) == 0


def test_a_damaged_keys_file_means_everyone_joins_again(tmp_path):
    (tmp_path / KEYS_FILE).write_text("{not json")
    keys = Keys(tmp_path)
    assert _guests(keys) == 0 and keys.join(keys.room_code) is not None


@pytest.mark.parametrize("damage", [
    {"codes": {}, "passes": []},  # a list where passes belong (issue 28 item 4)
    {"codes": {}, "passes": {"x": {"role": "king", "joined": 0}}},
    {"codes": {"guest": {"salt": "zz", "hash": "00"}}, "passes": {}, "room": "ABCDEF"},
    ["not", "a", "keys", "file"],
])
def test_a_damaged_keys_file_is_moved_aside_and_new_codes_work(tmp_path, damage):
    """Issue 28 item 4: like the store's damaged files, kept in damaged/ and reported, never a crash."""
    (tmp_path / KEYS_FILE).write_text(json.dumps(damage))
    keys = Keys(tmp_path)
    assert keys.damaged is not None and json.loads(keys.damaged.read_text()) == damage
    assert keys.damaged.parent == tmp_path / "damaged"
    assert keys.join(keys.host_code).is_host and keys.join(keys.room_code).role is Role.GUEST
    assert Keys(tmp_path).damaged is None  # the new file is sound


def test_keys_file_of_random_bytes_is_moved_aside(tmp_path):
    """Issue 35 item 5: 4 KB of random bytes (not UTF-8) stopped the host with UnicodeDecodeError."""
    junk = bytes(range(128, 256)) * 32
    (tmp_path / KEYS_FILE).write_bytes(junk)
    keys = Keys(tmp_path)
    assert keys.damaged is not None and keys.damaged.read_bytes() == junk
    assert keys.join(keys.room_code).role is Role.GUEST and Keys(tmp_path).damaged is None


def test_a_directory_named_like_the_keys_file_is_moved_aside(tmp_path):
    """Issue 35 item 5: a directory of that name stopped the host with IsADirectoryError."""
    (tmp_path / KEYS_FILE).mkdir()
    (tmp_path / KEYS_FILE / "inside.txt").write_text("kept")
    keys = Keys(tmp_path)
    assert keys.damaged is not None and (keys.damaged / "inside.txt").read_text() == "kept"
    assert (tmp_path / KEYS_FILE).is_file() and keys.join(keys.host_code).is_host


def test_the_limit_counts_per_address_and_forgets_after_a_minute():
    limit = WrongCodeLimit(per_minute=10)
    waits = [limit.failed("10.0.0.2", now=float(n)) for n in range(10)]
    assert waits[:9] == [0] * 9 and waits[9] == 51  # the first wrong code, at 0 s, counts until 60 s
    assert limit.wait("10.0.0.3", now=9.0) == 0
    assert limit.wait("10.0.0.2", now=59.5) == 1 and limit.wait("10.0.0.2", now=60.0) == 0


def test_listeners_hear_every_join_and_code_change(tmp_path):
    keys = Keys(tmp_path)
    heard: list[int] = []
    keys.listeners.append(lambda: heard.append(_guests(keys)))
    keys.join(keys.room_code)
    keys.join("WRONG2")
    keys.change_room_code()
    assert heard == [1, 0]


def test_a_failing_screen_listener_does_not_break_a_join(tmp_path):
    from companion.net.gate import Landing
    from companion.net.identity import Tabs
    from companion.net.server import build_room

    table = build_room(lambda page: None, "127.0.0.1", 9, Tabs(Keys(tmp_path)), Landing())
    heard: list[str] = []

    def broken() -> None:
        raise RuntimeError("a screen went away")

    table.subscribe(broken)
    stop = table.subscribe(lambda: heard.append("told"))
    assert table.keys.join(table.room_code) is not None
    stop()
    table.keys.join(table.room_code)
    assert heard == ["told"]


def test_a_pass_reopened_on_day_59_lasts_sixty_days_from_then(tmp_path, monkeypatch):
    """Issue 45 item 9: a phone that opened the join link again on day 59 was given a new 60-day cookie but kept
    its day-0 age on the server, and was dropped the next day. Its seat's pass is kept, and renewed."""
    keys = Keys(tmp_path)
    guest = keys.join(keys.room_code)
    day = 24 * 3600
    start = time.time()
    monkeypatch.setattr(time, "time", lambda: start + (PASS_DAYS - 1) * day)
    assert keys.join(keys.room_code, held=guest.token).token == guest.token
    monkeypatch.setattr(time, "time", lambda: start + (PASS_DAYS + 30) * day)
    assert keys.check(guest.token) is not None  # day 90: 31 days after it was renewed
    assert Keys(tmp_path).check(guest.token) is not None  # the renewal is on disk: a restart keeps it
    assert [p.token_id for p in keys.passes()] == [guest.token_id]
    monkeypatch.setattr(time, "time", lambda: start + (2 * PASS_DAYS) * day)
    assert keys.check(guest.token) is None  # day 120: sixty days after the renewal, it ends
