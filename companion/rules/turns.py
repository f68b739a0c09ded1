"""Turn order in the Action phase: one action per turn, passing, and the last player's countdown (A p.9)."""

from __future__ import annotations

from companion.i18n import t
from companion.rules.actions import ClaimReward, Pass
from companion.rules.common import fail, player, replace, source, with_player
from companion.rules.state import GameState


def _give_reward(state: GameState, seat: int, reward: str) -> GameState:
    """The passing reward: draw a Dink or discard a random Regret (docs/rules.md §9, Three shops)."""
    p = state.players[seat]
    if reward == "dink":
        if not state.dinks_in_deck:
            fail("docs/rules.md §1", t("Every Dink is held: there is none left to draw"))
        return with_player(state, seat, dinks=p.dinks + 1)
    if p.regret_cards == 0:
        fail("docs/rules.md §9", t("{name} has no Regret to discard", name=p.name))
    return with_player(state, seat, regret_cards=p.regret_cards - 1)


def _turn_over(state: GameState, seat: int) -> GameState:
    """What lasts only for the angler's turn ends with it: a Can of Worms flipped on it (docs/rules.md §10)."""
    return with_player(state, seat, worms_this_turn=False) if state.players[seat].worms_this_turn else state


def next_turn(state: GameState, seat: int) -> GameState:
    """Hand the turn clockwise to the next player who hasn't passed; skipped players earn the passing reward."""
    state = _turn_over(state, seat)
    n = len(state.players)
    for k in range(1, n + 1):
        j = (seat + k) % n
        if not state.players[j].passed:
            return replace(state, turn=j)
        if state.ruleset.passing_reward and j != seat:
            state = with_player(state, j, rewards_due=state.players[j].rewards_due + 1)
    return replace(state, turn=None)


def _start_countdown(state: GameState) -> GameState:
    """Once all but one have passed, the last player gets 2 turns at Sea or 4 at Port (A p.9)."""
    if len(state.players) < 2 or state.last_turns_left is not None:
        return state
    remaining = state.unpassed
    if len(remaining) != 1:
        return state
    last = state.players[remaining[0]]
    rules = state.ruleset
    turns = rules.last_to_pass_turns_sea if last.at_sea else rules.last_to_pass_turns_port
    return replace(state, last_turns_left=turns)


def end_turn(state: GameState, seat: int) -> GameState:
    """After a turn action: count down the last player's turns, then pass the turn on."""
    if state.last_turns_left is not None and state.unpassed == [seat]:
        left = state.last_turns_left - 1
        state = replace(state, last_turns_left=left)
        if left <= 0:
            return _passed(state, seat)
    return next_turn(state, seat)


def _passed(state: GameState, seat: int) -> GameState:
    """The player is out for the Day. When nobody is left the Day is over: nobody is skipped any more, and every
    passing reward not taken lapses (docs/rules.md §9), so none shows up the next morning. A player forced out by the
    countdown earns none: they did not pass."""
    state = _turn_over(with_player(state, seat, passed=True), seat)
    if all(p.passed for p in state.players):
        players = [replace(p, rewards_due=0) if p.rewards_due else p for p in state.players]
        return replace(state, players=players, turn=None, last_turns_left=None)
    return _start_countdown(next_turn(state, seat))


def apply_pass(state: GameState, action: Pass) -> GameState:
    """Pass: skipped for the rest of the Day (A p.9), with the passing reward where the ruleset has one."""
    if action.reward is not None:
        if not state.ruleset.passing_reward:
            fail(source(state, "passing_reward"), t("This ruleset has no passing reward"))
        state = _give_reward(state, action.player, action.reward)
    return _passed(state, action.player)


def apply_claim_reward(state: GameState, action: ClaimReward) -> GameState:
    """Take a passing reward earned by being skipped; it can be taken until the Day ends (docs/rules.md §9)."""
    p = player(state, action.player)
    if not state.ruleset.passing_reward:
        fail(source(state, "passing_reward"), t("This ruleset has no passing reward"))
    if p.rewards_due == 0:
        fail("docs/rules.md §9", t("{name} has no passing reward to take", name=p.name))
    state = with_player(state, action.player, rewards_due=p.rewards_due - 1)
    return _give_reward(state, action.player, action.reward)
