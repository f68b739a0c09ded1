"""The state of a live game: what the table has in front of it, as plain immutable models.

Madness is derived from the Regret card count and never stored (docs/rules.md §2). The engine never mutates a state:
every action builds a new one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.i18n import N_, t
from companion.rules.cards import fish_value
from companion.rules.constants import (
    DEPTHS,
    DINKS_IN_BOX,
    MOUNT_SLOTS,
    REGRETS_PER_PLAYER,
    SHOALS,
    SLOT_NUMBERS,
    SOLO_DINKS,
)
from companion.rules.dice import TACKLE_IN_GAME, Die
from companion.rules.fish import FishRef
from companion.rules.madness import MadnessTier, madness_tier
from companion.rules.ruleset import Ruleset

Location = Literal["sea", "port"]
Phase = Literal["refresh", "declaration", "action", "ended"]

# The Days' names in DAYS order, as messages (translated where they are shown).
DAY_NAMES = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"),
             N_("Sunday"))


def _empty_mounts() -> list[FishRef | None]:
    return [None] * MOUNT_SLOTS


class PlayerState(BaseModel):
    """One angler at the table.

    ``hand`` holds the Fish the player entered; ``hand_hidden`` counts Fish caught without entering them.
    ``depth`` is the boat's Depth at Sea (1–3); at Port it is the Depth the boat returns to (I).
    ``mounted`` lists the mount slots in board order; every other place names a slot by its printed number
    (:data:`~companion.rules.constants.SLOT_NUMBERS`, 1–3) through :meth:`on_slot`, :attr:`slots` and
    :meth:`mounted_with`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    colour: str
    regret_cards: int = Field(default=0, ge=0)
    regret_value: int | None = Field(default=None, ge=0)
    # Set only in a seat's view of the game (rules/visibility.py): a Regret value entered but not shown to this seat.
    regret_value_hidden: bool = False
    fishbucks: int = Field(default=0, ge=0)
    fresh: list[Die] = Field(default_factory=list)
    spent: list[Die] = Field(default_factory=list)
    location: Location = "sea"
    depth: int = Field(default=1, ge=1, le=DEPTHS)
    can_of_worms: bool = True
    lifeboat: bool = True
    passed: bool = False
    refreshed: bool = False
    declared: bool = False
    port_yesterday: bool = False
    rod: str | None = None
    reel: str | None = None
    items: list[str] = Field(default_factory=list)
    dinks: int = Field(default=0, ge=0)
    hand: list[FishRef] = Field(default_factory=list)
    hand_hidden: int = Field(default=0, ge=0)
    mounted: list[FishRef | None] = Field(default_factory=lambda: _empty_mounts(), min_length=MOUNT_SLOTS,
                                          max_length=MOUNT_SLOTS)
    shops_used: list[str] = Field(default_factory=list)
    rewards_due: int = Field(default=0, ge=0)
    # docs/rules.md §10: Fish kept face up in front of the player (not in hand), and the Fish on their Cloche.
    displayed: list[FishRef] = Field(default_factory=list)
    cloche: FishRef | None = None
    personality: str | None = None  # Biggest Regrets: the personality card dealt at setup (docs/rules.md §11)
    personality_tier: int | None = None  # its band for the Day (0, 1, 7, 13), fixed at Refresh
    personality_used: bool = False  # used today (once per Day)
    caught_today: bool = False  # has caught a Fish this Day (the Lucky Pole's "first Fish each Day", docs/rules.md §10)
    worms_this_turn: bool = False  # flipped the Can of Worms face down on this turn (Hollow Earth Worm, §10)

    @property
    def hand_count(self) -> int:
        """How many Fish the player holds, entered or not."""
        return len(self.hand) + self.hand_hidden

    @property
    def dice_count(self) -> int:
        """Fresh plus Spent dice."""
        return len(self.fresh) + len(self.spent)

    @property
    def fresh_total(self) -> int:
        """The sum of the Fresh dice faces."""
        return sum(d.face or 0 for d in self.fresh)

    def on_slot(self, slot: int) -> FishRef | None:
        """The Fish Mounted on slot ``slot`` (1–3, as printed), ``None`` when it is empty."""
        return self.mounted[slot - 1]

    @property
    def slots(self) -> list[tuple[int, FishRef | None]]:
        """Every mount slot as ``(printed number, Fish or None)``, slot 1 first."""
        return list(zip(SLOT_NUMBERS, self.mounted, strict=True))

    @property
    def empty_slots(self) -> tuple[int, ...]:
        """The numbers (1–3) of the slots with no Fish on them."""
        return tuple(n for n, f in self.slots if f is None)

    def mounted_with(self, slot: int, fish: FishRef | None) -> list[FishRef | None]:
        """The mounts with ``fish`` put on slot ``slot`` (1–3), for a new state."""
        return [fish if n == slot else f for n, f in self.slots]

    @property
    def at_sea(self) -> bool:
        """Whether the boat is at Sea (not at Port)."""
        return self.location == "sea"

    @property
    def lifeboat_flipped(self) -> bool:
        """A flipped Lifeboat adds 10 to the Regret value at the end (A p.10); it is not a Regret card."""
        return not self.lifeboat

    @property
    def where(self) -> str:
        """Where the boat is, as a label: ``"Port"`` or ``"Sea, Depth II"``."""
        if self.location == "port":
            return t("Port")
        return t("Sea, Depth {depth}", depth="I" * self.depth if self.depth < 4 else str(self.depth))


class GameState(BaseModel):
    """The whole table after some actions. Its helpers answer questions about the table itself; what an angler may
    do, prices and the next morning are in :mod:`companion.rules.queries` (this module imports no move)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: Ruleset
    seed: int = 0
    step: int = Field(default=0, ge=0)
    players: list[PlayerState]
    day: int = Field(ge=0, le=6)
    phase: Phase = "refresh"
    first_player: int = 0
    turn: int | None = None
    life_preserver: int | None = None
    life_preserver_thrown: bool = False
    last_turns_left: int | None = None
    shoals_emptied: int = Field(default=0, ge=0, le=SHOALS)
    # The Plug lies on the table: every turn starts by discarding a Fish of the Sea (A p.27, docs/rules.md §10).
    plug_out: bool = False
    graveyard: list[str] = Field(default_factory=list)  # named Fish eaten, sold or discarded (docs/rules.md §10)
    # A card was bought at the Market at a price the table entered: the screen's price note is said until then (§5).
    card_price_entered: bool = False
    # Named Fish revealed at Sea on an earlier turn and not caught: they stay revealed until the Day ends (A p.11),
    # and their reveal ability is not resolved again (A p.10).
    revealed: list[str] = Field(default_factory=list)

    # --- who and when -------------------------------------------------------------------------------------------
    @property
    def day_name(self) -> str:
        """The Day's name, translated: ``"Monday"``."""
        return t(DAY_NAMES[self.day])

    @property
    def is_first_day(self) -> bool:
        """The first Day skips the Start and Declaration phases (A p.8)."""
        return self.day == self.ruleset.first_day

    @property
    def is_last_day(self) -> bool:
        """The game ends once everyone has passed on this Day (A p.22)."""
        return self.day == self.ruleset.last_day

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.phase == "ended"

    @property
    def current_player(self) -> int | None:
        """Whose turn it is: in the Action phase the player to act, in the Declaration phase the next to declare."""
        return self.turn

    def turn_order(self) -> list[int]:
        """Player indexes in turn order for this Day, first player first (clockwise)."""
        n = len(self.players)
        return [(self.first_player + i) % n for i in range(n)]

    @property
    def unpassed(self) -> list[int]:
        """Players still taking turns this Day, in turn order."""
        return [seat for seat in self.turn_order() if not self.players[seat].passed]

    @property
    def last_player(self) -> int | None:
        """The player taking their last turns once everyone else passed (A p.9), if that has happened."""
        return self.unpassed[0] if self.last_turns_left is not None and self.unpassed else None

    @property
    def turns_left(self) -> int | None:
        """How many turns the last player has left (A p.9), or ``None`` when the countdown hasn't started."""
        return self.last_turns_left

    @property
    def shoals_left(self) -> int:
        """Shoals not yet emptied (:data:`SHOALS` at the start, A p.7); the game ends when none is left (A p.27)."""
        return SHOALS - self.shoals_emptied

    # --- per player ---------------------------------------------------------------------------------------------
    def madness(self, seat: int) -> MadnessTier:
        """The player's Madness tier, from their Regret card count (docs/rules.md §2)."""
        return madness_tier(self.players[seat].regret_cards, self.ruleset)

    def max_dice(self, seat: int) -> int:
        """How many dice the player may keep Fresh when refreshing or acquiring dice (A p.20)."""
        return self.madness(seat).max_dice

    def sale_value(self, seat: int, fish: FishRef) -> int:
        """What ``fish`` sells for now: its Madness-modified value, never below 0 (A p.17, docs/rules.md §2), or the
        fixed value a card prints (docs/rules.md §10).

        The cap is not applied here; see :meth:`sale_gain`.
        """
        return fish_value(self.madness(seat), fish)

    def sale_gain(self, seat: int, fish: list[FishRef]) -> int:
        """The Fishbucks a sale of ``fish`` actually adds, after the money cap (docs/rules.md §5)."""
        total = self.players[seat].fishbucks + sum(self.sale_value(seat, f) for f in fish)
        cap = self.ruleset.money_cap
        return (min(total, cap) if cap is not None else total) - self.players[seat].fishbucks

    @property
    def regrets_in_piles(self) -> int:
        """Regret cards in the draw and discard piles together (:data:`REGRETS_PER_PLAYER` per player, A p.6)."""
        return REGRETS_PER_PLAYER * len(self.players) - sum(p.regret_cards for p in self.players)

    @property
    def dinks_in_deck(self) -> int:
        """Dinks no angler holds: the box's deck (:data:`DINKS_IN_BOX`, one fewer solo) less those held; a used Dink
        goes back under the deck (A p.11, docs/rules.md §1)."""
        deck = SOLO_DINKS if len(self.players) == 1 else DINKS_IN_BOX
        return deck - sum(p.dinks for p in self.players)

    def tackle_available(self, colour: str) -> int:
        """Tackle dice of ``colour`` in the bag or the Market: those no player holds (A p.8)."""
        held = sum(1 for p in self.players for d in (*p.fresh, *p.spent) if d.kind == colour)
        return TACKLE_IN_GAME[colour] - held

    @property
    def omen_holder(self) -> int | None:
        """Who holds the Omen Die, if anyone."""
        for seat, p in enumerate(self.players):
            if any(d.kind == "omen" for d in (*p.fresh, *p.spent)):
                return seat
        return None

    @property
    def life_preserver_thrower(self) -> int | None:
        """Who throws the Life Preserver this Day: the highest Fresh pool total after Refresh, ties to the earliest
        in turn order (A p.8, docs/rules.md §9); ``None`` until someone has refreshed."""
        totals = [(self.players[i].fresh_total, -k, i) for k, i in enumerate(self.turn_order())
                  if self.players[i].refreshed]
        return max(totals)[2] if totals else None
