"""Seats: which angler a phone is (or "the whole table"), kept with its pass on the server.

The seat lives with the pass (the durable cookie): a phone that gets a fresh Flet session — a new IP, a tab the
OS killed, an hour away, a host restart — comes back to the same game and seat. Hidden things (the Fish an angler
entered in hand, their Regret value) are for their own phone: :func:`may_see_hidden` is the check, and
:func:`route_refusal` keeps another angler's card screens off a phone.

>>> Seat("g1", 2).route(), Seat("g1", None).route()
('/player?game=g1&seat=2', '/table?game=g1')
>>> Seat.from_saved({"game": "g1", "angler": 0}) == Seat("g1", 0), Seat.from_saved({"bad": 1})
(True, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.i18n import t
from companion.net import identity

# Screens that show one angler's card, hidden things included (``?game=<id>&seat=<i>``).
CARD_ROUTES = frozenset({"/player", "/port"})


@dataclass(frozen=True)
class Seat:
    """Angler ``angler`` (0-based) of game ``game``; ``angler`` ``None`` is the whole table."""

    game: str
    angler: int | None

    def route(self) -> str:
        """The screen this seat opens on."""
        if self.angler is None:
            return f"/table?game={self.game}"
        return f"/player?game={self.game}&seat={self.angler}"

    def saved(self) -> dict[str, Any]:
        return {"game": self.game, "angler": self.angler}

    @classmethod
    def from_saved(cls, saved: Any) -> Seat | None:
        if not isinstance(saved, dict) or not isinstance(saved.get("game"), str):
            return None
        angler = saved.get("angler")
        return cls(saved["game"], angler if isinstance(angler, int) and angler >= 0 else None)


def seat_of(page: Any) -> Seat | None:
    """The seat this tab's phone picked (kept across sessions and restarts), ``None`` if none yet."""
    return Seat.from_saved(identity.pass_of(page).seat)


def choose_seat(page: Any, seat: Seat | None) -> bool:
    """Keep ``seat`` for this tab's phone (``None`` forgets it); ``False`` when there's nothing to keep it with
    (the local mode, or a pass dropped meanwhile)."""
    holder = identity.pass_of(page)
    keys = identity.keys()
    if keys is None or not holder.token_id:
        return False
    return keys.set_seat(holder.token_id, seat.saved() if seat else None)


def may_see_hidden(page: Any | None, game_id: str, angler: int) -> bool:
    """Whether this tab may show angler ``angler``'s hidden things (Fish in hand, Regret value) in ``game_id``:
    their own phone may; so may the one screen of the local mode and a host that took no seat (the game
    master's view). Every other phone, the whole table's included, shows counts only (so does code drawing
    with no page while phones are served)."""
    if identity.keys() is None:
        return True
    if page is None:
        return False
    holder = identity.pass_of(page)
    seat = Seat.from_saved(holder.seat)
    if seat is None:
        return holder.is_host
    return seat.game == game_id and seat.angler == angler


def route_refusal(page: Any, path: str, params: dict[str, str]) -> str | None:
    """Why this tab may not open ``path`` (another angler's card), or ``None`` if it may."""
    if path not in CARD_ROUTES:
        return None
    raw = params.get("seat", "")
    if raw.isdigit() and may_see_hidden(page, params.get("game", ""), int(raw)):
        return None
    return t("That angler's card stays on their own phone. Pick your own seat to see yours.")
