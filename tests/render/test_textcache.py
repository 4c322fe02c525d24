"""The text-mask cache: images byte-identical with and without it, and bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

from bench.samples import drawings, positions
from games.registry import GAMES, AnySpec
from render.fonts import font
from render.registry import RENDERERS
from render.textcache import CACHE, ENTRY_OVERHEAD, TextMaskCache, draw_text_cached


@pytest.fixture
def cache_restored() -> Iterator[None]:
    yield
    CACHE.enabled = True


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=list(GAMES))
def test_every_games_images_are_byte_identical_with_and_without_the_cache(
    spec: AnySpec, cache_restored: None
) -> None:
    """Boards and sheets of seeded positions at the minimum and maximum player count: drawn
    uncached, then with an empty cache (every mask rasterised and stored), then again (every
    mask from the cache): the same PNG bytes each time."""
    if spec.key not in RENDERERS:
        pytest.skip(f"{spec.key} has no renderers yet (test_registry holds every game to it)")
    todo = [d for p in positions(spec) for d in drawings(spec, p)]
    assert todo, f"{spec.key}: nothing to draw"
    CACHE.enabled = False
    plain = [d() for d in todo]
    CACHE.enabled = True
    CACHE.clear()
    cold = [d() for d in todo]
    warm = [d() for d in todo]
    assert CACHE.stats().hits > 0
    for drawing, a, b, c in zip(todo, plain, cold, warm, strict=True):
        assert a == b == c, f"{drawing.name}: the cache changed the image"


def test_outlined_text_in_any_colour_matches_pillow() -> None:
    """The stroke mask and the text mask are separate entries; the ink is not in the key, so
    the same label in another colour reuses the masks and still draws like ImageDraw.text."""
    cache = TextMaskCache()
    for fill in ((250, 20, 20), (20, 250, 20)):
        for stroke in (0, 2):
            ours = Image.new("RGB", (200, 60), (30, 30, 40))
            theirs = ours.copy()
            kwargs = {"stroke_width": stroke, "stroke_fill": (0, 0, 0) if stroke else None}
            ImageDraw.Draw(theirs).text(
                (100.5, 30.25), "Lap 3 ÉÀ", font=font(22, bold=True), fill=fill, anchor="mm",
                **kwargs,
            )  # fmt: skip
            drawn = draw_text_cached(
                ImageDraw.Draw(ours), (100.5, 30.25), "Lap 3 ÉÀ", fnt=font(22, bold=True),
                fill=fill, anchor="mm", cache=cache, **kwargs,
            )  # fmt: skip
            assert drawn and ours.tobytes() == theirs.tobytes()
    assert cache.stats().entries == 2  # plain mask and stroked mask
    assert cache.stats().hits == 4  # the outlined label draws the plain mask over its stroke


def test_the_cache_keeps_at_most_its_entry_bound() -> None:
    """Beyond the bound the least recently used masks go; a recent one stays."""
    cache = TextMaskCache(max_entries=10)
    draw = ImageDraw.Draw(Image.new("RGB", (50, 50)))
    for n in range(30):
        draw_text_cached(
            draw, (5, 5), "keep", fnt=font(12), fill=(1, 2, 3), anchor="la", cache=cache
        )
        draw_text_cached(
            draw, (5, 5), str(n), fnt=font(12), fill=(1, 2, 3), anchor="la", cache=cache
        )
    stats = cache.stats()
    assert stats.entries == 10 and stats.evictions == 21
    assert stats.hits == 29, "the label drawn every time was never evicted"


def test_the_cache_keeps_at_most_its_byte_bound() -> None:
    """Counted bytes (mask pixels + a fixed overhead) never exceed the bound; a mask larger
    than the whole bound is drawn but not kept."""
    cache = TextMaskCache(max_bytes=20_000)
    draw = ImageDraw.Draw(Image.new("RGB", (600, 200)))
    for n in range(200):
        draw_text_cached(
            draw, (0, 0), f"label {n}", fnt=font(30), fill=(9, 9, 9), anchor="la", cache=cache
        )
        assert cache.stats().bytes <= 20_000
    assert cache.stats().evictions > 0
    draw_text_cached(draw, (0, 0), "W" * 40, fnt=font(90), fill=(9, 9, 9), anchor="la", cache=cache)
    assert all(cost >= ENTRY_OVERHEAD for _, cost in cache._entries.values())
    assert cache.stats().bytes <= 20_000


def test_multiline_text_is_left_to_pillow() -> None:
    """Text with a line break is not handled by the cache (the caller draws it)."""
    draw = ImageDraw.Draw(Image.new("RGB", (50, 50)))
    assert not draw_text_cached(draw, (0, 0), "a\nb", fnt=font(12), fill=(1, 1, 1), anchor="la")
