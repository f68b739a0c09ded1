"""Issue 35 item 3: a recorded play changes only by the host, and visibly. A guest's phone could open the scorer of
a game already recorded, tap + on another angler's Fishbucks, and the host's History read the new total, with
nobody asked or told."""

from __future__ import annotations

from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.scoring.from_game import draft_from_state
from companion.session import Sessions, plays
from companion.session.door import tab_sessions
from companion.session.seats import Viewer
from companion.store import open_store

# The host as the local mode sees it (every number shown: the game is not finished); a served guest.
HOST, GUEST = Viewer("host-pass", host=True, served=False), Viewer("guest-pass", host=False)


def _recorded_game(tmp_path):
    """A two-angler game scored in the shared scorer draft and recorded by the host, as the table does."""
    shared = Sessions(open_store(tmp_path))
    game = new_game(GameSetup(players=[PlayerSetup(name="Ann", colour="amber"), PlayerSetup(name="Bo", colour="teal")],
                              ruleset=build_ruleset(), seed=3))
    shared.start_game(game)
    host = tab_sessions(shared, HOST)
    draft = host.draft("scorer-draft")
    filled = draft_from_state(game.state, game_id=game.id)
    for p in filled.players:
        p.fishbucks, p.regret_cards, p.regret_value = 7 if p.name == "Ann" else 4, 0, 0
    assert draft.replace(lambda _old: filled, seen=draft.current.version).ok
    play = plays.record_result(host, draft.current.value.score(), game=game)
    return shared, game, play


def _fishbucks_plus(draft, name: str):
    def plus(old):
        new = old.model_copy(deep=True)  # as a screen edits its working copy, never the session's value
        for p in new.players:
            if p.name == name:
                p.fishbucks += 1
        return new

    return draft.replace(plus, seen=draft.current.version)


def test_a_guest_cannot_change_the_draft_of_a_recorded_game_and_history_is_unchanged(tmp_path):
    shared, _game, play = _recorded_game(tmp_path)
    guest = tab_sessions(shared, GUEST)
    draft = guest.draft("scorer-draft")
    outcome = _fishbucks_plus(draft, "Ann")
    assert not outcome.ok and "only the host can change it" in (outcome.message or "")
    assert not draft.undo(seen=draft.current.version).ok
    stored = plays.opened(tab_sessions(shared, HOST), play.id)
    assert [(p.name, p.score) for p in stored.players] == [(p.name, p.score) for p in play.players]
    assert stored.edits == []


def test_a_guests_changed_result_is_refused_at_the_door(tmp_path):
    shared, game, play = _recorded_game(tmp_path)
    host_draft = tab_sessions(shared, HOST).draft("scorer-draft")
    assert _fishbucks_plus(host_draft, "Ann").ok  # the host's scorer holds a changed result
    changed = host_draft.current.value.score()
    guest = tab_sessions(shared, GUEST)
    try:
        plays.record_result(guest, changed, game=game)
    except ValueError as refused:
        assert "only the host can change it" in str(refused)
    else:
        raise AssertionError("a guest's phone rewrote a recorded play")
    assert plays.opened(guest, play.id).edits == []
    assert plays.record_result(guest, play_result(shared, play), game=game).id == play.id  # unchanged: no edit


def play_result(shared, play):
    """The result the play was recorded from, rebuilt from the host's draft before its change."""
    host_draft = tab_sessions(shared, HOST).draft("scorer-draft")
    assert host_draft.undo(seen=host_draft.current.version).ok
    return host_draft.current.value.score()


def test_the_hosts_correction_is_marked_in_the_play_and_can_be_undone(tmp_path):
    shared, game, play = _recorded_game(tmp_path)
    host = tab_sessions(shared, HOST)
    draft = host.draft("scorer-draft")
    ann_before = next(p.score for p in play.players if p.name == "Ann")
    assert _fishbucks_plus(draft, "Ann").ok
    edited = plays.record_result(host, draft.current.value.score(), game=game)
    assert edited.id == play.id and len(edited.edits) == 1
    change = edited.edits[0]
    assert [(c.name, c.before, c.after) for c in change.scores] == [("Ann", ann_before, ann_before + 1)]
    assert change.at >= play.updated
    assert plays.can_undo(host) and plays.undo(host) == play.id
    assert plays.opened(host, play.id).edits == [] and \
        next(p.score for p in plays.opened(host, play.id).players if p.name == "Ann") == ann_before
