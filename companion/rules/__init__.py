"""The rules engine: pure Python over pydantic models, no UI."""

from companion.rules.madness import MadnessTier, madness_tier
from companion.rules.ruleset import Ruleset, Variant, build_ruleset, list_presets, list_variants

__all__ = ["MadnessTier", "Ruleset", "Variant", "build_ruleset", "list_presets", "list_variants", "madness_tier"]
