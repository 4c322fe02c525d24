"""How far the PNG encoder is from the floor: `encode_png` vs raw zlib level 1, same pixels.

Renderers return PNG bytes, so the drawn image is recovered by decoding a rendered PNG to RGB:
the same pixels the renderer handed to `encode_png`. The floor is `zlib.compress(pixels, 1)` on
the raw RGB bytes (the least work any lossless encoder does); `tobytes()` is not timed.
"""

from __future__ import annotations

import io
import statistics
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from render.encode import encode_png


@dataclass(frozen=True)
class EncodeRatio:
    width: int
    height: int
    encode_s: float
    zlib_s: float
    ratio: float
    encoded_bytes: int
    zlib_bytes: int


def _seconds(work: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    work()
    return time.perf_counter() - t0


def measure(png: bytes, *, repeats: int = 30) -> EncodeRatio:
    """Medians over `repeats` of encode_png(rgb), zlib.compress(rgb pixels, 1) and their ratio.

    The two run alternately and the ratio is taken per pair, so load from other processes on a
    shared machine weighs on both sides alike.
    """
    rgb = Image.open(io.BytesIO(png)).convert("RGB")
    raw = rgb.tobytes()
    encodes, floors, ratios = [], [], []
    for _ in range(repeats):
        encodes.append(_seconds(lambda: encode_png(rgb)))
        floors.append(_seconds(lambda: zlib.compress(raw, 1)))
        ratios.append(encodes[-1] / floors[-1])
    return EncodeRatio(
        width=rgb.width,
        height=rgb.height,
        encode_s=statistics.median(encodes),
        zlib_s=statistics.median(floors),
        ratio=statistics.median(ratios),
        encoded_bytes=len(encode_png(rgb)),
        zlib_bytes=len(zlib.compress(raw, 1)),
    )
