"""End-of-game scorers: Deep Regrets, Shallow Regrets, Endeavor: Deep Sea."""
