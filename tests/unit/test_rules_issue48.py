"""Issue 48's rules: a personality card's Dink when every Dink is held (docs/rules.md §1), Sentimental with fewer
Regrets than it gives (§11), and the two Lamentable Tentacles Difficulty effects (§10)."""

from refusals import refused

from companion.rules import port
from companion.rules.actions import (
    AdvancePhase,
    DrawDink,
    Fish,
    GiveUp,
    Pass,
    Refresh,
    ThrowLifePreserver,
    UseCanOfWorms,
    UsePersonality,
)
from companion.rules.catalog import load_catalog
from companion.rules.common import replace, with_player
from companion.rules.difficulty import catch_difficulty
from companion.rules.engine import initial_state
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.queries import available
from companion.rules.ruleset import build_ruleset
from companion.rules.scenario import COLOURS, play, start_action_phase
from companion.rules.table_steps import table_steps

TRIO = ("Unambitious", "Neurotic", "Sentimental")


def three_shops_trio(regrets=(0, 0, 0)):
    """Issue 48's repro: Three shops, Biggest Regrets, everyone refreshed [1, 1, 2], the Life Preserver to P2, and
    P2 drawing all 25 Dinks; P1 (Unambitious) to act. ``regrets``: the cards each holds when the tier is fixed."""
    setup = GameSetup(players=[PlayerSetup(name=f"P{i + 1}", colour=COLOURS[i], personality=c)
                               for i, c in enumerate(TRIO)],
                      ruleset=build_ruleset("three-shops", expansions=("biggest-regrets",)))
    s = new_game(setup).state
    for i, n in enumerate(regrets):
        s = with_player(s, i, regret_cards=n)
    s = play(s, *(Refresh(player=i, faces=[1, 1, 2]) for i in range(3)), ThrowLifePreserver(player=0, to=1))
    return play(s, AdvancePhase(), DrawDink(player=1, count=25))


# --- E1: a personality's Dink when every Dink is held (docs/rules.md §1) -------------------------------------------
def test_unambitious_is_refused_when_every_dink_is_held_rules_1():
    """§1: an ability draws only the Dinks left, refused when none is; the card stays unused and not offered."""
    s = three_shops_trio()
    assert (s.dinks_in_deck, s.turn) == (0, 0)
    refused(s, UsePersonality(player=0), "docs/rules.md §1")
    assert not available(s, 0).can("use_personality")


def test_every_dink_held_still_refuses_the_passing_reward_and_draw_dink_after_unambitious_rules_1():
    """§1 with Three shops' passing reward (§9): after Unambitious at 7–12 with every Dink held, no 26th Dink appears,
    so the reward's Dink and DrawDink stay refused."""
    s = play(three_shops_trio(regrets=(7, 0, 0)), UsePersonality(player=0))
    assert sum(p.dinks for p in s.players) == 25
    refused(s, DrawDink(player=2, count=1), "docs/rules.md §1")
    s = play(s, Pass(player=0))
    assert "dink" not in available(s, 0).rewards


def test_unambitious_7_to_12_draws_the_regret_and_tells_the_table_no_dink_came_rules_1():
    """§1 and §11: at 7–12 (a Dink and a Regret) the Regret is still drawn, no Dink, and the table is told why."""
    s = three_shops_trio(regrets=(7, 0, 0))
    after = play(s, UsePersonality(player=0))
    assert (after.players[0].dinks, after.players[0].regret_cards, after.players[0].personality_used) == (0, 8, True)
    texts = [step.text for step in table_steps(s, UsePersonality(player=0), after)]
    assert "P1: no Dink to draw, every Dink is held — Unambitious" in texts
    assert not any("draw a Dink" in text for text in texts)


def test_unambitious_draws_the_last_dink_left_rules_1():
    s = three_shops_trio()
    s = with_player(s, 1, dinks=24)
    s = play(s, UsePersonality(player=0))
    assert (s.players[0].dinks, s.dinks_in_deck) == (1, 0)


# --- Sentimental with fewer Regrets than it gives (docs/rules.md §11) ------------------------------------------------
def test_sentimental_1_to_6_gives_the_one_regret_held_rules_11():
    """§11 decision: "give 2" with 1 card gives that 1 (as much of the card as can happen)."""
    s = three_shops_trio(regrets=(0, 0, 1))
    s = play(s, Pass(player=0), Pass(player=1))  # P3's turn
    s = play(s, UsePersonality(player=2, target=0))
    assert [p.regret_cards for p in s.players] == [1, 0, 0]


def test_sentimental_with_no_regret_left_is_refused_rules_11():
    """§11 decision: tier 1–6 fixed at Refresh, then the only card discarded: nothing to give, so refused, unused."""
    s = play(three_shops_trio(regrets=(0, 0, 1)), Pass(player=0), Pass(player=1))
    s = with_player(s, 2, regret_cards=0)
    refused(s, UsePersonality(player=2, target=0), "docs/rules.md §11")
    assert not available(s, 2).can("use_personality")
    assert not s.players[2].personality_used


# --- E2: Lamentable Tentacles Difficulty effects (docs/rules.md §10) -------------------------------------------------
LT = ("lamentable-tentacles",)
CAT = load_catalog()
SQUID = CAT.fish_ref("Vampire Squid")
WORM = CAT.fish_ref("Hollow Earth Worm")
OVERMIND = CAT.fish_ref("Overmind")


def at_sea(players=3, faces=(3, 1, 1), depths=(2, 2, 2)):
    """Day 1, P1's turn, every boat at Sea at ``depths``, P1's Fresh dice ``faces``."""
    s = initial_state([(f"P{i + 1}", COLOURS[i]) for i in range(players)], build_ruleset(expansions=LT))
    s = start_action_phase(s, faces={0: list(faces), **{i: [1, 1, 1] for i in range(1, players)}})
    for i, depth in enumerate(depths):
        s = with_player(s, i, depth=depth)
    return s


def test_vampire_squid_loses_one_for_each_angler_at_depth_ii_rules_10():
    """The card: "−1 Difficulty for each player at Depth II" (printed 4). Three boats at Depth II: 4 − 3 = 1, so a
    single 3 catches it (issue 48: refused before); with only P1 at Depth II (the others at I and III) it is 3: the
    3 still catches it, a 1 doesn't."""
    s = at_sea()
    three, one = Fish(player=0, fish=SQUID, depth=2, dice=[0]), Fish(player=0, fish=SQUID, depth=2, dice=[1])
    assert catch_difficulty(s, three).total == 1
    assert play(s, three).players[0].hand == [SQUID]
    alone = at_sea(depths=(2, 1, 3))
    assert catch_difficulty(alone, three).summary == ("Vampire Squid: Difficulty 4 − 1 Vampire Squid: 1 angler at "
                                                      "Depth II = 3")
    assert play(alone, three).players[0].hand == [SQUID]
    refused(alone, one, "A p.10")


def test_vampire_squid_counts_no_angler_at_port_rules_10():
    s = with_player(at_sea(), 2, location="port", depth=1)
    assert catch_difficulty(s, Fish(player=0, fish=SQUID, depth=2)).total == 2


def test_hollow_earth_worm_is_4_once_the_can_of_worms_is_flipped_this_turn_rules_10():
    """The card: "you may flip your Can of Worms face down to make its Difficulty 4" (printed 5): 3 + 1 catches it
    after UseCanOfWorms on this turn, not without it."""
    s = at_sea(faces=(3, 1, 1))
    catch = Fish(player=0, fish=WORM, depth=2, dice=[0, 1])
    refused(s, catch, "A p.10")
    flipped = play(s, UseCanOfWorms(player=0))
    assert catch_difficulty(flipped, catch).total == 4
    after = play(flipped, catch)
    assert after.players[0].hand == [WORM] and not after.players[0].can_of_worms


def test_a_can_of_worms_flipped_on_an_earlier_turn_does_not_lower_the_worm_rules_10():
    """The flip is the Worm's price: a Can already face down from an earlier turn can't be flipped for it."""
    s = play(at_sea(players=2, faces=(3, 1, 1), depths=(2, 2)), UseCanOfWorms(player=0), GiveUp(player=0, die=2))
    s = play(s, GiveUp(player=1, die=0))  # back to P1, the Can still face down
    assert catch_difficulty(s, Fish(player=0, fish=WORM, depth=2)).total == 5


# --- the Overmind's "must be caught if you can" (docs/rules.md §11) --------------------------------------------------
def test_overmind_counts_the_sinkers_it_needs_rules_11():
    """§11 decision: sinkers are part of the catch (A p.10). At Depth I with 3, 3, 1 the 1 drops a sinker to Depth II
    and 3 + 3 reach its Difficulty 3: it must be caught. With 1, 1 a sinker leaves 1, short of 3: it may be given up."""
    refused(at_sea(faces=(3, 3, 1), depths=(1, 1, 1)), GiveUp(player=0, die=0, fish=OVERMIND), "docs/rules.md §11")
    s = at_sea(faces=(1, 1, 1), depths=(1, 1, 1))
    s = with_player(s, 0, fresh=s.players[0].fresh[:2])  # 1 + 1: one sinker leaves 1, short of 3
    assert play(s, GiveUp(player=0, die=0, fish=OVERMIND)).players[0].dinks == 1


def test_overmind_does_not_count_the_life_preserver_or_dinks_rules_11():
    """§11 decision: 2 + 0 short of 3; the Life Preserver (−2) and Dinks would reach it but are the angler's to keep."""
    s = at_sea(faces=(1, 1, 1), depths=(2, 2, 2))
    s = with_player(s, 0, fresh=s.players[0].fresh[:2], dinks=2)
    s = replace(s, life_preserver=0)
    assert play(s, GiveUp(player=0, die=0, fish=OVERMIND)).players[0].dinks == 3


# --- W9: where the Market's price starts (docs/rules.md §5) -----------------------------------------------------------
def test_market_price_starts_at_the_card_price_else_the_cheapest_a_card_of_the_shop_can_cost_rules_5(monkeypatch):
    """§5: no source gives each card's price, so every card starts at $1; where the data has prices, a priced card
    starts at its own and any other at the shop's lowest known one."""
    rules = build_ruleset()
    assert port.market_start_price(rules, "supplies", None) == (1, False)
    assert port.market_start_price(rules, "rods", "Narwhal Rod") == (1, False)
    prices = {"Narwhal Rod": 4, "Rod of Fortune": 2}
    catalog_cards = port.shop_cards
    monkeypatch.setattr(port, "shop_cards", lambda r, shop: tuple(
        c.model_copy(update={"price": prices.get(c.name)}) for c in catalog_cards(r, shop)))
    assert port.market_start_price(rules, "rods", "Narwhal Rod") == (4, True)
    assert port.market_start_price(rules, "rods", "Split Bamboo Pole") == (2, False)
    assert port.market_start_price(rules, "reels", None) == (1, False)
