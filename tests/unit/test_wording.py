"""Player-facing words (issue 12, Minor): variants that exclude each other as one choice (docs/rules.md §9),
what each Three shops tier does (docs/rules.md §5), money over the cap (docs/rules.md §5)."""

import pytest

from companion.rules.actions import Buy, Sell
from companion.rules.common import with_player
from companion.rules.fish import FishRef
from companion.rules.ruleset import build_ruleset, list_variants
from companion.rules.scenario import play, start_action_phase, table
from companion.rules.wording import (
    cap_overflow,
    chosen_variants,
    overflow_note,
    shop_offers,
    variant_choices,
)


def test_last_to_pass_variants_are_one_choice_rules_md_9():
    choices = variant_choices("three-shops")
    groups = [c for c in choices if c.kind == "one_of"]
    assert [(c.id, c.label) for c in groups] == [("last-to-pass", "Last to pass")]
    assert {o.id for o in groups[0].options} == {"last-to-pass-2-4", "last-to-pass-2"}
    assert groups[0].default == "last-to-pass-2"  # Three shops plays 2 turns (docs/rules.md §9)
    assert variant_choices("anglers-guide")[-1].default == "last-to-pass-2-4"  # A p.9
    toggles = {c.id for c in choices if c.kind == "toggle"}
    assert "last-to-pass-2" not in toggles and "payday-4" in toggles


def test_every_group_in_the_data_excludes_each_other_rules_md_9():
    by_group = {}
    for v in list_variants():
        if v.group:
            by_group.setdefault(v.group, []).append(v)
    assert by_group
    for members in by_group.values():
        for v in members:
            assert {m.id for m in members if m is not v} <= set(v.excludes)


def test_choice_sources_are_in_a_players_words_issue_12():
    for choice in variant_choices("three-shops"):
        for option in choice.options:
            assert "seed" not in option.source and "RULES.md" not in option.source
            assert option.source  # every variant names where it comes from


def test_chosen_variants_build_a_ruleset_rules_md_9():
    picked = chosen_variants("anglers-guide", {"last-to-pass": "last-to-pass-2", "no-money-cap": True})
    rules = build_ruleset("anglers-guide", picked)
    assert rules.last_to_pass_turns_port == 2 and rules.money_cap is None
    assert chosen_variants("anglers-guide", {"last-to-pass": "last-to-pass-2-4", "seven-days": False}) == ()


def test_a_wrong_answer_names_the_choice_rules_md_9():
    with pytest.raises(ValueError, match="Last to pass"):
        chosen_variants("anglers-guide", {"last-to-pass": "seven-days"})
    with pytest.raises(ValueError, match="payday-4"):  # Payday $4 doesn't fit the Angler's Guide
        chosen_variants("anglers-guide", {"payday-4": True})


def test_three_shops_tiers_say_what_they_do_rules_md_5():
    shops = {s.id: s for s in shop_offers(build_ruleset("three-shops"))}
    assert list(shops) == ["rods-reels", "supplies", "tackle"]  # Rods and Reels are one shop
    assert shops["rods-reels"].shops == ("rods", "reels") and shops["rods-reels"].name == "Rods and Reels"
    assert [x.text for x in shops["supplies"].tiers] == ["$1: the top card", "$3: draw 3, keep 2",
                                                         "$5: draw 5, keep 3"]
    assert [x.text for x in shops["tackle"].tiers] == ["$1: 1 die from the bag", "$3: 2 dice from the bag",
                                                       "$5: 3 dice from the bag"]
    assert shop_offers(build_ruleset("anglers-guide")) == []  # the Market has no tiers (A pp.16-17)


def test_tier_keep_counts_are_what_the_engine_accepts_rules_md_5():
    s = start_action_phase(table(2, "three-shops"), faces={0: [1, 1, 1], 1: [3, 3, 3]})
    s = with_player(s, 0, location="port", fishbucks=10)
    tier = shop_offers(s.ruleset)[0].tiers[2]  # $5: draw 5, keep 2
    kept = play(s, Buy(player=0, shop="rods", tier=5, items=["Narwhal Rod", "Solid Brass Reel"][:tier.keep]))
    assert kept.players[0].items == ["Narwhal Rod", "Solid Brass Reel"]


def test_cap_overflow_before_a_sale_rules_md_5():
    s = start_action_phase(table(2), faces={0: [1, 1, 1], 1: [3, 3, 3]})
    s = with_player(s, 0, location="port", fishbucks=8, hand=[FishRef(value=5, type="fair")])
    sale = Sell(player=0, fish=[FishRef(value=5, type="fair")])
    value = s.sale_value(0, sale.fish[0])  # Fair 5 at 0 cards: 5 + 2 = 7 (docs/rules.md §2)
    assert cap_overflow(8, value, s.ruleset.money_cap) == 5
    assert overflow_note(8, value, s.ruleset.money_cap) == "$5 lost to the $10 cap"
    assert play(s, sale).players[0].fishbucks == 10
    assert cap_overflow(8, value, None) == 0 and overflow_note(8, 2, 10) == ""
