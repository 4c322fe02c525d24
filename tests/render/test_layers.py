"""Static layers (`render/layers.py`): every game's images byte-identical with the cache off,
cold and warm; a layer kept on its second ask, pasted after; bounded; never handed out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from PIL import ImageDraw

from bench.samples import players, steps
from games.engine import Rng
from games.registry import GAMES, AnySpec
from render.fonts import font
from render.layers import LAYERS, LayerCache, layer, layered_canvas
from render.palette import DEFAULT_THEME as THEME
from render.palette import RGB
from render.registry import RENDERERS
from render.shapes import Label, draw_text, recording_text
from tests.games.variants import options_for

SEEDS = 3
"""Seeded games per game: the first two at the maximum player count, the third at the minimum
(each seed its own options: another mission, track or course)."""
EVERY = 6
MAX_STEPS = 400
LAYERED = {"apocalypseroad", "dragrage", "roadwolf", "rushncrush", "spacetruckin"}
"""Games whose images start from static layers (the test holds them to using the cache)."""
WHOLE: dict[str, dict[str, bool]] = {
    "apocalypseroad": {"whole_track": True},
    "roadwolf": {"whole_road": True},
    "rushncrush": {"whole_course": True},
}
"""The picture of the whole track, road or course a player may ask for, per game."""


@dataclass(frozen=True)
class Drawing:
    name: str
    draw: Callable[[], tuple[bytes, ...]]


def _one(draw: Callable[..., bytes], *args: Any, **options: Any) -> tuple[bytes, ...]:
    return (draw(*args, **options),)


def _extras(draw: Callable[..., dict[str, bytes]], *args: Any) -> tuple[bytes, ...]:
    return tuple(draw(*args).values())


def _drawings(spec: AnySpec) -> Iterator[Drawing]:
    """Every 6th step of seeded random games: the board, the mover's sheet, the move's
    previews; at the end the board and the whole track, road or course."""
    renderers = RENDERERS[spec.key]
    for seed in range(SEEDS):
        count = spec.max_players if seed < SEEDS - 1 else spec.min_players
        where = f"{spec.key}, {count} players, seed {seed}"
        last = spec.setup(players(count), options_for(spec, seed), Rng.for_step(seed, 0))
        for step in steps(spec, count, seed, options=options_for(spec, seed), max_steps=MAX_STEPS):
            last = step.after
            if step.number % EVERY:
                continue
            at = f"{where}, step {step.number}"
            public = spec.view(step.after, None)
            yield Drawing(f"board, {at}", partial(_one, renderers.board, public))
            if renderers.sheet is not None and spec.has_private_views:
                own = spec.view(step.after, step.actor)
                yield Drawing(f"sheet, {at}", partial(_one, renderers.sheet, own))
            if renderers.move_extras is not None:
                extras = partial(
                    _extras, renderers.move_extras, step.before, step.actor, step.action
                )
                yield Drawing(f"previews, {at}", extras)
        view = spec.view(last, None)
        yield Drawing(f"last board, {where}", partial(_one, renderers.board, view))
        if spec.key in WHOLE:
            whole = partial(_one, renderers.board, view, **WHOLE[spec.key])
            yield Drawing(f"whole picture, {where}", whole)


def _drawn(drawing: Drawing) -> tuple[tuple[bytes, ...], list[Label]]:
    with recording_text() as labels:
        images = drawing.draw()
    return images, sorted(labels)


@pytest.fixture
def layers_restored() -> Iterator[None]:
    yield
    LAYERS.enabled = True
    LAYERS.verify = False
    LAYERS.clear()


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=list(GAMES))
def test_every_games_images_are_byte_identical_with_and_without_static_layers(
    spec: AnySpec, layers_restored: None
) -> None:
    """Boards, sheets, previews and whole pictures of seeded games: drawn with the layer cache
    off, then from an empty cache (layers painted, kept on their second ask, each checked to
    paint only inside its box, then pasted into other positions of the game), then warm: the
    same PNG bytes and the same labels recorded."""
    todo = list(_drawings(spec))
    assert todo, f"{spec.key}: nothing to draw"
    LAYERS.enabled = False
    plain = [_drawn(d) for d in todo]
    LAYERS.enabled = True
    LAYERS.clear()
    LAYERS.verify = True  # every layer kept is checked to paint only inside its box
    cold = [_drawn(d) for d in todo]
    LAYERS.verify = False
    warm = [_drawn(d) for d in todo]
    for drawing, a, b, c in zip(todo, plain, cold, warm, strict=True):
        assert a[0] == b[0] == c[0], f"{drawing.name}: a static layer changed the image"
        assert a[1] == b[1] == c[1], f"{drawing.name}: the labels recorded differ"
    if spec.key in LAYERED:
        assert LAYERS.stats().hits > 0, f"{spec.key}: no layer was ever pasted from the cache"


def _box(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: RGB) -> None:
    draw.rectangle(box, fill=colour, outline=THEME.text, width=2)


def _label(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str) -> None:
    draw_text(draw, at, text, fnt=font(20, bold=True), fill=THEME.text, anchor="lm")


def test_a_layer_is_kept_on_its_second_ask_then_pasted() -> None:
    """Asked once, a layer is painted; the second time it is painted and kept; from then on it
    is pasted (not painted), pixel for pixel the same."""
    cache = LayerCache()
    painted: list[int] = []

    def paint(draw: ImageDraw.ImageDraw, size: int) -> None:
        painted.append(size)
        _box(draw, (10, 20, 10 + size, 20 + size), THEME.accent)

    part = layer(paint, 60, within=(10, 20, 71, 81))
    images = [
        layered_canvas(200, 150, theme=THEME, layers=(part,), cache=cache)[0] for _ in range(4)
    ]
    assert len(painted) == 2
    assert cache.stats().entries == 1 and cache.stats().hits == 2
    assert all(image.tobytes() == images[0].tobytes() for image in images)


def test_callers_get_a_fresh_canvas_never_the_cached_layer() -> None:
    """What a renderer draws over a pasted layer is not in the next image."""
    cache = LayerCache()
    part = layer(_box, (0, 0, 50, 50), THEME.surface, within=(0, 0, 51, 51))
    first, _ = layered_canvas(100, 100, theme=THEME, layers=(part,), cache=cache)
    for _ in range(3):
        img, draw = layered_canvas(100, 100, theme=THEME, layers=(part,), cache=cache)
        assert img.tobytes() == first.tobytes()
        draw.rectangle((0, 0, 99, 99), fill=THEME.danger)


def test_overlapping_layers_are_exact_whatever_is_cached() -> None:
    """A layer whose box overlaps an earlier one's is painted in place, never kept (its crop
    would hold the other's pixels): the image is the uncached one, with the first held or not."""
    cache = LayerCache()
    under = [
        layer(_box, (10, 10, 120, 80), colour, within=(10, 10, 121, 81))
        for colour in (THEME.surface, THEME.accent)
    ]
    over = [
        layer(_label, (40.5, 60.25), text, within=(40, 40, 160, 80)) for text in ("Lap 3", "FINISH")
    ]
    off = LayerCache()
    off.enabled = False
    for _ in range(3):
        for a in under:
            for b in over:
                got, _ = layered_canvas(160, 100, theme=THEME, layers=(a, b), cache=cache)
                want, _ = layered_canvas(160, 100, theme=THEME, layers=(a, b), cache=off)
                assert got.tobytes() == want.tobytes()
    assert cache.stats().hits > 0


def test_labels_of_a_pasted_layer_are_recorded() -> None:
    """The legibility tests see a cached layer's labels as if it had been drawn."""
    cache = LayerCache()
    part = layer(_label, (10.0, 20.0), "START", within=(0, 0, 120, 40))
    for _ in range(3):
        with recording_text() as labels:
            layered_canvas(120, 40, theme=THEME, layers=(part,), cache=cache)
        assert labels == [Label("START", 20)]
    assert cache.stats().hits == 1


def test_the_cache_keeps_at_most_its_byte_bound() -> None:
    """Counted bytes (4 a pixel plus a fixed overhead) never pass the bound: the least recently
    used layers go; a layer larger than the whole bound is drawn but never kept."""
    cache = LayerCache(max_bytes=60_000)
    for n in range(40):
        for _ in range(2):
            part = layer(_box, (n, 0, n + 60, 60), THEME.accent, within=(n, 0, n + 61, 61))
            layered_canvas(200, 200, theme=THEME, layers=(part,), cache=cache)
        assert cache.stats().bytes <= 60_000
    assert cache.stats().evictions > 0
    huge = layer(_box, (0, 0, 199, 199), THEME.surface, within=(0, 0, 200, 200))
    for _ in range(3):
        layered_canvas(200, 200, theme=THEME, layers=(huge,), cache=cache)
    assert cache.stats().bytes <= 60_000


def test_threads_drawing_the_same_layers_get_the_same_images() -> None:
    """The bot's render threads share one cache: concurrent asks give identical canvases."""
    cache = LayerCache()
    parts = (
        layer(_box, (5, 5, 90, 60), THEME.surface, within=(5, 5, 91, 61)),
        layer(_label, (100.0, 30.0), "KEY", within=(95, 0, 200, 80)),
    )

    def one(_: int) -> bytes:
        return layered_canvas(200, 80, theme=THEME, layers=parts, cache=cache)[0].tobytes()

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = set(pool.map(one, range(64)))
    assert len(results) == 1


def test_a_layer_painting_outside_its_box_is_caught() -> None:
    """With `verify` (the tests' mode) a layer whose pixels leave its box is refused when kept:
    a paste would have lost them."""
    cache = LayerCache()
    cache.verify = True
    part = layer(_box, (10, 10, 60, 60), THEME.accent, within=(10, 10, 40, 40))
    layered_canvas(100, 100, theme=THEME, layers=(part,), cache=cache)
    with pytest.raises(ValueError, match="outside its box"):
        layered_canvas(100, 100, theme=THEME, layers=(part,), cache=cache)
