"""How far the PNG encoder is from the floor: against zlib level 1 of the same palette bytes.

`encode_png` maps the drawn RGB image onto the theme's palette (1 byte per pixel) and writes a
palette PNG at level 1. The floor is deflating exactly those palette bytes with
`zlib.compress(indices, 1)`: the least work any lossless encoder of that image does. The
rendered PNG is decoded twice: as RGB (what the renderer handed to `encode_png`) and as its
palette indices (the bytes the PNG actually compressed). Timed, alternating, per pair:
- `encode_png(rgb)`: the whole encode (palette mapping + PNG write);
- PNG write alone: saving the already-paletted image at level 1 (filters, framing, CRCs);
- `zlib.compress(indices, 1)`: the floor (`tobytes` not timed).
"""

from __future__ import annotations

import io
import statistics
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from render.encode import COMPRESS_LEVEL, encode_png


@dataclass(frozen=True)
class EncodeRatio:
    width: int
    height: int
    encode_s: float
    write_s: float
    zlib_s: float
    ratio: float  # encode_png / zlib-1 of the palette bytes, median of per-pair ratios
    write_ratio: float  # PNG write alone / zlib-1 of the palette bytes
    encoded_bytes: int
    zlib_bytes: int


def _seconds(work: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    work()
    return time.perf_counter() - t0


def _write(paletted: Image.Image) -> bytes:
    out = io.BytesIO()
    paletted.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def measure(png: bytes, *, repeats: int = 30) -> EncodeRatio:
    """Medians over `repeats` runs of the three encodes (see the module doc), and the ratios.

    They run alternately and each ratio is taken per run, so load from other processes on a
    shared machine weighs on both sides alike.
    """
    decoded = Image.open(io.BytesIO(png))
    decoded.load()
    paletted = decoded if decoded.mode == "P" else decoded.convert("RGB").quantize()
    rgb = decoded.convert("RGB")
    indices = paletted.tobytes()
    encodes, writes, floors, ratios, write_ratios = [], [], [], [], []
    for _ in range(repeats):
        encodes.append(_seconds(lambda: encode_png(rgb)))
        writes.append(_seconds(lambda: _write(paletted)))
        floors.append(_seconds(lambda: zlib.compress(indices, 1)))
        ratios.append(encodes[-1] / floors[-1])
        write_ratios.append(writes[-1] / floors[-1])
    return EncodeRatio(
        width=rgb.width,
        height=rgb.height,
        encode_s=statistics.median(encodes),
        write_s=statistics.median(writes),
        zlib_s=statistics.median(floors),
        ratio=statistics.median(ratios),
        write_ratio=statistics.median(write_ratios),
        encoded_bytes=len(encode_png(rgb)),
        zlib_bytes=len(zlib.compress(indices, 1)),
    )
