"""The Madness tracker: what a number of Regret cards does to a player (docs/rules.md §2, A pp.20-21)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from companion.rules.ruleset import MadnessRow, Ruleset, build_ruleset


class MadnessTier(BaseModel):
    """A row of the Madness tracker, as it applies to a player right now."""

    model_config = ConfigDict(frozen=True)

    row: int
    min_cards: int
    max_cards: int | None
    fair: int
    foul: int
    max_dice: int
    port_discount: int

    @property
    def label(self) -> str:
        """The row as printed on the tracker: ``"4–6"`` or ``"13+"``."""
        if self.max_cards is None:
            return f"{self.min_cards}+"
        if self.max_cards == self.min_cards:
            return str(self.min_cards)
        return f"{self.min_cards}–{self.max_cards}"

    def modifier(self, foul: bool) -> int:
        """The Fish value modifier for a Foul (``True``) or Fair (``False``) Fish."""
        return self.foul if foul else self.fair

    def fish_value(self, printed: int | None, foul: bool) -> int:
        """A Fish's Madness-modified value; never below 0, and 0 for a Fish with no printed value.

        >>> madness_tier(13).fish_value(2, foul=False)
        0
        >>> madness_tier(13).fish_value(3, foul=True)
        5
        """
        if printed is None:
            return 0
        return max(0, printed + self.modifier(foul))


def madness_tier(regret_cards: int, ruleset: Ruleset | None = None) -> MadnessTier:
    """The Madness tier for a number of Regret cards (a flipped Lifeboat is not a card).

    >>> t = madness_tier(5)
    >>> (t.label, t.fair, t.foul, t.max_dice, t.port_discount)
    ('4–6', 1, 0, 5, 0)
    >>> madness_tier(14).port_discount
    1
    """
    if regret_cards < 0:
        raise ValueError(f"Regret cards cannot be negative (got {regret_cards})")
    rows = (ruleset or build_ruleset()).madness
    # The engine asks for a tier several times per action: cache each tracker's tiers, keyed by the tracker object
    # (kept in the cache, so its id can't be reused) because hashing the rows costs more than building a tier.
    cached = _TIERS.get(id(rows))
    if cached is None or cached[0] is not rows:
        if len(_TIERS) > _MAX_TRACKERS:  # games loaded from files bring their own rows: keep the cache small
            _TIERS.clear()
        cached = _TIERS[id(rows)] = (rows, {})
    tiers = cached[1]
    if regret_cards not in tiers:
        tiers[regret_cards] = _tier(rows, regret_cards)
    return tiers[regret_cards]


_TIERS: dict[int, tuple[tuple[MadnessRow, ...], dict[int, MadnessTier]]] = {}
_MAX_TRACKERS = 32


def _tier(rows: tuple[MadnessRow, ...], regret_cards: int) -> MadnessTier:
    index = max(i for i, row in enumerate(rows) if row.min_cards <= regret_cards)
    row = rows[index]
    upper = rows[index + 1].min_cards - 1 if index + 1 < len(rows) else None
    return MadnessTier(row=index, min_cards=row.min_cards, max_cards=upper, fair=row.fair, foul=row.foul,
                       max_dice=row.max_dice, port_discount=row.port_discount)
