"""Everything a table can do, as typed actions: one pydantic model per move, a discriminated union on ``type``.

Actions carry everything the engine needs (a Fish's difficulty and depth, a Market item's printed price), so the
engine never looks anything up. ``player`` is the index of the player in the game's setup.

>>> parse_action({"type": "pass", "player": 1}).player
1
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, TypeAdapter

from companion.rules.constants import (
    DIFFICULTY_ADJUSTMENT_MAX,
    MAX_PLAYERS,
    REGRET_CARDS_IN_BOX,
    REGRET_VALUE_MIN,
    SLOT_NUMBERS,
)
from companion.rules.dice import DieKind, TackleColour
from companion.rules.fish import FishRef, Size

Shop = Literal["rods", "reels", "supplies", "tackle"]
Reward = Literal["dink", "regret"]
Player = Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]  # a seat: index into the game's players
SlotNumber = Annotated[int, Field(ge=SLOT_NUMBERS[0], le=SLOT_NUMBERS[-1])]  # a mount slot as printed, 1-3
# Whom to take Regret cards from when both piles are empty (A p.18): one seat per card, in the order the move takes
# them; one seat alone names it for every card (how logs before issue 37 say it); None: ask (ChoiceNeeded).
RegretFrom = Player | Annotated[list[Player], Field(min_length=1, max_length=REGRET_CARDS_IN_BOX)] | None


class _Action(BaseModel):
    # strict: a boolean or a string where a number belongs is refused, naming the field, never read as 1 or 3
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class _Roll(_Action):
    """How a player rolls when they refresh (A p.8).

    ``reroll``: indexes of Fresh dice rolled again (``None`` = all of them; Spent dice are always rolled).
    ``faces``: the faces rolled, Spent dice first then the rerolled Fresh dice in order (``None`` = the seeded
    roller rolls). ``keep``: which rolled dice go to the Fresh pool, as indexes into that same order
    (``None`` = the highest, up to Max dice).
    """

    reroll: list[int] | None = None
    faces: list[int] | None = None
    keep: list[int] | None = None


class AdvancePhase(_Action):
    """Move on: Refresh → Declaration → Action → the next Day's start (A pp.8-9), or the end of the game."""

    type: Literal["advance_phase"] = "advance_phase"


class Refresh(_Roll):
    """Muster your courage: the Refresh phase roll (A p.8)."""

    type: Literal["refresh"] = "refresh"
    player: Player


class ThrowLifePreserver(_Action):
    """The highest roller gives the Life Preserver to another player (A p.8)."""

    type: Literal["throw_life_preserver"] = "throw_life_preserver"
    player: Player
    to: Player


class Declare(_Roll):
    """Declare Sea or Make Port (A p.8); Making Port refreshes again and may discard one Regret (A p.17)."""

    type: Literal["declare"] = "declare"
    player: Player
    location: Literal["sea", "port"]
    discard_regret: bool = False
    overmind_slot: SlotNumber | None = None  # Making Port Mounts an Overmind (docs/rules.md §11)


class Equip(_Action):
    """Equip one owned Rod and one owned Reel until the next Declaration (A p.8)."""

    type: Literal["equip"] = "equip"
    player: Player
    rod: str | None = None
    reel: str | None = None


class DropSinkers(_Action):
    """Spend one Fresh die per Depth to move the boat down (A p.10). ``dice`` are indexes into the Fresh pool."""

    type: Literal["drop_sinkers"] = "drop_sinkers"
    player: Player
    dice: list[int] = Field(min_length=1)


class SwapFor(_Action):
    """Another angler's Mounted Fish, by seat and mount slot (1, 2, 3 as printed on the board, never the Cloche)."""

    player: Player
    slot: SlotNumber


class Fish(_Action):
    """Catch a revealed Fish by paying Fresh dice (A pp.10-11).

    ``fish`` is ``None`` when the player keeps the catch to themselves (counted in ``hand_hidden``).
    ``difficulty`` ``None`` means no printed Difficulty; ``exact_dice`` is the exact number of dice an ability
    demands. ``overfished``: it was the last Fish of its Shoal (A p.11: draw one Regret). ``regret_from``: whom
    to take each Regret the catch draws from if both Regret piles are empty (A p.18; see ``RegretFrom``).
    """

    type: Literal["fish"] = "fish"
    player: Player
    fish: FishRef | None = None
    depth: int = Field(ge=1, le=3)
    difficulty: int | None = Field(default=None, ge=0)
    exact_dice: int | None = Field(default=None, ge=1)
    dice: list[int] = Field(default_factory=list)
    life_preserver: bool = False
    overfished: bool = False
    regret_from: RegretFrom = None
    # docs/rules.md §10, what else changes the Difficulty: for a named Fish the engine reads depth, Difficulty and
    # exact dice from the catalog (``difficulty``/``exact_dice``, if given, must be the printed ones); ``size`` is
    # for a Fish typed in by value, so size Rods apply. ``dinks`` and ``supplies`` name the cards used on this
    # catch (the engine spends them); ``adjustment`` is a change the table makes by hand for an effect the
    # companion doesn't model, shown with ``adjustment_label``.
    size: Size | None = None
    dinks: list[Annotated[str, Field(min_length=1)]] = Field(default_factory=list)
    supplies: list[Annotated[str, Field(min_length=1)]] = Field(default_factory=list)
    adjustment: int = Field(default=0, ge=-DIFFICULTY_ADJUSTMENT_MAX, le=DIFFICULTY_ADJUSTMENT_MAX)
    adjustment_label: str | None = Field(default=None, max_length=80)
    swap_for: SwapFor | None = None  # Hadal Shade: draw 3 Regrets to swap it for this Mounted Fish (docs/rules.md §11)


class GiveUp(_Action):
    """Don't catch the revealed Fish: spend one die and draw a Dink (A p.11). ``fish``: the Fish given up, when
    its card forbids it (Overmind must be caught if you can, docs/rules.md §11)."""

    type: Literal["give_up"] = "give_up"
    player: Player
    die: int = Field(ge=0)
    fish: FishRef | None = None


class AbandonShip(_Roll):
    """Flip the Lifeboat and Make Port at once (A p.10)."""

    type: Literal["abandon_ship"] = "abandon_ship"
    player: Player
    discard_regret: bool = False
    overmind_slot: SlotNumber | None = None  # see Declare


class DrawRegret(_Action):
    """Draw Regret cards (A p.18). ``regret_from``: whom to take each from when both piles are empty (see
    ``RegretFrom``; logs written before it had the name every move uses say ``from_player``)."""

    type: Literal["draw_regret"] = "draw_regret"
    player: Player
    count: int = Field(default=1, ge=1)
    regret_from: RegretFrom = Field(default=None, validation_alias=AliasChoices("regret_from", "from_player"))


class DiscardRegret(_Action):
    """Discard Regret cards face down (A p.18)."""

    type: Literal["discard_regret"] = "discard_regret"
    player: Player
    count: int = Field(default=1, ge=1)


class Pass(_Action):
    """Pass for the rest of the Day (A p.9). ``reward`` is the passing reward where the ruleset has one."""

    type: Literal["pass"] = "pass"
    player: Player
    reward: Reward | None = None


class ClaimReward(_Action):
    """Take a passing reward earned by being skipped (docs/rules.md §9, Three shops)."""

    type: Literal["claim_reward"] = "claim_reward"
    player: Player
    reward: Reward


class Sell(_Action):
    """Sell Fish from hand at Port (A p.17). ``regret_from``: see :class:`Fish`."""

    type: Literal["sell"] = "sell"
    player: Player
    fish: list[FishRef] = Field(min_length=1)
    regret_from: RegretFrom = None


class Buy(_Action):
    """Buy at Port (A pp.16-17, docs/rules.md §5).

    Market (Angler's Guide): ``shop`` rods/reels/supplies with the card's printed ``price``, or ``tackle`` with the
    die's ``colour``. Three shops: ``shop`` and ``tier`` (the $ paid before discounts); Rods and Reels are one shop.
    ``items``: names of the cards kept; ``dice``: colours drawn from the bag (``None`` = drawn by the seeded
    roller); ``faces``: the faces rolled (``None`` = rolled). Discounts: ``life_preserver``, and ``dinks``, the
    discount printed on each Dink used.
    """

    type: Literal["buy"] = "buy"
    player: Player
    shop: Shop
    price: int | None = Field(default=None, ge=0)
    tier: int | None = Field(default=None, ge=0)
    colour: TackleColour | None = None
    items: list[str] = Field(default_factory=list)
    dice: list[TackleColour] | None = None
    faces: list[int] | None = None
    life_preserver: bool = False
    dinks: list[Annotated[int, Field(ge=1)]] = Field(default_factory=list)


class CycleMarket(_Action):
    """Pay $1 to replace the visible items of one type, or all four Market dice (A p.17; Market only)."""

    type: Literal["cycle_market"] = "cycle_market"
    player: Player
    what: Literal["rods", "reels", "supplies", "dice"]


MountSlot = SlotNumber | Literal["cloche"]


class Placement(_Action):
    """One more Fish mounted in the same Mount action (docs/rules.md §9, Three shops)."""

    fish: FishRef
    slot: MountSlot


class Mount(_Action):
    """Mount a Fish from hand in an empty slot, for good (A p.17). Slots 1, 2, 3 score ×2, ×3, ×2; ``"cloche"``
    is the Cloche Supply's extra ×2 mount for a small Fish (docs/rules.md §10). ``also``: more Fish mounted in the same
    action, where the ruleset allows it (Three shops: every empty slot; Angler's Guide: one, docs/rules.md §9)."""

    type: Literal["mount"] = "mount"
    player: Player
    fish: FishRef
    slot: MountSlot
    also: list[Placement] = Field(default_factory=list, max_length=3)


class UseCanOfWorms(_Action):
    """Flip the Can of Worms face down to peek at a Fish (A p.11)."""

    type: Literal["use_can_of_worms"] = "use_can_of_worms"
    player: Player


class EatFish(_Action):
    """Discard a Fish from hand for its eat ability (A p.11). ``None``: one the player didn't enter."""

    type: Literal["eat_fish"] = "eat_fish"
    player: Player
    fish: FishRef | None = None


class DiscardFish(_Action):
    """Discard a Fish from hand because an ability says so (Hammerhead Shark's catch), not for an eat ability.
    ``None``: one the player didn't enter."""

    type: Literal["discard_fish"] = "discard_fish"
    player: Player
    fish: FishRef | None = None


class EnterFish(_Action):
    """Say which Fish one of the Fish caught without entering it is, e.g. before scoring (A p.22)."""

    type: Literal["enter_fish"] = "enter_fish"
    player: Player
    fish: FishRef


class DrawDink(_Action):
    """Draw Dinks (an ability or the passing reward)."""

    type: Literal["draw_dink"] = "draw_dink"
    player: Player
    count: int = Field(default=1, ge=1)


class UseDink(_Action):
    """Use a Dink for its effect and put it under the Dink deck (A p.11)."""

    type: Literal["use_dink"] = "use_dink"
    player: Player


class GainItem(_Action):
    """Take a Rod, Reel or Supply outside a purchase (an ability, a starting provision)."""

    type: Literal["gain_item"] = "gain_item"
    player: Player
    item: str = Field(min_length=1)


class UseItem(_Action):
    """Discard a used Supply (A p.11)."""

    type: Literal["use_item"] = "use_item"
    player: Player
    item: str = Field(min_length=1)


class GainDie(_Action):
    """Take a die from an ability, e.g. the Omen Die for the Amulet of Agarta (A p.15). ``face`` ``None``: rolled."""

    type: Literal["gain_die"] = "gain_die"
    player: Player
    kind: DieKind
    face: int | None = None


class IncrementDie(_Action):
    """Increment Fresh dice for an ability (A p.28 glossary): each index in ``dice`` turns that Fresh die to its
    next higher face; an index given twice increments that die twice ("Increment x2")."""

    type: Literal["increment_die"] = "increment_die"
    player: Player
    dice: list[Annotated[int, Field(ge=0)]] = Field(min_length=1, max_length=8)


class RefreshDie(_Action):
    """Refresh one die for an ability (A p.28 glossary): take die ``die`` of the ``pool`` (Spent or Fresh), roll
    it (``face`` entered, or ``None``: rolled by the app) and put it in the Fresh pool if Max dice allows."""

    type: Literal["refresh_die"] = "refresh_die"
    player: Player
    pool: Literal["spent", "fresh"] = "spent"
    die: int = Field(default=0, ge=0)
    face: int | None = None


class AdjustFishbucks(_Action):
    """Gain or pay Fishbucks through an ability (the money cap applies)."""

    type: Literal["adjust_fishbucks"] = "adjust_fishbucks"
    player: Player
    amount: int


class RevealRegrets(_Action):
    """At the end, a player reveals the total value of their Regret cards (A p.22)."""

    type: Literal["reveal_regrets"] = "reveal_regrets"
    player: Player
    value: int = Field(ge=REGRET_VALUE_MIN)


class UsePersonality(_Action):
    """Use your Biggest Regrets personality card: a free action once per Day, at the tier fixed at Refresh
    (docs/rules.md §11). ``target``: the other angler the tier names (Sentimental at 0–12); ``regret_from``: see
    :class:`Fish`."""

    type: Literal["use_personality"] = "use_personality"
    player: Player
    target: Player | None = None
    regret_from: RegretFrom = None


class MoveRegrets(_Action):
    """Regret cards pass from one angler to another in one step (Iron Coffin, Sea Monkey, Psychic Interloper;
    docs/rules.md §10): both card counts, so both Madness tiers and dice limits, change together."""

    type: Literal["move_regrets"] = "move_regrets"
    player: Player  # who gives the cards
    to: Player
    count: int = Field(default=1, ge=1, le=50)


class EmptyShoal(_Action):
    """A Shoal was emptied without a catch (The Plug, a "discard" ability): one fewer Shoal to fish (B)."""

    type: Literal["empty_shoal"] = "empty_shoal"


class RevealPlug(_Action):
    """The Plug was revealed while fishing: it goes on the table for the rest of the game, and the angler's turn
    ends (A p.27, docs/rules.md §10)."""

    type: Literal["reveal_plug"] = "reveal_plug"
    player: Player


class EndGame(_Action):
    """End the game: on the final Day once everyone passed (A p.22), or at once when every Shoal is empty (B)."""

    type: Literal["end_game"] = "end_game"


Action = Annotated[
    AdvancePhase | Refresh | ThrowLifePreserver | Declare | Equip | DropSinkers | Fish | GiveUp | AbandonShip
    | DrawRegret | DiscardRegret | Pass | ClaimReward | Sell | Buy | CycleMarket | Mount | UseCanOfWorms | EatFish
    | DiscardFish | EnterFish | DrawDink | UseDink | GainItem | UseItem | GainDie | IncrementDie | RefreshDie
    | AdjustFishbucks | RevealRegrets | EndGame
    | MoveRegrets | EmptyShoal | RevealPlug | UsePersonality,
    Field(discriminator="type"),
]
# Built on first use (the phone app's start needs none before Home; the served app's warm-up builds it).
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action, config=ConfigDict(defer_build=True))


def parse_action(data: dict[str, Any]) -> Action:
    """Validate a dict (from a screen or a file) into its action model; raises ``pydantic.ValidationError``."""
    return ACTION_ADAPTER.validate_python(data)
