"""A finished game's boards as one animated image small enough to post.

Animated WebP: Discord plays it inline (like GIF, unlike APNG, which it often shows as a
still). Boards are flat colours, so lossless WebP at their own size is both exact and the
smallest: measured on a 6-car Rush 'n' Crush race (103 boards of 680 x ~1600), 0.85 MB in 2.1 s,
against 4.8 MB for a GIF at full size and 1.9 MB for lossy WebP scaled to 560 px (scaling adds
colours that lossless coding pays for). The size budget: boards bigger than the `width` x
`height` box are scaled down; at most `max_frames` are kept (dropped evenly, the first and last
always kept); over `max_bytes`, it is encoded lossy instead, then with half the frames, then
half the size, until it fits.

Pure: PNG bytes in, WebP bytes out.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

FORMAT = "webp"
"""The file extension (and Pillow format) of a replay."""
FRAME_MS = 350
HOLD_LAST_MS = 4000
WIDTH = 800
HEIGHT = 1800
"""Frames fit this box (boards are tall: Rush 'n' Crush is 680 x ~1600)."""
MAX_FRAMES = 160
"""Boards kept in one replay (56 s at `FRAME_MS`); longer games drop boards evenly. All frames
are held in memory while encoding, ~1 byte a pixel: 180 MB at most for 680 x 1662 boards."""
MAX_BYTES = 8_000_000
"""Well under Discord's default 10 MiB attachment limit."""
LOSSY_QUALITY = 70
MIN_WIDTH = 240


def pick_evenly(count: int, keep: int) -> list[int]:
    """`keep` indices out of `range(count)`, evenly spread, always the first and the last."""
    if keep >= count:
        return list(range(count))
    if keep <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (keep - 1)) for i in range(keep)})


def _decode(png: bytes) -> Image.Image:
    """A board as decoded: palette boards stay palette (1 byte a pixel, see `MAX_FRAMES`)."""
    with Image.open(io.BytesIO(png)) as img:
        img.load()
        return img if img.mode in ("P", "RGB") else img.convert("RGB")


def frames_of(
    pngs: Sequence[bytes], *, width: int = WIDTH, height: int = HEIGHT
) -> list[Image.Image]:
    """Boards as same-size frames fitting `width` x `height`: all scaled by one factor (a
    board never changes scale mid-replay, never enlarged) and padded at the bottom and right
    with each board's own background colour when its height or width varies."""
    images = [_decode(png) for png in pngs]
    full_w = max(i.width for i in images)
    full_h = max(i.height for i in images)
    scale = min(1.0, width / full_w, height / full_h)
    size = (max(1, round(full_w * scale)), max(1, round(full_h * scale)))
    frames = []
    for image in images:
        if scale < 1.0:
            fitted = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
            image = image.convert("RGB").resize(fitted, Image.Resampling.LANCZOS)
        if image.size != size:
            padded = Image.new(image.mode, size, image.getpixel((0, 0)))
            if image.mode == "P":
                padded.putpalette(image.getpalette() or [])
            padded.paste(image, (0, 0))
            image = padded
        frames.append(image)
    return frames


def encode(
    frames: Sequence[Image.Image], *, frame_ms: int, hold_last_ms: int, lossless: bool = True
) -> bytes:
    """Frames (same size) as one animated WebP, the last shown for `hold_last_ms`; lossless
    favours speed (quality 25, method 1: 20% faster than the default for 3% more bytes)."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    durations = [frame_ms] * (len(frames) - 1) + [hold_last_ms]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="WEBP",
        save_all=True,
        append_images=list(frames[1:]),
        duration=durations,
        loop=0,
        lossless=lossless,
        quality=25 if lossless else LOSSY_QUALITY,
        method=1 if lossless else 2,
    )
    return out.getvalue()


def animate(
    frames: Sequence[bytes],
    *,
    frame_ms: int = FRAME_MS,
    hold_last_ms: int = HOLD_LAST_MS,
    width: int = WIDTH,
    height: int = HEIGHT,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """Board PNGs, in order, as an animated WebP under `max_bytes`: every board for
    `frame_ms`, the final one held for `hold_last_ms`.

    Frames beyond `max_frames` are dropped evenly (the first and last are always shown); if
    the image is too big it is encoded lossy, then with half the frames, then half the size,
    until it fits (or cannot shrink further: one frame at `MIN_WIDTH`).
    """
    if not frames:
        raise ValueError("a replay needs at least one frame")
    keep = min(len(frames), max_frames)
    lossless = True
    while True:
        chosen = [frames[i] for i in pick_evenly(len(frames), keep)]
        shown = frames_of(chosen, width=width, height=height)
        data = encode(shown, frame_ms=frame_ms, hold_last_ms=hold_last_ms, lossless=lossless)
        if len(data) <= max_bytes:
            return data
        if lossless:
            lossless = False
        elif keep > 2:
            keep = max(2, keep // 2)
        elif width > MIN_WIDTH:
            width, height = max(MIN_WIDTH, width // 2), max(MIN_WIDTH, height // 2)
        elif keep > 1:
            keep = 1
        else:
            return data
