"""``available`` is the screens' only source of buttons, so it never offers a move ``apply`` refuses (issue 27):
over random games, every move type it offers an angler has at least one natural form the engine accepts."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import actions as a
from companion.rules.autopilot import SHOP_CARD, autopilot
from companion.rules.catalog import load_catalog
from companion.rules.dice import TACKLE_COLOURS
from companion.rules.engine import apply
from companion.rules.fish import FishRef
from companion.rules.queries import Available, available, is_legal
from companion.rules.scenario import table
from companion.rules.state import GameState, PlayerState

RULESETS = [("anglers-guide", ()), ("three-shops", ()), ("three-shops", ("last-to-pass-2",))]
CARDS = [card.ref() for card in load_catalog().fish_list if card.set == "base"]
NOT_ENTERED = FishRef(value=1, type="fair")  # a Fish caught without entering it: any card the hand doesn't hold
Forms = Callable[[GameState, int, PlayerState, Available], list[a.Action]]


def _buys(s: GameState, i: int, p: PlayerState, can: Available) -> list[a.Action]:
    rules = s.ruleset
    aids = [(False, []), (s.life_preserver == i, [2] * p.dinks)]
    out: list[a.Action] = []
    for shop in can.shops:
        for lp, dinks in aids:
            if rules.shop_system == "three-shops":
                out.append(a.Buy(player=i, shop=shop, tier=min(rules.shop_tiers), life_preserver=lp, dinks=dinks))
            elif shop == "tackle":
                out += [a.Buy(player=i, shop=shop, colour=c, life_preserver=lp, dinks=dinks) for c in TACKLE_COLOURS]
            else:
                out.append(a.Buy(player=i, shop=shop, price=1, items=[SHOP_CARD[shop]], life_preserver=lp, dinks=dinks))
    return out


def _held(p: PlayerState) -> list[FishRef | None]:
    return [*p.hand, NOT_ENTERED] if p.hand_hidden else list(p.hand)


# The natural forms of each move: the buttons a screen would build from ``Available`` and the angler's own cards.
FORMS: dict[str, Forms] = {
    "advance_phase": lambda s, i, p, can: [a.AdvancePhase()],
    "end_game": lambda s, i, p, can: [a.EndGame()],
    "refresh": lambda s, i, p, can: [a.Refresh(player=i)],
    "throw_life_preserver": lambda s, i, p, can: [a.ThrowLifePreserver(player=i, to=j) for j in can.throw_to],
    "declare": lambda s, i, p, can: [a.Declare(player=i, location=where) for where in can.declare],
    "equip": lambda s, i, p, can: [a.Equip(player=i)],
    "reveal_regrets": lambda s, i, p, can: [a.RevealRegrets(player=i, value=0)],
    "drop_sinkers": lambda s, i, p, can: [a.DropSinkers(player=i, dice=[0])],
    "fish": lambda s, i, p, can: [a.Fish(player=i, depth=1, difficulty=0, dice=[0])],
    "give_up": lambda s, i, p, can: [a.GiveUp(player=i, die=0)],
    "abandon_ship": lambda s, i, p, can: [a.AbandonShip(player=i, overmind_slot=n)
                                          for n in (*can.overmind_slots, None)],
    "reveal_plug": lambda s, i, p, can: [a.RevealPlug(player=i)],
    "use_can_of_worms": lambda s, i, p, can: [a.UseCanOfWorms(player=i)],
    "eat_fish": lambda s, i, p, can: [a.EatFish(player=i, fish=f) for f in [*p.hand, None]],
    "discard_fish": lambda s, i, p, can: [a.DiscardFish(player=i, fish=f) for f in [*p.hand, None]],
    "enter_fish": lambda s, i, p, can: [a.EnterFish(player=i, fish=f) for f in CARDS],
    "pass": lambda s, i, p, can: [a.Pass(player=i)],
    "claim_reward": lambda s, i, p, can: [a.ClaimReward(player=i, reward=r) for r in can.rewards],
    # With both Regret piles empty, selling a Foul Fish names whom the Regret is taken from (A p.18).
    "sell": lambda s, i, p, can: [a.Sell(player=i, fish=[f], regret_from=j) for f in _held(p) if f is not None
                                  for j in (None, *range(len(s.players)))],
    "buy": _buys,
    "cycle_market": lambda s, i, p, can: [a.CycleMarket(player=i, what="dice")],
    "mount": lambda s, i, p, can: [a.Mount(player=i, fish=f, slot=n) for f in _held(p) if f is not None
                                   for n in can.empty_slots],
    "draw_regret": lambda s, i, p, can: [a.DrawRegret(player=i, regret_from=j)
                                         for j in (None, *range(len(s.players))) if j != i],
    "discard_regret": lambda s, i, p, can: [a.DiscardRegret(player=i)],
    "move_regrets": lambda s, i, p, can: [a.MoveRegrets(player=i, to=j) for j in range(len(s.players)) if j != i],
    "draw_dink": lambda s, i, p, can: [a.DrawDink(player=i)],
    "use_dink": lambda s, i, p, can: [a.UseDink(player=i)],
    "gain_item": lambda s, i, p, can: [a.GainItem(player=i, item="Narwhal Rod")],
    "use_item": lambda s, i, p, can: [a.UseItem(player=i, item=name) for name in p.items],
    "gain_die": lambda s, i, p, can: [a.GainDie(player=i, kind=k) for k in ("player", *TACKLE_COLOURS, "omen")],
    "increment_die": lambda s, i, p, can: [a.IncrementDie(player=i, dice=[k]) for k in range(len(p.fresh))],
    "refresh_die": lambda s, i, p, can: [a.RefreshDie(player=i, pool=pool, die=0) for pool in ("spent", "fresh")],
    "adjust_fishbucks": lambda s, i, p, can: [a.AdjustFishbucks(player=i, amount=n) for n in (1, -1)],
    "empty_shoal": lambda s, i, p, can: [a.EmptyShoal()],
    "use_personality": lambda s, i, p, can: [a.UsePersonality(player=i, target=j, regret_from=r)
                                             for j in (None, *range(len(s.players))) if j != i
                                             for r in (None, *range(len(s.players))) if r != i],
}


def unplayable(s: GameState) -> list[str]:
    """Every (seat, move) that ``available`` offers with no natural form ``apply`` accepts."""
    out = []
    for i, p in enumerate(s.players):
        can = available(s, i)
        for move in sorted(can.moves):
            if not any(is_legal(s, form) for form in FORMS[move](s, i, p, can)):
                out.append(f"seat {i}: {move}")
    return out


def test_every_move_type_has_natural_forms():
    assert set(FORMS) == {t for spec in a.Action.__args__[0].__args__ for t in spec.model_fields["type"].annotation
                          .__args__}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.sampled_from(RULESETS))
def test_available_never_offers_a_move_apply_refuses(seed: int, players: int, rules: tuple[str, tuple[str, ...]]):
    rng = random.Random(seed)
    s = table(players, rules[0], rules[1], seed=seed)
    for step in range(400):
        if step % 4 == 0:  # every few steps: checking every seat's every offer costs more than the move
            assert unplayable(s) == [], f"step {step}, {s.day_name} {s.phase}"
        action = autopilot(s, rng)
        if action is None:
            break
        s = apply(s, action)
    assert unplayable(s) == []
