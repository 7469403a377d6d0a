"""The site's Japanese font: only the glyphs its pages use, cut at build time from a packaged font.

The sources quote the BGA help page, in Japanese, for the chapters, and a
reader's machine may have no Japanese font at all.  The site therefore ships
its own: Noto Sans JP (SIL Open Font License 1.1), installed by npm from the
``@expo-google-fonts/noto-sans-jp`` package (``package.json``), subset with
fontTools to the characters the built pages hold, as one WOFF2 file of some
tens of kilobytes, with the font's licence beside it.
``docs/stylesheets/fonts.css`` declares it for those characters only
(``unicode-range``), so Latin text keeps the reader's own fonts and a page with
no Japanese never loads it.
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path("node_modules") / "@expo-google-fonts" / "noto-sans-jp"
REGULAR = Path("400Regular") / "NotoSansJP_400Regular.ttf"
LICENSE = "LICENSE_FONT"
TARGET = "assets/fonts"
SUBSET = "noto-sans-jp-subset.woff2"
LICENSE_ON_SITE = "assets/fonts/noto-sans-jp-OFL.txt"
# The ranges fonts.css gives the font (its unicode-range): CJK punctuation, kana, ideographs, full-width forms.
JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


class MissingFont(Exception):
    """The npm package with the Japanese font is not installed."""


def font_source(root: Path) -> tuple[Path, Path]:
    """The packaged font and its licence; `MissingFont` says how to get them if they are not there."""
    folder = root / PACKAGE
    font, licence = folder / REGULAR, folder / LICENSE
    if not font.is_file() or not licence.is_file():
        raise MissingFont(f"the site's Japanese font needs the npm package {PACKAGE.relative_to('node_modules')} "
                          "(missing from node_modules): run 'npm ci' (./dev does)")
    return font, licence


def characters_used(site_dir: Path) -> str:
    """Every character of the font's ranges found in the built pages, sorted."""
    found: set[str] = set()
    for page in site_dir.rglob("*.html"):
        found.update(JAPANESE.findall(page.read_text(encoding="utf-8")))
    return "".join(sorted(found))


def subset_font(font: Path, characters: str) -> bytes:
    """The font cut down to ``characters``, as WOFF2 (glyph outlines only: no hinting)."""
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False
    options.desubroutinize = True
    loaded = TTFont(str(font), recalcTimestamp=False)  # the same glyphs give the same bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(loaded)
    loaded.flavor = "woff2"
    out = io.BytesIO()
    loaded.save(out)
    return out.getvalue()


def write_fonts(root: Path, site_dir: Path) -> Path:
    """Write the subset of the characters the built site uses under ``site_dir``; returns its path.
    (The licence is one of the site's files, `LICENSE_ON_SITE`, copied from the package.)"""
    font, _ = font_source(root)
    target = site_dir / TARGET / SUBSET
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(subset_font(font, characters_used(site_dir)))
    return target


__all__ = ["LICENSE_ON_SITE", "SUBSET", "MissingFont", "characters_used", "font_source", "subset_font",
           "write_fonts"]
