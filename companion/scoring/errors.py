"""The one error the scorers raise: a table that can't exist, naming the field."""

from __future__ import annotations


class TableError(ValueError):
    """A table that can't be scored; ``field`` is the dotted path of the offending field (may be empty).

    >>> str(TableError("players[1].fishbucks", "at most $10"))
    'players[1].fishbucks: at most $10'
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
