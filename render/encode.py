"""The one PNG encoder every renderer uses: palette mode, low compression.

Measured on a 1280x720 board (2 cores, Pillow 13): RGB PNG level 1 was 9.4 ms / 36 KB;
adaptive FASTOCTREE + level 1 was 10.1 ms / 16 KB; mapping onto a fixed theme palette + level 1
was 2.8 ms / 16 KB. Level 6 saves ~40% more bytes for ~2 ms; boards are far under budget at 1.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from PIL import Image

from render.palette import DEFAULT_THEME, Theme, palette_image

COMPRESS_LEVEL = 1

_DRAWN: ContextVar[list[Image.Image] | None] = ContextVar("drawn_images", default=None)
"""Set by `drawn_image`: the drawings `encode_png` is handed go here instead of being encoded."""


def drawn_image(draw: Callable[..., bytes], *args: Any, **kwargs: Any) -> Image.Image:
    """The image `draw(*args, **kwargs)` draws, before it is encoded: a replay's frames skip
    the PNG round trip (encoding, then decoding), about half of a board's cost. `draw` is any
    renderer that ends with `encode_png` (every one in `render/` does)."""
    drawn: list[Image.Image] = []
    token = _DRAWN.set(drawn)
    try:
        draw(*args, **kwargs)
    finally:
        _DRAWN.reset(token)
    if not drawn:
        raise ValueError(f"{getattr(draw, '__name__', draw)} drew nothing through encode_png")
    return drawn[-1]


def encode_png(
    img: Image.Image, *, theme: Theme | None = DEFAULT_THEME, colors: int = 256
) -> bytes:
    """PNG bytes of `img` in palette mode.

    With a `theme` (the default) pixels map onto that theme's fixed palette (fast, and theme
    colours stay exact). With `theme=None` the palette is chosen per image (FASTOCTREE, `colors`
    entries) for drawings with colours outside any theme, such as photos.
    """
    if (drawn := _DRAWN.get()) is not None:
        drawn.append(img)
        return b""
    if img.mode == "P":
        paletted = img
    else:
        rgb = img if img.mode == "RGB" else img.convert("RGB")
        if theme is None:
            paletted = rgb.quantize(
                colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
            )
        else:
            paletted = rgb.quantize(palette=palette_image(theme), dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
