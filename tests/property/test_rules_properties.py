"""Random action sequences, valid and invalid, keep the engine's invariants (issue 2, issue 11;
docs/rules.md §2, §5, §6): the autopilot's moves are always legal and never reach a state the rules forbid,
every refused action leaves the state unchanged, and every accepted action was among the moves ``available``
offered its angler."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import (
    Game,
    GameSetup,
    PlayerSetup,
    RuleViolation,
    apply,
    available,
    build_ruleset,
    new_game,
    replay,
)
from companion.rules import actions as a
from companion.rules.autopilot import autopilot, autopilot_log
from companion.rules.catalog import load_catalog
from companion.rules.constants import REGRETS_PER_PLAYER, SLOT_NUMBERS
from companion.rules.fish import FishRef
from companion.rules.phases import seat_of
from companion.rules.scenario import play
from companion.rules.state import GameState
from tests.support.examples import examples

RULESETS = [("anglers-guide", ()), ("three-shops", ()), ("three-shops", ("payday-4", "port-then-sea")),
            ("anglers-guide", ("no-money-cap", "last-to-pass-2"))]
SETTINGS = settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])

fish_refs = st.builds(FishRef, value=st.one_of(st.none(), st.integers(0, 8)), type=st.sampled_from(["fair", "foul"]))
CARDS = load_catalog().fish_list
named_fish = st.sampled_from([card.ref() for card in CARDS if card.depth == 1][:12])  # a few, so repeats happen


@st.composite
def random_action(draw, s: GameState) -> a.Action:
    n = len(s.players)
    who = draw(st.one_of(st.integers(0, n - 1), st.just(s.turn if s.turn is not None else 0)))
    p = s.players[who]
    hand = st.sampled_from(p.hand) if p.hand else fish_refs | named_fish
    dice = st.lists(st.integers(0, 4), max_size=4, unique=True)
    options = [
        st.just(a.AdvancePhase()),
        st.builds(a.Refresh, player=st.just(who)),
        st.builds(a.ThrowLifePreserver, player=st.just(who), to=st.integers(0, n - 1)),
        st.builds(a.Declare, player=st.just(who), location=st.sampled_from(["sea", "port"]),
                  discard_regret=st.booleans()),
        st.builds(a.Fish, player=st.just(who), fish=st.one_of(st.none(), fish_refs), depth=st.integers(1, 3),
                  difficulty=st.none() | st.integers(0, 8), exact_dice=st.none() | st.integers(1, 3),
                  dice=dice, life_preserver=st.booleans(), overfished=st.booleans()),
        st.builds(a.Fish, player=st.just(who), fish=named_fish, depth=st.just(1), dice=dice),
        st.builds(a.GiveUp, player=st.just(who), die=st.integers(0, 3)),
        st.builds(a.DropSinkers, player=st.just(who), dice=st.lists(st.integers(0, 3), min_size=1, max_size=2)),
        st.builds(a.AbandonShip, player=st.just(who), discard_regret=st.booleans()),
        st.builds(a.DrawRegret, player=st.just(who), count=st.integers(1, 4),
                  regret_from=st.none() | st.integers(0, n - 1)),
        st.builds(a.DiscardRegret, player=st.just(who), count=st.integers(1, 3)),
        st.builds(a.Pass, player=st.just(who), reward=st.sampled_from([None, "dink", "regret"])),
        st.builds(a.ClaimReward, player=st.just(who), reward=st.sampled_from(["dink", "regret"])),
        st.builds(a.Sell, player=st.just(who), fish=st.lists(hand, min_size=1, max_size=2)),
        st.builds(a.Buy, player=st.just(who), shop=st.sampled_from(["rods", "reels", "supplies", "tackle"]),
                  price=st.none() | st.integers(0, 6), tier=st.none() | st.sampled_from([1, 3, 5]),
                  colour=st.none() | st.sampled_from(["blue", "green", "orange"]),
                  life_preserver=st.booleans(), dinks=st.lists(st.integers(1, 2), max_size=2)),
        st.builds(a.Mount, player=st.just(who), fish=hand, slot=st.sampled_from(SLOT_NUMBERS)),
        st.builds(a.AdjustFishbucks, player=st.just(who), amount=st.integers(-6, 12)),
        st.builds(a.GainDie, player=st.just(who), kind=st.sampled_from(["player", "blue", "green", "orange", "omen"])),
        st.builds(a.DrawDink, player=st.just(who)),
        st.builds(a.UseDink, player=st.just(who)),
        st.builds(a.UseCanOfWorms, player=st.just(who)),
        st.builds(a.EatFish, player=st.just(who), fish=st.none() | hand),
        st.builds(a.EnterFish, player=st.just(who), fish=fish_refs),
        st.just(a.EndGame()),
    ]
    # Three moves in four are the varied autopilot's (always legal, so sequences reach Port, Sea and later Days);
    # a flat one_of would drown them among the random options, most of them refused.
    if draw(st.integers(0, 3)) < 3:
        move = autopilot(s, random.Random(draw(st.integers(0, 2**32))))
        if move is not None:
            return move
    return draw(st.one_of(options))


def check_invariants(s: GameState) -> None:
    cap = s.ruleset.money_cap
    for i, p in enumerate(s.players):
        assert p.fishbucks >= 0 and (cap is None or p.fishbucks <= cap)
        assert p.regret_cards >= 0 and p.dinks >= 0 and p.hand_hidden >= 0
        tier = s.madness(i)
        assert tier.min_cards <= p.regret_cards and (tier.max_cards is None or p.regret_cards <= tier.max_cards)
        assert sum(d.kind == "player" for d in (*p.fresh, *p.spent)) <= 3
    assert sum(p.regret_cards for p in s.players) <= REGRETS_PER_PLAYER * len(s.players)
    assert all(s.tackle_available(c) >= 0 for c in ("blue", "green", "orange"))
    # Every Fish card exists once (docs/rules.md §10): held, displayed, mounted or in the Graveyard, never twice.
    named = [f.name for p in s.players for f in (*p.hand, *p.displayed, *p.mounted, p.cloche)
             if f is not None and f.name is not None] + list(s.graveyard)
    assert len(named) == len(set(named)), named


def game_start(players: int, preset: tuple[str, tuple[str, ...]], seed: int) -> GameState:
    return replay(setup_for(players, preset, seed), [])


def setup_for(players: int, preset: tuple[str, tuple[str, ...]], seed: int) -> GameSetup:
    return GameSetup(players=[PlayerSetup(name=f"P{i}", colour="red") for i in range(players)],
                     ruleset=build_ruleset(*preset), seed=seed)


@SETTINGS
@given(players=st.integers(1, 5), preset=st.sampled_from(RULESETS), seed=st.integers(0, 1000), data=st.data())
def test_random_sequences_keep_the_invariants(players, preset, seed, data):
    """Fishbucks in 0..cap, Regrets never negative, Madness matches the count, refused actions change nothing,
    undo(apply(s, a)) == s, and replay(log) == state."""
    game: Game = new_game(setup_for(players, preset, seed))
    for _ in range(data.draw(st.integers(15, 60))):
        state = game.state
        before = state.model_dump()
        action = data.draw(random_action(state))
        try:
            after = game.apply(action)
        except RuleViolation:
            assert game.state.model_dump() == before
            continue
        seat = seat_of(action)
        if seat is not None:
            assert action.type in available(state, seat).moves, action
        assert after.undo().state == state
        check_invariants(after.state)
        game = after
    assert replay(game.setup, game.log) == game.state
    assert GameState.model_validate(game.state.model_dump()) == game.state


@settings(max_examples=10, deadline=None)
@given(players=st.integers(1, 5), preset=st.sampled_from(RULESETS), seed=st.integers(0, 1000))
def test_routine_autopilot_reaches_the_end_of_the_game(players, preset, seed):
    """Routine play (refresh, throw, declare Sea, pass, advance) always ends on the final Day (A p.22)."""
    state = game_start(players, preset, seed)
    state = play(state, *autopilot_log(state, lambda s: s.finished, limit=400))
    assert state.finished and state.is_last_day


@SETTINGS
@given(players=st.integers(1, 5), preset=st.sampled_from(RULESETS), seed=st.integers(0, 1000),
       pilot=st.integers(0, 2**32))
def test_varied_autopilot_plays_legal_games_to_the_end(players, preset, seed, pilot):
    """Every move of the seeded autopilot is legal, was offered by ``available``, and leaves a state the rules allow;
    the game always ends (A p.22)."""
    state, rng = game_start(players, preset, seed), random.Random(pilot)
    for _ in range(3000):
        action = autopilot(state, rng)
        if action is None:
            break
        seat = seat_of(action)
        assert seat is None or action.type in available(state, seat).moves, action
        state = apply(state, action)  # raises RuleViolation if the autopilot picked an illegal move
        check_invariants(state)
    assert autopilot(state, rng) is None and state.finished


@settings(max_examples=60, deadline=None)
@given(cards=st.integers(0, 60), preset=st.sampled_from(RULESETS))
def test_madness_tier_matches_the_count_and_moves_one_way(cards, preset):
    """The tier holds the count; more Regrets never raise Fair values, lower Foul values or Max dice
    (docs/rules.md §2)."""
    from companion.rules import madness_tier

    ruleset = build_ruleset(*preset)
    tier, worse = madness_tier(cards, ruleset), madness_tier(cards + 1, ruleset)
    assert tier.min_cards <= cards and (tier.max_cards is None or cards <= tier.max_cards)
    assert worse.fair <= tier.fair and worse.foul >= tier.foul and worse.max_dice >= tier.max_dice


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(RULESETS), cards=st.integers(0, 20), dinks=st.lists(st.integers(1, 2), max_size=3),
       lp=st.booleans(), price=st.integers(0, 7), shop=st.sampled_from(["rods", "reels", "supplies", "tackle"]),
       fish=fish_refs)
def test_prices_and_sale_values_never_go_below_zero(preset, cards, dinks, lp, price, shop, fish):
    """A purchase costs its base less its discounts, never below $0; a Fish never sells below $0
    (docs/rules.md §2, §5)."""
    from companion.rules import queries
    from companion.rules.common import with_player
    from companion.rules.scenario import table

    s = with_player(table(2, preset[0], preset[1]), 0, regret_cards=cards, dinks=3)
    s = s.model_copy(update={"life_preserver": 0})
    market = s.ruleset.shop_system == "market"
    buy = a.Buy(player=0, shop=shop, life_preserver=lp, dinks=dinks,
                price=None if not market or shop == "tackle" else price,
                colour="orange" if market and shop == "tackle" else None, tier=None if market else 3)
    quote = queries.price(s, buy)
    assert quote.total == max(0, quote.base - sum(d.amount for d in quote.discounts)) >= 0
    assert s.sale_value(0, fish) >= 0
