"""The rules engine: pure Python over pydantic models, no UI."""

from companion.rules.actions import Action, parse_action
from companion.rules.engine import apply, initial_state
from companion.rules.errors import RuleViolation
from companion.rules.fish import FishRef
from companion.rules.game import Game, GameSetup, PlayerSetup, new_game, replay
from companion.rules.madness import MadnessTier, madness_tier
from companion.rules.queries import Available, available, is_legal, next_day_effects, price, why_illegal
from companion.rules.ruleset import Ruleset, Variant, build_ruleset, list_presets, list_variants, variants_for
from companion.rules.state import GameState, PlayerState

__all__ = ["Action", "Available", "FishRef", "Game", "GameSetup", "GameState", "MadnessTier", "PlayerSetup",
           "PlayerState", "RuleViolation", "Ruleset", "Variant", "apply", "available", "build_ruleset",
           "initial_state", "is_legal", "list_presets", "list_variants", "madness_tier", "new_game",
           "next_day_effects", "parse_action", "price", "replay", "variants_for", "why_illegal"]
