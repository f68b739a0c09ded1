"""Issue 28 item 2: a process killed (SIGKILL) at random moments while four phones tap loses nothing a phone was
shown and stores nothing beyond what was shown or in flight; ``bench.kills`` runs the same 100 times."""

from __future__ import annotations

from bench.kills import run


def test_eight_kills_while_four_phones_tap_lose_nothing_shown(tmp_path):
    counts = run(tmp_path, kills=8, phones=4, seed=28)
    assert counts == [(0, 0)] * 8
