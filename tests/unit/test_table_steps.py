"""What the table must do by hand after an action (issue 12 item 4): each step read off real engine moves, each
citing the rule that makes the table do it."""

from companion.rules.actions import (
    AbandonShip,
    AdjustFishbucks,
    AdvancePhase,
    Buy,
    Declare,
    DrawRegret,
    Fish,
    GiveUp,
    MoveRegrets,
    Pass,
    Refresh,
    Sell,
    ThrowLifePreserver,
    UseCanOfWorms,
)
from companion.rules.common import with_player
from companion.rules.fish import FishRef
from companion.rules.scenario import play, start_action_phase, table, to_day
from companion.rules.table_steps import lost_to_cap, table_steps

FOUL_3 = FishRef(value=3, type="foul")
FAIR_4 = FishRef(value=4, type="fair")


def steps(state, action):
    return table_steps(state, action, play(state, action))


def texts(state, action):
    return [s.text for s in steps(state, action)]


def at_sea(players=2, preset="anglers-guide"):
    """P1 to act at Sea with Fresh dice 3, 2, 1."""
    return start_action_phase(table(players, preset), faces={0: [3, 2, 1], 1: [1, 1, 1], 2: [1, 1, 1]})


def at_port(preset="anglers-guide", **changes):
    return with_player(at_sea(preset=preset), 0, location="port", **changes)


def morning_of(day, preset="anglers-guide", players=2):
    """The table the moment before the AdvancePhase that starts ``day``: everyone passed the Day before."""
    s = start_action_phase(to_day(table(players, preset), day - 1))
    while s.turn is not None:
        s = play(s, Pass(player=s.turn))
    return s


def test_a_foul_sale_draws_a_regret_after_the_payment_a_p17():
    s = at_port(hand=[FOUL_3])
    found = steps(s, Sell(player=0, fish=[FOUL_3]))
    regret = [x for x in found if x.kind == "draw_regret"]
    assert len(regret) == 1 and regret[0].seat == 0
    assert regret[0].text == "P1: draw a Regret card — sold a Foul Fish"
    # paid at the Madness before the draw: Foul 3 at 0 cards is 3 − 2 = $1 (A p.17, docs/rules.md §2)
    assert "P1: move your Fishbuck tracker to $1" in [x.text for x in found]


def test_a_fair_sale_draws_no_regret_a_p17():
    s = at_port(hand=[FAIR_4])
    assert [x.kind for x in steps(s, Sell(player=0, fish=[FAIR_4]))] == ["fishbucks"]


def test_overfishing_draws_a_regret_a_p11():
    found = texts(at_sea(), Fish(player=0, depth=1, difficulty=2, dice=[1], overfished=True))
    assert "P1: draw a Regret card — overfished: nobody fishes that Shoal again" in found


def test_a_catch_without_overfishing_asks_nothing_of_the_regret_pile_a_p11():
    found = steps(at_sea(), Fish(player=0, depth=1, difficulty=2, dice=[1]))
    assert not [x for x in found if "regret" in x.kind]


def test_both_piles_empty_the_regret_is_taken_from_another_angler_a_p18():
    s = with_player(with_player(at_port(hand=[FOUL_3]), 0, regret_cards=15), 1, regret_cards=5)  # all 20 held
    found = steps(s, Sell(player=0, fish=[FOUL_3], regret_from=1))
    give = [x for x in found if x.kind == "give_regret"]
    assert [(x.seat, x.to, x.count) for x in give] == [(1, 0, 1)]
    assert give[0].text == "P2: give a Regret card to P1 — both Regret piles are empty"
    assert not [x for x in found if x.kind == "draw_regret"]


def test_regrets_moving_between_anglers_name_giver_and_taker_rules_md_10():
    s = with_player(at_sea(3), 1, regret_cards=3)
    found = steps(s, MoveRegrets(player=1, to=2, count=2))
    assert [(x.kind, x.seat, x.to, x.count) for x in found] == [("give_regret", 1, 2, 2)]
    assert found[0].text == "P2: give 2 Regret cards to P3"


def test_thursday_hands_each_angler_a_blue_die_a_p8():
    s = morning_of(3)
    found = steps(s, AdvancePhase())
    dice = [x for x in found if x.kind == "take_die"]
    assert sorted(x.seat for x in dice) == [0, 1]
    assert all(x.text.endswith("take one Blue tackle die from the bag — Thursday") for x in dice)
    assert found[0].text == "Move the Day tracker to Thursday"


def test_saturday_hands_each_angler_an_orange_die_a_p8():
    dice = [x.text for x in steps(morning_of(5), AdvancePhase()) if x.kind == "take_die"]
    assert sorted(dice) == ["P1: take one Orange tackle die from the bag — Saturday",
                            "P2: take one Orange tackle die from the bag — Saturday"]


def test_three_shops_payday_moves_the_tracker_and_caps_it_rules_md_5_and_9():
    s = morning_of(3, "three-shops")
    s = with_player(s, 1, fishbucks=9)
    found = steps(s, AdvancePhase())
    texts_ = [x.text for x in found]
    assert "P1: move your Fishbuck tracker to $3" in texts_
    assert "P2: move your Fishbuck tracker to $10" in texts_
    assert "P2: $2 lost to the $10 cap" in texts_  # $9 + $3 payday, $10 cap
    assert not [x for x in found if x.kind == "take_die"]  # Three shops: payday instead of a die (docs/rules.md §9)


def test_money_beyond_the_cap_is_named_not_lost_silently_rules_md_5():
    s = with_player(at_sea(), 0, fishbucks=9)
    action = AdjustFishbucks(player=0, amount=2)
    assert lost_to_cap(s, action, 0) == 1
    assert "P1: $1 lost to the $10 cap" in texts(s, action)


def test_no_money_cap_variant_loses_nothing_rules_md_9():
    s = with_player(start_action_phase(table(2, variants=("no-money-cap",))), 0, fishbucks=9)
    action = AdjustFishbucks(player=0, amount=5)
    assert lost_to_cap(s, action, 0) == 0
    assert not [x for x in steps(s, action) if x.kind == "lost_to_cap"]


def test_the_highest_roller_throws_the_life_preserver_a_p8():
    s = play(table(3), Refresh(player=0, faces=[1, 1, 1]), Refresh(player=1, faces=[3, 3, 2]),
             Refresh(player=2, faces=[1, 1, 2]))
    found = steps(s, ThrowLifePreserver(player=1, to=2))
    assert [(x.kind, x.seat, x.to) for x in found] == [("life_preserver", 1, 2)]
    assert found[0].text == "P2: throw the Life Preserver to P3"


def test_a_used_life_preserver_goes_back_to_the_middle_a_p11():
    s = at_sea().model_copy(update={"life_preserver": 0})  # P1 holds it
    found = steps(s, Fish(player=0, depth=1, difficulty=3, dice=[1], life_preserver=True))  # 2 ≥ 3 − 2
    assert ("life_preserver", 0) in [(x.kind, x.seat) for x in found]
    assert "P1: put the Life Preserver back in the middle" in [x.text for x in found]


def test_tackle_dice_paid_go_back_to_the_bag_a_p10():
    s = at_sea()
    s = with_player(s, 0, fresh=[*s.players[0].fresh, s.players[0].fresh[0].model_copy(update={"kind": "green"})])
    found = texts(s, Fish(player=0, depth=1, difficulty=3, dice=[3]))
    assert "P1: put the Green tackle die back in the bag" in found


def test_a_market_die_bought_comes_from_the_market_and_the_market_refills_a_p16():
    s = at_port(fishbucks=5)
    found = texts(s, Buy(player=0, shop="tackle", colour="green", faces=[2]))
    assert "P1: take one Green tackle die from the Market — bought" in found
    assert "Refill the Market's dice from the bag" in found
    assert "P1: move your Fishbuck tracker to $4" in found  # green $1 (A p.16)


def test_dice_the_app_rolled_are_named_so_the_table_can_match_them_a_p8():
    s = table(2)
    assert not [x for x in steps(s, Refresh(player=0, faces=[3, 2, 1])) if x.kind == "set_dice"]
    rolled = [x for x in steps(s, Refresh(player=0)) if x.kind == "set_dice"]
    assert len(rolled) == 1 and rolled[0].text.startswith("P1: turn your Fresh dice to Angler die")


def test_can_of_worms_flipped_when_used_a_p11():
    found = steps(at_sea(), UseCanOfWorms(player=0))
    assert [(x.kind, x.text) for x in found] == [("can_of_worms", "P1: flip your Can of Worms face down")]


def test_wednesday_turns_every_can_of_worms_face_up_a_p8():
    s = morning_of(2)
    s = with_player(s, 1, can_of_worms=False)
    found = [x for x in steps(s, AdvancePhase()) if x.kind == "can_of_worms"]
    assert [(x.seat, x.text) for x in found] == [(1, "P2: turn your Can of Worms face up")]


def test_abandon_ship_flips_the_lifeboat_and_may_discard_a_regret_a_p10_p17():
    s = with_player(at_sea(), 0, regret_cards=2)
    found = texts(s, AbandonShip(player=0, discard_regret=True, faces=[1, 1, 1]))
    assert "P1: flip your Lifeboat" in found
    assert "P1: discard a Regret card face down — Made Port" in found


def test_making_port_on_a_later_day_turns_the_can_face_up_a_p17():
    s = to_day(table(2), 1)
    s = play(s, Refresh(player=0, faces=[1, 1, 1]), Refresh(player=1, faces=[2, 2, 2]))
    s = play(s, ThrowLifePreserver(player=1, to=0), AdvancePhase())
    s = with_player(s, s.turn, can_of_worms=False)
    seat = s.turn
    found = steps(s, Declare(player=seat, location="port", faces=[1, 1, 1]))
    assert ("can_of_worms", seat) in [(x.kind, x.seat) for x in found]


def test_giving_up_draws_a_dink_a_p11():
    assert "P1: draw a Dink" in texts(at_sea(), GiveUp(player=0, die=0))


def test_passing_reward_and_the_skipped_angler_three_shops_rules_md_9():
    s = at_sea(3, "three-shops")
    s = play(s, Pass(player=0, reward="dink"))
    found = texts(s, Pass(player=1))
    # P2 passes: P3 is the last (2 turns, docs/rules.md §9)
    assert "P3 is last: 2 more turns, then the Day ends" in found
    s = play(s, Pass(player=1))
    found = texts(s, GiveUp(player=2, die=0))  # P3's turn comes round again: P1 and P2 were skipped
    assert "P1 was skipped: take a passing reward" in found


def test_a_card_draw_names_the_ability_a_p18():
    assert texts(at_sea(), DrawRegret(player=1, count=2)) == ["P2: draw 2 Regret cards — a card's ability"]


def test_a_three_shops_tier_says_what_to_draw_and_keep_rules_md_5():
    s = at_port("three-shops", fishbucks=5)
    found = texts(s, Buy(player=0, shop="reels", tier=3, items=["Solid Brass Reel"]))
    assert "P1: draw 3 Rods and Reels cards and keep 1" in found
    assert "P1: take Solid Brass Reel" in found and "P1: move your Fishbuck tracker to $2" in found


# --- the expansions (docs/rules.md §11) ----------------------------------------------------------------------------
def _tentacles_at_sea():
    from companion.rules.engine import initial_state
    from companion.rules.ruleset import build_ruleset

    s = initial_state([("P1", "amber"), ("P2", "cyan")], build_ruleset(expansions=("lamentable-tentacles",)))
    return with_player(start_action_phase(s, faces={0: [3, 3, 3], 1: [1, 1, 1]}), 0, depth=3)


def test_hadal_shades_swap_says_which_cards_change_hands_rules_11():
    """docs/rules.md §11: 3 Regrets drawn for Hadal Shade, which goes on P2's slot 2, and P2's Kraken to P1's hand."""
    from companion.rules.actions import SwapFor
    from companion.rules.catalog import load_catalog

    cat = load_catalog()
    s = with_player(_tentacles_at_sea(), 1, mounted=[None, cat.fish_ref("Kraken"), None])
    catch = Fish(player=0, fish=cat.fish_ref("Hadal Shade"), depth=3, dice=[0, 1], swap_for=SwapFor(player=1, slot=2))
    assert texts(s, catch) == ["P1: draw 3 Regret cards — Hadal Shade",
                               "P1: put Hadal Shade on P2's slot 2 and take their Kraken into your hand"]


def test_the_overmind_mounted_on_making_port_is_a_step_rules_11():
    from companion.rules.catalog import load_catalog

    s = with_player(_tentacles_at_sea(), 0, hand=[load_catalog().fish_ref("Overmind")])
    assert "P1: mount your Overmind on slot 3" in texts(s, AbandonShip(player=0, faces=[1, 1, 1], overmind_slot=3))


def _personalities(cards, regrets):
    from companion.rules.game import GameSetup, PlayerSetup, new_game
    from companion.rules.ruleset import build_ruleset

    players = [PlayerSetup(name=f"P{i + 1}", colour=c, personality=card)
               for i, (card, c) in enumerate(zip(cards, ("amber", "cyan", "pink", "purple"), strict=False))]
    s = new_game(GameSetup(players=players, ruleset=build_ruleset(expansions=("biggest-regrets",)))).state
    for i, n in enumerate(regrets):
        s = with_player(s, i, regret_cards=n)
    return start_action_phase(s, faces={0: [3, 3, 3], 1: [1, 1, 1], 2: [1, 1, 1], 3: [1, 1, 1]})


def test_sentimental_gives_regrets_naming_its_card_not_the_empty_piles_rules_10():
    """docs/rules.md §10: Sentimental's Regrets move as any other transfer; the piles aren't empty."""
    from companion.rules.actions import UsePersonality

    s = _personalities(("Sentimental", "Neurotic"), (3, 0))
    assert texts(s, UsePersonality(player=0, target=1)) == ["P1: give 2 Regret cards to P2 — Sentimental"]


def test_sentimental_at_13_takes_one_from_each_then_discards_rules_11():
    """Sentimental 13+: P1 takes a random Regret from each other angler who has one, then discards as many; the
    others don't discard anything themselves."""
    from companion.rules.actions import UsePersonality

    s = _personalities(("Sentimental", "Neurotic", "Unambitious"), (13, 2, 1))
    found = steps(s, UsePersonality(player=0))
    assert [x.text for x in found] == ["P1: take a random Regret card from P2 — Sentimental",
                                       "P1: take a random Regret card from P3 — Sentimental",
                                       "P1: discard 2 Regret cards face down — Sentimental"]
    assert [(x.kind, x.seat) for x in found] == [("give_regret", 1), ("give_regret", 2), ("discard_regret", 0)]


def test_lonely_says_whose_dice_to_turn_rules_11():
    """Lonely at 7–12: P2 and everyone with them (P1 and P3; P4 is at Depth II) Increment once, and each turns their
    dice to what the app set (the lowest die up one face); P1's dice all show 3, the top face: nothing to turn."""
    from companion.rules.actions import UsePersonality

    s = _personalities(("Sentimental", "Lonely", "Neurotic", "Curmudgeonly"), (0, 7, 0, 0))
    s = with_player(s.model_copy(update={"turn": 1}), 3, depth=2)
    raised = "turn your Fresh dice to Angler die 2, Angler die 1, Angler die 1"
    assert texts(s, UsePersonality(player=1)) == [f"P2: {raised}", f"P3: {raised}"]


def test_a_die_from_the_bag_or_the_market_reads_as_italian_says_it_a_p8_a_p16():
    """Issue 26: Italian joins "da" and the article ("dal sacchetto", "dal Mercato"), never "da il sacchetto"."""
    from companion.i18n import use_language

    with use_language("it"):
        bought = texts(at_port(fishbucks=5), Buy(player=0, shop="tackle", colour="green", faces=[2]))
        thursday = [x.text for x in steps(morning_of(3), AdvancePhase()) if x.kind == "take_die"]
    assert any("dal Mercato" in line for line in bought), bought
    assert thursday and all("dal sacchetto" in line for line in thursday), thursday
    assert not any(" da il " in line for line in [*bought, *thursday])


def test_a_market_die_bought_beyond_max_dice_goes_to_the_spent_pool_a_p20():
    """Issue 26; A p.20: a die bought while the angler holds Max dice Fresh is Spent, and the table is told so."""
    s = at_port(fishbucks=5)
    s = with_player(s, 0, fresh=[*s.players[0].fresh] * 2)  # 6 Fresh: beyond any Max dice
    assert len(s.players[0].fresh) >= s.max_dice(0)
    after = play(s, Buy(player=0, shop="tackle", colour="green", faces=[2]))
    assert [d.kind for d in after.players[0].spent].count("green") == 1
    found = texts(s, Buy(player=0, shop="tackle", colour="green", faces=[2]))
    assert "P1: the Green die goes to your Spent pool: you hold Max dice (Angler's Guide p.20)" in found


def test_a_market_die_with_room_among_the_fresh_dice_says_nothing_of_the_spent_pool_a_p20():
    s = at_port(fishbucks=5)
    s = with_player(s, 0, fresh=s.players[0].fresh[:1])
    assert not any("Spent pool" in line for line in texts(s, Buy(player=0, shop="tackle", colour="green",
                                                                   faces=[2])))
