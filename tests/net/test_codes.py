"""Room codes, passes and the wrong-code limit, without a server (issue 10, items 1 and 2)."""

from __future__ import annotations

import json

from companion.net.codes import ALPHABET, CODE_LENGTH, KEYS_FILE, Keys, Role, new_code
from companion.net.limits import WrongCodeLimit


def test_room_codes_use_six_characters_nobody_misreads():
    codes = {new_code() for _ in range(200)}
    assert all(len(code) == CODE_LENGTH == 6 for code in codes)
    assert not set("".join(codes)) & set("ILO01")
    assert len(codes) > 190  # random, not a sequence
    assert set(ALPHABET) == set("ABCDEFGHJKMNPQRSTUVWXYZ23456789")


def test_only_hashes_reach_the_disk(tmp_path):
    keys = Keys(tmp_path)
    guest, host = keys.join(keys.room_code), keys.join(keys.host_code)
    saved = (tmp_path / KEYS_FILE).read_text()
    for secret in (keys.room_code, keys.host_code, guest.token, host.token):
        assert secret not in saved
    assert (tmp_path / KEYS_FILE).stat().st_mode & 0o077 == 0  # not readable by other users
    assert set(json.loads(saved)) == {"codes", "passes"}


def test_the_host_code_makes_a_host_the_room_code_a_guest(tmp_path):
    keys = Keys(tmp_path)
    assert keys.join(keys.host_code).role is Role.HOST
    assert keys.join(keys.room_code).role is Role.GUEST
    assert keys.join(keys.room_code[:-1]) is None and keys.join("") is None


def test_a_restart_keeps_every_pass_but_issues_new_codes(tmp_path):
    first = Keys(tmp_path)
    guest = first.join(first.room_code)
    again = Keys(tmp_path)
    assert again.check(guest.token).token_id == guest.token_id
    assert again.join(first.room_code) is None and again.join(again.room_code) is not None


def test_changing_the_room_code_drops_guests_only(tmp_path):
    keys = Keys(tmp_path)
    guest, host = keys.join(keys.room_code), keys.join(keys.host_code)
    old = keys.room_code
    new = keys.change_room_code()
    assert new != old and keys.join(old) is None
    assert keys.check(guest.token) is None and keys.check(host.token).is_host
    assert keys.guests() == 0


def test_a_damaged_keys_file_means_everyone_joins_again(tmp_path):
    (tmp_path / KEYS_FILE).write_text("{not json")
    keys = Keys(tmp_path)
    assert keys.guests() == 0 and keys.join(keys.room_code) is not None


def test_the_limit_counts_per_address_and_forgets_after_a_minute():
    limit = WrongCodeLimit(per_minute=10)
    waits = [limit.failed("10.0.0.2", now=float(n)) for n in range(10)]
    assert waits[:9] == [0] * 9 and waits[9] == 51  # the first wrong code, at 0 s, counts until 60 s
    assert limit.wait("10.0.0.3", now=9.0) == 0
    assert limit.wait("10.0.0.2", now=59.5) == 1 and limit.wait("10.0.0.2", now=60.0) == 0


def test_listeners_hear_every_join_and_code_change(tmp_path):
    keys = Keys(tmp_path)
    heard: list[int] = []
    keys.listeners.append(lambda: heard.append(keys.guests()))
    keys.join(keys.room_code)
    keys.join("WRONG2")
    keys.change_room_code()
    assert heard == [1, 0]


def test_a_failing_screen_listener_does_not_break_a_join(tmp_path):
    from companion.net.gate import Landing
    from companion.net.server import build_table

    table = build_table(lambda page: None, "127.0.0.1", 9, Keys(tmp_path), Landing())
    heard: list[str] = []

    def broken() -> None:
        raise RuntimeError("a screen went away")

    table.subscribe(broken)
    stop = table.subscribe(lambda: heard.append("told"))
    assert table.keys.join(table.room_code) is not None
    stop()
    table.keys.join(table.room_code)
    assert heard == ["told"]
