"""Lamentable Tentacles in the engine (docs/rules.md §10–§11): its Fish only when the box is on, Shoals of 15, 2+
players, and the four cards whose rules change a number the companion tracks."""

import pytest
from pydantic import ValidationError
from refusals import refused

from companion.rules.actions import (
    AbandonShip,
    AdvancePhase,
    Declare,
    EnterFish,
    Fish,
    GiveUp,
    Mount,
    Refresh,
    Sell,
    SwapFor,
    ThrowLifePreserver,
)
from companion.rules.catalog import load_catalog
from companion.rules.common import with_player
from companion.rules.constants import SLOT_NUMBERS
from companion.rules.engine import initial_state
from companion.rules.fish import FishRef
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.queries import available
from companion.rules.ruleset import build_ruleset
from companion.rules.scenario import COLOURS, end_day, play, start_action_phase

LT = ("lamentable-tentacles",)
CAT = load_catalog()
NAUTILUS = CAT.fish_ref("Nautilus")
OVERMIND = CAT.fish_ref("Overmind")
HADAL = CAT.fish_ref("Hadal Shade")
SHARPEAR = CAT.fish_ref("Sharpear Enope Squid")
SUNFISH = CAT.fish_ref("Sunfish")
KRAKEN = CAT.fish_ref("Kraken")


def table(players=2, expansions=LT, preset="anglers-guide"):
    ruleset = build_ruleset(preset, expansions=expansions)
    return initial_state([(f"P{i + 1}", COLOURS[i]) for i in range(players)], ruleset)


def acting(expansions=LT, players=2, faces=(3, 3, 3), **changes):
    """Day 1, P1's turn, P1 at Depth III with Fresh dice ``faces``."""
    s = start_action_phase(table(players, expansions), faces={0: list(faces), 1: [1, 1, 1], 2: [1, 1, 1]})
    return with_player(s, 0, depth=3, **changes)


def at_port(expansions=LT, **changes):
    s = acting(expansions)
    return with_player(s, 0, location="port", depth=1, **changes)


def setup(players, expansions=LT):
    return GameSetup(players=[PlayerSetup(name=f"P{i + 1}", colour=COLOURS[i]) for i in range(players)],
                     ruleset=build_ruleset(expansions=expansions))


# --- the box on the table ----------------------------------------------------------------------------------------
def test_shoals_hold_15_fish_with_lamentable_tentacles_rules_11():
    """docs/rules.md §11: each Shoal has 15 cards instead of 13."""
    assert build_ruleset(expansions=LT).shoal_size == 15
    assert build_ruleset().shoal_size == 13


def test_lamentable_tentacles_needs_two_players_rules_11():
    with pytest.raises(ValidationError, match="Lamentable Tentacles needs at least 2 players"):
        setup(1)
    assert len(new_game(setup(2)).state.players) == 2


def test_unknown_expansion_is_refused():
    with pytest.raises(ValueError, match="unknown expansion"):
        build_ruleset(expansions=("kraken-attack",))


def test_expansion_fish_caught_only_with_the_box_rules_11():
    """Without Lamentable Tentacles its Fish are refused, naming the expansion; with it they are caught."""
    catch = Fish(player=0, fish=NAUTILUS, depth=2, difficulty=2, dice=[0])
    e = refused(acting(expansions=()), catch, "docs/rules.md §11")
    assert "Lamentable Tentacles" in str(e)
    assert play(acting(), catch).players[0].hand == [NAUTILUS]


def test_expansion_fish_sold_mounted_entered_only_with_the_box_rules_11():
    refused(at_port(expansions=(), hand=[NAUTILUS]), Sell(player=0, fish=[NAUTILUS]), "docs/rules.md §11")
    refused(at_port(expansions=(), hand=[NAUTILUS]), Mount(player=0, fish=NAUTILUS, slot=1), "docs/rules.md §11")
    refused(at_port(expansions=(), hand_hidden=1), EnterFish(player=0, fish=NAUTILUS), "docs/rules.md §11")
    assert play(at_port(hand=[NAUTILUS]), Mount(player=0, fish=NAUTILUS, slot=2)).players[0].on_slot(2) == NAUTILUS


# --- Nautilus -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "other_fair_3"), [(0, 5), (5, 4), (13, 1)])
def test_nautilus_always_sells_for_3_rules_10(cards, other_fair_3):
    """docs/rules.md §10: Nautilus (Fair 3) is always worth 3, whatever the Madness; another Fair 3 moves with it
    (0 cards: Fair +2; 4–6: +1; 13+: −2, docs/rules.md §2)."""
    s = at_port(hand=[NAUTILUS], regret_cards=cards)
    assert s.sale_value(0, NAUTILUS) == 3
    assert s.sale_value(0, FishRef(value=3, type="fair")) == other_fair_3
    assert play(s, Sell(player=0, fish=[NAUTILUS])).players[0].fishbucks == 3


# --- Sharpear Enope Squid -------------------------------------------------------------------------------------------
def test_sharpear_can_be_caught_but_never_sold_or_mounted_rules_10():
    s = play(acting(), Fish(player=0, fish=SHARPEAR, depth=3, difficulty=2, dice=[0]))
    assert SHARPEAR in s.players[0].hand
    e = refused(at_port(hand=[SHARPEAR]), Sell(player=0, fish=[SHARPEAR]), "docs/rules.md §10")
    assert "Sharpear Enope Squid" in str(e)
    refused(at_port(hand=[SHARPEAR]), Mount(player=0, fish=SHARPEAR, slot=1), "docs/rules.md §10")


def test_sharpear_never_goes_on_the_cloche_rules_10():
    """The Cloche counts as mounted (docs/rules.md §10), so a small Sharpear can't go there either."""
    s = at_port(hand=[SHARPEAR], items=["Cloche"])
    e = refused(s, Mount(player=0, fish=SHARPEAR, slot="cloche"), "docs/rules.md §10")
    assert "can't be sold or mounted" in str(e)
    lanternfish = CAT.fish_ref("Lanternfish")
    assert play(with_player(s, 0, hand=[lanternfish]), Mount(player=0, fish=lanternfish, slot="cloche")
                ).players[0].cloche == lanternfish


# --- Hadal Shade ----------------------------------------------------------------------------------------------------
def test_hadal_shade_swapped_for_another_anglers_mounted_fish_rules_11():
    """docs/rules.md §11: draw 3 Regrets to swap it for another angler's Mounted Fish, which goes to your hand."""
    s = acting(faces=(3, 3, 3))
    s = with_player(s, 1, mounted=[None, KRAKEN, None])
    s = play(s, Fish(player=0, fish=HADAL, depth=3, difficulty=5, dice=[0, 1], swap_for=SwapFor(player=1, slot=2)))
    me, other = s.players
    assert (me.hand, me.regret_cards) == ([KRAKEN], 3)
    assert other.mounted == [None, HADAL, None]


def test_hadal_shade_kept_without_a_swap_rules_11():
    s = play(acting(), Fish(player=0, fish=HADAL, depth=3, difficulty=5, dice=[0, 1]))
    assert (s.players[0].hand, s.players[0].regret_cards) == ([HADAL], 0)


def test_hadal_shade_swap_needs_a_mounted_fish_of_another_angler_rules_11():
    s = with_player(acting(), 1, mounted=[KRAKEN, None, None])
    catch = {"player": 0, "fish": HADAL, "depth": 3, "difficulty": 5, "dice": [0, 1]}
    refused(s, Fish(**catch, swap_for=SwapFor(player=1, slot=3)), "docs/rules.md §11")  # an empty slot
    refused(with_player(s, 0, mounted=[SUNFISH, None, None]), Fish(**catch, swap_for=SwapFor(player=0, slot=1)),
            "docs/rules.md §11")  # your own
    refused(s, Fish(player=0, fish=NAUTILUS, depth=2, difficulty=2, dice=[0], swap_for=SwapFor(player=1, slot=1)),
            "docs/rules.md §11")  # only Hadal Shade swaps


def test_hadal_shade_never_takes_the_cloche_rules_11():
    """Slots only, not the Cloche: a swap names one of the three angler-board slots (1–3), and an angler whose
    only mounted Fish sits on the Cloche has nothing to swap."""
    with pytest.raises(ValidationError):
        SwapFor(player=1, slot="cloche")
    lanternfish = CAT.fish_ref("Lanternfish")
    s = with_player(acting(), 1, cloche=lanternfish, items=["Cloche"])
    for slot in SLOT_NUMBERS:
        refused(s, Fish(player=0, fish=HADAL, depth=3, dice=[0, 1], swap_for=SwapFor(player=1, slot=slot)),
                "docs/rules.md §11")
    assert s.players[1].cloche == lanternfish


# --- Overmind -------------------------------------------------------------------------------------------------------
def test_overmind_must_be_caught_if_you_can_rules_11():
    """Fresh dice 3+3+3 reach its Difficulty 3: giving it up is refused; with 1+1 it can be given up."""
    refused(acting(), GiveUp(player=0, die=0, fish=OVERMIND), "docs/rules.md §11")
    weak = acting(faces=(1, 1, 1))
    weak = with_player(weak, 0, fresh=weak.players[0].fresh[:2])
    assert play(weak, GiveUp(player=0, die=0, fish=OVERMIND)).players[0].dinks == 1
    assert play(acting(), GiveUp(player=0, die=0, fish=SUNFISH)).players[0].dinks == 1


def _declaring_with_overmind(mounted):
    """Tuesday's Declaration, P1 to declare, holding an Overmind and a Sunfish."""
    s = with_player(acting(), 0, hand=[OVERMIND, SUNFISH], mounted=mounted)
    s = play(end_day(s), Refresh(player=0, faces=[1, 1, 1]), Refresh(player=1, faces=[1, 1, 1]))
    thrower = s.life_preserver_thrower
    s = play(s, ThrowLifePreserver(player=thrower, to=1 - thrower), AdvancePhase())
    return play(s, Declare(player=1, location="sea")) if s.turn == 1 else s


def test_overmind_mounted_into_the_chosen_empty_slot_when_making_port_rules_11():
    s = _declaring_with_overmind([SUNFISH, None, None])
    refused(s, Declare(player=0, location="port", faces=[1, 1, 1]), "docs/rules.md §11")  # no slot chosen
    refused(s, Declare(player=0, location="port", faces=[1, 1, 1], overmind_slot=1), "docs/rules.md §11")  # taken
    s = play(s, Declare(player=0, location="port", faces=[1, 1, 1], overmind_slot=3))
    assert s.players[0].mounted == [SUNFISH, None, OVERMIND]
    assert s.players[0].hand == [SUNFISH]


def test_overmind_stays_in_hand_when_no_slot_is_empty_rules_11():
    s = _declaring_with_overmind([SUNFISH, KRAKEN, NAUTILUS])
    s = play(s, Declare(player=0, location="port", faces=[1, 1, 1]))
    assert OVERMIND in s.players[0].hand and s.players[0].mounted == [SUNFISH, KRAKEN, NAUTILUS]


def test_abandon_ship_makes_port_so_the_overmind_is_mounted_rules_11():
    """Abandon Ship Makes Port at once (A p.10), so the Overmind in hand is Mounted into the empty slot the angler
    picks (docs/rules.md §11); the engine offers those slots for it, and refuses Abandon Ship without one."""
    s = with_player(acting(), 0, hand=[OVERMIND, SUNFISH], mounted=[None, KRAKEN, None])
    assert available(s, 0).overmind_slots == (1, 3)
    refused(s, AbandonShip(player=0, faces=[1, 1, 1]), "docs/rules.md §11")
    refused(s, AbandonShip(player=0, faces=[1, 1, 1], overmind_slot=2), "docs/rules.md §11")  # taken
    s = play(s, AbandonShip(player=0, faces=[1, 1, 1], overmind_slot=3))
    assert (s.players[0].mounted, s.players[0].hand) == ([None, KRAKEN, OVERMIND], [SUNFISH])
    assert s.players[0].location == "port" and not s.players[0].lifeboat


def test_abandon_ship_keeps_the_overmind_in_hand_when_no_slot_is_empty_rules_11():
    s = with_player(acting(), 0, hand=[OVERMIND], mounted=[SUNFISH, KRAKEN, NAUTILUS])
    assert available(s, 0).overmind_slots == ()
    s = play(s, AbandonShip(player=0, faces=[1, 1, 1]))
    assert s.players[0].hand == [OVERMIND] and s.players[0].location == "port"
