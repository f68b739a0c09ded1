"""Display settings kept in the store: the text size, for players reading the host's screen from across the table
(issue 12). The theme reads :func:`text_scale`; the settings screen offers :data:`TEXT_SIZES` and saves with
:func:`set_text_scale`.

>>> import tempfile
>>> from companion.store import open_store
>>> store = open_store(tempfile.mkdtemp())
>>> text_scale(store)
1.0
>>> set_text_scale(store, 1.5); text_scale(store)
1.5
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.i18n import N_, t

TEXT_SCALE_KEY = "text_scale"
TEXT_SCALE_MIN = 0.8
TEXT_SCALE_MAX = 2.0
TEXT_SCALE_DEFAULT = 1.0
# The steps a settings screen offers, smallest first: (label, scale factor).
TEXT_SIZE_NAMES: dict[float, str] = {0.85: N_("Small"), 1.0: N_("Normal"), 1.25: N_("Large"), 1.5: N_("Larger"),
                                     2.0: N_("Largest")}
TEXT_SIZES: tuple[tuple[str, float], ...] = tuple((name, scale) for scale, name in TEXT_SIZE_NAMES.items())


class SettingsStore(Protocol):
    def get_setting(self, key: str, default: Any = None) -> Any: ...
    def set_setting(self, key: str, value: Any) -> None: ...


class DisplaySettings(BaseModel):
    """The display settings, validated: ``text_scale`` multiplies every font size (1.0 = as designed)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    text_scale: float = Field(default=TEXT_SCALE_DEFAULT, ge=TEXT_SCALE_MIN, le=TEXT_SCALE_MAX, allow_inf_nan=False)


def check_text_scale(value: object) -> float:
    """``value`` as a text scale, or ``ValueError`` naming the setting and its range (nothing is saved).

    >>> check_text_scale(3)
    Traceback (most recent call last):
    ...
    ValueError: Text size: choose a scale from 0.8 to 2.0, not 3
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(t("Text size: choose a scale from {low} to {high}, not {value}", low=TEXT_SCALE_MIN,
                           high=TEXT_SCALE_MAX, value=repr(value)[:20]))
    try:
        return DisplaySettings(text_scale=float(value)).text_scale
    except ValidationError:
        raise ValueError(t("Text size: choose a scale from {low} to {high}, not {value}", low=TEXT_SCALE_MIN,
                           high=TEXT_SCALE_MAX, value=value)) from None


def text_scale(store: SettingsStore | None) -> float:
    """The saved text scale; the default for no store or a stored value out of range (a damaged or older file
    never breaks the screen)."""
    if store is None:
        return TEXT_SCALE_DEFAULT
    try:
        return check_text_scale(store.get_setting(TEXT_SCALE_KEY, TEXT_SCALE_DEFAULT))
    except ValueError:
        return TEXT_SCALE_DEFAULT


def set_text_scale(store: SettingsStore, value: object) -> None:
    """Check and save the text scale; ``ValueError`` (saving nothing) for one out of range."""
    store.set_setting(TEXT_SCALE_KEY, check_text_scale(value))


def scaled(size: float, scale: float) -> float:
    """A font size at ``scale``, rounded to a half point so text stays crisp.

    >>> scaled(14, 1.25)
    17.5
    """
    return round(size * scale * 2) / 2
