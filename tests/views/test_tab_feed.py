"""A tab's feed of a game: what its components draw, and the version its moves name (the stale-phone check)."""

from __future__ import annotations

from tables import monday_action

from companion.rules import actions as act
from companion.session import GameSession
from companion.views.hooks import TabFeed


def _session() -> GameSession:
    return GameSession(monday_action(), write=None)


def test_a_feed_keeps_the_newest_version_it_was_told_and_tells_each_follower_once():
    session = _session()
    feed = TabFeed(session)
    heard: list[int] = []
    feed.follow(lambda snapshot: heard.append(snapshot.version))
    older = session.current
    session.apply(act.DrawRegret(player=0), seen=older.version)
    feed.tell(session.current)
    feed.tell(older)  # overtaken on its way (told later than the newer one): not drawn over it
    assert feed.latest.version == older.version + 1
    assert heard == [older.version + 1]


def test_a_feed_catches_up_with_a_change_made_before_its_tab_subscribed():
    session = _session()
    feed = TabFeed(session)  # made as the tab first draws the game
    session.apply(act.DrawRegret(player=0), seen=session.current.version)  # another phone, before the effects ran
    heard: list[int] = []
    feed.follow(lambda snapshot: heard.append(snapshot.value.state.players[0].regret_cards))
    feed.catch_up()
    assert heard == [1] and feed.latest.version == session.current.version
    feed.catch_up()  # nothing new: nobody is told again
    assert heard == [1]


def test_a_stop_ends_the_following():
    session = _session()
    feed = TabFeed(session)
    heard: list[int] = []
    stop = feed.follow(lambda snapshot: heard.append(snapshot.version))
    stop()
    session.apply(act.DrawRegret(player=0), seen=session.current.version)
    feed.tell(session.current)
    assert heard == []
