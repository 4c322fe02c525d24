"""Static layers: the parts of an image that do not change within a game, drawn once and reused.

A board is mostly the same from one move to the next: the track or road under the cars, their
labels, the key to the symbols. A renderer starts its image with
`layered_canvas(width, height, theme=..., layers=(layer(paint, *args, within=box), ...))`
instead of `canvas(...)`: each layer is `paint(draw, *args)`, painting only inside `within`.
Its pixels there are kept the second time the same layer is asked for (a layer asked for once,
a window shown once, is not worth a place), and pasted from then on. The key is the painter,
its arguments (everything its pixels depend on: a track and window, a layout's positions, the
theme), `within` and the canvas size and background, never the session: every game showing the
same thing shares it. The moving parts are drawn on the fresh canvas after the layers.

Exact, so images are byte-identical with and without the cache (`tests/render/test_layers.py`
checks every game's boards, sheets, previews and whole pictures):
- the layers are the first thing on a fresh canvas of the theme's background, so painting one
  or pasting what it painted gives the same pixels; a renderer moves a static part first only
  where nothing drawn before it overlaps it;
- a layer paints nothing outside `within` (the tests check every layer they build: `verify`),
  and a layer whose `within` overlaps an earlier layer's of the same canvas is painted in
  place, never kept (its crop would hold the other's pixels);
- the labels a layer draws are handed to `recording_text` when it is pasted as when it is
  painted (the legibility test sees every label).

Keeping a layer costs a crop of `within` (no scratch canvas, no comparison: a road's crop is
~0.05 ms where drawing it is 0.4-1.4 ms). Bounded: least recently used layers go beyond `MAX_BYTES`
counted (4 bytes a pixel, as Pillow holds RGB, plus `ENTRY_OVERHEAD`) or `MAX_ENTRIES`.
Thread-safe (the bot's render threads share it); each render process has its own. The kept
crops are never handed out: callers get the fresh canvas they were pasted into.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from render.lru import BoundedLru
from render.palette import Theme
from render.shapes import Label, record_labels, recording_text

MAX_BYTES = 8 * 1024 * 1024
"""About two games' working sets: one game asks for 2-6 MB of layers at a time (its road or
track at the two or three windows its cars are in, and its key); measured on games played
through, 8 MB drew as fast as 24. It was 16 MB: with the bot drawing on its own threads the
lifetime part's high-water mark rose from 240 to 273 MB, against a target under 250."""
MAX_ENTRIES = 256
ENTRY_OVERHEAD = 16 * 1024
"""Bytes counted per layer besides its pixels: the key (a layout, a theme, a track's sectors of
a few KB), the image object."""
SEEN_MAX = 16_384
"""Layers remembered as asked for once, by their key's hash (emptied when full): a layer is
kept on its second ask. A hash, not the key: ~100 bytes each, whatever the key holds."""

Box = tuple[int, int, int, int]
_Key = tuple[Any, ...]


@dataclass(frozen=True)
class Layer:
    """One static part of an image: `paint(draw, *args, **dict(options))`, inside `within`."""

    paint: Callable[..., None]
    args: tuple[Any, ...]
    options: tuple[tuple[str, Any], ...]
    within: Box

    def draw_on(self, draw: ImageDraw.ImageDraw) -> None:
        self.paint(draw, *self.args, **dict(self.options))


def layer(
    paint: Callable[..., None],
    *args: Any,
    within: tuple[float, float, float, float],
    **options: Any,
) -> Layer:
    """The layer `paint(draw, *args, **options)`, which paints only inside the box `within`
    (x0, y0, x1, y1 in image pixels, widened to whole pixels); its arguments must be hashable."""
    x0, y0, x1, y1 = within
    box = (math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1))
    return Layer(paint, args, tuple(sorted(options.items())), box)


@dataclass(frozen=True)
class _Held:
    crop: Image.Image
    labels: tuple[Label, ...]


class LayerCache(BoundedLru[_Held]):
    """LRU of painted layers, bounded by pixel bytes and by count."""

    def __init__(self, max_bytes: int = MAX_BYTES, max_entries: int = MAX_ENTRIES) -> None:
        super().__init__(max_entries, max_bytes)
        self.verify = False
        """Tests: check that each layer kept paints nothing outside `within` (a scratch canvas
        and a comparison per layer kept; ValueError if it does)."""
        self._seen: set[int] = set()

    def clear(self) -> None:
        super().clear()
        with self._lock:
            self._seen.clear()

    def asked_before(self, key: _Key) -> bool:
        """Whether `key` was asked for since it was last forgotten (or one of the same hash: it
        is then kept a little early); remembers it if not."""
        seen = hash(key)
        with self._lock:
            if seen in self._seen:
                return True
            if len(self._seen) >= SEEN_MAX:
                self._seen.clear()
            self._seen.add(seen)
            return False


LAYERS = LayerCache()
"""The process-wide cache `layered_canvas` uses."""


def layered_canvas(
    width: float,
    height: float,
    *,
    theme: Theme,
    layers: Sequence[Layer],
    cache: LayerCache = LAYERS,
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """`render.toolkit.canvas(width, height, theme=theme)` with `layers` already on it, in
    order: pasted from `cache` where held, else painted (and kept on the second ask)."""
    img = Image.new("RGB", (round(width), round(height)), theme.background)
    draw = ImageDraw.Draw(img)
    taken: list[Box] = []
    for part in layers:
        box = _clamped(part.within, img.size)
        if not cache.enabled or box[0] >= box[2] or box[1] >= box[3]:
            part.draw_on(draw)
            continue
        if any(_overlap(box, other) for other in taken):
            part.draw_on(draw)  # over an earlier layer's pixels: only painting it is exact
            taken.append(box)
            continue
        key: _Key = (part.paint, part.args, part.options, box, img.size, theme.background)
        held = cache.get(key)
        if held is not None:
            img.paste(held.crop, box[:2])
            record_labels(held.labels)
        elif cache.asked_before(key):
            with recording_text() as labels:
                part.draw_on(draw)
            record_labels(labels)
            if cache.verify:
                _check_within(part, box, img.size, theme)
            crop = img.crop(box)
            cost = crop.width * crop.height * 4 + ENTRY_OVERHEAD
            cache.put(key, _Held(crop, tuple(labels)), cost)
        else:
            part.draw_on(draw)  # asked for once so far: not worth a place yet
        taken.append(box)
    return img, draw


def _check_within(part: Layer, box: Box, size: tuple[int, int], theme: Theme) -> None:
    """ValueError if `part`, painted alone on a blank canvas, changes a pixel outside `box`."""
    blank = Image.new("RGB", size, theme.background)
    painted = blank.copy()
    with recording_text():
        part.draw_on(ImageDraw.Draw(painted))
    changed = ImageChops.difference(painted, blank).getbbox()
    if changed is not None and not _inside(changed, box):
        name = getattr(part.paint, "__qualname__", part.paint)
        raise ValueError(f"layer {name} paints {changed}, outside its box {box}")


def _clamped(box: Box, size: tuple[int, int]) -> Box:
    return (max(0, box[0]), max(0, box[1]), min(size[0], box[2]), min(size[1], box[3]))


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
