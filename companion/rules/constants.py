"""The game's fixed numbers, as printed, each defined once (A p.6, docs/rules.md §1): every module imports them
from here.

>>> (MIN_PLAYERS, MAX_PLAYERS, MOUNT_SLOTS, SLOT_NUMBERS)
(1, 5, 3, (1, 2, 3))
"""

from __future__ import annotations

MIN_PLAYERS = 1  # A p.4: 1-5 anglers (solo plays the Ocean Survey, A p.23)
MAX_PLAYERS = 5
MOUNT_SLOTS = 3  # an angler board has three mount slots (A p.6) ...
SLOT_NUMBERS = tuple(range(1, MOUNT_SLOTS + 1))  # ... numbered 1-3 as printed, scoring x2, x3, x2 (A p.22)
REGRET_VALUE_MIN = 0  # every Regret card prints a value from 0 to 3 (A p.18)
REGRET_VALUE_MAX = 3
REGRETS_PER_PLAYER = 10  # the Regret deck holds 10 cards per player (A p.6) ...
REGRET_CARDS_IN_BOX = 60  # ... out of the box's 60; solo uses every one (A p.23; both ports' card lists, data/)
FISHBUCKS_CAP = 10  # the $10 cap (C, D; docs/rules.md §5, §9): the presets' ``money_cap``; a variant lifts it
DINKS_IN_BOX = 25  # the Dink deck: 25 cards (B "venticinque Ciarpame"; both ports list the same 25, D) ...
SOLO_DINKS = 24  # ... less the Odd Ring, put back in the box for solo play (A p.23; docs/rules.md §1)
PLAYER_DICE = 3  # each angler's three d4 (A p.6)
DEPTHS = 3  # Depths I, II, III (A p.7)
SHOALS = 9  # three Shoals at each Depth (A p.7)
DIFFICULTY_ADJUSTMENT_MAX = 20  # a catch's Difficulty changed by hand, either way (docs/rules.md §10)
