#!/usr/bin/env python3
"""Build ``data/fish_catalog.json`` from the card-data CSVs in ``shared/reference/data``.

Numbers and names come from the CSVs; every ability summary below is the project's own short wording
(the CSVs' paraphrase columns are not copied). Run from the repository root:

    .venv/bin/python scripts/build_catalog.py [../shared/reference/data]
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "data"  # beside the checkout

# docs/rules.md §8: Fish the Ocean Survey takes out of the Sea ("Blue Whale" is the Humpback Whale card).
SOLO_REMOVED = {"Man O' War", "Tidal Trafficker", "Bathyphysa Conifera", "Deep Dealer", "Humpback Whale",
                "Abyssal Colony", "Profound Peddler", "Whale of Rocabarraigh"}
SOLO_REMOVED_DINKS = {"Odd Ring"}

# The catalog keeps one name; the other spellings in the sources are aliases (docs/rules.md §9).
ALIASES = {
    "Humpback Whale": ["Blue Whale"],
    "Amulet of Agartha": ["Amulet of Agarta"],
    "Deep Dealer": ["Deep Dweller"],
    "Rocabarraigh Denizen": ["Rocabarraigh Queen"],
}
ALIAS_SOURCES = {
    "Humpback Whale": "'Blue Whale' in the rulebook's solo list (A p.23); 'Humpback Whale' on the printed card "
                      "in both ports (D).",
    "Amulet of Agartha": "'Amulet of Agarta' in the rulebook (A); 'Amulet of Agartha' in both ports (D).",
    "Deep Dealer": "'Deep Dealer' in the rulebook (A) and the TTS web port; 'Deep Dweller' in the BGA port (D).",
    "Rocabarraigh Denizen": "'Rocabarraigh Denizen' in the TTS web port; 'Rocabarraigh Queen' in the BGA port (D).",
}

# A p.12, "Difficulty range by size & Depth" (max None: "4-?", no upper bound printed).
DIFFICULTY_RANGES = {
    (1, "small"): (0, 2), (1, "middling"): (1, 3), (1, "large"): (2, 4),
    (2, "small"): (1, 3), (2, "middling"): (2, 4), (2, "large"): (3, 5),
    (3, "small"): (2, 4), (3, "middling"): (3, 5), (3, "large"): (4, None),
}
# data/README.md: the five cards whose printed difficulty lies outside the A p.12 range, and why.
OUT_OF_RANGE = {
    "Fugu": "its reveal ability lowers the Difficulty into the range",
    "Porcupine Fish": "its reveal ability lowers the Difficulty into the range",
    "Mermer": "its reveal ability lowers the Difficulty into the range",
    "Sub Matriarch": "its Difficulty grows with the Fish in your hand",
    "Iron Coffin": "Difficulty 0",
}

# docs/rules.md §10: card effects the companion applies, as data on each card (the expansions add theirs here).
NO_SALE_OR_MOUNT = {"Whispering Skull", "Amulet of Agartha", "Iron Coffin", "Treasure Chest",  # A p.27; D
                    "Sharpear Enope Squid"}  # Lamentable Tentacles: scores in hand (D; docs/rules.md §10)
FIXED_VALUE = {"Nautilus": 3}  # a value no Madness changes (Lamentable Tentacles, D; docs/rules.md §10)
DISPLAYED = {"Orca", "Eversquid", "Parasitic Larvae", "Colossal Squid", "Gloom Orphan", "Iron Coffin"}  # A p.27
REVEAL_DIFFICULTY = {"Fugu": 2, "Porcupine Fish": 2, "Mermer": 3}  # "Reveal: Difficulty N this turn"
DIFFICULTY_PER_FISH_IN_HAND = {"Sub Matriarch": 1}
OFF_PER_ANGLER_AT_ITS_DEPTH = {"Vampire Squid": 1}  # "−1 Difficulty for each player at Depth II" (its Depth)
CAN_OF_WORMS_DIFFICULTY = {"Hollow Earth Worm": 4}  # "flip your Can of Worms face down to make its Difficulty 4"
DISPLAYED_DISCOUNT = {"Orca": ("foul", 1), "Eversquid": ("fair", 1)}  # while face up in front of the catcher
ROD_DISCOUNT = {  # name -> (the Fish it applies to, Difficulty discount)
    "Lucky Pole": ("all", 2), "Narwhal Rod": ("all", 1), "Rod of Fortune": ("fair", 1),
    "Rod of Manchineel": ("foul", 1),
    "Split Bamboo Pole": ("small", 1), "Wood and Brass Rod": ("middling", 1), "Trolling Rod": ("large", 1),
}
FIRST_CATCH_EACH_DAY = {"Lucky Pole"}  # "Your first Fish each Day" (D)
SUPPLY_DIFFICULTY = {"Bag of Maggots": 2, "Jar of Leeches": 4}  # Difficulty discount on one Fish
SUPPLY_DIFFICULTY_SET = {"Bucket of Chum": 0}
SUPPLY_REGRETS = {"Bucket of Chum": 3}  # Regrets drawn when it is used
RETURNS_MOUNTS = {"Claw Hammer"}  # at Port: every mounted Fish back to hand (D)
MOUNT_FOR = {"Cloche": "small"}  # an extra ×2 mount for one Fish of this size (D)

GIVE_AWAY = "Reveal: hand it to an angler you choose; your fishing ends."
MOST_REGRETS = "Goes to the angler with the most Regret cards (a tie discards it)."
EAT_INC1_OR = "Eat: Increment once or lose a random Regret."
SUMMARIES = {
    # Depth I
    "Hammerhead Shark": "Catch: discard a small Fish from your hand. Eat: Increment twice.",
    "Barracuda": "Eat: Increment once, lose 2 random Regrets.",
    "Sheepshead": "Eat: Increment once, lose a Regret.",
    "Sockeye Salmon": EAT_INC1_OR,
    "Halley's Folly": "Reveal: all anglers take a Regret. Eat: Refresh 2, take 2 Regrets.",
    "Eyefish": "Catch: take a Regret, look at a Fish. Eat: Refresh 2, take 2 Regrets.",
    "Tiger Shark": "Catch: discard a small Fish from your hand. Eat: Increment twice.",
    "Whiptail Stingray": "Reveal: reroll a Fresh die. Eat: Increment twice, lose a Regret.",
    "Striped Marlin": "Reveal: lose a Regret. Eat: Increment twice, lose a Regret.",
    "Goliath Grouper": "Eat: Increment twice, lose a Regret.",
    "Ghoul Ray": "Catch: take a Regret. Eat: Refresh 2, take 2 Regrets.",
    "Triggerfish": EAT_INC1_OR,
    "Coelacanth": "Eat: Increment twice, lose a random Regret.",
    "Man O' War": GIVE_AWAY,
    "Scrat": "Reveal: if nobody catches it, the angler on your right gets it. Eat: Refresh 2, take 2 Regrets.",
    "Osteofish": "Catch: take a Regret.",
    "Parasitic Larvae": "Reveal: caught at once and kept face up; every Regret draw takes one more.",
    "Filefish": EAT_INC1_OR,
    "Flounder": EAT_INC1_OR,
    "Sunfish": "Reveal: anglers at Sea each lose a Regret.",
    "Swordfish": "Catch: lose a Regret. Eat: Increment twice, lose a Regret.",
    "Tidal Trafficker": "Reveal: take a Regret and a Supply, then discard it; your turn ends.",
    "Misery Stalker": MOST_REGRETS,
    "Day Octopus": "Eat: Increment once, lose a Regret.",
    "Geist": "Catch: take a Regret. Eat: Refresh 1, take a Regret.",
    "Mahi-Mahi": "Eat: Increment twice, lose 2 random Regrets.",
    "Cutthroat Trout": EAT_INC1_OR,
    "Black Seabass": "Eat: Increment once, lose a Regret.",
    "Payara": "Eat: Increment twice, lose a random Regret.",
    "Foot": "Reveal: all anglers take a Regret. Eat: Refresh 1, take a Regret.",
    "Tumorous Fish": "Catch: take a Regret. Eat: Refresh 2, take 2 Regrets.",
    "Pram": "Reveal: all anglers take a Regret.",
    "Cax": "Reveal: every other angler takes a Regret. Eat: Refresh 2, take 2 Regrets.",
    "Fugu": "Reveal: Difficulty 2 this turn. Eat: coin flip, heads lose 3 Regrets, tails take 1.",
    "Flying Gurnard": EAT_INC1_OR,
    "Black Scabbardfish": "Eat: Increment once, lose a Regret.",
    "Lionfish": "Reveal: reroll a Fresh die. Eat: Increment once, lose a Regret.",
    "Corpse": "Reveal: all anglers take a Regret. Eat: Refresh 2, take 3 Regrets.",
    "Manta Ray": "Reveal: anglers at Sea each lose a Regret.",
    # Depth II
    "Porcupine Fish": "Reveal: Difficulty 2 this turn. Eat: coin flip, heads lose 4 Regrets, tails take 2.",
    "Bubo": "Reveal: all anglers take a Regret. Eat: Refresh 1, take a Regret.",
    "Whispering Skull": "Catch: take 2 Regrets; kept face up, look at a Fish once a turn for free.",
    "Sub Matriarch": "Always: +1 Difficulty for each Fish in your hand.",
    "Mermaid": "Catch: take a Regret, look at 2 Fish. Eat: Refresh 2, take a Regret, look at 2 Fish.",
    "Spider Crab": "Eat: Increment twice, lose 2 random Regrets.",
    "Siren": "Reveal: anglers at Sea may take a Regret to move to Depth II.",
    "Amulet of Agartha": "Catch: take 3 Regrets and the Omen Die as one of your dice.",
    "Iron Coffin": "Catch: take 2 Regrets. Kept face up: offer another angler up to 2 Regrets (accepting "
                   "Refreshes 1 die).",
    "Lamprey": "Show a Large Fish from your hand to catch it free. Eat: Increment twice.",
    "Frilled Shark": "Catch: discard a small Fish from your hand. Eat: Increment twice.",
    "Remora": "Show a Shark from your hand to catch it free. Eat: Increment twice.",
    "Colossal Squid": "Reveal: caught at once and kept face up; you may fish only this column.",
    "Rotfish": "Catch: take a Regret, turn your Can of Worms. Eat: Refresh 1, take a Regret, turn your Can.",
    "Northern Stargazer": "Reveal: if nobody catches it, it is shuffled back into its Shoal.",
    "Humpback Whale": "Reveal: all anglers lose 2 Regrets and Increment once; discard it (no action used).",
    "Selkie": "Catch: coin flip, heads you gain $3, tails the others gain $1.",
    "Stye Eel": "Catch: take a Regret, look at a Fish. Eat: take a Regret, look at 2 Fish.",
    "Green Moray": "Eat: Increment twice.",
    "Orca": "Always, kept face up: Foul Fish cost 1 less.",
    "Box Jellyfish": "Reveal: reroll a Fresh die.",
    "Giant Octopus": "Eat: Increment three times, lose a Regret.",
    "Halibut": "Eat: Increment twice, lose 2 random Regrets.",
    "Dunkleosteus": "Catch: take a Regret; the top Fish of every Shoal is discarded.",
    "Bluefin Tuna": "Catch: all anglers lose a Regret. Eat: Increment three times, lose 2 random Regrets.",
    "Bathyphysa Conifera": GIVE_AWAY,
    "Monkfish": "Eat: Increment twice, lose 2 random Regrets.",
    "Midas Devil": "Catch: coin flip, heads you gain $3, tails the others gain $1.",
    "Bowel Angel": "Reveal: all anglers take a Regret. Eat: Refresh 2, take 3 Regrets.",
    "Sarcastic Fringehead": "Eat: Increment twice.",
    "Fried Egg Jellyfish": "Reveal: reroll a Fresh die.",
    "The Mollusk": "Reveal: every Fish in this column is revealed. Eat: take 10 Regrets, then lose 8.",
    "Brittle Lung": "Reveal: take a Regret; discarded if nobody catches it.",
    "Stoor Worm": "Catch: lose one of your items; every other angler takes a Regret.",
    "Great White Shark": "Reveal: every angler discards a small Fish from their hand.",
    "Cruachan Spawn": "Catch: coin flip, heads the others take 2 Regrets, tails you take 4.",
    "Sea Monkey": "Catch: coin flip, heads each other angler takes one of your Regrets, tails each gives you one.",
    "Deep Dealer": "Reveal: take 2 Regrets and 2 Supplies, then discard it; your turn ends.",
    "Grief Lurker": MOST_REGRETS,
    # Depth III
    "Writhing Mass": "Reveal: reroll a Fresh die; all anglers take a Regret.",
    "No Face": "Show Two Face from your hand to catch it free. Catch: take 2 Regrets.",
    "Bride of the Sea": "Catch: coin flip, heads all anglers lose 2 Regrets, tails all take 2.",
    "Lanternfish": "Reveal: look at the Fish beneath it. Eat: Increment twice.",
    "Barreleye": "Reveal: look at the Depth II Fish in this column. Eat: Increment twice.",
    "Profound Peddler": "Reveal: take 3 Regrets and 3 Supplies, then discard it; your turn ends.",
    "Giant Isopod": "Discard a Large Fish from your hand to catch it free.",
    "Mermer": "Reveal: Difficulty 3 this turn. Eat: coin flip, heads lose 5 Regrets, tails take 4.",
    "Trauma Leech": MOST_REGRETS,
    "Deepworm": "Catch: take a Regret, turn your Can of Worms. Eat: Refresh 2, take 2 Regrets, turn your Can.",
    "Gloom Orphan": "Reveal: caught at once and kept face up; every Regret draw takes one more; you may fish "
                    "only this column.",
    "Abyssal Colony": GIVE_AWAY,
    "Slitmouth": "Catch: take 2 Regrets, Increment once. Eat: Refresh 2, take 2 Regrets.",
    "Aphotic Asp": "Catch: take a Regret. Eat: Refresh 2, take 2 Regrets.",
    "Two Face": "Show No Face from your hand to catch it free. Catch: take 2 Regrets.",
    "Goblin Shark": "Catch: discard a small Fish from your hand.",
    "Kraken": "Reveal: take 3 Regrets; every other angler takes 1.",
    "Rocabarraigh Denizen": "Catch: take 2 Regrets; every other angler takes 1.",
    "Varicolla": "Catch: take 2 Regrets, Refresh 1. Eat: Refresh 2, take 2 Regrets.",
    "Sea Bishop": "Catch: coin flip, heads you gain $4, tails the others gain $2.",
    "Pustor": "Catch: coin flip, heads the others take a Regret, tails you take 3.",
    "Treasure Chest": "Catch: lose 3 Regrets, gain $8 and 3 Supplies, then discard it.",
    "Whale of Rocabarraigh": "Reveal: all anglers take 2 Regrets and lose an item; discard it (no action used).",
    "Hagfish": "Eat: Increment twice.",
    "Gulper Eel": "No ability beyond its exact dice.",
    "Hollow Earth Infant": "Reveal: take 3 Regrets; every other angler takes 1. Catch: the top 3 Fish of every "
                           "Shoal are discarded.",
    "Kelpie": "Reveal: anglers at Sea each take a Regret.",
    "Mass of Eyes": "Reveal: take 3 Regrets, look at 3 Fish. Eat: take 3 Regrets, Refresh 2, look at 3 Fish.",
    "Anglerfish": "Catch: look at the Fish beneath it and you may reveal it. Eat: Increment twice.",
    "Skitterfin": "Reveal: if nobody catches it, the angler on your left gets it. Eat: Refresh 2, take 2 Regrets.",
    "Oarfish": "Reveal: all anglers lose a Regret.",
    "Magnapinna Squid": "No ability.",
    "Benthic Slug": "Catch: take a Regret, turn your Can of Worms. Eat: Refresh 2, take 2 Regrets.",
    "Eversquid": "Catch: take 2 Regrets. Always, kept face up: Fair Fish cost 1 less.",
    "Bathyal Queen": "Catch: take 2 Regrets; reveal any Fish you like, in any order.",
    "Phantom Jellyfish": "Reveal: reroll a Fresh die.",
    "The Plug": "Put it on the table: each turn starts by discarding the Sea's top-left Fish; your turn ends.",
    "Abyssal Star": "Catch: take 2 Regrets; look at a row or a column.",
    "Human": "Reveal: all anglers take a Regret. Eat: Refresh 3, take 3 Regrets.",
}

# Lamentable Tentacles (docs/rules.md §11): 18 expansion Fish, 6 per Depth.
EXPANSION_SETS = {"Lamentable Tentacles (expansion)": "lamentable-tentacles"}
EXPANSION_SUMMARIES = {
    # Depth I
    "Giant Cuttlefish": "Catch: you may swap it, unseen, for the Fish beneath it.",
    "Tri-Tentacle": "Catch: take a Regret for each Foul Fish in your hand.",
    "Blue-Ringed Octopus": "Reveal: reroll all your Fresh dice.",
    "Blanket Octopus": "Catch: coin flip, heads you keep it, tails discard it and take a Dink.",
    "Mimic Octopus": "Reveal: trade it for a small Fish from your hand, or discard it if you have none.",
    "Sea Cattle": "Eat: take 5 Regrets.",
    # Depth II
    "Psychic Interloper": "Eat: take as many Regrets as there are anglers, look at them, give one to each.",
    "Nautilus": "Always worth 3, whatever your Madness.",
    "Overmind": "You must catch it if you can; it is Mounted when you Make Port.",
    "Giant Squid": "Show a Shark from your hand to catch it free.",
    "Vampire Squid": "Difficulty −1 for each angler at Depth II. Eat: Increment three times, lose a Regret.",
    "Hollow Earth Worm": "Catch: take 2 Regrets. Turn your Can of Worms face down to make its Difficulty 4.",
    # Depth III
    "Bane of the Stars": "Catch: take 2 Regrets; every boat at Sea goes to Depth II.",
    "Dumbo Octopus": "Reveal: lose 3 Regrets. Eat: take 2 Regrets. Action: give it to an angler, who loses 4 "
                     "Regrets.",
    "Hadal Shade": "Catch: you may take 3 Regrets to trade it for another angler's Mounted Fish.",
    "Great Old One": "Reveal: each angler at Sea may take a Regret and go to Depth III.",
    "Capitoctopus": "Catch: take 2 Regrets.",
    "Sharpear Enope Squid": "Can't be sold or Mounted; scores in your hand.",
}

DINKS = {  # name -> (summary, Difficulty discount, shop discount)
    "Message in a Bottle": ("Lose a Regret.", 0, 0), "Sea Glass": ("Lose a Regret.", 0, 0),
    "Moon Jellyfish": ("One Fish: Difficulty −1.", 1, 0), "Whitebait": ("Difficulty −1.", 1, 0),
    "Scad": ("Difficulty −1.", 1, 0), "Fish Head": ("Difficulty −1.", 1, 0), "Pinfish": ("Difficulty −1.", 1, 0),
    "Toe": ("Difficulty −1.", 1, 0), "Ballyhoo": ("Difficulty −1.", 1, 0), "Shrimp": ("Difficulty −1.", 1, 0),
    "Finger": ("Difficulty −1.", 1, 0), "Crab": ("Difficulty −2.", 2, 0), "Eel": ("Difficulty −2.", 2, 0),
    "Ear": ("Difficulty −1, or $1 off one shop purchase.", 1, 1),
    "Doll Head": ("$1 off one shop purchase.", 0, 1), "Locket": ("$1 off one shop purchase.", 0, 1),
    "Tire": ("$1 off one shop purchase.", 0, 1), "Pocket Watch": ("$1 off one shop purchase.", 0, 1),
    "Wallet": ("$1 off one shop purchase.", 0, 1), "Pearl": ("$2 off one shop purchase.", 0, 2),
    "Bearer Bond": ("$2 off one shop purchase.", 0, 2), "Old Boot": ("Does nothing.", 0, 0),
    "Clump of Seaweed": ("Does nothing.", 0, 0), "Syringe": ("Take 2 Regrets.", 0, 0),
    "Odd Ring": ("Take 2 Regrets.", 0, 0),
}
RODS = {
    "Narwhal Rod": "Every Fish: Difficulty −1.", "Rod of Fortune": "Fair Fish: Difficulty −1.",
    "Rod of Manchineel": "Foul Fish: Difficulty −1.", "Split Bamboo Pole": "Small Fish: Difficulty −1.",
    "Wood and Brass Rod": "Middling Fish: Difficulty −1.", "Trolling Rod": "Large Fish: Difficulty −1.",
    "Lucky Pole": "Your first Fish each Day: Difficulty −2.",
    "Rod of the Dead": "You may skip the Reveal ability of a Fish you reveal.",
    "Rod of the Deep": "When you fish, look at the Shoal's top 2 Fish and reorder them.",
    "Rod of the Infinite": "When you fish, you may discard a Dink to look at the top 3 Fish and reorder them.",
}
REELS = {
    "Wood and Brass Reel": "Once a Day: reroll up to 2 Fresh dice.",
    "Solid Brass Reel": "Once a Day: reroll any of your Fresh dice.",
    "Reel of Fortune": "Once a Day: reroll your Fresh dice until none shows a 1.",
    "Stop-Latch": "Once a Day: set a Fresh die to its top face.",
    "Manifold Reel": "Once a Day: set 2 Fresh dice to their top face.",
    "Abyssal Reel": "Once a Day: set 3 Fresh dice to their top face.",
    "Reel of the Deep": "Once a Day at Sea: put your boat at Depth II.",
    "Reel of the Infinite": "Once a Day at Sea: move your boat one Depth down.",
    "Centerpin Reel": "Each Dink you draw becomes 3.",
    "Bone Wheel": "Overpaid pips are kept: the die is turned down instead of Spent.",
}
SUPPLIES = {
    "Absinthe": "Lose 5 random Regrets.", "Moonshine": "Lose 4 random Regrets.",
    "Barbadian Dark Rum": "Lose 3 Regrets.", "Cask Ale": "Lose 2 Regrets.", "Black Tea": "Lose a Regret.",
    "Bag of Maggots": "One Fish: Difficulty −2.", "Jar of Leeches": "One Fish: Difficulty −4.",
    "Bucket of Chum": "Take 3 Regrets; one Fish's Difficulty becomes 0.", "Scotch Egg": "Refresh 1 die.",
    "Cullen Skink": "Refresh 2 dice.", "Sea Monkey's Paw": "Take a Regret, Refresh 2 dice.",
    "Restless Stone": "Take 2 Regrets, Refresh 3 dice.", "Curious Spyglass": "Look at a column.",
    "Mermaid Eyes": "Look at 2 Fish.", "Book of the Deep": "Take a Regret, look at a row.",
    "Diving Lantern": "Reveal a column, in any order.", "Heart of the Fathoms": "Reveal every Fish, in any order.",
    "Halley's Diving Bell": "At Sea: move your boat one Depth down.",
    "Claw Hammer": "At Port: all your Mounted Fish go back to your hand.",
    "Cloche": "Mount a small Fish on it: an extra ×2 mount.",
}


def slug(name: str) -> str:
    """``"Man O' War"`` → ``"man-o-war"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def _int(text: str) -> int | None:
    text = text.strip()
    return None if text in ("", "-") else int(text)


def _rows(source: Path, name: str) -> list[dict[str, str]]:
    with (source / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _note(row: dict[str, str]) -> str | None:
    """A note for a card the two sources disagree on, naming both readings."""
    name = row["name"]
    parts = []
    if name in ALIAS_SOURCES:
        parts.append(ALIAS_SOURCES[name])
    if row["numbers_confirmed_by_two_sources"].startswith("NO"):
        diffs = []
        for field, label in (("size", "size"), ("fair_foul", "type"), ("value", "value"),
                             ("difficulty", "difficulty")):
            ours, theirs = row[field].strip(), row[f"bga_{field}"].strip()
            if ours != theirs:
                diffs.append(f"{label} {ours or 'none'} (TTS web port) vs {theirs or 'none'} (BGA port)")
        if diffs:
            parts.append("Sources disagree: " + "; ".join(diffs) + ". The catalog keeps the TTS web port's "
                         "reading.")
    if "villagemeeple" in row["notes"]:  # a play report reads Striped Marlin's reveal differently
        parts.append("A play report suggests its reveal lets every angler discard a Regret; the TTS port "
                     "says only you.")
    return " ".join(parts) or None


def _fish(row: dict[str, str]) -> dict:
    name = row["name"]
    card_set = EXPANSION_SETS.get(row["set"], row["set"])
    kinds = [k for k in ("reveal", "catch", "eat") if row[k].strip()]
    if "permanent" in row["bga_ability_flags"] or row["other"].strip():
        kinds.append("persistent")
    depth, size = int(row["depth"]), row["size"]
    difficulty = _int(row["difficulty"])
    return {
        "id": slug(name),
        "name": name,
        "aliases": ALIASES.get(name, []),
        "depth": depth,
        "size": size,
        "type": row["fair_foul"],
        "value": _int(row["value"]),
        "difficulty": difficulty,
        "exact_dice": _int(row["exact_dice"]),
        "abilities": kinds,
        "set": card_set,
        "summary": SUMMARIES[name] if card_set == "base" else EXPANSION_SUMMARIES[name],
        # A p.23: the solo setup takes these out, and every expansion Fish goes back in the box.
        "solo_removed": name in SOLO_REMOVED or card_set != "base",
        "disputed": row["numbers_confirmed_by_two_sources"].startswith("NO") or name in ALIASES,
        "note": _note(row),
        "difficulty_out_of_range": OUT_OF_RANGE.get(name),
        "no_sale_or_mount": name in NO_SALE_OR_MOUNT,
        "fixed_value": FIXED_VALUE.get(name),
        "displayed": name in DISPLAYED,
        "reveal_difficulty": REVEAL_DIFFICULTY.get(name),
        "difficulty_per_fish_in_hand": DIFFICULTY_PER_FISH_IN_HAND.get(name, 0),
        "off_per_angler_at_its_depth": OFF_PER_ANGLER_AT_ITS_DEPTH.get(name, 0),
        "can_of_worms_difficulty": CAN_OF_WORMS_DIFFICULTY.get(name),
        "displayed_discount": ({"applies_to": DISPLAYED_DISCOUNT[name][0], "amount": DISPLAYED_DISCOUNT[name][1]}
                               if name in DISPLAYED_DISCOUNT else None),
    }


def _item(row: dict[str, str], texts: dict[str, str]) -> dict:
    name = row["name"]
    item: dict = {"id": slug(name), "name": name, "summary": texts[name],
                  "survey_unlock_cost": _int(row["ocean_survey_unlock_cost"])}
    if _int(row.get("price", "")) is not None:  # the card's printed price, where a source gives it (A p.17)
        item["price"] = _int(row["price"])
    if name in ROD_DISCOUNT:
        item["discount_applies_to"], item["difficulty_discount"] = ROD_DISCOUNT[name]
    if name in FIRST_CATCH_EACH_DAY:
        item["first_catch_each_day"] = True
    if name in SUPPLY_DIFFICULTY:
        item["discount_applies_to"], item["difficulty_discount"] = "all", SUPPLY_DIFFICULTY[name]
    if name in SUPPLY_DIFFICULTY_SET:
        item["difficulty_set"] = SUPPLY_DIFFICULTY_SET[name]
    if name in SUPPLY_REGRETS:
        item["regrets_drawn"] = SUPPLY_REGRETS[name]
    if name in RETURNS_MOUNTS:
        item["returns_mounts"] = True
    if name in MOUNT_FOR:
        item["mount_for"] = MOUNT_FOR[name]
    return item


def build(source: Path) -> dict:
    rows = _rows(source, "fish_cards.csv")
    unknown_sets = {r["set"] for r in rows} - {"base", *EXPANSION_SETS}
    if unknown_sets:
        raise SystemExit(f"Fish of unknown sets: {sorted(unknown_sets)}")
    fish = [_fish(r) for r in rows]
    unused = (set(SUMMARIES) | set(EXPANSION_SUMMARIES)) - {f["name"] for f in fish}
    if unused:
        raise SystemExit(f"summaries for unknown Fish: {sorted(unused)}")
    items = {}
    for kind, texts in (("rods", RODS), ("reels", REELS), ("supplies", SUPPLIES)):
        items[kind] = [_item(r, texts) for r in _rows(source, f"{kind}.csv")]
    dinks = [{"id": slug(r["name"]), "name": r["name"], "summary": DINKS[r["name"]][0],
              "difficulty_discount": DINKS[r["name"]][1], "shop_discount": DINKS[r["name"]][2],
              "solo_removed": r["name"] in SOLO_REMOVED_DINKS} for r in _rows(source, "dinks.csv")]
    unlocks = [{"kind": r["kind"].lower().replace("tackle die", "tackle-die"), "item": r["item"],
                "cost": int(r["unlock_cost"])} for r in _rows(source, "ocean_survey_unlocks.csv")]
    return {
        "about": "Deep Regrets card data. Numbers and names: the card-data CSVs (BGA and TTS web ports, "
                 "checked against the rulebook); ability summaries: this project's own wording. "
                 "Generated by scripts/build_catalog.py.",
        "sources": {
            "fish": "TTS web port (SonnPyker/deep-regrets-web) cross-checked with the BGA port "
                    "(JamesGames7/bga-deepRegrets); 107 of 117 agree on every number",
            "solo_removed": "A p.23; docs/rules.md §8",
            "expansion_fish": "Lamentable Tentacles: TTS web port (SonnPyker/deep-regrets-web), one source; "
                              "docs/rules.md §11",
            "difficulty_ranges": "A p.12",
            "survey_unlocks": "SonnPyker/deep-regrets-web survey.js (single source)",
        },
        "difficulty_ranges": [{"depth": d, "size": s, "min": lo, "max": hi}
                              for (d, s), (lo, hi) in DIFFICULTY_RANGES.items()],
        "fish": fish,
        "dinks": dinks,
        **items,
        "survey_unlocks": unlocks,
    }


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE
    out = ROOT / "data" / "fish_catalog.json"
    out.write_text(json.dumps(build(source), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
