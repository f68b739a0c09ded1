"""The text size, for players reading a screen from across the table (issue 12): the scales a phone may choose
(:data:`TEXT_SIZE_NAMES`), the check of one (:func:`check_text_scale`) and a font size at a scale. Each phone keeps
its own choice (``views/theme.py``).

>>> check_text_scale(1.5), scaled(14, 1.5)
(1.5, 21.0)
"""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.i18n import N_, t

TEXT_SCALE_MIN = 0.8
TEXT_SCALE_MAX = 2.0
TEXT_SCALE_DEFAULT = 1.0
# The steps a settings screen offers, smallest first: scale factor and its name.
TEXT_SIZE_NAMES: dict[float, str] = {0.85: N_("Small"), 1.0: N_("Normal"), 1.25: N_("Large"), 1.5: N_("Larger"),
                                     2.0: N_("Largest")}


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


def scaled(size: float, scale: float) -> float:
    """A font size at ``scale``, rounded to a half point so text stays crisp.

    >>> scaled(14, 1.25)
    17.5
    """
    return round(size * scale * 2) / 2
