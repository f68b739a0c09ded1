"""What the table must do by hand after an accepted action: the cards stay on the table, so when the app adds a
Regret card, hands out a die, moves the Life Preserver or caps the money, it says so in words (issue 12, item 4).

The steps are read off the difference between the state before and after the action, with the action only
naming the reason; no rule is computed again here.

>>> from companion.rules.actions import Sell
>>> from companion.rules.common import with_player
>>> from companion.rules.fish import FishRef
>>> from companion.rules.scenario import play, start_action_phase, table
>>> s = start_action_phase(table(2), ports=())
>>> s = with_player(s, 0, location="port", hand=[FishRef(value=3, type="foul")])
>>> sale = Sell(player=0, fish=[FishRef(value=3, type="foul")])
>>> [step.text for step in table_steps(s, sale, play(s, sale))]
['P1: draw a Regret card — sold a Foul Fish', 'P1: move your Fishbuck tracker to $1']
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.i18n import t, tn
from companion.rules.actions import (
    AbandonShip,
    Action,
    AdjustFishbucks,
    AdvancePhase,
    Buy,
    ClaimReward,
    Declare,
    DiscardRegret,
    DrawRegret,
    EmptyShoal,
    Fish,
    GainDie,
    IncrementDie,
    MoveRegrets,
    Pass,
    Refresh,
    RefreshDie,
    Sell,
    ThrowLifePreserver,
    UsePersonality,
)
from companion.rules.dice import TACKLE_COLOURS, die_label
from companion.rules.personalities import card as personality_card
from companion.rules.phases import TURN_ACTIONS
from companion.rules.ruleset import DAYS
from companion.rules.sources import cited
from companion.rules.state import DAY_NAMES, GameState, PlayerState
from companion.rules.wording import cap_overflow, overflow_note, shop_offers

StepKind = Literal["draw_regret", "discard_regret", "give_regret", "take_die", "return_die", "set_dice",
                   "life_preserver", "can_of_worms", "lifeboat", "draw_dink", "return_dink", "fishbucks",
                   "lost_to_cap", "take_item", "discard_item", "graveyard", "boat", "day", "first_player",
                   "countdown", "reward", "shop", "plug", "shoal", "mount", "swap"]


class TableStep(BaseModel):
    """One thing to do by hand. ``seat``: the angler who does it (``None``: the table, e.g. the Day tracker);
    ``to``: the other angler it involves (who gets the Life Preserver or the Regret cards); ``text``: the
    translated sentence a screen shows as it is."""

    model_config = ConfigDict(frozen=True)

    kind: StepKind
    seat: int | None
    text: str
    to: int | None = None
    count: int = 1


Moment = tuple[int, str, int | None, int | None]


def moment(state: GameState) -> Moment:
    """The point of play a step belongs to: the Day, the phase, whose turn it is and the last player's turns left.
    A step is shown until the table moves on from it (issue 26): a turn, a phase, and so never across a Day."""
    return state.day, state.phase, state.current_player, state.last_turns_left


def table_steps(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    """The physical steps the table must make because ``action`` turned ``before`` into ``after``, in the order
    the table does them: the Day, then per angler in turn order Regrets, dice, money, cards, then the Life
    Preserver and the countdown. ``after`` must be ``engine.apply(before, action)``.

    >>> from companion.rules.actions import ThrowLifePreserver
    >>> from companion.rules.scenario import play, table
    >>> from companion.rules.actions import Refresh
    >>> s = play(table(2), Refresh(player=0, faces=[3, 3, 2]), Refresh(player=1, faces=[1, 1, 1]))
    >>> throw = ThrowLifePreserver(player=0, to=1)
    >>> [step.text for step in table_steps(s, throw, play(s, throw))]
    ['P1: throw the Life Preserver to P2']
    """
    steps = _day_steps(before, after)
    steps += _regret_steps(before, action, after)
    for seat in after.turn_order():
        was, now = before.players[seat], after.players[seat]
        steps += _dice_steps(seat, was, now, action, after)
        steps += _money_steps(seat, before, action, after)
        steps += _card_steps(seat, was, now, action)
    steps += _expansion_card_steps(before, action, after)
    steps += _dinks_short(before, action, after)
    steps += _shop_steps(before, action)
    steps += _graveyard_steps(before, action, after)
    steps += _life_preserver_steps(before, action, after)
    steps += _turn_steps(before, after)
    steps += _shoal_steps(before, action, after)
    return steps


# --- the Day -------------------------------------------------------------------------------------------------
def _day_steps(before: GameState, after: GameState) -> list[TableStep]:
    if after.day == before.day:
        return []
    steps = [TableStep(kind="day", seat=None, text=t("Move the Day tracker to {day}",
                                                      day=t(DAY_NAMES[after.day])))]
    if after.first_player != before.first_player:
        name = after.players[after.first_player].name
        steps.append(TableStep(kind="first_player", seat=after.first_player,
                               text=t("Pass the first player marker to {name}", name=name)))
    return steps


# --- Regret cards --------------------------------------------------------------------------------------------
def _regret_reason(before: GameState, action: Action) -> str:
    """Why the action drew (or discarded) Regret cards, in the words of the rule that did it."""
    if isinstance(action, UsePersonality):
        return before.players[action.player].personality or ""
    if isinstance(action, Sell):
        fouls = sum(1 for f in action.fish if f.foul)
        return tn("sold a Foul Fish", "sold {n} Foul Fish", fouls)
    if isinstance(action, Fish):
        reasons = [t("used {supply}", supply=s) for s in action.supplies]
        if action.overfished:
            reasons.append(t("overfished: nobody fishes that Shoal again"))
        if action.swap_for is not None and action.fish is not None and action.fish.name:
            reasons.append(action.fish.name)  # Hadal Shade's swap draws 3 (docs/rules.md §11)
        return "; ".join(reasons)
    if isinstance(action, Declare | AbandonShip):
        return t("Made Port")
    if isinstance(action, Pass | ClaimReward):
        return t("passing reward: a random one")
    if isinstance(action, DrawRegret | DiscardRegret | MoveRegrets):
        return t("a card's ability")
    return ""


def _with_reason(text: str, reason: str) -> str:
    return t("{step} — {reason}", step=text, reason=reason) if reason else text


def _regret_steps(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    """Regret cards drawn, discarded, or passed from one angler to another (a move, or a draw from another
    angler when both piles are empty, A p.18): gains are paired with losses in turn order."""
    order = after.turn_order()
    delta = {seat: after.players[seat].regret_cards - before.players[seat].regret_cards for seat in order}
    user = _taking_each(before, action)
    if user is not None:
        return _take_each_steps(before, user, delta, after)
    losers = [[i, -d] for i, d in delta.items() if d < 0]
    gainers = [[i, d] for i, d in delta.items() if d > 0]
    steps: list[TableStep] = []
    transfer = isinstance(action, MoveRegrets | UsePersonality)  # a card's own move, never the empty piles
    moving = transfer or (gainers and losers and not isinstance(action, Pass | ClaimReward))
    if moving:
        for gain in gainers:
            for loss in losers:
                n = min(gain[1], loss[1])
                if n:
                    giver, taker = after.players[loss[0]].name, after.players[gain[0]].name
                    text = tn("{giver}: give a Regret card to {taker}", "{giver}: give {n} Regret cards to {taker}",
                              n, giver=giver, taker=taker)
                    if isinstance(action, UsePersonality):
                        text = _with_reason(text, _regret_reason(before, action))
                    elif not transfer:
                        text = _with_reason(text, t("both Regret piles are empty"))
                    steps.append(TableStep(kind="give_regret", seat=loss[0], to=gain[0], count=n, text=text))
                    gain[1] -= n
                    loss[1] -= n
    for i, n in gainers:
        if n:
            name = after.players[i].name
            text = tn("{name}: draw a Regret card", "{name}: draw {n} Regret cards", n, name=name)
            steps.append(TableStep(kind="draw_regret", seat=i, count=n,
                                   text=_with_reason(text, _regret_reason(before, action))))
    for i, n in losers:
        if n:
            name = after.players[i].name
            text = tn("{name}: discard a Regret card face down", "{name}: discard {n} Regret cards face down", n,
                      name=name)
            steps.append(TableStep(kind="discard_regret", seat=i, count=n,
                                   text=_with_reason(text, _regret_reason(before, action))))
    return steps


def _taking_each(before: GameState, action: Action) -> int | None:
    """The seat whose personality card takes a Regret from each other angler, then discards as many (Sentimental at
    13+), or ``None``: the counts alone would read as the others discarding."""
    if not isinstance(action, UsePersonality):
        return None
    p = before.players[action.player]
    if p.personality is None or p.personality_tier is None:
        return None
    return action.player if personality_card(p.personality).effects[p.personality_tier].take_each_then_discard else None


def _take_each_steps(before: GameState, user: int, delta: dict[int, int], after: GameState) -> list[TableStep]:
    name, reason = after.players[user].name, before.players[user].personality or ""
    givers = [i for i, d in delta.items() if d < 0]
    steps = [TableStep(kind="give_regret", seat=i, to=user, text=_with_reason(
        t("{taker}: take a random Regret card from {giver}", taker=name, giver=after.players[i].name), reason))
        for i in givers]
    if givers:
        text = tn("{name}: discard a Regret card face down", "{name}: discard {n} Regret cards face down",
                  len(givers), name=name)
        steps.append(TableStep(kind="discard_regret", seat=user, count=len(givers), text=_with_reason(text, reason)))
    return steps


# --- dice ----------------------------------------------------------------------------------------------------
def _kinds(p: PlayerState) -> Counter[str]:
    return Counter(d.kind for d in (*p.fresh, *p.spent))


def _dice_reason(action: Action, after: GameState) -> str:
    if isinstance(action, AdvancePhase):
        return after.day_name
    if isinstance(action, Buy):
        return t("bought")
    return ""


def _dice_steps(seat: int, was: PlayerState, now: PlayerState, action: Action, after: GameState) -> list[TableStep]:
    steps: list[TableStep] = []
    gained, lost = _kinds(now) - _kinds(was), _kinds(was) - _kinds(now)
    market = after.ruleset.shop_system == "market" and isinstance(action, Buy)
    for kind in (*TACKLE_COLOURS, "omen"):
        n = gained[kind]
        if n and kind == "omen":
            text = t("{name}: take the Omen Die", name=now.name)
        elif n:
            # The whole "from …" phrase is translated: Italian joins "da" and the article ("dal sacchetto").
            source = t("from the Market") if market else t("from the bag")
            text = tn("{name}: take one {die} tackle die {source}", "{name}: take {n} {die} tackle dice {source}", n,
                      name=now.name, die=die_label(kind), source=source)
        if n:
            steps.append(TableStep(kind="take_die", seat=seat, count=n,
                                   text=_with_reason(text, _dice_reason(action, after))))
        spent = Counter[str](d.kind for d in now.spent)[kind] - Counter[str](d.kind for d in was.spent)[kind]
        if n and market and spent > 0:  # bought beyond Max dice: rolled, then Spent (A p.20)
            steps.append(TableStep(kind="take_die", seat=seat, count=spent, text=cited(tn(
                "{name}: the {die} die goes to your Spent pool: you hold Max dice",
                "{name}: {n} {die} dice go to your Spent pool: you hold Max dice", spent, name=now.name,
                die=die_label(kind)), "A p.20")))
    for kind in TACKLE_COLOURS:
        if lost[kind]:
            text = tn("{name}: put the {die} tackle die back in the bag", "{name}: put {n} {die} tackle dice back in "
                      "the bag", lost[kind], name=now.name, die=die_label(kind))
            steps.append(TableStep(kind="return_die", seat=seat, count=lost[kind], text=text))
    if market and gained.total():
        steps.append(TableStep(kind="take_die", seat=None, text=t("Refill the Market's dice from the bag")))
    if _app_rolled(seat, action) and now.fresh != was.fresh:
        faces = ", ".join(d.label for d in now.fresh)
        steps.append(TableStep(kind="set_dice", seat=seat, count=len(now.fresh),
                               text=t("{name}: turn your Fresh dice to {faces}", name=now.name, faces=faces)))
    return steps


def _app_rolled(seat: int, action: Action) -> bool:
    """Whether the app, not the table, set dice faces for angler ``seat`` in this action (rolled faces not entered,
    or an Increment)."""
    if isinstance(action, Refresh | AbandonShip) or (isinstance(action, Declare) and action.location == "port"):
        return action.player == seat and action.faces is None
    if isinstance(action, Buy | GainDie | RefreshDie):
        entered = action.faces if isinstance(action, Buy) else action.face
        return action.player == seat and entered is None
    if isinstance(action, UsePersonality):  # Curmudgeonly and Lonely Increment the lowest dice (docs/rules.md §11)
        return True
    return isinstance(action, IncrementDie) and action.player == seat  # the dice may be ones the angler didn't pick


# --- money ---------------------------------------------------------------------------------------------------
def intended_gain(before: GameState, action: Action, seat: int) -> int:
    """The Fishbucks ``action`` would give angler ``seat`` before the money cap: a sale's value (A p.17), an
    ability's amount, the Thursday payday (docs/rules.md §9); 0 for anything else.

    >>> from companion.rules.actions import AdjustFishbucks
    >>> from companion.rules.scenario import table
    >>> intended_gain(table(2), AdjustFishbucks(player=0, amount=4), 0)
    4
    """
    if isinstance(action, Sell) and action.player == seat:
        return sum(before.sale_value(seat, f) for f in action.fish)
    if isinstance(action, AdjustFishbucks) and action.player == seat:
        return max(0, action.amount)
    if isinstance(action, AdvancePhase) and before.phase == "action" and not before.is_last_day:
        day = before.day + 1
        return (before.ruleset.thursday_payday or 0) if DAYS[day] == "thursday" else 0
    return 0


def lost_to_cap(before: GameState, action: Action, seat: int) -> int:
    """The Fishbucks angler ``seat`` loses to the money cap in ``action`` (docs/rules.md §5: money beyond the cap
    is lost); 0 when there is no cap. A screen may ask before applying, to warn.

    >>> from companion.rules.actions import AdjustFishbucks
    >>> from companion.rules.common import with_player
    >>> from companion.rules.scenario import table
    >>> lost_to_cap(with_player(table(2), 0, fishbucks=9), AdjustFishbucks(player=0, amount=3), 0)
    2
    """
    gain = intended_gain(before, action, seat)
    return cap_overflow(before.players[seat].fishbucks, gain, before.ruleset.money_cap)


def _money_steps(seat: int, before: GameState, action: Action, after: GameState) -> list[TableStep]:
    was, now = before.players[seat], after.players[seat]
    steps: list[TableStep] = []
    if now.fishbucks != was.fishbucks:
        steps.append(TableStep(kind="fishbucks", seat=seat, count=now.fishbucks,
                               text=t("{name}: move your Fishbuck tracker to ${n}", name=now.name,
                                      n=now.fishbucks)))
    lost = lost_to_cap(before, action, seat)
    if lost:
        note = overflow_note(was.fishbucks, intended_gain(before, action, seat), before.ruleset.money_cap)
        steps.append(TableStep(kind="lost_to_cap", seat=seat, count=lost,
                               text=t("{name}: {note}", name=now.name, note=note)))
    return steps


# --- cards and tokens ----------------------------------------------------------------------------------------
def _card_steps(seat: int, was: PlayerState, now: PlayerState, action: Action) -> list[TableStep]:
    name = now.name
    steps: list[TableStep] = []
    if was.can_of_worms != now.can_of_worms:
        text = (t("{name}: turn your Can of Worms face up", name=name) if now.can_of_worms else
                t("{name}: flip your Can of Worms face down", name=name))
        steps.append(TableStep(kind="can_of_worms", seat=seat, text=text))
    if was.lifeboat and not now.lifeboat:
        steps.append(TableStep(kind="lifeboat", seat=seat, text=t("{name}: flip your Lifeboat", name=name)))
    dinks = now.dinks - was.dinks
    if dinks > 0:
        text = tn("{name}: draw a Dink", "{name}: draw {n} Dinks", dinks, name=name)
        reason = t("passing reward") if isinstance(action, Pass | ClaimReward) else ""
        steps.append(TableStep(kind="draw_dink", seat=seat, count=dinks, text=_with_reason(text, reason)))
    elif dinks < 0:
        text = tn("{name}: put the used Dink under the Dink deck", "{name}: put the {n} used Dinks under the Dink "
                  "deck", -dinks, name=name)
        steps.append(TableStep(kind="return_dink", seat=seat, count=-dinks, text=text))
    gained, lost = Counter(now.items) - Counter(was.items), Counter(was.items) - Counter(now.items)
    for item in gained.elements():
        steps.append(TableStep(kind="take_item", seat=seat, text=t("{name}: take {item}", name=name, item=item)))
    for item in lost.elements():
        steps.append(TableStep(kind="discard_item", seat=seat,
                               text=t("{name}: put {item} at the bottom of its deck", name=name, item=item)))
    if now.at_sea and was.at_sea and now.depth < was.depth and isinstance(action, AdvancePhase):
        steps.append(TableStep(kind="boat", seat=seat, count=now.depth,
                               text=t("{name}: move your boat up to Depth {depth}", name=name,
                                      depth="I" * now.depth)))
    return steps


def _expansion_card_steps(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    """Fish cards a move put somewhere the angler didn't place them by hand (docs/rules.md §11): Hadal Shade swapped
    onto another angler's slot, the Overmind mounted on Making Port."""
    caught = action.fish if isinstance(action, Fish) else None
    if isinstance(action, Fish) and action.swap_for is not None and caught is not None and caught.name:
        swap = action.swap_for
        taken = before.players[swap.player].on_slot(swap.slot)
        return [TableStep(kind="swap", seat=action.player, to=swap.player, text=t(
            "{name}: put {card} on {other}'s slot {slot} and take their {fish} into your hand",
            name=after.players[action.player].name, card=caught.name, other=after.players[swap.player].name,
            slot=swap.slot, fish=taken.name if taken and taken.name else t("Fish")))]
    if isinstance(action, Declare | AbandonShip) and action.overmind_slot is not None:
        mounted = after.players[action.player].on_slot(action.overmind_slot)
        if mounted is not None and mounted.name:
            return [TableStep(kind="mount", seat=action.player, text=t(
                "{name}: mount your {card} on slot {slot}", name=after.players[action.player].name, card=mounted.name,
                slot=action.overmind_slot))]
    return []


def _dinks_short(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    """A personality card that draws a Dink when every Dink is held: the rest of it still happens, and the table is
    told why no Dink came (docs/rules.md §1)."""
    if not isinstance(action, UsePersonality):
        return []
    p = before.players[action.player]
    if p.personality is None or p.personality_tier is None:
        return []
    wanted = personality_card(p.personality).effects[p.personality_tier].dinks
    if after.players[action.player].dinks - p.dinks >= wanted:
        return []
    return [TableStep(kind="draw_dink", seat=action.player, count=0, text=_with_reason(
        t("{name}: no Dink to draw, every Dink is held", name=p.name), p.personality))]


def _shop_steps(before: GameState, action: Action) -> list[TableStep]:
    """Three shops: the cards a tier lets the buyer draw and keep (docs/rules.md §5)."""
    if not isinstance(action, Buy) or action.tier is None or action.shop == "tackle":
        return []
    shop = next((s for s in shop_offers(before.ruleset) if action.shop in s.shops), None)
    tier = next((x for x in shop.tiers if x.price == action.tier), None) if shop else None
    if shop is None or tier is None:
        return []
    name = before.players[action.player].name
    text = (t("{name}: take the top {shop} card", name=name, shop=shop.name) if tier.draw == 1 else
            t("{name}: draw {draw} {shop} cards and keep {keep}", name=name, draw=tier.draw, shop=shop.name,
              keep=tier.keep))
    return [TableStep(kind="shop", seat=action.player, count=tier.keep, text=text)]


def _graveyard_steps(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    new = after.graveyard[len(before.graveyard):]
    seat = getattr(action, "player", None)
    return [TableStep(kind="graveyard", seat=seat, text=t("Put {fish} in the Graveyard of its Depth", fish=fish))
            for fish in new]


def _life_preserver_steps(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    if after.life_preserver == before.life_preserver:
        return []
    if after.life_preserver is None:
        holder = before.life_preserver
        name = before.players[holder].name if holder is not None else ""
        return [TableStep(kind="life_preserver", seat=holder,
                          text=t("{name}: put the Life Preserver back in the middle", name=name))]
    to = after.life_preserver
    if isinstance(action, ThrowLifePreserver):
        return [TableStep(kind="life_preserver", seat=action.player, to=to,
                          text=t("{name}: throw the Life Preserver to {to}", name=after.players[action.player].name,
                                 to=after.players[to].name))]
    return [TableStep(kind="life_preserver", seat=to, to=to,
                      text=t("{name}: take the Life Preserver", name=after.players[to].name))]


def _turn_steps(before: GameState, after: GameState) -> list[TableStep]:
    steps: list[TableStep] = []
    if before.last_turns_left is None and after.last_turns_left is not None and after.last_player is not None:
        name = after.players[after.last_player].name
        steps.append(TableStep(kind="countdown", seat=after.last_player, count=after.last_turns_left,
                               text=tn("{name} is last: {n} more turn, then the Day ends",
                                       "{name} is last: {n} more turns, then the Day ends", after.last_turns_left,
                                       name=name)))
    for seat in after.turn_order():
        if after.players[seat].rewards_due > before.players[seat].rewards_due:
            steps.append(TableStep(kind="reward", seat=seat,
                                   text=t("{name} was skipped: take a passing reward", name=after.players[seat].name)))
    return steps


# --- the Sea -------------------------------------------------------------------------------------------------
def plug_reminder(state: GameState) -> TableStep | None:
    """While The Plug is on the table, what the angler whose turn it is does first: discard the top Fish of the
    top-left-most Shoal, left to right, then the next Depth down (A p.27); ``None`` between turns.

    >>> from companion.rules.actions import RevealPlug
    >>> from companion.rules.common import with_player
    >>> from companion.rules.scenario import play, start_action_phase, table
    >>> s = play(with_player(start_action_phase(table(2)), 0, depth=3), RevealPlug(player=0))
    >>> plug_reminder(s).text
    'P2: The Plug — discard the top Fish of the left-most Shoal first'
    """
    if not state.plug_out or state.phase != "action" or state.turn is None or not state.shoals_left:
        return None
    return TableStep(kind="plug", seat=state.turn, text=t("{name}: The Plug — discard the top Fish of the left-most "
                                                          "Shoal first", name=state.players[state.turn].name))


def _shoal_steps(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    """How many Shoals are left once one is emptied, the game's end when none is (A p.27), and The Plug's discard
    at the start of a turn."""
    steps: list[TableStep] = []
    if after.shoals_left < before.shoals_left:
        text = (cited(t("Every Shoal is empty: the game ends now"), "A p.27") if not after.shoals_left else
                tn("{n} Shoal left", "{n} Shoals left", after.shoals_left))
        reason = t("a card emptied a Shoal") if isinstance(action, EmptyShoal) else t("overfished")
        steps.append(TableStep(kind="shoal", seat=None, count=after.shoals_left, text=_with_reason(text, reason)))
    plug = plug_reminder(after)
    turn_began = after.turn != before.turn or after.phase != before.phase or action.type in TURN_ACTIONS
    if plug is not None and turn_began:
        steps.append(plug)
    return steps
