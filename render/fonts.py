"""The bundled fonts, cached by (bold, size). Never a system font: every host draws alike."""

from __future__ import annotations

import math
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


PHONE_WIDTH = 400
"""About how wide Discord shows an image on a phone, in screen pixels."""
MIN_PHONE_PX = 11
"""No label may be smaller than this (font size in px) once the image is shown phone-wide."""


def phone_px(size: float, image_width: float) -> float:
    """How big `size` px of an `image_width` wide image is when shown phone-wide."""
    return size * PHONE_WIDTH / image_width


def min_label_px(image_width: float) -> int:
    """The smallest font size that still reads on a phone in an `image_width` wide image."""
    return math.ceil(MIN_PHONE_PX * image_width / PHONE_WIDTH - 1e-9)
