"""Issue 36 item 2: a process killed (SIGKILL) at random moments while four phones record catches on one campaign
loses nothing a phone was shown and stores nothing beyond what was shown or in flight, as a game's
(tests/session/test_kills.py); ``bench.campaign_kills`` runs the same 100 times."""

from __future__ import annotations

import pytest

from bench.campaign_kills import run


@pytest.mark.slow  # bench-sized: eight child processes started and killed, about half a minute on a busy machine
def test_eight_kills_while_four_phones_record_catches_lose_nothing_shown(tmp_path):
    counts = run(tmp_path, kills=8, phones=4, seed=36)
    assert [(lost, phantom) for lost, phantom, _shown in counts] == [(0, 0)] * 8
    shown = [n for *_, n in counts]
    assert shown == sorted(shown) and shown[-1] > 64, "the phones hardly tapped or never reached a fold"
