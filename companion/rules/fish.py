"""A Fish as the table knows it: picked from the catalog by name, or typed in as a value and Fair/Foul."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.i18n import N_

FishType = Literal["fair", "foul"]
Size = Literal["small", "middling", "large"]
FishFilter = Literal["all", "fair", "foul", "small", "middling", "large"]  # which Fish a discount applies to
# Each type and size as a word in a sentence ("Kraken is foul, not fair"), as a message: t(FISH_WORDS[word]).
FISH_WORDS: dict[str, str] = {"fair": N_("fair"), "foul": N_("foul"), "small": N_("small"),
                              "middling": N_("middling"), "large": N_("large")}


def applies(which: FishFilter, fish_type: str | None, size: str | None) -> bool:
    """Whether a Difficulty discount for ``which`` Fish applies to a Fish of ``fish_type`` and ``size``.

    >>> (applies("all", None, None), applies("foul", "foul", "small"), applies("large", "fair", None))
    (True, True, False)
    """
    return which == "all" or which in (fish_type, size)


class FishRef(BaseModel):
    """One Fish card in a hand, on a mount, or sold.

    ``value`` is the printed value (``None`` for a card that prints none: it scores and sells for 0 whatever the
    Madness, docs/rules.md §2). ``name`` is the catalog name when the player picked the Fish by name.

    >>> FishRef(value=3, type="foul").foul
    True
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)  # True is not a value of 1

    name: str | None = None
    value: int | None = Field(default=None, ge=0)
    type: FishType

    @property
    def foul(self) -> bool:
        """Whether the Fish is Foul (selling it draws a Regret, A p.17)."""
        return self.type == "foul"
