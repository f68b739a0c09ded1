"""Every label more than one screen prints, written once: Madness, Fish, dice, Depths, sizes, shops, mount slots.

>>> signed(2), signed(0), signed(-1)
('+2', '0', '−1')
>>> ROMAN[2]
'II'
>>> slot_label(2, 3)
'Slot 2 ×3'
"""

from __future__ import annotations

from datetime import datetime

from companion.i18n import N_, t, tn
from companion.rules.dice import Die
from companion.rules.fish import FishRef
from companion.rules.madness import MadnessTier
from companion.rules.queries import can_sell_or_mount
from companion.rules.state import GameState

PHASES = {"refresh": N_("Refresh"), "declaration": N_("Declaration"), "action": N_("Action"), "ended": N_("Game over")}
ROMAN = {1: "I", 2: "II", 3: "III"}
SIZE_LABELS = {"small": N_("Small"), "middling": N_("Middling"), "large": N_("Large")}
SHOP_NAMES = {"rods": N_("Rod"), "reels": N_("Reel"), "supplies": N_("Supply"), "tackle": N_("Tackle dice")}
DIE_NAMES = {"blue": N_("Blue die"), "green": N_("Green die"), "orange": N_("Orange die")}
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))
# The anglers' colours (theme.ANGLER_COLOURS) as words: what a swatch says, never the angler's name.
COLOUR_NAMES = {"amber": N_("Amber"), "green": N_("Green"), "cyan": N_("Cyan"), "pink": N_("Pink"),
                "purple": N_("Purple")}


def phase_name(phase: str) -> str:
    return t(PHASES[phase])


def signed(n: int) -> str:
    """``+2``, ``0``, ``−1``: how the Madness tracker prints a modifier."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def madness_text(tier: MadnessTier) -> str:
    """The Madness chip: row, Fair and Foul modifiers, Max dice, and the Port discount when there is one."""
    text = tn("Madness {row} · Fair {fair} · Foul {foul} · {n} die",
              "Madness {row} · Fair {fair} · Foul {foul} · {n} dice", tier.max_dice, row=tier.label,
              fair=signed(tier.fair), foul=signed(tier.foul))
    if tier.port_discount:
        text += t(" · Port −${discount}", discount=tier.port_discount)
    return text


def colour_name(colour: str) -> str:
    """An angler's colour as a word (``"amber"`` → ``"Amber"``); a colour the app doesn't draw is shown as stored."""
    return t(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


def fish_label(fish: FishRef | None) -> str:
    """``"Sunfish · Fair 4"``; a Fish caught without entering the card is "a Fish not entered" (docs/rules.md §4)."""
    if fish is None:
        return t("a Fish not entered")
    kind = t("Foul") if fish.foul else t("Fair")
    value = "–" if fish.value is None else str(fish.value)
    return t("{name} · {kind} {value}", name=fish.name or t("Fish"), kind=kind, value=value)


def countdown_line(state: GameState) -> str | None:
    """The last angler's turns left once everyone else passed (A p.9), as the table's banner and Port say it;
    ``None`` while the countdown hasn't started."""
    last, left = state.last_player, state.turns_left
    if last is None or left is None:
        return None
    return tn("{name}: {n} turn left, then the Day ends", "{name}: {n} turns left, then the Day ends", left,
              name=state.players[last].name)


def not_for_sale() -> str:
    """What a Sell button says for a card kept in hand (docs/rules.md §10)."""
    return t("Can't be sold or mounted")


def sale_line(state: GameState, seat: int, fish: FishRef) -> str:
    """A Fish as a hand or a Fish picker at Port shows it: what it sells for now, or that it can't be sold (a card kept
    in hand, docs/rules.md §10)."""
    if not can_sell_or_mount(fish):
        return f"{fish_label(fish)} · {not_for_sale()}"
    return t("{fish} · sells for ${value} now", fish=fish_label(fish), value=state.sale_value(seat, fish))


def not_entered(n: int, after: bool = True) -> str:
    """The Fish caught without entering the card, counted after the ones entered (``"and 2 Fish not entered"``), or
    alone when none was entered (``after=False``: ``"2 Fish not entered"``). "Not entered" is the one word for them
    on every screen (issue 9)."""
    if not after:
        return tn("{n} Fish not entered", "{n} Fish not entered", n)
    return tn("and {n} Fish not entered", "and {n} Fish not entered", n)


def die_label(die: Die) -> str:
    """``"Blue 2"``, ``"Angler die 3"`` (not "Player 3", which reads as a seat); a die not rolled yet is just its
    kind."""
    return die.label


def when_label(moment: datetime, year: bool = True) -> str:
    """A day and time as the phone's language writes them (``strftime("%b")`` would be English on every phone).

    >>> when_label(datetime(2026, 12, 1, 9, 5)), when_label(datetime(2026, 12, 1, 9, 5), year=False)
    ('01 Dec 2026 09:05', '01 Dec 09:05')
    """
    values = {"day": f"{moment.day:02d}", "month": t(MONTHS[moment.month - 1]), "year": moment.year,
              "time": f"{moment:%H:%M}"}
    return t("{day} {month} {year} {time}", **values) if year else t("{day} {month} {time}", **values)


def slot_name(slot: int) -> str:
    """A mount slot by the number printed on the board (1–3; ``SLOT_NUMBERS``): ``"Slot 2"``."""
    return t("Slot {slot}", slot=slot)


def slot_label(slot: int, times: int) -> str:
    """A mount slot and its multiplier: ``"Slot 2 ×3"``."""
    return t("Slot {slot} ×{m}", slot=slot, m=times)


def slot_line(slot: int, times: int, fish: FishRef | None) -> str:
    """A mount slot and what is on it: ``"Slot 2 (×3): Sunfish · Fair 4"``, or ``"Slot 1 (×2): empty"``."""
    return t("Slot {n} (×{times}): {fish}", n=slot, times=times, fish=fish_label(fish) if fish else t("empty"))


def depth_label(depth: int) -> str:
    return t("Depth {depth}", depth=ROMAN[depth])


def size_label(size: str) -> str:
    return t(SIZE_LABELS[size])
