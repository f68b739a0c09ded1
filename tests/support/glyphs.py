"""Whether a run of CJK characters was drawn with real glyphs or as boxes (tofu), from a screenshot of it.

A font that lacks a character draws Flutter's "missing glyph" instead: a narrow upright box (about half as wide as
it is tall). A Chinese character is drawn about as wide as it is tall, so a run of ``n`` of them is about ``n``
times as wide as its ink is tall, and a run of boxes about half that. :func:`width_per_character` measures it,
whatever the colours, the size or the padding around the text.
"""

from __future__ import annotations

import io
import tempfile
import time
from pathlib import Path
from typing import Any

from PIL import Image

INK = 60  # grey levels from the background (the top-left pixel) that count as ink
GLYPHS = 0.8  # width per character over ink height: ~1.0 for Chinese glyphs, ~0.6 for boxes


def width_per_character(png: bytes, characters: int) -> float:
    """The ink's width per character over its height, in a screenshot holding one run of ``characters``
    full-width characters and nothing else."""
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    pixels = image.load()
    background = pixels[0, 0]
    inked = [(x, y) for x in range(width) for y in range(height) if abs(pixels[x, y] - background) > INK]
    if not inked:
        raise AssertionError("nothing drawn where the text should be")
    xs, ys = [x for x, _ in inked], [y for _, y in inked]
    return (max(xs) - min(xs) + 1) / characters / (max(ys) - min(ys) + 1)


def wait_glyphs(page: Any, clip: dict[str, float], characters: int, timeout_ms: int = 20_000) -> float:
    """Wait until the ``clip`` of ``page`` (a Playwright page) shows ``characters`` drawn as glyphs (a fallback
    font arrives a moment after the first frame); returns the figure, or fails with the last one seen."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        shot = page.screenshot(clip=clip)
        figure = width_per_character(shot, characters)
        if figure >= GLYPHS:
            return figure
        if time.monotonic() > deadline:
            kept = Path(tempfile.mkstemp(prefix="companion-boxes-", suffix=".png")[1])
            kept.write_bytes(shot)
            page.screenshot(path=str(kept.with_suffix(".screen.png")))
            raise AssertionError(f"drawn as boxes, not glyphs: {figure:.2f} of a character's height per character "
                                 f"(glyphs ≥ {GLYPHS}); the text is in {kept}, the screen beside it")
        time.sleep(0.3)


# The machine's own fonts, less every one that covers Chinese. A browser on Linux draws a web page's HTML text
# with fontconfig's fonts: on a machine with a Chinese font installed (as these are) HTML text in a font that lacks
# the characters would still show glyphs, which a phone without one draws as boxes.
_NO_CHINESE_FONTCONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><pattern><patelt name="lang"><string>zh-tw</string></patelt></pattern></rejectfont>
  </selectfont>
</fontconfig>
"""


def no_chinese_system_font(folder: Path) -> dict[str, str]:
    """The environment for a browser that finds no Chinese font on the system (``launch_chromium(env=…)``): HTML
    text in Chinese is drawn with a font the page loads, or as boxes. Its fontconfig file is written to
    ``folder``."""
    conf = folder / "fonts.conf"
    conf.write_text(_NO_CHINESE_FONTCONFIG)
    return {"FONTCONFIG_FILE": str(conf)}
