"""Issue 28 item 2: ``companion serve --lan`` killed with SIGKILL at random moments while four phones tap one game
over Flet's wire, restarted on the same data folder each time: every change a phone was shown is in the stored
game, nothing it wasn't shown (beyond its one tap in flight) is, and a phone back after the restart is drawn the
stored game. ``python -m bench.kills --served`` runs the same for 100 kills."""

from __future__ import annotations

import pytest

from bench.served_kills import run


@pytest.mark.slow  # bench-sized: eight starts and kills of the served app, most of a minute on 2 cores
def test_eight_kills_of_the_served_app_lose_nothing_a_phone_was_shown(tmp_path):
    counts = run(tmp_path, kills=8, phones=4, seed=28)
    assert [(k.lost, k.phantom, k.misdrawn) for k in counts] == [(0, 0, 0)] * 8
    assert sum(k.shown for k in counts) >= len(counts), "the phones hardly tapped: the test proved little"
