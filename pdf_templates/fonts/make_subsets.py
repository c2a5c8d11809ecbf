"""Rebuild the vendored font subsets in this folder (run once whenever the glyph list changes).

    pip install --target /tmp/ft fonttools          # only needed to run this script
    PYTHONPATH=/tmp/ft python pdf_templates/fonts/make_subsets.py

Sources (Debian packages): fonts-dejavu-core (DejaVu Sans, Bitstream Vera licence + public domain)
and fonts-droid-fallback (Droid Sans Fallback, Apache-2.0). The printables embed (and ReportLab
subsets again) these files, so the app never depends on fonts installed on the machine.
The Latin ranges cover German (ß, umlauts), Dutch (ĳ, é), pinyin tone marks (Gùgōng) and the
symbols our layouts use; tests/pdf check every printed string against the embedded fonts.
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset

HERE = Path(__file__).parent
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
DROID = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")

# Latin, Latin-1, Latin Extended-A/B (ĳ, ǔ, ǚ ...), Greek Σ, punctuation, arrows, maths, boxes, shapes, ticks
LATIN_RANGES = [
    (0x0020, 0x007E),
    (0x00A0, 0x024F),
    (0x0300, 0x0304),
    (0x0391, 0x03C9),
    (0x2000, 0x206F),
    (0x20AC, 0x20AC),
    (0x2190, 0x21FF),
    (0x2200, 0x22FF),
    (0x2460, 0x2473),
    (0x2500, 0x257F),
    (0x25A0, 0x25FF),
    (0x2600, 0x2613),
    (0x2713, 0x2718),
    (0x2776, 0x2793),
]
# The only Chinese we print: the three titles and Meng.
CJK_TEXT = "故宫龙年银子孟"


def _subset(source: Path, target: Path, unicodes: list[int]) -> None:
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    options.hinting = False  # smaller; print output does not need TrueType hinting
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    subset.save_font(font, str(target), options)
    print(f"{target.name}: {target.stat().st_size} bytes")


def main() -> None:
    latin = [cp for lo, hi in LATIN_RANGES for cp in range(lo, hi + 1)]
    _subset(DEJAVU / "DejaVuSans.ttf", HERE / "DejaVuSans-Subset.ttf", latin)
    _subset(DEJAVU / "DejaVuSans-Bold.ttf", HERE / "DejaVuSans-Bold-Subset.ttf", latin)
    _subset(DROID, HERE / "DroidSansFallback-Subset.ttf", [ord(c) for c in CJK_TEXT])


if __name__ == "__main__":
    main()
