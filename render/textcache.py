"""A bounded cache of rasterised text masks, so a label drawn again is not rasterised again.

Glyph rasterising is most of a board's drawing (Drag Rage draws ~87 labels a board, nearly all
the same from one move to the next). Pillow's `ImageDraw.text` rasterises a single line into
an 8-bit mask with `FreeTypeFont.getmask2` and then blends the ink through it with
`draw_bitmap`; `draw_text_cached` does exactly those two steps but keeps the mask, keyed by
everything that changes its pixels: the font file, face index, size and layout engine, the
text, the anchor, the stroke width, the draw's font mode and the sub-pixel start (the
fractional part of the position). The ink is not in the key: in "L" mode the mask is coverage
only and the ink is applied by `draw_bitmap`. So images are byte-identical with and without
the cache (`tests/render/test_textcache.py` checks every game's boards and sheets).

Bounded: least-recently-used entries are dropped beyond `MAX_ENTRIES` masks or `MAX_BYTES`
of mask pixels (one byte per pixel plus a fixed overhead per entry); an unbounded cache grew by
~120 MB in an experiment. Thread-safe (the bot's render threads share it); each render process
has its own. Multi-line text, non-FreeType fonts and modes other than "L" are drawn uncached.

This leans on Pillow internals (`ImageDraw._getink`, `ImageDraw.draw.draw_bitmap`), which is
why Pillow is pinned exactly and why the identity test exists.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw, ImageFont

from render.lru import BoundedLru

MAX_ENTRIES = 4096
MAX_BYTES = 16 * 1024 * 1024
ENTRY_OVERHEAD = 200
"""Bytes counted per entry besides its pixels: the key tuple, the mask object, the dict slot."""


class TextMaskCache(BoundedLru[tuple[Any, tuple[int, int]]]):
    """LRU of text masks bounded by entry count and by bytes of mask pixels."""

    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        super().__init__(max_entries, max_bytes)

    def mask(
        self,
        fnt: ImageFont.FreeTypeFont,
        text: str,
        *,
        mode: str,
        anchor: str,
        stroke_width: float,
        start: tuple[float, float],
    ) -> tuple[Any, tuple[int, int]]:
        """The mask and offset `getmask2` gives for these arguments, from the cache if held."""
        key = (
            fnt.path,
            fnt.index,
            fnt.size,
            fnt.layout_engine,
            text,
            mode,
            anchor,
            stroke_width,
            start,
        )
        held = self.get(key)
        if held is not None:
            return held
        mask, offset = fnt.getmask2(
            text, mode, None, None, None, stroke_width, anchor, 0, start, stroke_filled=True
        )
        width, height = mask.size
        self.put(key, (mask, offset), width * height + ENTRY_OVERHEAD)
        return mask, offset


CACHE = TextMaskCache()
"""The process-wide cache `render.shapes.draw_text` uses."""


def draw_text_cached(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    fnt: ImageFont.FreeTypeFont,
    fill: Any,
    anchor: str,
    stroke_width: int = 0,
    stroke_fill: Any = None,
    cache: TextMaskCache = CACHE,
) -> bool:
    """`draw.text(xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=...,
    stroke_fill=...)`, pixel for pixel, with the masks taken from `cache`. False (nothing
    drawn) for what the cache does not handle: the caller then draws with `draw.text`."""
    if (
        not cache.enabled
        or "\n" in text
        or draw.fontmode != "L"
        or not isinstance(fnt, ImageFont.FreeTypeFont)
        or len(anchor) != 2
    ):
        return False
    ink = _ink(draw, fill)
    x, y = int(xy[0]), int(xy[1])
    start = (math.modf(xy[0])[0], math.modf(xy[1])[0])

    def blit(colour: int, width: float) -> None:
        mask, offset = cache.mask(
            fnt, text, mode="L", anchor=anchor, stroke_width=width, start=start
        )
        draw.draw.draw_bitmap((x + offset[0], y + offset[1]), mask, colour)

    if stroke_width:
        stroke_ink = _ink(draw, stroke_fill) if stroke_fill is not None else ink
        blit(stroke_ink, stroke_width)
        if ink != stroke_ink:
            blit(ink, 0)
    else:
        blit(ink, 0)
    return True


def _ink(draw: ImageDraw.ImageDraw, fill: Any) -> int:
    """The packed ink `ImageDraw.text` computes for `fill` (its inner `getink`)."""
    ink, fill_ink = draw._getink(fill)
    if ink is None:
        assert fill_ink is not None
        return fill_ink
    return ink
