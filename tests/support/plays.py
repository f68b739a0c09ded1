"""Plays for tests and benchmarks: random tables of the three games, scored by the real scorers, as stored plays.

Names are spelt differently from play to play ("Alba", "alba", "ALBA", "Anna Maria" / "annamaria") so that the
roster's "one person whatever the case and spaces" is exercised.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.history.models import Play
from companion.history.record import play_from_result
from companion.rules.constants import SLOT_NUMBERS
from companion.scoring.table import score_table

PEOPLE = ("Alba", "Hugo", "Isla", "Bert", "Fred", "Anna Maria")
START = datetime(2025, 1, 4, 19, 30, tzinfo=UTC)


def _spelling(rng: random.Random, name: str) -> str:
    return rng.choice([name, name, name.lower(), name.upper(), name.replace(" ", ""), f" {name} "])


def _fish(rng: random.Random) -> dict[str, Any]:
    return {"value": rng.randint(0, 8), "type": rng.choice(["fair", "foul"])}


def deep_regrets_table(rng: random.Random, names: list[str]) -> dict[str, Any]:
    players = []
    for name in names:
        cards = rng.randint(0, 7)  # within any table's Regret deck (A p.6)
        slots = rng.sample(SLOT_NUMBERS, rng.randint(0, len(SLOT_NUMBERS)))
        players.append({"name": name, "regret_cards": cards, "regret_value": rng.randint(0, 3 * cards),
                        "lifeboat_flipped": rng.random() < 0.2, "fishbucks": rng.randint(0, 10),
                        "hand": [_fish(rng) for _ in range(rng.randint(0, 4))],
                        "mounted": [{"slot": s, **_fish(rng)} for s in slots]})
    return {"game": "deep-regrets", "players": players}


def shallow_table(rng: random.Random, names: list[str]) -> dict[str, Any]:
    def catch() -> list[dict[str, Any]]:
        return [{"points": rng.randint(-2, 5), "type": rng.choice(["fair", "foul"])} for _ in range(rng.randint(0, 6))]

    if len(names) == 1:
        return {"game": "shallow-regrets", "solo": True, "players": [{"name": names[0], "fish": catch()}],
                "frod": {"fish": catch()}}
    return {"game": "shallow-regrets", "players": [{"name": n, "fish": catch()} for n in names]}


def endeavor_table(rng: random.Random, names: list[str]) -> dict[str, Any]:
    keys = ("tracks", "impact", "journals", "specialists", "research", "staging_discs")
    return {"game": "endeavor-deep-sea", "players": [{"name": n, **{k: rng.randint(0, 15) for k in keys}}
                                                     for n in names]}


def coop_table(rng: random.Random) -> dict[str, Any]:
    return {"game": "endeavor-deep-sea", "mode": "co-op", "difficulty": rng.choice(["beginner", "expert"]),
            "goals": [{"name": f"Goal {g}", "achieved": rng.random() < 0.7} for g in range(7)]}


def generated_play(rng: random.Random, i: int) -> Play:
    kind = rng.choices(["deep-regrets", "shallow-regrets", "endeavor", "co-op"], [6, 2, 1, 1])[0]
    people = rng.sample(PEOPLE, rng.randint(1, 5) if kind != "shallow-regrets" else rng.randint(1, 4))
    names = [_spelling(rng, n) for n in people]
    when = START + timedelta(hours=7 * i, minutes=rng.randint(0, 59))
    fields = {"id": f"play-{i:016x}", "played": when, "duration_min": rng.choice([None, rng.randint(20, 150)]),
              "source": "cli"}
    if kind == "co-op":
        return play_from_result(score_table(coop_table(rng)), names=names, **fields)
    table = {"deep-regrets": deep_regrets_table, "shallow-regrets": shallow_table,
             "endeavor": endeavor_table}[kind](rng, names)
    return play_from_result(score_table(table), start_player=rng.choice(names), **fields)


def generated_plays(count: int, seed: int = 1) -> list[Play]:
    """``count`` plays, one every 7 hours or so from January 2025, in a reproducible random mix."""
    rng = random.Random(seed)
    return [generated_play(rng, i) for i in range(count)]
