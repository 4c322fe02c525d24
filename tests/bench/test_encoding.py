"""The encode measurement: encode_png against zlib level 1 of the same palette bytes."""

from __future__ import annotations

import io
import zlib

from PIL import Image

from bench.encoding import measure
from render.encode import encode_png
from render.palette import DEFAULT_THEME


def test_the_floor_deflates_the_palette_bytes_the_png_holds() -> None:
    """The zlib figure is of the 1-byte-per-pixel indices, not of 3-byte RGB."""
    img = Image.new("RGB", (64, 32), DEFAULT_THEME.background)
    png = encode_png(img)
    result = measure(png, repeats=3)
    indices = Image.open(io.BytesIO(png)).tobytes()
    assert len(indices) == 64 * 32
    assert result.zlib_bytes == len(zlib.compress(indices, 1))
    assert (result.width, result.height) == (64, 32)
    assert result.encode_s > 0 and result.write_s > 0 and result.zlib_s > 0
    assert result.ratio > 0 and result.write_ratio > 0


def test_an_rgb_png_is_measured_too() -> None:
    """An image that is not in palette mode is mapped to one first."""
    out = io.BytesIO()
    Image.new("RGB", (16, 16), (10, 20, 30)).save(out, format="PNG")
    assert measure(out.getvalue(), repeats=1).width == 16
