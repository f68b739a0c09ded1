"""Issue 35 item 3: a recorded play changes only by the host, and visibly. A guest's phone could open the scorer of
a game already recorded, tap + on another angler's Fishbucks, and the host's History read the new total, with
nobody asked or told."""

from __future__ import annotations

import errno

from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.scoring.from_game import draft_from_state
from companion.session import Sessions
from companion.session.door import tab_sessions
from companion.session.seats import Viewer
from companion.store import open_store
from tests.support.faults import FailingDisk

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
    play = host.plays.record_result(draft.current.value.score(), game=game)
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
    stored = tab_sessions(shared, HOST).plays.opened(play.id)
    assert [(p.name, p.score) for p in stored.players] == [(p.name, p.score) for p in play.players]
    assert stored.edits == []


def test_a_guests_changed_result_is_refused_at_the_door(tmp_path):
    shared, game, play = _recorded_game(tmp_path)
    host_draft = tab_sessions(shared, HOST).draft("scorer-draft")
    assert _fishbucks_plus(host_draft, "Ann").ok  # the host's scorer holds a changed result
    changed = host_draft.current.value.score()
    guest = tab_sessions(shared, GUEST)
    try:
        guest.plays.record_result(changed, game=game)
    except ValueError as refused:
        assert "only the host can change it" in str(refused)
    else:
        raise AssertionError("a guest's phone rewrote a recorded play")
    assert guest.plays.opened(play.id).edits == []
    assert guest.plays.record_result(play_result(shared, play), game=game).id == play.id  # unchanged: no edit


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
    edited = host.plays.record_result(draft.current.value.score(), game=game)
    assert edited.id == play.id and len(edited.edits) == 1
    change = edited.edits[0]
    assert [(c.name, c.before, c.after) for c in change.scores] == [("Ann", ann_before, ann_before + 1)]
    assert change.at >= play.updated
    assert host.plays.can_undo() and host.plays.undo() == play.id
    assert host.plays.opened(play.id).edits == [] and \
        next(p.score for p in host.plays.opened(play.id).players if p.name == "Ann") == ann_before


# Issue 47 item 3: the play of a finished game was recorded by the scorer screen while it drew (a write during
# rendering, through the saver the door handed out); the session records it once, with the change that completes it.

def _finished_scorer(tmp_path):
    """A finished two-angler game (nothing caught, no Regret drawn: tests.views.tables.finished) in the shared
    sessions, and the host's scorer draft filled in from it but for the Regret values, still to be entered."""
    from tests.views.tables import finished

    store = open_store(tmp_path)
    shared = Sessions(store)
    game = shared.start_game(finished()).current.value
    host = tab_sessions(shared, HOST)
    draft = host.draft("scorer")
    filled = draft_from_state(game.state, game_id=game.id)
    assert filled.finished and filled.missing()  # the Regret values are not known yet
    assert draft.replace(lambda _old: filled, seen=draft.version).ok
    assert not store.has_play(f"game-{game.id}")  # nothing to record yet
    return store, game, host, draft


def _entered(draft, seat: int, **numbers: int):
    def entered(old):
        new = old.model_copy(deep=True)
        for name, value in numbers.items():
            setattr(new.players[seat], name, value)
        return new

    return draft.replace(entered, seen=draft.version)


def test_the_change_that_completes_a_finished_games_score_records_its_play(tmp_path):
    store, game, host, draft = _finished_scorer(tmp_path)
    assert _entered(draft, 0, regret_value=0).ok and not store.has_play(f"game-{game.id}")  # Bo's still missing
    made = _entered(draft, 1, regret_value=0)
    assert made.ok and made.message is None
    play = store.load_play(f"game-{game.id}")
    assert play.source == "table" and play.game_id == game.id and play.edits == []
    result = draft.current.value.score()
    assert host.plays.recorded(result, game=game)
    fishbucks = draft.current.value.players[1].fishbucks
    assert _entered(draft, 1, fishbucks=fishbucks + 2).ok  # a correction: the play follows it, the host's edit
    corrected = store.load_play(f"game-{game.id}")
    assert [(c.name, c.before, c.after) for c in corrected.edits[-1].scores] == [
        ("Bo", play.players[1].score, play.players[1].score + 1)]  # $2 more: a point more (docs/rules.md §7)
    assert not host.plays.recorded(result, game=game) and host.plays.recorded(draft.current.value.score(), game=game)


def test_a_play_that_could_not_be_written_is_said_and_never_shown_recorded(tmp_path):
    """The disk fails after the draft is written: the change is made (and shown), the play is not, and the outcome
    says so; nothing says it is recorded."""
    store, game, host, draft = _finished_scorer(tmp_path)
    with FailingDisk(0, errno.EIO) as counting:  # what writing the draft alone costs (counted as EIO fails)
        assert _entered(draft, 0, regret_value=0).ok
    with FailingDisk(counting.calls + 1, errno.EIO, persistent=True) as disk:
        made = _entered(draft, 1, regret_value=0)
    assert disk.injected and made.ok and draft.current.value.players[1].regret_value == 0
    assert (made.message or "").startswith("Could not save the play: The host's disk failed while saving")
    assert not store.has_play(f"game-{game.id}")
    assert not host.plays.recorded(draft.current.value.score(), game=game)
