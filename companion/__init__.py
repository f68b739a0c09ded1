"""Deep Regrets Companion: the bookkeeping beside a physical game of Deep Regrets."""

__version__ = "0.1.0"
