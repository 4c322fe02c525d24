"""What the text cache, static layers and render pool cost and save: `python -m bench.render_costs`.

Run in a fresh process (as `python -m bench` does), so the memory figures are this part's own:
- drawing with and without the text-mask cache: median time of every game's boards and sheets
  of seeded positions (`bench/samples.py`), cache warm vs disabled, one core; and each game's
  boards over a game played through with the static layers (`render/layers.py`) off and on;
- the cache's memory bound, measured: the process's RSS growth while the cache fills with
  distinct labels far past its bounds, against `MAX_BYTES`;
- the render pool: time from making it to every worker ready, and the extra time a board
  takes through it (pickling the view, the pipe, the PNG back) over drawing it in-process.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from pathlib import Path

from PIL import Image, ImageDraw

from bench.figures import Section, Target
from bench.samples import Drawing, drawings, playout, positions
from games.registry import GAMES
from render.fonts import font
from render.layers import LAYERS
from render.registry import RENDERERS
from render.textcache import CACHE, MAX_BYTES, MAX_ENTRIES, TextMaskCache, draw_text_cached
from runtime.render_pool import RenderPool, default_size

MB = 1024 * 1024


def _rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _sample() -> list[Drawing]:
    return [
        d
        for key, spec in GAMES.items()
        if key in RENDERERS
        for p in positions(spec, seeds=1, per_game=3)
        for d in drawings(spec, p)
    ]


def _median_ms(todo: list[Drawing], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        for d in todo:
            t0 = time.perf_counter()
            d()
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def layer_costs(moves: int = 120) -> tuple[dict[str, float], dict[str, float]]:
    """Per game, the mean CPU ms of a board over a seeded game played through (`moves` boards
    at its maximum player count, in order, as a table sees them) with the static layers off,
    then on from an empty cache (a layer is kept on its second ask and pasted while its window
    stays)."""
    off: dict[str, float] = {}
    on: dict[str, float] = {}
    for key, spec in GAMES.items():
        renderers = RENDERERS.get(key)
        if renderers is None:
            continue
        views = [spec.view(s, None) for s in playout(spec, spec.max_players, 0)[:moves]]
        LAYERS.enabled = False
        for view in views:  # the text cache warm for both
            renderers.board(view)
        for enabled, result in ((False, off), (True, on)):
            LAYERS.enabled = enabled
            LAYERS.clear()
            t0 = time.process_time()
            for view in views:
                renderers.board(view)
            result[key] = (time.process_time() - t0) / len(views) * 1000
    LAYERS.enabled = True
    return off, on


def _per_game(ms: dict[str, float]) -> str:
    return ", ".join(f"{game} {value:.2f}" for game, value in ms.items())


def cache_memory(labels: int = 60_000) -> tuple[float, int, int]:
    """(RSS growth in bytes, counted bytes, entries) after drawing `labels` distinct labels
    through a fresh cache with the production bounds."""
    cache = TextMaskCache()
    image = Image.new("RGB", (1200, 200))
    draw = ImageDraw.Draw(image)
    sizes = [font(s) for s in (18, 24, 36, 48)]
    before = _rss()
    for n in range(labels):
        draw_text_cached(
            draw, (10.5, 100), f"Player {n} moved {n % 97} spaces", fnt=sizes[n % 4],
            fill=(200, 200, 200), anchor="lm", cache=cache,
        )  # fmt: skip
    stats = cache.stats()
    return _rss() - before, stats.bytes, stats.entries


async def pool_costs(todo: list[Drawing], processes: int) -> tuple[float, float, float]:
    """(start-up s, median in-process ms, median through the pool ms) for `todo`'s boards."""
    pool = RenderPool(processes)
    try:
        await asyncio.to_thread(pool.started.wait, 60)
        startup = pool.startup_seconds or float("nan")
        boards = [d for d in todo if " board" in d.name]
        for d in boards * processes:  # every worker's text cache warm, as in a running bot
            await pool.run(d.draw, *d.args, **d.options)
        here, there = [], []
        for d in boards * 3:
            t0 = time.perf_counter()
            d()
            here.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await pool.run(d.draw, *d.args, **d.options)
            there.append(time.perf_counter() - t0)
        return startup, statistics.median(here) * 1000, statistics.median(there) * 1000
    finally:
        pool.close(wait=True)


def run(*, repeats: int = 3) -> Section:
    section = Section("render costs: the text-mask cache and the render pool")
    todo = _sample()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    CACHE.enabled = False
    plain = _median_ms(todo, repeats)
    CACHE.enabled = True
    CACHE.clear()
    _median_ms(todo, 1)
    cached = _median_ms(todo, repeats)
    section.add("image drawn, text cache off (median)", plain, "ms", note="one core")
    section.add("image drawn, text cache warm (median)", cached, "ms",
                note=f"{1 - cached / plain:.0%} less; {len(todo)} boards and sheets")  # fmt: skip
    off, warm = layer_costs()
    section.add("board over a game, static layers off (mean CPU)", statistics.mean(off.values()),
                "ms", note="text cache warm; per game: " + _per_game(off))  # fmt: skip
    section.add("board over a game, static layers on (mean CPU)", statistics.mean(warm.values()),
                "ms", note="per game: " + _per_game(warm) + " (render/layers.py)")  # fmt: skip
    grown, counted, entries = cache_memory()
    section.add(
        "text cache memory, filled far past its bounds",
        grown / MB,
        "MB",
        target=Target(MAX_BYTES / MB * 1.5),
        note=f"RSS growth after 60,000 distinct labels; {entries:,} masks kept "
        f"(bound {MAX_ENTRIES:,}), {counted / MB:.1f} MB counted (bound {MAX_BYTES / MB:.0f} MB)",
    )
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
    processes = max(2, default_size())
    startup, here, there = asyncio.run(pool_costs(todo, processes))
    section.add(
        f"render pool start-up ({processes} processes)", startup * 1000, "ms",
        note="forkserver start + preload of the renderers + one fork per worker",
    )  # fmt: skip
    section.add("board drawn in-process (median)", here, "ms", note="this process, unpinned")
    section.add("board drawn through the pool (median)", there, "ms",
                note=f"{there - here:+.2f} ms: pickled view out, PNG bytes back")  # fmt: skip
    return section


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the section as JSON")
    args = parser.parse_args()
    section = run(repeats=args.repeats)
    print(section.to_json() if args.json else section.render())


if __name__ == "__main__":
    main()
