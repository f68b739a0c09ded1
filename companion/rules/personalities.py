"""Biggest Regrets: each angler's personality card, its tier for the Day and its once-a-Day use (docs/rules.md §11).

Each angler is dealt one card at setup. Its tier is fixed at the angler's Refresh from their Regret **card count**,
in the bands 0 / 1–6 / 7–12 / 13+ (not the Madness bands); the ability is a free action once per Day at that tier.
The engine applies what the companion tracks (Regret cards, Dinks, Increments of Fresh dice); the rest is the table's
to do.

>>> [band(n) for n in (0, 1, 6, 7, 12, 13)]
[0, 1, 1, 7, 7, 13]
>>> card("Sentimental").text(7)
'Give another angler 1 of your Regrets.'
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from companion.i18n import t
from companion.rules.actions import IncrementDie, UsePersonality
from companion.rules.common import RegretTakes, draw_dinks, draw_regrets, fail, move_regrets, player, with_player
from companion.rules.dice import lowest_increments
from companion.rules.effects import apply_increment_die
from companion.rules.errors import RuleViolation
from companion.rules.expansions import BIGGEST_REGRETS, RULE, expansion_name
from companion.rules.state import GameState

BANDS = (0, 1, 7, 13)  # docs/rules.md §11: the lowest Regret card count of each band
BAND_LABELS = {0: "0", 1: "1–6", 7: "7–12", 13: "13+"}


def band(regret_cards: int) -> int:
    """The personality band of a Regret card count: 0, 1 (1–6), 7 (7–12) or 13 (13+)."""
    return max(b for b in BANDS if regret_cards >= b)


class Effect(BaseModel):
    """What one tier does to the numbers the companion tracks."""

    model_config = ConfigDict(frozen=True)

    regrets: int = 0  # Regrets the user draws
    dinks: int = 0  # Dinks the user draws (or keeps, after looking)
    others_here_regrets: int = 0  # Regrets every other angler at the user's location (and Depth, at Sea) draws
    target_draws: int = 0  # Regrets another angler of the user's choice draws
    give: int = 0  # Regrets the user gives another angler of their choice
    take_each_then_discard: bool = False  # take 1 from each other angler, then discard as many
    increments: int = 0  # Increments the user makes (their lowest Fresh dice, A p.28)
    others_here_increments: int = 0  # Increments every other angler where the user is makes
    when_alone: bool | None = None  # only if the user is alone where they are (True), only if not (False)

    @property
    def names_angler(self) -> bool:
        """Whether the user chooses another angler for it (``UsePersonality.target``)."""
        return bool(self.target_draws or self.give)


class Personality(BaseModel):
    """One personality card: its name, the players it needs, and what each tier does."""

    model_config = ConfigDict(frozen=True)

    name: str
    min_players: int
    effects: dict[int, Effect]

    def text(self, tier: int) -> str:
        """What the card does at ``tier`` (a band of :data:`BANDS`), translated."""
        return _texts()[self.name][tier]


# The project's own short wording of each tier (data: biggest_regrets_expansion.csv, one source), translated
# when asked for.
def _texts() -> dict[str, dict[int, str]]:
    return {
        "Curmudgeonly": {
            0: t("If you are alone where you are, Increment twice."),
            1: t("If you are alone where you are, Increment three times."),
            7: t("Every other angler where you are takes a Regret."),
            13: t("Every other angler where you are takes 2 Regrets."),
        },
        "Lonely": {
            0: t("If you are not alone where you are, Increment once."),
            1: t("If you are not alone where you are, Increment twice."),
            7: t("If you are not alone, you and everyone with you Increment once."),
            13: t("If you are not alone, you and everyone with you Increment twice."),
        },
        "Neurotic": {
            0: t("Look at the top Fish of a Shoal."),
            1: t("Look at the top 2 Fish of a Shoal and put them back in any order."),
            7: t("Look at the top Fish of a Shoal and take a Regret."),
            13: t("Look at the top Fish of a Shoal and take 2 Regrets."),
        },
        "Unambitious": {
            0: t("Look at the top 3 Dinks and keep one."),
            1: t("Look at the top 5 Dinks and keep one."),
            7: t("Take a Dink and a Regret."),
            13: t("Take a Dink and 2 Regrets."),
        },
        "Sentimental": {
            0: t("Another angler of your choice takes a Regret."),
            1: t("Give another angler 2 of your Regrets."),
            7: t("Give another angler 1 of your Regrets."),
            13: t("Take a random Regret from each other angler, then discard as many."),
        },
    }

PERSONALITIES: dict[str, Personality] = {p.name: p for p in (
    Personality(name="Curmudgeonly", min_players=4, effects={
        0: Effect(increments=2, when_alone=True), 1: Effect(increments=3, when_alone=True),
        7: Effect(others_here_regrets=1), 13: Effect(others_here_regrets=2)}),
    Personality(name="Lonely", min_players=4, effects={
        0: Effect(increments=1, when_alone=False), 1: Effect(increments=2, when_alone=False),
        7: Effect(increments=1, others_here_increments=1, when_alone=False),
        13: Effect(increments=2, others_here_increments=2, when_alone=False)}),
    Personality(name="Neurotic", min_players=1, effects={
        0: Effect(), 1: Effect(), 7: Effect(regrets=1), 13: Effect(regrets=2)}),
    Personality(name="Unambitious", min_players=1, effects={
        0: Effect(dinks=1), 1: Effect(dinks=1), 7: Effect(dinks=1, regrets=1), 13: Effect(dinks=1, regrets=2)}),
    Personality(name="Sentimental", min_players=1, effects={
        0: Effect(target_draws=1), 1: Effect(give=2), 7: Effect(give=1), 13: Effect(take_each_then_discard=True)}),
)}


def card(name: str) -> Personality:
    """The personality card called ``name``; ``KeyError`` if there is none."""
    return PERSONALITIES[name]


def dealable(players: int) -> list[str]:
    """The cards a table of ``players`` deals from: Curmudgeonly and Lonely only with 4+ (docs/rules.md §11).

    >>> dealable(3)
    ['Neurotic', 'Unambitious', 'Sentimental']
    """
    return [p.name for p in PERSONALITIES.values() if players >= p.min_players]


def deal_problem(personalities: list[str | None], playing: bool) -> str | None:
    """Why these cards can't be dealt to a table (one per angler, in seat order), or ``None`` if they can."""
    dealt = [p for p in personalities if p is not None]
    if not playing:
        return t("Personality cards come with {expansion}: put it on the table first",
                 expansion=expansion_name(BIGGEST_REGRETS)) if dealt else None
    if len(dealt) != len(personalities):
        return t("With {expansion} every angler is dealt a personality card", expansion=expansion_name(BIGGEST_REGRETS))
    for name in dealt:
        if name not in PERSONALITIES:
            return t("No personality card called “{name}”: choose from {names}", name=name,
                     names=", ".join(PERSONALITIES))
        if len(personalities) < card(name).min_players:
            return t("{name} is only dealt with {n} or more players", name=name, n=card(name).min_players)
    if len(set(dealt)) != len(dealt):
        return t("Each personality card is dealt once")
    return None


class PersonalityStatus(BaseModel):
    """What the table shows about an angler's card: its tier for the Day, what that does, whether it was used."""

    model_config = ConfigDict(frozen=True)

    name: str
    tier: int | None  # None until the angler's Refresh fixes it
    tier_label: str | None
    text: str | None
    used: bool


def status(state: GameState, seat: int) -> PersonalityStatus | None:
    """The angler's personality card as the table shows it, or ``None`` when they have none."""
    p = state.players[seat]
    if p.personality is None:
        return None
    tier = p.personality_tier
    return PersonalityStatus(name=p.personality, tier=tier, tier_label=None if tier is None else BAND_LABELS[tier],
                             text=None if tier is None else card(p.personality).text(tier), used=p.personality_used)


def fix_tier(state: GameState, seat: int) -> GameState:
    """At the angler's Refresh: the tier for the Day, from their Regret card count now (docs/rules.md §11)."""
    p = state.players[seat]
    if p.personality is None:
        return state
    return with_player(state, seat, personality_tier=band(p.regret_cards))


def apply_use_personality(state: GameState, action: UsePersonality) -> GameState:
    """Use the personality card: a free action on your turn (``phases`` checks the turn), once per Day, at the tier
    fixed at Refresh."""
    p = player(state, action.player)
    if not state.ruleset.plays(BIGGEST_REGRETS):
        fail(RULE, t("This table doesn't play {expansion}", expansion=expansion_name(BIGGEST_REGRETS)))
    if p.personality is None:
        fail(RULE, t("{name} has no personality card", name=p.name))
    if p.personality_used:
        fail(RULE, t("{name} has already used {card} today: once per Day", name=p.name, card=p.personality))
    if p.personality_tier is None:
        fail(RULE, t("{name}'s tier is fixed at Refresh", name=p.name))
    effect = card(p.personality).effects[p.personality_tier]
    target = _target(state, action, effect)
    _require_something(state, action.player, effect)
    state = with_player(state, action.player, personality_used=True)
    takes = RegretTakes(action.regret_from)  # one choice per card, across the card's draws (A p.18)
    if _company_fits(state, action.player, effect):
        state = _increment(state, action.player, effect.increments)
        for other in _here(state, action.player) if effect.others_here_increments else []:
            state = _increment(state, other, effect.others_here_increments)
    if effect.dinks:  # only the Dinks left (docs/rules.md §1)
        state = draw_dinks(state, action.player, effect.dinks)
    if effect.regrets:
        state = draw_regrets(state, action.player, effect.regrets, takes)
    if effect.others_here_regrets:
        for other in _here(state, action.player):
            state = draw_regrets(state, other, effect.others_here_regrets, takes)
    if effect.target_draws and target is not None:
        state = draw_regrets(state, target, effect.target_draws, takes)
    if effect.give and target is not None:  # fewer than the card says: as many as the angler holds (§11)
        given = min(effect.give, state.players[action.player].regret_cards)
        state = move_regrets(state, action.player, target, given)
    if effect.take_each_then_discard:
        taken = 0
        for other in state.turn_order():
            if other != action.player and state.players[other].regret_cards > 0:
                state = move_regrets(state, other, action.player, 1)
                taken += 1
        me = state.players[action.player]
        state = with_player(state, action.player, regret_cards=me.regret_cards - taken)
    return state


def _require_something(state: GameState, seat: int, effect: Effect) -> None:
    """A tier whose only effect can't happen is refused, and the card stays unused: Unambitious's Dink with every
    Dink held (docs/rules.md §1), Sentimental's gift with no Regret to give (§11). A tier that also draws Regrets
    still goes through, with only the Dinks left."""
    if effect.dinks and not effect.regrets and not state.dinks_in_deck:
        fail("docs/rules.md §1", t("Every Dink is held: there is none left to draw"))
    if effect.give and not state.players[seat].regret_cards:
        fail(RULE, t("{name} has no Regret to give", name=state.players[seat].name))


def usable(state: GameState, seat: int) -> bool:
    """Whether the angler may use their card now: dealt, its tier fixed at Refresh, not used today, and its tier has
    something left to do (:func:`_require_something`)."""
    p = state.players[seat]
    if p.personality is None or p.personality_tier is None or p.personality_used:
        return False
    try:
        _require_something(state, seat, card(p.personality).effects[p.personality_tier])
    except RuleViolation:
        return False
    return True


def _target(state: GameState, action: UsePersonality, effect: Effect) -> int | None:
    if not effect.names_angler:
        if action.target is not None:
            fail(RULE, t("This tier doesn't choose another angler"))
        return None
    if action.target is None:
        fail(RULE, t("Choose another angler"))
    player(state, action.target)
    if action.target == action.player:
        fail(RULE, t("Choose another angler, not yourself"))
    return action.target


def _company_fits(state: GameState, seat: int, effect: Effect) -> bool:
    """Whether the tier's Increments apply: Curmudgeonly's low tiers only when its angler is alone where they are,
    Lonely's only when not. Used otherwise, the card is spent with nothing for the app to change (as at the table;
    an older game's log that did so still replays)."""
    return effect.when_alone is None or effect.when_alone == (not _here(state, seat))


def _increment(state: GameState, seat: int, n: int) -> GameState:
    """``n`` Increments of the angler's lowest Fresh dice (A p.28); fewer if their dice reach their highest faces."""
    picks = lowest_increments(state.players[seat].fresh, n) if n else []
    return apply_increment_die(state, IncrementDie(player=seat, dice=picks)) if picks else state


def _here(state: GameState, seat: int) -> list[int]:
    """The other anglers at the same place: at Port, or at Sea at the same Depth."""
    me = state.players[seat]
    return [other for other in state.turn_order() if other != seat and state.players[other].location == me.location
            and (me.location == "port" or state.players[other].depth == me.depth)]

