"""A Deep Regrets table being filled in for scoring: what the scorer screen edits, and what a finished game
pre-fills. Unlike :class:`DeepRegretsPlayer` a draft may be incomplete (a Regret value not yet revealed, Fish
caught but never entered); :meth:`TableDraft.missing` says what is still needed, in words.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from companion.i18n import t, tn
from companion.rules.constants import MOUNT_SLOTS, REGRET_VALUE_MAX
from companion.rules.expansions import ExpansionId
from companion.rules.fish import FishRef
from companion.rules.names import name_problem
from companion.rules.ruleset import Ruleset, build_ruleset
from companion.scoring.deep_regrets import (
    DeepRegretsPlayer,
    DeepRegretsResult,
    score_deep_regrets,
)


class PlayerDraft(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = ""
    colour: str | None = None
    regret_cards: int = Field(default=0, ge=0)
    regret_value: int | None = Field(default=None, ge=0)
    lifeboat_flipped: bool = False
    fishbucks: int = Field(default=0, ge=0)
    hand: list[FishRef] = Field(default_factory=list)
    # the mount slots in board order: slot n (1-3, as printed) is ``on_slot(n)``
    mounted: list[FishRef | None] = Field(default_factory=lambda: list[FishRef | None]([None] * MOUNT_SLOTS))
    cloche: FishRef | None = None  # a small Fish on the Cloche Supply card (×2)
    displayed: list[FishRef] = Field(default_factory=list)  # kept face up, scored like Fish in hand (A p.27)
    hand_unentered: int = Field(default=0, ge=0)  # Fish the tracker counted but nobody entered

    def on_slot(self, slot: int) -> FishRef | None:
        """The Fish on mount slot ``slot`` (1–3), ``None`` when it is empty."""
        return self.mounted[slot - 1]

    def put_on_slot(self, slot: int, fish: FishRef | None) -> None:
        """Put ``fish`` on mount slot ``slot`` (1–3); ``None`` empties it."""
        self.mounted[slot - 1] = fish

    def missing(self, label: str) -> list[str]:
        """What this player still needs before the table can be scored."""
        needs = []
        if not self.name.strip():
            needs.append(t("{player} needs a name", player=label))
        if self.regret_value is None:
            needs.append(t("{player}: reveal the Regret value", player=self.name or label))
        elif self.regret_value > REGRET_VALUE_MAX * self.regret_cards:
            needs.append(tn("{player}: {n} Regret card can't add up to {value} (each card is worth 0 to 3)",
                            "{player}: {n} Regret cards can't add up to {value} (each card is worth 0 to 3)",
                            self.regret_cards, player=self.name or label, value=self.regret_value))
        if self.hand_unentered:
            needs.append(tn("{player}: enter the Fish in hand not yet entered",
                            "{player}: enter the {n} Fish in hand not yet entered", self.hand_unentered,
                            player=self.name or label))
        return needs

    def to_player(self) -> DeepRegretsPlayer:
        """The scorer's input; raises ``ValueError`` (a pydantic ``ValidationError``) if it doesn't hold."""
        return DeepRegretsPlayer(name=self.name.strip(), regret_cards=self.regret_cards,
                                 regret_value=self.regret_value or 0, lifeboat_flipped=self.lifeboat_flipped,
                                 fishbucks=self.fishbucks, hand=tuple(self.hand), mounted=tuple(self.mounted),
                                 cloche=self.cloche, displayed=tuple(self.displayed))


class TableDraft(BaseModel):
    model_config = ConfigDict(extra="forbid")

    preset: str = "anglers-guide"
    variants: list[str] = Field(default_factory=list)
    expansions: list[ExpansionId] = Field(default_factory=list)  # the boxes on the table (docs/rules.md §11)
    players: list[PlayerDraft] = Field(default_factory=lambda: [PlayerDraft(), PlayerDraft()])
    game_id: str | None = None  # the stored game this draft was filled from
    finished: bool = True  # False: filled from a game still in progress (a preview)

    def ruleset(self) -> Ruleset:
        return build_ruleset(self.preset, tuple(self.variants), expansions=tuple(self.expansions))

    def missing(self) -> list[str]:
        """Everything still needed, one line each; empty when the table can be scored."""
        needs = [need for seat, p in enumerate(self.players)
                 for need in p.missing(t("Player {n}", n=seat + 1))]
        problem = name_problem([p.name for p in self.players if p.name.strip()])
        if problem is not None:
            needs.append(problem[1])
        return needs

    def score(self) -> DeepRegretsResult:
        """Score the table (docs/rules.md §7); ``ValueError`` with a one-line reason if it isn't complete or valid."""
        needs = self.missing()
        if needs:
            raise ValueError(needs[0])
        return score_deep_regrets([p.to_player() for p in self.players], self.ruleset())
