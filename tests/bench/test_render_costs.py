"""The render-costs part: the text cache's measured memory bound, the pool's costs."""

from __future__ import annotations

from bench import render_costs
from bench.samples import drawings, positions
from games.registry import GAMES
from render.textcache import MAX_BYTES


def test_filling_the_cache_is_measured_against_its_bound() -> None:
    """Distinct labels fill a fresh cache; what it counts stays within its byte bound."""
    _grown, counted, entries = render_costs.cache_memory(labels=300)
    assert 0 < counted <= MAX_BYTES
    assert 0 < entries <= 300


async def test_pool_costs_are_positive() -> None:
    """Start-up and both drawing times are measured with a one-process pool."""
    spec = GAMES["dragrage"]
    todo = drawings(spec, next(positions(spec)))
    startup, here, there = await render_costs.pool_costs(todo, 1)
    assert startup > 0 and here > 0 and there > 0
