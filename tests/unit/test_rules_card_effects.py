"""Card effects the engine applies (docs/rules.md §10): a catch's Difficulty, cards that can't be sold or mounted,
displayed Fish, the Cloche and the Claw Hammer, Regrets moving between anglers, every Fish card once."""

from refusals import refused

from companion.rules.actions import (
    DiscardFish,
    DrawRegret,
    EmptyShoal,
    EndGame,
    EnterFish,
    Fish,
    GiveUp,
    Mount,
    MoveRegrets,
    Pass,
    Placement,
    Sell,
    UseItem,
)
from companion.rules.catalog import load_catalog
from companion.rules.common import with_player
from companion.rules.queries import catch_difficulty
from companion.rules.scenario import play, start_action_phase, table

CAT = load_catalog()


def ref(name):
    return CAT.fish_ref(name)


def at_sea(players=2, **changes):
    """P1 to act at Sea with Fresh dice 3, 2, 1 (indexes 0, 1, 2)."""
    s = start_action_phase(table(players), faces={0: [3, 2, 1], 1: [1, 1, 1], 2: [1, 1, 1]})
    return with_player(s, 0, **changes) if changes else s


def at_port(preset="anglers-guide", **changes):
    s = start_action_phase(table(2, preset), faces={0: [1, 1, 1], 1: [3, 3, 3]})
    return with_player(s, 0, location="port", **changes)


# --- the Difficulty of a catch ------------------------------------------------------------------------------------

def test_narwhal_rod_lowers_every_difficulty_by_one_rules_md_10():
    hammerhead = Fish(player=0, fish=ref("Hammerhead Shark"), depth=1, dice=[1])  # a 2 against Difficulty 3
    refused(at_sea(), hammerhead, "A p.10")
    s = at_sea(items=["Narwhal Rod"], rod="Narwhal Rod")
    assert catch_difficulty(s, hammerhead).summary == "Hammerhead Shark: Difficulty 3 − 1 Narwhal Rod = 2"
    assert play(s, hammerhead).players[0].hand == [ref("Hammerhead Shark")]


def test_type_and_size_rods_apply_only_to_their_fish_rules_md_10():
    s = at_sea(items=["Rod of Manchineel"], rod="Rod of Manchineel")
    assert catch_difficulty(s, Fish(player=0, fish=ref("Ghoul Ray"), depth=1)).total == 1  # Foul 2 − 1
    assert catch_difficulty(s, Fish(player=0, fish=ref("Sunfish"), depth=1)).total == 2  # Fair: unchanged
    s = at_sea(items=["Split Bamboo Pole"], rod="Split Bamboo Pole")
    typed_in = Fish(player=0, fish=ref("Flounder").model_copy(update={"name": None}), depth=1, difficulty=2,
                    size="small")
    assert catch_difficulty(s, typed_in).total == 1
    refused(s, Fish(player=0, fish=ref("Flounder"), depth=1, size="large"), "docs/rules.md §10")


def test_an_unequipped_rod_does_nothing_a_p8():
    s = at_sea(items=["Narwhal Rod"])
    assert catch_difficulty(s, Fish(player=0, fish=ref("Hammerhead Shark"), depth=1)).total == 3


def test_fugu_reveal_sets_difficulty_two_rules_md_10():
    fugu = Fish(player=0, fish=ref("Fugu"), depth=1, dice=[1])
    d = catch_difficulty(at_sea(), fugu)
    assert (d.printed, d.total) == (3, 2)
    assert d.summary == "Fugu: Difficulty 3 → 2 Fugu (reveal) = 2"
    assert play(at_sea(), fugu).players[0].hand == [ref("Fugu")]


def test_porcupine_fish_and_mermer_reveal_set_their_difficulty_rules_md_10():
    s = at_sea(depth=3)
    assert catch_difficulty(s, Fish(player=0, fish=ref("Porcupine Fish"), depth=2)).total == 2
    assert catch_difficulty(s, Fish(player=0, fish=ref("Mermer"), depth=3)).total == 3


def test_sub_matriarch_one_more_per_fish_in_hand_rules_md_10():
    sub = Fish(player=0, fish=ref("Sub Matriarch"), depth=2, dice=[1])  # a 2
    s = at_sea(depth=2, hand=[ref("Sunfish"), ref("Flounder")])
    d = catch_difficulty(s, sub)
    assert d.total == 4 and d.lines[1].label == "2 Fish in hand"
    refused(s, sub, "A p.10")
    assert play(s, sub.model_copy(update={"dice": [0, 2]})).players[0].hand_count == 3  # 3 + 1
    assert play(at_sea(depth=2), sub).players[0].hand_count == 1  # empty hand: the printed 2


def test_displayed_orca_lowers_foul_fish_only_rules_md_10():
    s = at_sea(displayed=[ref("Orca")])
    assert catch_difficulty(s, Fish(player=0, fish=ref("Ghoul Ray"), depth=1)).total == 1
    assert catch_difficulty(s, Fish(player=0, fish=ref("Sunfish"), depth=1)).total == 2
    other = with_player(s, 1, displayed=[ref("Orca")])  # someone else's Orca does nothing for P1
    other = with_player(other, 0, displayed=[])
    assert catch_difficulty(other, Fish(player=0, fish=ref("Ghoul Ray"), depth=1)).total == 2


def test_dinks_used_lower_the_difficulty_and_are_spent_rules_md_10():
    s = at_sea(dinks=2)
    catch = Fish(player=0, fish=ref("Hammerhead Shark"), depth=1, dice=[2], dinks=["Crab"])  # a 1
    assert catch_difficulty(s, catch).summary == "Hammerhead Shark: Difficulty 3 − 2 Crab = 1"
    assert play(s, catch).players[0].dinks == 1
    refused(s, catch.model_copy(update={"dinks": ["Old Boot"]}), "docs/rules.md §10")
    refused(s, catch.model_copy(update={"dinks": ["Crab", "Eel", "Toe"]}), "A p.11")


def test_supplies_used_lower_the_difficulty_and_are_discarded_rules_md_10():
    s = at_sea(items=["Jar of Leeches", "Cloche"])
    catch = Fish(player=0, fish=ref("Hammerhead Shark"), depth=1, supplies=["Jar of Leeches"])
    after = play(s, catch)
    assert after.players[0].items == ["Cloche"] and len(after.players[0].fresh) == 3  # Difficulty 0: no dice
    refused(s, catch.model_copy(update={"supplies": ["Cloche"]}), "docs/rules.md §10")
    refused(at_sea(), catch, "A p.11")  # not owned


def test_bucket_of_chum_sets_zero_and_draws_three_regrets_rules_md_10():
    s = at_sea(items=["Bucket of Chum"])
    catch = Fish(player=0, fish=ref("Swordfish"), depth=1, supplies=["Bucket of Chum"])
    assert catch_difficulty(s, catch).total == 0
    assert play(s, catch).players[0].regret_cards == 3


def test_life_preserver_line_a_p11():
    s = with_player(at_sea(), 0, dinks=0).model_copy(update={"life_preserver": 0})
    d = catch_difficulty(s, Fish(player=0, fish=ref("Hammerhead Shark"), depth=1, life_preserver=True))
    assert d.summary == "Hammerhead Shark: Difficulty 3 − 2 Life Preserver = 1"


def test_difficulty_never_below_zero_rules_md_10():
    s = with_player(at_sea(dinks=1, items=["Narwhal Rod"], rod="Narwhal Rod"), 0)
    d = catch_difficulty(s, Fish(player=0, fish=ref("Sheepshead"), depth=1, dinks=["Eel"]))
    assert (d.lines[-1].running, d.total) == (-2, 0)


def test_exact_dice_still_needed_at_difficulty_zero_a_p27():
    s = at_sea(items=["Jar of Leeches"])
    octopus = Fish(player=0, fish=ref("Day Octopus"), depth=1, supplies=["Jar of Leeches"])
    assert catch_difficulty(s, octopus).total == 0
    refused(s, octopus, "A p.10")
    assert play(s, octopus.model_copy(update={"dice": [2]})).players[0].hand == [ref("Day Octopus")]


def test_manual_adjustment_is_labelled_rules_md_10():
    s = at_sea()
    catch = Fish(player=0, fish=ref("Hammerhead Shark"), depth=1, dice=[2], adjustment=-2,
                 adjustment_label="Lucky Pole")
    d = catch_difficulty(s, catch)
    assert d.lines[-1].kind == "manual" and d.lines[-1].text == "− 2 adjusted by hand: Lucky Pole"
    assert d.total == 1 and play(s, catch).players[0].hand_count == 1


# --- named Fish are the printed cards -----------------------------------------------------------------------------

def test_named_fish_must_match_the_catalog_rules_md_10():
    s = at_sea()
    e = refused(s, Fish(player=0, fish=ref("Kraken"), depth=1), "A p.10")  # Depth III
    assert "III" in e.message or "3" in e.message
    e = refused(s, Fish(player=0, fish=ref("Kraken").model_copy(update={"value": 50}), depth=1), "docs/rules.md §10")
    assert "value" in e.message
    e = refused(s, Fish(player=0, fish=ref("Sunfish"), depth=1, difficulty=0), "docs/rules.md §10")
    assert e.field == "difficulty" and "Difficulty 2" in e.message
    refused(s, Fish(player=0, fish=ref("Sunfish"), depth=2), "docs/rules.md §10")
    refused(s, Fish(player=0, fish=ref("Sunfish").model_copy(update={"name": "Cod"}), depth=1), "docs/rules.md §10")


def test_a_fish_typed_in_has_a_value_some_card_prints_rules_md_10():
    e = refused(at_sea(), Fish(player=0, fish=ref("Sunfish").model_copy(update={"name": None, "value": 50}),
                               depth=1), "docs/rules.md §10")
    assert "0 to 9" in e.message


def test_every_fish_card_exists_once_rules_md_10():
    sunfish = Fish(player=0, fish=ref("Sunfish"), depth=1, dice=[1])
    s = play(at_sea(), sunfish)
    e = refused(s, Fish(player=1, fish=ref("Sunfish"), depth=1, dice=[0]), "docs/rules.md §10")
    assert "in an angler's hand" in e.message and "P1" not in e.message  # whose hand is a secret (issue 25)
    eaten = play(s, GiveUp(player=1, die=0), DiscardFish(player=0, fish=ref("Sunfish")))  # a card discards it
    assert eaten.graveyard == ["Sunfish"]
    assert "Graveyard" in refused(play(eaten, GiveUp(player=0, die=0)),
                                  Fish(player=1, fish=ref("Sunfish"), depth=1, dice=[0])).message


def test_entering_a_secret_catch_names_a_card_not_in_play_rules_md_10():
    s = play(at_sea(hand=[ref("Sunfish")]), Fish(player=0, fish=None, depth=1, difficulty=1, dice=[2]))
    refused(s, EnterFish(player=0, fish=ref("Sunfish")), "docs/rules.md §10")
    assert play(s, EnterFish(player=0, fish=ref("Flounder"))).players[0].hand[-1] == ref("Flounder")


def test_displayed_fish_go_in_front_of_the_player_a_p27():
    s = play(at_sea(depth=2), Fish(player=0, fish=ref("Orca"), depth=2, dice=[0]))
    assert s.players[0].displayed == [ref("Orca")] and s.players[0].hand == []


# --- Port: cards that can't be sold or mounted, several mounts, the Cloche, the Claw Hammer ------------------------

def test_cards_without_value_cant_be_sold_or_mounted_a_p27():
    coffin = ref("Iron Coffin")
    s = at_port(hand=[coffin])
    assert "Iron Coffin" in refused(s, Sell(player=0, fish=[coffin]), "docs/rules.md §10").message
    refused(s, Mount(player=0, fish=coffin, slot=1), "docs/rules.md §10")
    refused(at_port(hand=[ref("Whispering Skull")]), Mount(player=0, fish=ref("Whispering Skull"), slot=2),
            "docs/rules.md §10")


def test_sold_fish_go_to_the_graveyard_rules_md_10():
    assert play(at_port(hand=[ref("Sunfish")]), Sell(player=0, fish=[ref("Sunfish")])).graveyard == ["Sunfish"]


def test_three_shops_mount_every_empty_slot_in_one_action_rules_md_9():
    hand = [ref("Sunfish"), ref("Flounder"), ref("Swordfish")]
    mount = Mount(player=0, fish=hand[0], slot=1, also=[Placement(fish=hand[1], slot=2),
                                                          Placement(fish=hand[2], slot=3)])
    s = play(at_port("three-shops", hand=hand), mount)
    assert s.players[0].mounted == hand and s.turn == 1  # one action
    refused(at_port(hand=hand), mount, "A p.17")  # Angler's Guide: one Fish per Mount
    refused(at_port("three-shops", hand=hand), mount.model_copy(update={"also": [Placement(fish=hand[1], slot=1)]}),
            "A p.17")


def test_the_cloche_holds_one_small_fish_rules_md_10():
    s = at_port(hand=[ref("Flounder"), ref("Sunfish")], items=["Cloche"])
    refused(at_port(hand=[ref("Flounder")]), Mount(player=0, fish=ref("Flounder"), slot="cloche"), "docs/rules.md §10")
    refused(s, Mount(player=0, fish=ref("Sunfish"), slot="cloche"), "docs/rules.md §10")  # large
    s = play(s, Mount(player=0, fish=ref("Flounder"), slot="cloche"))
    assert s.players[0].cloche == ref("Flounder") and s.players[0].mounted == [None, None, None]
    refused(play(s, Pass(player=1)), UseItem(player=0, item="Cloche"), "docs/rules.md §10")  # it stays as a mount


def test_claw_hammer_returns_mounted_fish_to_hand_at_port_rules_md_10():
    mounted = [ref("Sunfish"), None, ref("Swordfish")]
    s = at_port(mounted=mounted, cloche=ref("Flounder"), items=["Claw Hammer"])
    back = play(s, UseItem(player=0, item="Claw Hammer")).players[0]
    assert back.mounted == [None, None, None] and back.cloche is None and back.items == []
    assert back.hand == [ref("Sunfish"), ref("Swordfish"), ref("Flounder")]
    refused(at_sea(mounted=mounted, items=["Claw Hammer"]), UseItem(player=0, item="Claw Hammer"), "A p.16")


# --- Regrets moving between anglers -------------------------------------------------------------------------------

def test_regrets_move_from_one_angler_to_another_in_one_step_rules_md_10():
    s = with_player(at_sea(), 0, regret_cards=4)
    moved = play(s, MoveRegrets(player=0, to=1, count=2))
    assert [p.regret_cards for p in moved.players] == [2, 2]
    assert (moved.madness(0).label, moved.madness(1).label) == ("1–3", "1–3")
    assert moved.regrets_in_piles == s.regrets_in_piles
    refused(s, MoveRegrets(player=0, to=1, count=5), "A p.18")
    refused(s, MoveRegrets(player=0, to=0), "docs/rules.md §10")


def test_holding_every_regret_a_foul_sale_still_pays_a_p18():
    s = at_port(hand=[ref("Ghoul Ray")], regret_cards=20)
    after = play(s, Sell(player=0, fish=[ref("Ghoul Ray")]))
    assert (after.players[0].fishbucks, after.players[0].regret_cards) == (4, 20)  # 13+: Foul 2 + 2


def test_holding_every_regret_overfishing_still_catches_a_p18():
    s = at_sea(regret_cards=20)
    after = play(s, Fish(player=0, fish=ref("Sunfish"), depth=1, dice=[1], overfished=True))
    assert after.players[0].regret_cards == 20 and after.shoals_emptied == 1
    assert play(s, DrawRegret(player=0)).players[0].regret_cards == 20


def test_empty_piles_still_take_from_another_angler_a_p18():
    s = with_player(at_sea(regret_cards=19), 1, regret_cards=1)
    refused(s, Fish(player=0, fish=ref("Sunfish"), depth=1, dice=[1], overfished=True), "A p.18")
    after = play(s, Fish(player=0, fish=ref("Sunfish"), depth=1, dice=[1], overfished=True, regret_from=1))
    assert [p.regret_cards for p in after.players] == [20, 0]


# --- Shoals emptied without a catch ------------------------------------------------------------------------------

def test_every_shoal_emptied_ends_the_game_at_once_a_p27():
    s = at_sea()
    refused(s, EndGame(), "A p.22")
    for _ in range(8):
        s = play(s, EmptyShoal())
    assert not s.finished
    s = play(s, EmptyShoal())
    assert s.finished and s.turn is None
    refused(s, EmptyShoal(), "A p.22")
    assert play(play(at_sea(), Pass(player=0)), *[EmptyShoal()] * 9).finished


# --- input that can't be real (issue 11) ----------------------------------------------------------------------------

def test_booleans_and_strings_are_not_numbers_in_actions_rules_md_10():
    import pytest
    from pydantic import ValidationError

    from companion.rules.actions import parse_action

    for data, field in (({"type": "pass", "player": True}, "player"),
                        ({"type": "adjust_fishbucks", "player": 0, "amount": "3"}, "amount"),
                        ({"type": "fish", "player": 0, "depth": 1, "fish": {"value": True, "type": "fair"}}, "value"),
                        ({"type": "draw_regret", "player": 0, "count": 2.0}, "count")):
        with pytest.raises(ValidationError) as e:
            parse_action(data)
        assert e.value.errors()[0]["loc"][-1] == field


def test_regret_cards_never_exceed_the_deck_a_p6():
    s = play(at_sea(), DrawRegret(player=0, count=25, regret_from=1))
    assert [p.regret_cards for p in s.players] == [20, 0] and s.regrets_in_piles == 0


def test_fishbucks_never_over_the_cap_rules_md_5():
    from companion.rules.actions import AdjustFishbucks

    assert play(at_sea(), AdjustFishbucks(player=0, amount=50)).players[0].fishbucks == 10


def test_the_catch_offers_only_what_lowers_a_difficulty_rules_md_10():
    import pytest
    from pydantic import ValidationError

    from companion.rules.queries import catch_aids

    s = at_sea(items=["Bag of Maggots", "Claw Hammer", "Bag of Maggots"], dinks=2)
    aids = catch_aids(s, 0)
    assert aids.supplies == ("Bag of Maggots", "Bag of Maggots")  # one switch per card owned; the Hammer isn't one
    assert aids.dinks and all(CAT.dink(name).difficulty_discount for name in aids.dinks) and aids.dinks_held == 2
    assert not aids.life_preserver and catch_aids(s, 1).life_preserver  # P2 was thrown it (A p.8)
    assert catch_aids(with_player(s, 0, dinks=0), 0).dinks == ()
    assert aids.adjustment_max == 20  # the Fish action's own bound
    with pytest.raises(ValidationError, match="adjustment"):
        Fish(player=0, fish=ref("Sunfish"), depth=1, dice=[0], adjustment=21)
