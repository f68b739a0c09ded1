"""End-of-game scoring for Deep Regrets (docs/rules.md §7), Shallow Regrets and Endeavor: Deep Sea
(docs/rules.md §12–§13).

Pure functions over pydantic models: ``score_deep_regrets``, ``score_shallow_regrets``/``score_shallow_solo``,
``score_endeavor``/``check_coop``; ``score_table`` takes the JSON contract of ``companion score``;
``draft_from_state`` pre-fills a scorer draft from a game at the table.
"""

from companion.scoring.deep_regrets import DeepRegretsPlayer, DeepRegretsResult, score_deep_regrets
from companion.scoring.draft import PlayerDraft, TableDraft
from companion.scoring.endeavor import check_coop, score_endeavor
from companion.scoring.errors import TableError
from companion.scoring.from_game import draft_from_state, score_state
from companion.scoring.shallow_regrets import score_shallow_regrets, score_shallow_solo
from companion.scoring.table import score_table

__all__ = [
    "DeepRegretsPlayer",
    "DeepRegretsResult",
    "PlayerDraft",
    "TableDraft",
    "TableError",
    "check_coop",
    "draft_from_state",
    "score_deep_regrets",
    "score_endeavor",
    "score_shallow_regrets",
    "score_shallow_solo",
    "score_state",
    "score_table",
]
