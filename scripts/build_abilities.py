#!/usr/bin/env python3
"""Build ``data/fish_abilities.json``: each Fish's catch and eat abilities that change a number the companion
tracks (Regret cards, Fishbucks, Dinks, dice, the Can of Worms), as structured effects read from the card data
(``fish_cards.csv``, D). Abilities that change nothing the app counts (peeking, discarding Fish from a Shoal)
are left out: the table does them. Run from the repository root:

    .venv/bin/python scripts/build_abilities.py [../shared/reference/data]

Each Fish maps ``catch``/``eat`` to a list of options (the card's "OR"); each option is a list of effects
``{"do": ..., "n": ..., "who": "self"|"others"|"everyone", "coin": null|"heads"|"tails", "random": bool}``.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "data"  # beside the checkout

# (pattern, effect kind, who): the card wording that changes a tracked number; N is the count.
PATTERNS: list[tuple[str, str, str]] = [
    (r"(?:you )?draw (\d+) regrets?", "draw_regret", "self"),
    (r"discard (\d+) (random )?regrets?", "discard_regret", "self"),
    (r"everyone discards (\d+) regrets?", "discard_regret", "everyone"),
    (r"everyone draws (\d+) regrets?", "draw_regret", "everyone"),
    (r"every other player draws (\d+) regrets?", "draw_regret", "others"),
    (r"gain \$(\d+)", "gain_money", "self"),
    (r"every other player gains \$(\d+)", "gain_money", "others"),
    (r"increment x(\d+)", "increment", "self"),
    (r"refresh x(\d+)", "refresh", "self"),
    (r"give each other player (\d+) of your regrets", "give_regret", "others"),
    (r"each other player gives you (\d+) of theirs", "take_regret", "others"),
    (r"discard it and draw (\d+) dinks?", "draw_dink", "self"),
    (r"flip your can of worms", "flip_can", "self"),
    (r"take the omen die as one of your dice", "omen_die", "self"),
]


def effects(text: str) -> list[list[dict]]:
    """The options (alternatives joined by "OR") of one ability text, each a list of tracked effects."""
    options = []
    for option in text.split(" OR "):
        found: list[dict] = []
        coin = None
        for part in (p.strip() for p in option.split(";")):
            low = part.lower()
            if low.startswith("flip the fish coin:"):
                low = low.split(":", 1)[1].strip()
            for side in ("heads", "tails"):
                if low.startswith(side + " "):
                    coin, low = side, low[len(side) + 1:]
            for pattern, kind, who in PATTERNS:
                m = re.fullmatch(pattern, low)
                if m:
                    n = int(m.group(1)) if m.groups() and m.group(1) and m.group(1).isdigit() else 1
                    random = bool(len(m.groups()) > 1 and m.group(2))
                    found.append({"do": kind, "n": n, "who": who, "coin": coin, "random": random})
                    break
        if found:
            options.append(found)
    return options


def build(source: Path) -> dict:
    out: dict[str, dict] = {}
    with (source / "fish_cards.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            entry = {when: effects(row[when]) for when in ("catch", "eat") if effects(row[when])}
            if entry:
                out[row["name"]] = entry
    return {"about": "Catch and eat abilities that change a number the companion tracks, from the card data "
                     "(D, data/fish_cards.csv); built by scripts/build_abilities.py.",
            "fish": out}


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE
    target = ROOT / "data" / "fish_abilities.json"
    target.write_text(json.dumps(build(source), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
