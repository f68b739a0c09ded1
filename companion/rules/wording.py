"""Player-facing words for numbers and choices the screens show (issue 12, "Player-facing words"): variants that
exclude each other as one choice, what each Three shops tier does, and money beyond the cap.

>>> cap_overflow(9, 3, 10)
2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.i18n import N_, t, tn
from companion.rules.actions import Shop
from companion.rules.pricing import KEEP_BY_TIER
from companion.rules.ruleset import Ruleset, Variant, build_ruleset, variants_for
from companion.rules.sources import player_source

# --- variants ------------------------------------------------------------------------------------------------
GROUP_NAMES = {"last-to-pass": N_("Last to pass")}  # the question a group of variants answers (docs/rules.md §9)


class VariantOption(BaseModel):
    """One variant as a screen offers it: its name, what it does and where it comes from, in a player's words."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    description: str
    source: str


class VariantChoice(BaseModel):
    """One control on the new-game screen: a ``toggle`` for a variant on its own, or ``one_of`` for variants
    that exclude each other (docs/rules.md §9: a table picks one of them). ``default`` is the option the preset
    itself plays (picking it changes nothing), ``None`` for a toggle."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["toggle", "one_of"]
    id: str  # the variant id of a toggle, the group id of a one-of
    label: str
    options: tuple[VariantOption, ...]
    default: str | None = None


def _option(v: Variant) -> VariantOption:
    return VariantOption(id=v.id, name=t(v.name), description=t(v.description), source=player_source(v.source))


def _plays(ruleset: Ruleset, v: Variant) -> bool:
    """Whether the preset already plays what ``v`` switches on (each override equal to the preset's rule)."""
    return all(getattr(ruleset, rule) == value for rule, value in v.overrides.items())


def variant_choices(preset_id: str) -> list[VariantChoice]:
    """The variant controls for a table playing ``preset_id``, in the order of ``variants.json``: one per
    variant, except that a ``group`` of variants that exclude each other is one ``one_of`` choice.

    >>> [(c.kind, c.id) for c in variant_choices("anglers-guide")][-1]
    ('one_of', 'last-to-pass')
    >>> variant_choices("anglers-guide")[-1].default
    'last-to-pass-2-4'
    """
    preset = build_ruleset(preset_id)
    choices: list[VariantChoice] = []
    groups: dict[str, list[Variant]] = {}
    for v in variants_for(preset_id):
        if v.group is None:
            choices.append(VariantChoice(kind="toggle", id=v.id, label=t(v.name), options=(_option(v),)))
        elif v.group not in groups:
            groups[v.group] = [v]
            choices.append(VariantChoice(kind="one_of", id=v.group, label="", options=()))
        else:
            groups[v.group].append(v)
    out = []
    for c in choices:
        if c.kind == "one_of":
            members = groups[c.id]
            default = next((v.id for v in members if _plays(preset, v)), None)
            c = VariantChoice(kind="one_of", id=c.id, label=t(GROUP_NAMES[c.id]) if c.id in GROUP_NAMES else c.id,
                              options=tuple(_option(v) for v in members), default=default)
        out.append(c)
    return out


def chosen_variants(preset_id: str, picked: Mapping[str, bool | str]) -> tuple[str, ...]:
    """The variant ids for :func:`~companion.rules.ruleset.build_ruleset` from a screen's answers: a toggle's id
    maps to ``True``/``False``, a group's id to the option picked. Picking the preset's own rule adds nothing.
    Raises ``ValueError`` naming the choice for an answer that is not one of its options.

    >>> chosen_variants("anglers-guide", {"seven-days": True, "last-to-pass": "last-to-pass-2"})
    ('seven-days', 'last-to-pass-2')
    >>> chosen_variants("anglers-guide", {"last-to-pass": "last-to-pass-2-4"})
    ()
    """
    out: list[str] = []
    known = {c.id: c for c in variant_choices(preset_id)}
    for key, answer in picked.items():
        choice = known.get(key)
        if choice is None:
            raise ValueError(t("{choice}: no such variant for these rules", choice=key))
        if choice.kind == "toggle":
            if answer is True:
                out.append(choice.id)
            elif answer is not False:
                raise ValueError(t("{choice}: on or off", choice=choice.label))
        else:
            if answer not in {o.id for o in choice.options}:
                raise ValueError(t("{choice}: pick one of its options", choice=choice.label))
            if answer != choice.default:
                out.append(str(answer))
    return tuple(out)


# --- Three shops ---------------------------------------------------------------------------------------------
class TierOffer(BaseModel):
    """One price of a Three shops shop and what it buys (docs/rules.md §5)."""

    model_config = ConfigDict(frozen=True)

    price: int
    text: str  # "$3: draw 3, keep 1"
    draw: int  # cards drawn, or dice taken from the bag
    keep: int  # cards kept, or dice taken


class ShopOffer(BaseModel):
    """One of the three shops: its name, the ``shops`` a :class:`~companion.rules.actions.Buy` may name for it
    (Rods and Reels are one shop), and its tiers."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    shops: tuple[Shop, ...]
    tiers: tuple[TierOffer, ...]


def _card_tier(price: int, keep: int) -> TierOffer:
    # docs/rules.md §5: $1 buys the top card, $N draws N cards and keeps some of them
    text = (t("${price}: the top card", price=price) if price == 1 else
            t("${price}: draw {draw}, keep {keep}", price=price, draw=price, keep=keep))
    return TierOffer(price=price, text=text, draw=price, keep=keep)


def shop_offers(ruleset: Ruleset) -> list[ShopOffer]:
    """The Three shops and what each tier does, for a shop screen's buttons; ``[]`` under the Market.

    >>> [[x.text for x in s.tiers] for s in shop_offers(build_ruleset("three-shops"))][0]
    ['$1: the top card', '$3: draw 3, keep 1', '$5: draw 5, keep 2']
    """
    if ruleset.shop_system != "three-shops":
        return []
    prices = sorted(ruleset.shop_tiers)
    dice = tuple(TierOffer(price=p, draw=ruleset.shop_tiers[p], keep=ruleset.shop_tiers[p],
                           text=tn("${price}: {n} die from the bag", "${price}: {n} dice from the bag",
                                   ruleset.shop_tiers[p], price=p))
                 for p in prices)
    return [
        ShopOffer(id="rods-reels", name=t("Rods and Reels"), shops=("rods", "reels"),
                  tiers=tuple(_card_tier(p, KEEP_BY_TIER["rods-reels"][p]) for p in prices)),
        ShopOffer(id="supplies", name=t("Supplies"), shops=("supplies",),
                  tiers=tuple(_card_tier(p, KEEP_BY_TIER["supplies"][p]) for p in prices)),
        ShopOffer(id="tackle", name=t("Tackle dice"), shops=("tackle",), tiers=dice),
    ]


# --- money beyond the cap ------------------------------------------------------------------------------------
def cap_overflow(fishbucks: int, gain: int, cap: int | None) -> int:
    """The dollars a gain of ``gain`` would lose to the cap from ``fishbucks`` (docs/rules.md §5: money beyond
    $10 is lost); 0 with no cap ("No money cap" variant) or no gain. Use it to warn before a sale.

    >>> cap_overflow(8, 2, 10), cap_overflow(8, 5, None), cap_overflow(10, -3, 10)
    (0, 0, 0)
    """
    if cap is None or gain <= 0:
        return 0
    return max(0, fishbucks + gain - cap)


def overflow_note(fishbucks: int, gain: int, cap: int | None) -> str:
    """``"$1 lost to the $10 cap"`` for a gain that overflows, else ``""``.

    >>> overflow_note(9, 2, 10)
    '$1 lost to the $10 cap'
    """
    lost = cap_overflow(fishbucks, gain, cap)
    return t("${lost} lost to the ${cap} cap", lost=lost, cap=cap) if lost else ""
