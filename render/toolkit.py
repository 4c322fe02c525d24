"""The rendering toolkit in one import: fonts, themes/palette, shapes and the PNG encoder.

Labels drawn with `draw_text` come from `TEXT_CACHE` (`render/textcache.py`), a bounded LRU of
rasterised text masks: a label drawn again is not rasterised again, pixels unchanged."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.encode import COMPRESS_LEVEL, encode_png
from render.fonts import MIN_PHONE_PX, PHONE_WIDTH, Font, font, min_label_px, phone_px
from render.lru import CacheStats
from render.palette import (
    DAY,
    DEFAULT_THEME,
    NIGHT,
    RGB,
    THEMES,
    PlayerStyle,
    Shape,
    Theme,
    blend,
    palette_image,
)
from render.shapes import (
    Box,
    Label,
    Point,
    chip,
    die_face,
    draw_text,
    fit_text,
    recording_text,
    rounded_box,
    strike,
    text_width,
    token,
)
from render.textcache import CACHE as TEXT_CACHE
from render.textcache import TextMaskCache


def canvas(width: float, height: float, *, theme: Theme) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank RGB image in the theme's background colour, and a drawing context on it."""
    img = Image.new("RGB", (round(width), round(height)), theme.background)
    return img, ImageDraw.Draw(img)


__all__ = [
    "COMPRESS_LEVEL",
    "DAY",
    "DEFAULT_THEME",
    "MIN_PHONE_PX",
    "NIGHT",
    "PHONE_WIDTH",
    "RGB",
    "TEXT_CACHE",
    "THEMES",
    "Box",
    "CacheStats",
    "Font",
    "Label",
    "PlayerStyle",
    "Point",
    "Shape",
    "TextMaskCache",
    "Theme",
    "blend",
    "canvas",
    "chip",
    "die_face",
    "draw_text",
    "encode_png",
    "fit_text",
    "font",
    "min_label_px",
    "palette_image",
    "phone_px",
    "recording_text",
    "rounded_box",
    "strike",
    "text_width",
    "token",
]
