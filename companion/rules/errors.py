"""The errors the rules engine raises: an action the rules forbid, or one that needs a choice the player must make."""

from __future__ import annotations

from companion.rules.sources import cited


class RuleViolation(Exception):
    """An action the rules forbid; the state it was applied to is unchanged.

    ``rule`` is the short source of the rule (``"A p.17"``, ``"docs/rules.md §5"``); ``message`` is the translated
    one-liner a screen shows, and ``str(error)`` is that line with the source named as a player knows it.
    ``field``: the action's field it is about (``"fish[1]"``), for a caller that names fields its own way; the
    message never starts with it (an internal English name, issue 37).

    >>> e = RuleViolation("A p.11", "You need at least one Fresh die to fish")
    >>> (e.rule, str(e))
    ('A p.11', "You need at least one Fresh die to fish (Angler's Guide p.11)")
    """

    def __init__(self, rule: str, message: str, field: str | None = None) -> None:
        super().__init__(rule, message)
        self.rule = rule
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return cited(self.message, self.rule)


class ChoiceNeeded(RuleViolation):
    """An action the rules allow only once the player chose: set the action's field ``field`` to one of
    ``options`` (seats) and make it again. Both Regret piles empty: whom to take the Regret from (A p.18).

    >>> e = ChoiceNeeded("A p.18", "Both Regret piles are empty", "regret_from", (1, 2))
    >>> (e.field, e.options)
    ('regret_from', (1, 2))
    """

    field: str  # always named: the move's field to set

    def __init__(self, rule: str, message: str, field: str, options: tuple[int, ...]) -> None:
        super().__init__(rule, message, field)
        self.options = options
