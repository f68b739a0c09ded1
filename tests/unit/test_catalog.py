"""The card catalog (data/fish_catalog.json) against the rulebook and docs/rules.md."""

from __future__ import annotations

import pytest

from companion.rules.catalog import UnknownFish, load_catalog
from companion.rules.fish import FishRef

CAT = load_catalog()


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_each_depth_has_39_base_fish_and_6_lamentable_tentacles(depth: int) -> None:
    """docs/rules.md §1: three Shoals of 13 Fish at each Depth; §11: Lamentable Tentacles adds 6 per Depth."""
    fish = CAT.by_depth(depth)
    assert sum(f.set == "base" for f in fish) == 39
    assert sum(f.set == "lamentable-tentacles" for f in fish) == 6
    assert len(CAT.by_depth(depth, sets=())) == 39
    assert len(CAT.by_depth(depth, sets=["lamentable-tentacles"])) == 45


LAMENTABLE_TENTACLES = {  # data/fish_cards.csv, the "Lamentable Tentacles (expansion)" rows, by Depth
    1: {"Giant Cuttlefish", "Tri-Tentacle", "Blue-Ringed Octopus", "Blanket Octopus", "Mimic Octopus", "Sea Cattle"},
    2: {"Psychic Interloper", "Nautilus", "Overmind", "Giant Squid", "Vampire Squid", "Hollow Earth Worm"},
    3: {"Bane of the Stars", "Dumbo Octopus", "Hadal Shade", "Great Old One", "Capitoctopus", "Sharpear Enope Squid"},
}


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_lamentable_tentacles_fish_of_each_depth_by_name_rules_11(depth: int) -> None:
    """docs/rules.md §11: the expansion's 6 Fish per Depth are the ones its cards print, each found by name."""
    assert {f.name for f in CAT.by_depth(depth) if f.set == "lamentable-tentacles"} == LAMENTABLE_TENTACLES[depth]
    assert all(CAT.fish(name.upper()).set == "lamentable-tentacles" for name in LAMENTABLE_TENTACLES[depth])


def test_117_base_and_18_expansion_fish_with_unique_names_and_ids() -> None:
    """docs/rules.md §1 (117 Fish) and §11 (18 Lamentable Tentacles Fish); each name, alias and id is one card."""
    assert len(CAT.in_sets(())) == 117
    assert len(CAT.fish_list) == 135
    assert {f.set for f in CAT.fish_list} == {"base", "lamentable-tentacles"}
    names = [n.casefold() for f in CAT.fish_list for n in (f.name, *f.aliases)]
    assert len(names) == len(set(names))
    assert len({f.id for f in CAT.fish_list}) == 135


def test_expansion_fish_numbers_as_printed_rules_11() -> None:
    """docs/rules.md §11 / data/fish_cards.csv: Overmind Foul 5 (Difficulty 3), Nautilus Fair 3, Hadal Shade Foul 7
    (Difficulty 5), Sharpear Enope Squid small Fair 4; Capitoctopus needs exactly 3 dice."""
    assert CAT.fish_ref("Overmind") == FishRef(name="Overmind", value=5, type="foul")
    assert (CAT.fish("Overmind").depth, CAT.fish("Overmind").difficulty) == (2, 3)
    assert CAT.fish_ref("Nautilus") == FishRef(name="Nautilus", value=3, type="fair")
    shade = CAT.fish("hadal shade")
    assert (shade.value, shade.difficulty, shade.depth) == (7, 5, 3)
    assert (CAT.fish("Sharpear Enope Squid").size, CAT.fish("Sharpear Enope Squid").value) == ("small", 4)
    assert CAT.fish("Capitoctopus").exact_dice == 3


def test_expansion_fish_are_out_of_the_ocean_survey_a_p23() -> None:
    """A p.23: "any Fish from expansions" go back in the box for solo and co-op."""
    assert all(f.solo_removed for f in CAT.fish_list if f.set != "base")


def test_search_knows_expansion_fish_only_when_their_box_is_on() -> None:
    """docs/rules.md §11: the Fish picker offers Lamentable Tentacles Fish at a table that plays it."""
    assert [f.name for f in CAT.search("overm")] == ["Overmind"]
    assert [f.name for f in CAT.search("overm", sets=["lamentable-tentacles"])] == ["Overmind"]
    assert CAT.search("overm", sets=()) == []
    assert "Hollow Earth Worm" in [f.name for f in CAT.search("hollow earth", sets=["lamentable-tentacles"])]
    assert [f.name for f in CAT.search("hollow earth", sets=())] == ["Hollow Earth Infant"]


RANGES = {(r.depth, r.size): r for r in CAT.difficulty_ranges}  # A p.12's table, by Depth and size


def test_difficulty_inside_size_depth_range_except_five_documented_cards() -> None:
    """A p.12 "Difficulty range by size & Depth"; the five exceptions are the ones data/README.md documents."""
    outside = set()
    for f in CAT.fish_list:
        if f.difficulty is not None and not RANGES[f.depth, f.size].contains(f.difficulty):
            outside.add(f.name)
    assert outside == {"Fugu", "Porcupine Fish", "Mermer", "Sub Matriarch", "Iron Coffin"}
    assert {f.name for f in CAT.fish_list if f.difficulty_out_of_range} == outside


def test_difficulty_ranges_as_printed_on_a_p12() -> None:
    """A p.12: Depth I small 0–2, middling 1–3, large 2–4; Depth III large 4 and up."""
    assert len(RANGES) == len(CAT.difficulty_ranges) == 9  # one range for each size at each Depth
    assert (RANGES[1, "small"].min, RANGES[1, "small"].max) == (0, 2)
    assert (RANGES[2, "middling"].min, RANGES[2, "middling"].max) == (2, 4)
    big = RANGES[3, "large"]
    assert (big.min, big.max) == (4, None)
    assert big.contains(8) and not big.contains(3)


@pytest.mark.parametrize(("typed", "name"), [
    ("Blue Whale", "Humpback Whale"),
    ("Amulet of Agarta", "Amulet of Agartha"),
    ("Deep Dweller", "Deep Dealer"),
    ("rocabarraigh queen", "Rocabarraigh Denizen"),
    ("  striped   MARLIN ", "Striped Marlin"),
    ("Man O’War", "Man O' War"),
    ("mahi mahi", "Mahi-Mahi"),
])
def test_lookup_is_case_insensitive_and_accepts_aliases(typed: str, name: str) -> None:
    """docs/rules.md §9 "Fish names": the catalog keeps one name and accepts the others as aliases."""
    assert CAT.fish(typed).name == name


def test_unknown_fish_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError) as caught:
        CAT.fish("Moby Dick")
    assert isinstance(caught.value, UnknownFish)
    assert "Moby Dick" in str(caught.value)


def test_fish_ref_carries_printed_value_and_type() -> None:
    """A p.13 card anatomy: value and Fair/Foul are what scoring reads. Sunfish prints 4, Fair; Kraken 9, Foul."""
    assert CAT.fish_ref("Sunfish") == FishRef(name="Sunfish", value=4, type="fair")
    assert CAT.fish_ref("kraken") == FishRef(name="Kraken", value=9, type="foul")


def test_cards_without_a_value_or_difficulty_are_null() -> None:
    """Cards that print no value (Treasure Chest) or no Difficulty (Man O' War) carry None, not 0."""
    assert CAT.fish("Treasure Chest").value is None
    assert CAT.fish("Treasure Chest").difficulty == 5
    assert CAT.fish("Man O' War").difficulty is None
    assert CAT.fish("Osteofish").value == 0


def test_exact_dice() -> None:
    """Kraken must be paid with exactly 3 dice, Giant Octopus with 2 (card data, A p.11 'exact number of dice')."""
    assert CAT.fish("Kraken").exact_dice == 3
    assert CAT.fish("Giant Octopus").exact_dice == 2
    assert CAT.fish("Sunfish").exact_dice is None


def test_solo_removed_is_the_rules_list() -> None:
    """docs/rules.md §8 (A p.23): eight base Fish, every expansion Fish and the Dink Odd Ring leave the Sea in the
    Ocean Survey."""
    removed = {f.name for f in CAT.in_sets(()) if f.solo_removed}
    assert removed == {"Man O' War", "Tidal Trafficker", "Bathyphysa Conifera", "Deep Dealer", "Humpback Whale",
                       "Abyssal Colony", "Profound Peddler", "Whale of Rocabarraigh"}
    assert [d.name for d in CAT.dinks if d.solo_removed] == ["Odd Ring"]


def test_disputed_cards_name_both_sources() -> None:
    """data/README.md: Hagfish difficulty 2 vs 3 and the alias cards are recorded, not hidden."""
    hagfish = CAT.fish("Hagfish")
    assert hagfish.disputed and "2" in hagfish.note and "3" in hagfish.note
    assert "Blue Whale" in CAT.fish("Humpback Whale").note
    assert not CAT.fish("Sunfish").disputed


def test_every_fish_has_a_summary_and_ability_kinds() -> None:
    assert all(f.summary for f in CAT.fish_list)
    assert set(CAT.fish("Hammerhead Shark").abilities) == {"catch", "eat"}
    assert CAT.fish("Magnapinna Squid").abilities == ()


def test_items_and_survey_unlocks() -> None:
    """data/README.md: 25 Dinks, 10 Rods, 10 Reels, 20 Supplies; the Survey sheet's unlock list with its costs."""
    assert (len(CAT.dinks), len(CAT.rods), len(CAT.reels), len(CAT.supplies)) == (25, 10, 10, 20)
    unlocks = {(u.kind, u.item): u.cost for u in CAT.survey_unlocks}
    assert unlocks[("tackle-die", "Orange")] == 80
    assert unlocks[("rod", "Narwhal Rod")] == 50
    assert unlocks[("supply", "Black Tea")] == 5
    assert {d.name: d.shop_discount for d in CAT.dinks}["Pearl"] == 2


def test_search_prefix_first_then_contains() -> None:
    names = [f.name for f in CAT.search("shark")]
    assert set(names) >= {"Hammerhead Shark", "Tiger Shark", "Goblin Shark", "Great White Shark", "Frilled Shark"}
    assert [f.name for f in CAT.search("blue", sets=())][:2] == ["Bluefin Tuna", "Humpback Whale"]
    assert CAT.search("tiger", limit=1)[0].name == "Tiger Shark"
    assert CAT.search("zzz") == []
