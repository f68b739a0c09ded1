"""Where :mod:`companion.phone.build` still looks for the web files' font names: they live in
:mod:`companion.flet_fixes.web_files` now. Kept only until the phone build (being moved out of the runtime package on
another branch) imports them from there; then this module goes."""

from companion.flet_fixes.web_files import CJK_FALLBACKS, FALLBACK_FONTS, UNUSED_FONTS, without_fonts

__all__ = ["CJK_FALLBACKS", "FALLBACK_FONTS", "UNUSED_FONTS", "without_fonts"]
