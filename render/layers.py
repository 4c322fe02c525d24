"""Static layers: the parts of an image that do not change within a game, drawn once and reused.

A board is mostly the same from one move to the next: the track, road or strip under the cars,
their labels, the key to the symbols. A renderer starts its image with
`layered_canvas(width, height, theme=..., layers=(layer(paint, *args), ...))` instead of
`canvas(...)`: each layer is `paint(draw, *args)`, and it is painted once per distinct
`(paint, args)`, kept as the crop of the pixels it changed, and pasted into every later canvas of
that size and background. Everything the layer's pixels depend on must be in `args` (the key),
so a layer is shared by every game that shows the same thing (a game's track at one window and
size), never keyed by the session; the moving parts are drawn on the fresh canvas after it.

Exact by construction, so images are byte-identical with and without the cache
(`tests/render/test_layers.py` checks every game's boards, sheets and previews):
- the layers are the first thing on a fresh canvas of the theme's background, so painting one
  or pasting what it painted gives the same pixels; a renderer moves a static part first only
  where nothing drawn before it overlaps it;
- a layer's crop is taken from a scratch canvas where it was painted alone, and pasted only
  where no earlier layer of the same canvas drew (else it is painted in place, in its order);
- the labels a layer draws are handed to `recording_text` on a hit as on a miss (the legibility
  test sees every label).

Bounded: least recently used layers go beyond `MAX_BYTES` of pixels (4 bytes a pixel, as Pillow
holds RGB) or `MAX_ENTRIES` layers. A layer is kept the second time it is asked for: one seen
once (a window shown once) costs no scratch canvas. Thread-safe (the bot's render threads share
it); each render process has its own. The cached crops are never handed out: callers get the
fresh canvas they paste into.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from render.palette import RGB, Theme
from render.shapes import Label, record_labels, recording_text
from render.textcache import CacheStats

MAX_BYTES = 24 * 1024 * 1024
MAX_ENTRIES = 256
ENTRY_OVERHEAD = 1024
"""Bytes counted per layer besides its pixels: the key (a layout, a theme), the image object."""
SEEN_MAX = 4096
"""Keys remembered as asked for once (emptied when full): a layer is kept on its second ask."""

Box = tuple[int, int, int, int]
_Key = tuple[Any, ...]


@dataclass(frozen=True)
class Layer:
    """One static part of an image: `paint(draw, *args, **dict(options))`."""

    paint: Callable[..., None]
    args: tuple[Any, ...]
    options: tuple[tuple[str, Any], ...] = ()

    def draw_on(self, draw: ImageDraw.ImageDraw) -> None:
        self.paint(draw, *self.args, **dict(self.options))


def layer(paint: Callable[..., None], *args: Any, **options: Any) -> Layer:
    """The layer `paint(draw, *args, **options)`; its arguments must be hashable (its key)."""
    return Layer(paint, args, tuple(sorted(options.items())))


@dataclass(frozen=True)
class _Held:
    crop: Image.Image | None
    """The pixels the layer changed (None: it changed none), from `at`."""
    at: tuple[int, int]
    labels: tuple[Label, ...]
    cost: int

    @property
    def box(self) -> Box:
        if self.crop is None:
            return (0, 0, 0, 0)
        return (*self.at, self.at[0] + self.crop.width, self.at[1] + self.crop.height)


class LayerCache:
    """LRU of painted layers, bounded by pixel bytes and by count."""

    def __init__(self, max_bytes: int = MAX_BYTES, max_entries: int = MAX_ENTRIES) -> None:
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self.enabled = True
        self._held: OrderedDict[_Key, _Held] = OrderedDict()
        self._seen: set[_Key] = set()
        self._bytes = 0
        self._hits = self._misses = self._evictions = 0
        self._lock = threading.Lock()

    def stats(self) -> CacheStats:
        with self._lock:
            return CacheStats(
                len(self._held), self._bytes, self._hits, self._misses, self._evictions
            )

    def clear(self) -> None:
        with self._lock:
            self._held.clear()
            self._seen.clear()
            self._bytes = 0
            self._hits = self._misses = self._evictions = 0

    def held(self, key: _Key) -> _Held | None:
        with self._lock:
            held = self._held.get(key)
            if held is not None:
                self._held.move_to_end(key)
                self._hits += 1
            else:
                self._misses += 1
            return held

    def asked_before(self, key: _Key) -> bool:
        """Whether `key` was asked for since it was last forgotten; remembers it if not."""
        with self._lock:
            if key in self._seen:
                return True
            if len(self._seen) >= SEEN_MAX:
                self._seen.clear()
            self._seen.add(key)
            return False

    def keep(self, key: _Key, held: _Held) -> None:
        if held.cost > self.max_bytes:
            return
        with self._lock:
            if key in self._held:
                return
            self._held[key] = held
            self._bytes += held.cost
            while len(self._held) > self.max_entries or self._bytes > self.max_bytes:
                _, dropped = self._held.popitem(last=False)
                self._bytes -= dropped.cost
                self._evictions += 1


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
    order: pasted from `cache` where held, else painted (and kept once asked for twice)."""
    img = Image.new("RGB", (round(width), round(height)), theme.background)
    draw = ImageDraw.Draw(img)
    taken: list[Box] = []
    for part in layers:
        if not cache.enabled:
            part.draw_on(draw)
            continue
        key: _Key = (part.paint, part.args, part.options, img.size, theme.background)
        held = cache.held(key)
        if held is None:
            if not cache.asked_before(key):
                part.draw_on(draw)  # asked for once so far: not worth a scratch canvas
                taken.append((0, 0, *img.size))
                continue
            held = _painted_alone(part, img.size, theme.background)
            cache.keep(key, held)
        if held.crop is None:
            record_labels(held.labels)
            continue
        box = held.box
        if any(_overlap(box, other) for other in taken):
            part.draw_on(draw)  # over an earlier layer's pixels: only painting it is exact
        else:
            img.paste(held.crop, held.at)
            record_labels(held.labels)
        taken.append(box)
    return img, draw


def _painted_alone(part: Layer, size: tuple[int, int], background: RGB) -> _Held:
    """`part` painted on a blank canvas: the crop of the pixels it changed, and its labels."""
    blank = Image.new("RGB", size, background)
    scratch = blank.copy()
    with recording_text() as labels:
        part.draw_on(ImageDraw.Draw(scratch))
    changed = ImageChops.difference(scratch, blank).getbbox()
    if changed is None:
        return _Held(None, (0, 0), tuple(labels), ENTRY_OVERHEAD)
    crop = scratch.crop(changed)
    cost = crop.width * crop.height * 4 + ENTRY_OVERHEAD
    return _Held(crop, (changed[0], changed[1]), tuple(labels), cost)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
