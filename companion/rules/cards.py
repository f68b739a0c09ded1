"""The printed cards as the engine checks them (docs/rules.md §10): a named Fish must be the catalog's card, a Fish
typed in must have a value some card prints, and every Fish card exists once.
"""

from __future__ import annotations

from companion.i18n import t
from companion.rules.catalog import Catalog, CatalogFish, Item, UnknownFish, load_catalog
from companion.rules.errors import RuleViolation
from companion.rules.fish import FishRef
from companion.rules.madness import MadnessTier

THE_PLUG = "The Plug"  # a Depth III card that stays on the table once revealed (A p.27)
# A p.27: "Do not trigger any reveal abilities on Fish you reveal" (the card's own text says "may skip"; the
# rulebook decides, docs/rules.md §10)
ROD_OF_THE_DEAD = "Rod of the Dead"


def catalog() -> Catalog:
    """The shipped card catalog."""
    return load_catalog()


def known_name(name: str | None) -> str | None:
    """The catalog name of a card, or ``None`` for no name or one the catalog doesn't know."""
    if name is None:
        return None
    try:
        return catalog().fish(name).name
    except UnknownFish:
        return None


def can_eat(fish: FishRef) -> bool:
    """Whether ``fish`` may be eaten: a card with an eat ability (A p.11); a Fish typed in by value may, since the
    table knows its card and the app doesn't.

    >>> from companion.rules.catalog import load_catalog
    >>> [can_eat(load_catalog().fish_ref(n)) for n in ("Hammerhead Shark", "Osteofish")]
    [True, False]
    """
    found = card(fish)
    return found is None or "eat" in found.abilities


def card(fish: FishRef) -> CatalogFish | None:
    """The catalog card of a named Fish (``None`` for a Fish typed in by value); raises :class:`RuleViolation`
    for a name the catalog doesn't know."""
    if fish.name is None:
        return None
    try:
        return catalog().fish(fish.name)
    except UnknownFish as e:
        raise RuleViolation("docs/rules.md §10", str(e)) from None


def check_fish(fish: FishRef, field: str) -> CatalogFish | None:
    """Refuse a Fish no card prints, naming ``field``: a named Fish must match its card's value and type, a Fish
    typed in must have a value inside the catalog's range (docs/rules.md §10). Returns the card, if named.

    >>> check_fish(FishRef(name="Kraken", value=50, type="foul"), "fish")
    Traceback (most recent call last):
    ...
    companion.rules.errors.RuleViolation: Kraken has value 9, not 50 (companion rule, see Rules §10)
    """
    found = card(fish)
    if found is not None:
        wrong = found.matches(fish)
        if wrong:
            raise RuleViolation("docs/rules.md §10", wrong, field)
        return found
    low, high = catalog().value_range
    if fish.value is not None and not low <= fish.value <= high:
        raise RuleViolation("docs/rules.md §10", t("A Fish is worth {low} to {high}, not {value}", low=low, high=high,
                                                  value=fish.value), field)
    return None


def fish_value(tier: MadnessTier, fish: FishRef) -> int:
    """A Fish's value for sale and score: the fixed value its card prints, else Madness-modified (docs/rules.md §2)."""
    name = known_name(fish.name)
    if name is not None:
        fixed = catalog().fish(name).fixed_value
        if fixed is not None:
            return fixed
    return tier.fish_value(fish.value, fish.foul)


def no_sale_or_mount(fish: FishRef, doing: str) -> None:
    """Refuse selling or mounting a card that can't be (Whispering Skull, Iron Coffin …, A p.27; docs/rules.md §10)."""
    found = card(fish)
    if found is not None and found.no_sale_or_mount:
        raise RuleViolation("docs/rules.md §10", t("{name} can't be sold or mounted ({doing})", name=found.name,
                                              doing=doing))


def item(name: str) -> Item | None:
    """The Rod, Reel or Supply called ``name``, or ``None`` for a card the catalog doesn't know."""
    return catalog().item(name)


def regrets_drawn(name: str) -> int:
    """How many Regrets using the Supply ``name`` draws (the Bucket of Chum: 3); 0 for a card the catalog lacks."""
    found = item(name)
    return found.regrets_drawn if found is not None else 0
