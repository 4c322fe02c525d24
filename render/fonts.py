"""The bundled fonts, cached by (bold, size). Never a system font: every host draws alike."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
_REGULAR = FONT_DIR / "DejaVuSans.ttf"
_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=128)
def _load(bold: bool, size: int) -> Font:
    return ImageFont.truetype(str(_BOLD if bold else _REGULAR), size)


def font(size: float, *, bold: bool = False) -> Font:
    """The bundled DejaVu Sans at `size` pixels (rounded, never below 6 px)."""
    return _load(bold, max(6, round(size)))
