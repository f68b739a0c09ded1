"""How many examples a property test tries: every one in the full run (CI), a quarter in the fast loop
(``scripts/test --fast`` sets ``COMPANION_FAST=1``), so each property is still checked while working and in depth
before a merge."""

from __future__ import annotations

import os


def examples(full: int) -> int:
    """``full``, or a quarter of it (at least 3) in the fast loop."""
    return max(3, full // 4) if os.environ.get("COMPANION_FAST") == "1" else full
