"""Random play with named Fish, Dinks, Supplies and Regrets moving never reaches a table the rules forbid
(issue 11; docs/rules.md §10): no Fish card twice, no card that can't be mounted on a mount, money within the cap,
Regrets never negative nor more than the deck; a refused action changes nothing."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_properties import RULESETS, check_invariants, setup_for

from companion.rules import Game, RuleViolation, new_game, replay
from companion.rules import actions as a
from companion.rules.autopilot import autopilot
from companion.rules.catalog import load_catalog
from companion.rules.constants import SLOT_NUMBERS
from companion.rules.state import GameState
from tests.support.examples import examples

CAT = load_catalog()
# A small pool, so random play often tries a card that is already held, mounted or eaten.
POOL = ["Sunfish", "Flounder", "Fugu", "Sheepshead", "Hammerhead Shark", "Pram", "Orca", "Iron Coffin",
        "Whispering Skull", "Sub Matriarch", "Day Octopus", "Lionfish"]
named = st.sampled_from(POOL).map(CAT.fish_ref)
EASY = ["Sunfish", "Sheepshead", "Pram", "Lionfish", "Fugu"]  # Depth I, Difficulty 1 or 2
DINKS = ["Crab", "Toe", "Old Boot", "Ear"]
SUPPLIES = ["Jar of Leeches", "Bag of Maggots", "Bucket of Chum", "Cloche", "Claw Hammer"]
SETTINGS = settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def card_action(draw: st.DrawFn, s: GameState) -> a.Action:
    n = len(s.players)
    who = s.turn if s.turn is not None and draw(st.booleans()) else draw(st.integers(0, n - 1))
    p = s.players[who]
    held = st.sampled_from(p.hand) if p.hand else named
    fresh = st.lists(st.integers(0, max(0, len(p.fresh) - 1)), max_size=3, unique=True)
    catch = draw(named)
    options = [
        st.builds(a.Fish, player=st.just(who), fish=st.just(catch), depth=st.just(CAT.fish(catch.name or "").depth),
                  dice=fresh, dinks=st.lists(st.sampled_from(DINKS), max_size=2),
                  supplies=st.lists(st.sampled_from(SUPPLIES), max_size=1), life_preserver=st.booleans(),
                  overfished=st.booleans(), adjustment=st.integers(-2, 2), regret_from=st.none() | st.integers(0, 4)),
        st.builds(a.Fish, player=st.just(who), fish=st.none(), depth=st.integers(1, 3), difficulty=st.integers(0, 4),
                  dice=fresh),
        st.builds(a.EnterFish, player=st.just(who), fish=named),
        st.builds(a.EatFish, player=st.just(who), fish=held),
        st.builds(a.Sell, player=st.just(who), fish=st.lists(held, min_size=1, max_size=2)),
        st.builds(a.Mount, player=st.just(who), fish=held, slot=st.sampled_from([*SLOT_NUMBERS, "cloche"]),
                  also=st.lists(st.builds(a.Placement, fish=held, slot=st.sampled_from([*SLOT_NUMBERS, "cloche"])),
                                max_size=2)),
        st.builds(a.GainItem, player=st.just(who), item=st.sampled_from(SUPPLIES)),
        st.builds(a.UseItem, player=st.just(who), item=st.sampled_from(SUPPLIES)),
        st.builds(a.DrawDink, player=st.just(who), count=st.integers(1, 2)),
        st.builds(a.DrawRegret, player=st.just(who), count=st.integers(1, 8),
                  regret_from=st.none() | st.integers(0, 4)),
        st.builds(a.MoveRegrets, player=st.just(who), to=st.integers(0, 4), count=st.integers(1, 4)),
        st.builds(a.AdjustFishbucks, player=st.just(who), amount=st.integers(-3, 12)),
        st.just(a.EmptyShoal()),
        st.builds(a.RevealPlug, player=st.just(who)),
    ]
    turn = s.players[s.turn] if s.phase == "action" and s.turn is not None else None
    if turn is not None and turn.at_sea and turn.fresh and draw(st.integers(0, 3)) > 0:
        # a catch that usually succeeds: the highest Fresh die on an easy Depth I card
        best = max(range(len(turn.fresh)), key=lambda i: turn.fresh[i].face or 0)
        return a.Fish(player=s.turn, fish=CAT.fish_ref(draw(st.sampled_from(EASY))), depth=1, dice=[best])
    if draw(st.integers(0, 2)) == 0:  # the varied autopilot moves the game on
        return autopilot(s, random.Random(draw(st.integers(0, 2**32)))) or a.AdvancePhase()
    return draw(st.one_of(options))


def check_cards(s: GameState) -> None:
    """Every named Fish card is in one place at most; cards that can't be mounted never are (docs/rules.md §10)."""
    places = [f.name for p in s.players for f in (*p.hand, *p.displayed, *p.mounted, p.cloche)
              if f is not None and f.name is not None]
    places += s.graveyard
    assert not (s.plug_out and "The Plug" in places), places  # on the table, so in no hand (A p.27)
    assert len(places) == len(set(places)), places
    for p in s.players:
        for f in (*p.mounted, p.cloche):
            assert f is None or f.name is None or not CAT.fish(f.name).no_sale_or_mount
        assert p.cloche is None or CAT.fish(p.cloche.name or "").size == "small"
        assert not any(f.name is not None and CAT.fish(f.name).displayed for f in p.hand)
    assert 0 <= s.shoals_emptied <= 9


@SETTINGS
@given(players=st.integers(1, 4), preset=st.sampled_from(RULESETS), seed=st.integers(0, 1000), data=st.data())
def test_random_card_play_never_reaches_a_forbidden_table(players, preset, seed, data):
    game: Game = new_game(setup_for(players, preset, seed))
    for _ in range(data.draw(st.integers(30, 90))):
        state = game.state
        before = state.model_dump()
        action = data.draw(card_action(state))
        try:
            game = game.apply(action)
        except RuleViolation:
            assert game.state.model_dump() == before  # a refused action changes nothing
            continue
        check_invariants(game.state)
        check_cards(game.state)
    assert replay(game.setup, game.log) == game.state
