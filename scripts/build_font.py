"""Rebuild the bundled CJK font: a subset of Noto Sans CJK TC (Debian's ``fonts-noto-cjk``, SIL OFL 1.1) to the
characters the Chinese catalog uses, the common ones in ``assets/fonts/common-hant.txt``, the frequently used Hanzi
of Big5 (Traditional) and GB 2312 (Simplified) that names are written with, kana, Latin and the punctuation the app
prints; saved as WOFF2 (brotli: a quarter smaller than the OpenType file gzipped). Run it (``scripts/i18n`` does)
whenever the catalog grows; it prints the size.

    python scripts/build_font.py [--source /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc]

Needs fontTools with brotli (``pip install 'fonttools[woff]'``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "data" / "locale" / "zh_Hant" / "LC_MESSAGES" / "messages.po"
COMMON = ROOT / "assets" / "fonts" / "common-hant.txt"
TARGET = ROOT / "assets" / "fonts" / "NotoSansCJK-companion.woff2"
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FACE = "Noto Sans CJK TC"
# Latin and Latin-1, general punctuation (— – … “ ”), − × ÷ ←→, CJK punctuation, hiragana and katakana (a Japanese
# name), full-width forms.
BASIC = [*range(0x20, 0x7F), *range(0xA0, 0x100), *range(0x2010, 0x2028), *range(0x2030, 0x203B), 0x2212,
         0x2190, 0x2192, *range(0x3000, 0x3100), *range(0xFF01, 0xFF5F)]


def catalog_characters(catalog: Path = CATALOG) -> set[str]:
    """Every character of every translation in the Chinese catalog."""
    with catalog.open("rb") as po:
        messages = list(read_po(po))
    text = "".join("".join(m.string) if isinstance(m.string, tuple) else (m.string or "") for m in messages if m.id)
    return set(text)


def common_characters(path: Path = COMMON) -> set[str]:
    """The common characters listed in ``path`` (comments and white space left out)."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    return set("".join(lines)) - set(" \t")


def big5_level1() -> set[str]:
    """Big5's level-1 "frequently used" Hanzi, A440 to C67E (5,401), as Python's ``big5`` codec maps them."""
    trails = [*range(0x40, 0x7F), *range(0xA1, 0xFF)]
    pairs = (bytes([lead, trail]) for lead in range(0xA4, 0xC7) for trail in trails if lead << 8 | trail <= 0xC67E)
    return {pair.decode("big5") for pair in pairs}


def gb2312_level1() -> set[str]:
    """GB 2312's level-1 Hanzi, B0A1 to D7F9 (3,755, the Simplified ones in common use), as Python's ``gb2312``
    codec maps them: a name typed in Simplified Chinese."""
    pairs = (bytes([lead, trail]) for lead in range(0xB0, 0xD8) for trail in range(0xA1, 0xFF))
    return {pair.decode("gb2312") for pair in pairs if pair <= b"\xd7\xf9"}


def wanted() -> set[int]:
    """The code points the subset keeps."""
    hanzi = catalog_characters() | common_characters() | big5_level1() | gb2312_level1()
    return {ord(c) for c in hanzi} | set(BASIC)


def _face(source: Path) -> TTFont:
    if source.suffix.lower() != ".ttc":
        return TTFont(source, recalcTimestamp=False)
    for number in range(32):
        font = TTFont(source, fontNumber=number, recalcTimestamp=False)  # same input, same bytes
        if font["name"].getDebugName(1) == FACE:
            return font
    raise SystemExit(f"{source} has no {FACE} face")


def build(source: Path = SOURCE, target: Path = TARGET) -> int:
    """Write the subset to ``target``; returns its size in bytes."""
    font = _face(source)
    options = Options()
    options.hinting = False  # phones render CJK outlines unhinted anyway; hints would double the size
    options.name_IDs = ["*"]  # keep the copyright and licence records (OFL)
    options.notdef_outline = True
    options.flavor = "woff2"
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted()))
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(target)
    return target.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="Noto Sans CJK (.ttc or TC .otf)")
    args = parser.parse_args(argv)
    if not args.source.is_file():
        print(f"{args.source} is missing: apt-get install fonts-noto-cjk", file=sys.stderr)
        return 1
    size = build(args.source)
    print(f"{TARGET.relative_to(ROOT)}: {len(wanted())} characters, {size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
