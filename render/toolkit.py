"""The rendering toolkit in one import: fonts, themes/palette, shapes and the PNG encoder."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.encode import COMPRESS_LEVEL, encode_png
from render.fonts import Font, font
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
    Point,
    chip,
    die_face,
    draw_text,
    fit_text,
    rounded_box,
    strike,
    text_width,
    token,
)


def canvas(width: float, height: float, *, theme: Theme) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank RGB image in the theme's background colour, and a drawing context on it."""
    img = Image.new("RGB", (round(width), round(height)), theme.background)
    return img, ImageDraw.Draw(img)


__all__ = [
    "COMPRESS_LEVEL",
    "DAY",
    "DEFAULT_THEME",
    "NIGHT",
    "RGB",
    "THEMES",
    "Box",
    "Font",
    "PlayerStyle",
    "Point",
    "Shape",
    "Theme",
    "blend",
    "canvas",
    "chip",
    "die_face",
    "draw_text",
    "encode_png",
    "fit_text",
    "font",
    "palette_image",
    "rounded_box",
    "strike",
    "text_width",
    "token",
]
