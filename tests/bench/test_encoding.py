"""The encode-ratio measurement: same pixels for encode_png and for zlib."""

from __future__ import annotations

import io

from PIL import Image

from bench.encoding import measure
from render.encode import encode_png


def test_measure_reports_the_decoded_image_and_both_encodings() -> None:
    """Dimensions come from the PNG; both encoders produce bytes and a positive ratio."""
    img = Image.new("RGB", (64, 32), (200, 30, 30))
    result = measure(encode_png(img), repeats=3)
    assert (result.width, result.height) == (64, 32)
    assert result.encoded_bytes > 0
    assert result.zlib_bytes > 0
    assert result.ratio > 0


def test_measure_accepts_a_palette_png() -> None:
    """Renderers emit palette PNGs; measure converts them to RGB first."""
    out = io.BytesIO()
    Image.new("P", (16, 16)).save(out, format="PNG")
    assert measure(out.getvalue(), repeats=1).width == 16
