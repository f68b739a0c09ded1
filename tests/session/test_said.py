"""Issue 46: each move a phone makes is said to it in one line, in its language: a Refresh with typed faces (silent
before: it leaves the table no step), the Fish caught and the dice spent on it, the Fish sold, a pass."""

from __future__ import annotations

import pytest

from companion.i18n import use_language
from companion.rules import actions as act
from companion.rules.game import Game
from companion.session import CampaignSession, Outcome, Sessions
from companion.survey import Campaign, unlock_items
from companion.survey import play as survey
from companion.survey.actions import CampaignAction, CatchFish, Haul, NextDay, StartWeek, Unlock
from companion.views import speech
from tests.views.tables import (
    SUNFISH,
    all_passed_on_the_last_day,
    context,
    draw,
    finished,
    monday_action,
    play,
    tuesday_at_port,
    two_players,
)
from tests.views.viewtree import tap


def _said(game, action) -> str | None:
    session = Sessions(None).start_game(game)
    outcome = session.apply(action, seen=session.current.version)
    assert outcome.ok, outcome.message
    return outcome.said


def test_a_refresh_with_typed_faces_says_the_fresh_dice() -> None:
    assert _said(two_players(), act.Refresh(player=0, faces=[3, 1, 2])) == (
        "Ada: Refresh. Fresh dice: Angler die 3, Angler die 1, Angler die 2")


def test_a_catch_says_the_fish_and_the_dice_spent_on_it() -> None:
    # Ada's Fresh dice after monday_action: 3, 3, 2; the Sunfish (depth 1, Difficulty 2) with the first 3.
    said = _said(monday_action(), act.Fish(player=0, fish=SUNFISH, depth=1, difficulty=2, dice=[0]))
    assert said == "Ada: caught Sunfish with Angler die 3"


def test_a_sale_says_the_fish_and_what_it_made() -> None:
    game = tuesday_at_port()
    said = _said(game, act.Sell(player=0, fish=[SUNFISH]))
    fishbucks = play(game, act.Sell(player=0, fish=[SUNFISH])).state.players[0].fishbucks
    assert said == f"Ada: sold Sunfish for ${fishbucks}" and fishbucks > 0


@pytest.mark.parametrize(("language", "said"), [("en", "Ada: passed"), ("it", "Ada: passa")])
def test_a_pass_is_said_in_the_phones_language(language: str, said: str) -> None:
    with use_language(language):
        assert _said(monday_action(), act.Pass(player=0)) == said


def test_a_move_the_steps_say_whole_has_no_line_of_its_own() -> None:
    assert _said(monday_action(), act.AdjustFishbucks(player=0, amount=2)) is None


def test_the_table_says_the_move_first_then_its_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line is said (before the steps: both go to the tap's one announcement in the order told), not shown."""
    heard: list[list[str]] = []
    monkeypatch.setattr(speech, "told", heard.append)
    sessions = Sessions(None)
    game = sessions.start_game(monday_action()).current.value
    ctx = context(None, f"/table?game={game.id}", sessions=sessions)
    tap(draw(ctx), "pass-0")
    assert heard[0] == ["Ada: passed"] and "Ada: passed" not in ctx.steps


@pytest.mark.parametrize(("buy", "said"), [
    (act.Buy(player=0, shop="tackle", colour="green", faces=[2]), "Ada: bought a green tackle die for $1"),  # A p.16
    (act.Buy(player=0, shop="rods", price=4, items=["Narwhal Rod"]), "Ada: bought Narwhal Rod for $4"),  # A p.17
])
def test_a_purchase_says_what_was_bought_and_for_how_much(buy: act.Buy, said: str) -> None:
    assert _said(tuesday_at_port(fishbucks=5), buy) == said


def test_the_days_end_says_the_next_day_begins() -> None:
    game = play(monday_action(), act.Pass(player=0), act.Pass(player=1))
    assert _said(game, act.AdvancePhase()) == "Tuesday begins"


def test_the_games_end_is_said() -> None:
    assert _said(all_passed_on_the_last_day(), act.EndGame()) == "The game is over: the Results show who won"


def _week_said(campaign: Campaign, action: CampaignAction) -> tuple[str | None, Campaign]:
    session = CampaignSession(campaign)
    outcome = session.apply(action, seen=session.current.version)
    assert outcome.ok, outcome.message
    return outcome.said, outcome.current.value


def test_a_survey_haul_and_unlock_are_said() -> None:
    """A p.26: the Fish brought to Port and those jettisoned; then what was unlocked, for what, and what is lost."""
    friday = survey.catch_fish(survey.start_week(survey.new_campaign("Doc")), "Sheepshead")
    friday = survey.catch_fish(friday, "Kraken")  # value 9: enough for an unlock
    for _ in range(4):
        friday = survey.next_day(friday)
    hauled_line, hauled = _week_said(friday, Haul(regret_value=2, jettison=["sheepshead"]))
    assert hauled_line == "Brought to Port: Kraken. Jettisoned: Sheepshead"
    budget = survey.unlock_budget(hauled)
    item = min(unlock_items(), key=lambda i: i.cost)
    assert item.cost <= budget
    unlocked_line, _ = _week_said(hauled, Unlock(purchases=[item.id]))
    assert unlocked_line == (f"Unlocked: {item.label} for {item.cost}; {budget - item.cost} lost. "
                             "The week is closed")


def _tuesdays_refresh() -> Game:
    """Tuesday's Refresh, both refreshed, Ada (3, 3, 3) to throw; Bo holds the Life Preserver since Monday."""
    game = play(monday_action(), act.Pass(player=0), act.Pass(player=1), act.AdvancePhase())
    return play(game, act.Refresh(player=0, faces=[3, 3, 3]), act.Refresh(player=1, faces=[1, 1, 1]))


def test_a_throw_to_the_angler_who_holds_the_life_preserver_is_said() -> None:
    """Issue 46, heard in the night by ear: thrown back to its holder, the Life Preserver left no step and no new
    holder to say: the throw was silent. Thrown to another, the table's step says it (no second line)."""
    game = _tuesdays_refresh()
    assert _said(game, act.ThrowLifePreserver(player=0, to=1)) == "Ada: throw the Life Preserver to Bo"
    monday = play(two_players(), act.Refresh(player=0, faces=[3, 3, 2]), act.Refresh(player=1, faces=[1, 1, 1]))
    assert _said(monday, act.ThrowLifePreserver(player=0, to=1)) is None


def test_declaring_sea_says_where_the_boat_is() -> None:
    """Issue 46, heard in the night by ear: a Sea declaration said only whose turn was next (A p.8)."""
    game = play(_tuesdays_refresh(), act.ThrowLifePreserver(player=0, to=1), act.AdvancePhase())
    assert _said(game, act.Declare(player=1, location="sea")) == "Bo: Sea, Depth I"


def test_a_revealed_regret_value_is_said() -> None:
    """Issue 46, heard in the night by ear: revealing a Regret value at the end (A p.19) said nothing."""
    assert _said(finished(), act.RevealRegrets(player=0, value=0)) == "Ada: Regret value entered"


def test_a_survey_weeks_start_its_days_and_an_undone_catch_are_said() -> None:
    """docs/rules.md §8 (A p.25): a week starts on Monday and clocks in on each next Day; Undo and Redo say the
    move they took back or put back (silent before, as the week's start and each Day were)."""
    session = CampaignSession(survey.new_campaign("Doc"))

    def said(outcome: Outcome[Campaign]) -> str | None:
        assert outcome.ok, outcome.message
        return outcome.said

    assert said(session.apply(StartWeek(), seen=session.version)) == "Week 1 · Monday (Day 1 of 5)"
    assert said(session.apply(NextDay(), seen=session.version)) == "Week 1 · Tuesday (Day 2 of 5)"
    assert (said(session.apply(CatchFish(name="Sheepshead"), seen=session.version))
            == "Sheepshead catalogued: a new slot on the sheet")
    assert said(session.undo(seen=session.version)) == "Undone: Sheepshead catalogued: a new slot on the sheet"
    assert said(session.redo(seen=session.version)) == "Redone: Sheepshead catalogued: a new slot on the sheet"
    assert said(session.undo(seen=session.version)) == "Undone: Sheepshead catalogued: a new slot on the sheet"
    assert said(session.undo(seen=session.version)) == "Undone: Week 1 · Tuesday (Day 2 of 5)"
