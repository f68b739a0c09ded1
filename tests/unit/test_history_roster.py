"""The roster (issue 15, item 2): one person whatever the case and spaces; rename, merge; names offered again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.history import (
    RosterError,
    load_roster,
    merge_players,
    record_play,
    remember_names,
    rename_player,
    statistics,
    suggest_names,
)
from companion.store import open_store


def _result(*seats: tuple[str, int]) -> dict:
    ranked = sorted(seats, key=lambda s: -s[1])
    return {"game": "shallow-regrets", "solo": False, "players": [
        {"name": n, "score": s, "rank": ranked.index((n, s)) + 1, "winner": ranked[0] == (n, s), "breakdown": {}}
        for n, s in seats]}


def test_spellings_of_one_name_are_one_player(tmp_path: Path):
    store = open_store(tmp_path)
    record_play(store, _result(("Anna Maria", 9), ("Hugo", 3)))
    record_play(store, _result(("annamaria", 2), ("HUGO", 8)))
    assert load_roster(store).names() == ["Anna Maria", "Hugo"]
    stats = statistics(store.list_plays(), load_roster(store).resolve)
    assert [(p.name, p.plays, p.wins) for p in stats.players] == [("Anna Maria", 2, 1), ("Hugo", 2, 1)]


def test_rename_changes_every_earlier_play_and_merge_joins_two_names(tmp_path: Path):
    store = open_store(tmp_path)
    record_play(store, _result(("Bert", 9), ("Hugo", 3)))
    record_play(store, _result(("Robert", 4), ("Hugo", 8)))
    rename_player(store, "hugo", "Hugo P.")
    merge_players(store, "Bert", "Robert")
    stats = statistics(store.list_plays(), load_roster(store).resolve)
    assert [(p.name, p.plays, p.wins) for p in stats.players] == [("Bert", 2, 1), ("Hugo P.", 2, 1)]
    assert load_roster(store).resolve("ROBERT") == "Bert"
    assert store.load_play(store.list_plays()[0].id).players[0].name == "Robert"  # the play keeps what was typed


def test_rename_onto_someone_else_and_unknown_names_are_refused(tmp_path: Path):
    store = open_store(tmp_path)
    remember_names(store, ["Alba", "Hugo"])
    with pytest.raises(RosterError, match="merge"):
        rename_player(store, "Alba", "hugo")
    with pytest.raises(RosterError, match="Zed"):
        merge_players(store, "Alba", "Zed")
    with pytest.raises(RosterError):
        rename_player(store, "Alba", "   ")
    assert load_roster(store).names() == ["Alba", "Hugo"]


def test_suggestions_start_with_what_is_typed_and_skip_the_table(tmp_path: Path):
    store = open_store(tmp_path)
    remember_names(store, ["Alba", "Hugo", "Isla", "Salvatore", "Al"])
    assert suggest_names(store, "al") == ["Alba", "Salvatore"]  # "Al" itself is what is typed
    assert suggest_names(store, "", exclude=["hugo", "ISLA"]) == ["Al", "Alba", "Salvatore"]
    assert suggest_names(None, "a") == []


def test_a_rename_to_a_name_nobody_may_have_is_refused(tmp_path: Path):
    """Issue 45 item 9: the Players card took an override, a NUL or a million characters as a new name."""
    store = open_store(tmp_path)
    remember_names(store, ["Alba", "Hugo"])
    for new, why in (("Al\u202eba", "U+202E"), ("Alba\x00", "U+0000"), ("A" * 1_000_000, "at most 60 characters")):
        with pytest.raises(RosterError, match=re.escape(why)):
            rename_player(store, "Alba", new)
    assert load_roster(store).names() == ["Alba", "Hugo"]
