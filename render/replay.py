"""A finished game's boards as one animated image small enough to post, and cheap to make.

Animated GIF of the boards shrunk by a whole factor to at most `WIDTH` px wide (320-376 px for
today's 640-752 px boards: Discord shows an image inline at about 400 px anyway). Boards are
flat colours on one fixed palette per theme (`render.palette`), so GIF's 256 colours hold them
exactly, and Discord plays a GIF inline (unlike APNG, which it often shows as a still).

Why not what came before (lossless WebP of every board at full size, from the boards' PNGs),
measured on bot-played games at the maximum player count, one core (issue 31): encoding cost
24-31 ms per move played and drawing every board again 7-15 ms; the PNG round trip (encode,
decode) was half of a board's cost. Now a frame is drawn straight to an image
(`render.encode.drawn_image`), shrunk with a box filter (`Image.reduce`, ~1 ms) and mapped
back onto the theme's palette, and GIF encodes a quarter of the pixels in 1-2 ms; only the
boards kept (`MAX_FRAMES`, picked before drawing) are drawn. Budget: `MAX_BYTES`; over it,
half the frames are kept, then the frames are shrunk further, until it fits.

Pure: boards (PNG bytes, or the board renderer and the views to draw) in, GIF bytes out.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PIL import Image

from render.encode import drawn_image
from render.palette import DEFAULT_THEME, Theme, palette_image

FORMAT = "gif"
"""The file extension (and Pillow format) of a replay."""
FRAME_MS = 350
HOLD_LAST_MS = 4000
WIDTH = 400
"""Frames are at most this wide: boards are shrunk by the smallest whole factor that fits."""
MAX_FRAMES = 64
"""Boards kept in one replay (22 s at `FRAME_MS`); longer games drop boards evenly, before
they are drawn: a frame costs 4-12 ms to draw, shrink and encode, so a replay costs at most
10 ms per move played once a game is longer than this (issue 31). Shrunk frames are held
while encoding, 1 byte a pixel: ~0.3 MB each, 20 MB at most."""
MAX_BYTES = 8_000_000
"""Well under Discord's default 10 MiB attachment limit."""
MIN_WIDTH = 120


def pick_evenly(count: int, keep: int) -> list[int]:
    """`keep` indices out of `range(count)`, evenly spread, always the first and the last."""
    if keep >= count:
        return list(range(count))
    if keep <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (keep - 1)) for i in range(keep)})


def _decode(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as img:
        img.load()
        return img


def _shrunk(image: Image.Image, factor: int, palette: Image.Image) -> Image.Image:
    """`image` a `factor`-th of its size (a box filter), on the theme's palette."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    if factor > 1:
        rgb = rgb.reduce(factor)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


class Frames:
    """Boards as frames, added one at a time so a full-size drawing is let go at once: all
    shrunk by one factor (the first board's: a replay never changes scale), on one palette."""

    def __init__(self, *, width: int = WIDTH, theme: Theme = DEFAULT_THEME) -> None:
        self.width = width
        self.palette = palette_image(theme)
        self.factor: int | None = None
        self.shown: list[Image.Image] = []

    def add(self, board: Image.Image) -> None:
        if self.factor is None:
            self.factor = max(1, math.ceil(board.width / self.width))
        self.shown.append(_shrunk(board, self.factor, self.palette))

    def shrink(self, factor: int) -> None:
        """Every frame a `factor`-th of its size again (the size budget's last resort)."""
        self.shown = [_shrunk(frame, factor, self.palette) for frame in self.shown]

    def padded(self) -> list[Image.Image]:
        """The frames at one size: a smaller board is padded at the bottom and right with its
        own background colour, never stretched (a Rush 'n' Crush board grows). Each padded
        frame takes its original's place at once, so the two are never all held together."""
        size = (max(f.width for f in self.shown), max(f.height for f in self.shown))
        for i, frame in enumerate(self.shown):
            if frame.size != size:
                padded = Image.new("P", size, frame.getpixel((0, 0)))
                padded.putpalette(frame.getpalette() or [])
                padded.paste(frame, (0, 0))
                self.shown[i] = padded
        return list(self.shown)


def encode(frames: Sequence[Image.Image], *, frame_ms: int, hold_last_ms: int) -> bytes:
    """Frames (same size, palette) as one looping GIF, the last shown for `hold_last_ms`."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    durations = [frame_ms] * (len(frames) - 1) + [hold_last_ms]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=list(frames[1:]),
        duration=durations,
        loop=0,
    )
    return out.getvalue()


def _within_budget(frames: Frames, *, frame_ms: int, hold_last_ms: int, max_bytes: int) -> bytes:
    """The frames encoded under `max_bytes`: if too big, half the frames are kept (evenly, the
    first and last always), then they are shrunk by half, until it fits (or cannot shrink
    further: one frame at `MIN_WIDTH`)."""
    if not frames.shown:
        raise ValueError("a replay needs at least one frame")
    while True:
        data = encode(frames.padded(), frame_ms=frame_ms, hold_last_ms=hold_last_ms)
        count, width = len(frames.shown), frames.shown[0].width
        if len(data) <= max_bytes:
            return data
        if count > 2:
            frames.shown = [frames.shown[i] for i in pick_evenly(count, max(2, count // 2))]
        elif width // 2 >= MIN_WIDTH:
            frames.shrink(2)
        elif count > 1:
            frames.shown = frames.shown[-1:]
        else:
            return data


def animate_views(
    board: Callable[..., bytes],
    views: Iterable[Any],
    *,
    frame_ms: int = FRAME_MS,
    hold_last_ms: int = HOLD_LAST_MS,
    width: int = WIDTH,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """The boards `board(view)` draws for `views` (in order: pick them before, see
    `pick_evenly`) as one animated GIF under `max_bytes`: each for `frame_ms`, the last for
    `hold_last_ms`. Drawn straight to images, never through PNG."""
    frames = Frames(width=width)
    for view in views:
        frames.add(drawn_image(board, view))
    return _within_budget(frames, frame_ms=frame_ms, hold_last_ms=hold_last_ms, max_bytes=max_bytes)


def animate(
    pngs: Sequence[bytes],
    *,
    frame_ms: int = FRAME_MS,
    hold_last_ms: int = HOLD_LAST_MS,
    width: int = WIDTH,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """Board PNGs, in order, as an animated GIF (as `animate_views`); beyond `max_frames`
    boards are dropped evenly (the first and last always shown)."""
    frames = Frames(width=width)
    for i in pick_evenly(len(pngs), max_frames):
        frames.add(_decode(pngs[i]))
    return _within_budget(frames, frame_ms=frame_ms, hold_last_ms=hold_last_ms, max_bytes=max_bytes)
