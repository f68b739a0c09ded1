"""The one check the rules tests share: the engine refuses an action, citing the rule it breaks."""

from __future__ import annotations

import pytest

from companion.rules.errors import RuleViolation
from companion.rules.scenario import play


def refused(state, action, rule: str | None = None) -> RuleViolation:
    """Play ``action`` on ``state`` expecting a refusal; when ``rule`` is given, the refusal must cite it."""
    with pytest.raises(RuleViolation) as e:
        play(state, action)
    if rule is not None:
        assert e.value.rule == rule
    return e.value
