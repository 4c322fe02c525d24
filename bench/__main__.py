"""`python -m bench` (= `./redline bench`): every benchmark, one report, figures against targets.

    python -m bench                     the full run (7-12 min on 2 cores; see bench/README.md)
    python -m bench --quick             smaller and shorter, for a quick look
    python -m bench --only throughput   one part (repeatable): moves, encode, render,
                                        throughput, ready, policies, deployment, story,
                                        lifetime

Per-move and encode figures run here, pinned to one core as the targets say. Everything else
runs in child processes (unpinned), so its memory and start-up are its own; the throughput run
starts `python -m bot` as a process of its own, once without and once with the render pool.
The large-deployment run (`bench/deployment.py`, shards and PostgreSQL) is called when present.
The whole-game run (`bench/lifetime.py`) plays 20,000 moves of complete games (about an hour on
a loaded 2-core machine; `--quick` one 2-player game of each, about 2 minutes); its images per
move through the bot are printed beside the per-move figures.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import importlib.util
import os
import platform
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence

import PIL

from bench import encoding, lifetime, moves
from bench.figures import Figure, Section, Target
from runtime.render_pool import default_size

PARTS = (
    "moves", "encode", "render", "throughput", "ready", "policies", "deployment", "story",
    "lifetime",
)  # fmt: skip
ENCODE_MS = Target(5)
"""encode_png of one image: an eighth of the 40 ms a move may take."""
WRITE_OVER_FLOOR = Target(1.5)
"""Writing the palette PNG against deflating its bytes at level 1: little beyond the floor."""


def children(module: str, args: Sequence[str], title: str) -> list[Section]:
    """Run `python -m module --json args` and read back every section it printed (one JSON
    object per line); a part that fails becomes a section that says so."""
    cmd = [sys.executable, "-m", module, "--json", *args]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    found = [
        Section.from_json(line)
        for line in done.stdout.splitlines()
        if line.startswith("{") and '"figures"' in line
    ]
    if done.returncode != 0 or not found:
        tail = done.stderr.strip().splitlines()[-5:]
        return [*found, Section(title, notes=[f"FAILED ({' '.join(cmd)}):", *tail])]
    return found


def child(module: str, args: Sequence[str], title: str) -> Section:
    """The last section of `children` (parts that print one)."""
    return children(module, args, title)[-1]


def pin_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def encode_section(results: list[moves.MoveFigures], repeats: int) -> Section:
    section = Section("encode: encode_png vs zlib level 1 of the same palette bytes, one core")
    for figures in results:
        for what, images in (("board", figures.boards), ("sheet", figures.sheets)):
            sample = figures.typical(images)
            if sample is None:
                continue
            m = encoding.measure(sample, repeats=repeats)
            size = (
                f"{m.width}x{m.height}, {m.encoded_bytes // 1000} KB PNG vs "
                f"{m.zlib_bytes // 1000} KB deflated"
            )
            section.add(f"{figures.game} {what}: encode_png", m.encode_s * 1000, "ms",
                        target=ENCODE_MS, note=size)  # fmt: skip
            section.add(
                "  PNG write / zlib-1 of its palette bytes",
                m.write_ratio,
                "x",
                target=WRITE_OVER_FLOOR,
                note=f"{m.write_s * 1e3:.2f} vs {m.zlib_s * 1e3:.2f} ms",
            )
            section.add("  encode_png / zlib-1 of its palette bytes", m.ratio, "x",
                        note="includes mapping RGB onto the theme palette")  # fmt: skip
    section.notes.append(
        f"typical = the sampled image nearest the median size; median of {repeats} runs; the "
        "floor deflates exactly the palette indices the PNG holds (1 byte per pixel)"
    )
    return section


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def header(quick: bool) -> str:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"Redline benchmarks, {datetime.date.today().isoformat()}{' (--quick)' if quick else ''}: "
        f"{cores} cores ({platform.processor() or platform.machine()}), load average "
        f"{load:.1f} at the start, Python {platform.python_version()}, Pillow {PIL.__version__}, "
        f"SQLite {sqlite3.sqlite_version}"
    )


def run_parts(parts: set[str], quick: bool) -> list[Section]:
    sections: list[Section] = []

    def show(found: list[Section]) -> None:
        sections.extend(found)
        for section in found:
            print(section.render(), flush=True)

    # children first: they must not inherit the one-core pin below
    if "ready" in parts:
        show([child("bench.ready", ["--boots", "3", "--sessions", "200"] if quick else [],
                    "ready")])  # fmt: skip
    if "render" in parts:
        show([child("bench.render_costs", ["--repeats", "1"] if quick else [], "render")])
    if "throughput" in parts:
        args = ["--sessions", "300", "--duration", "8"] if quick else []
        pool = max(2, default_size())
        for processes in (0, pool):
            more = ["--render-processes", str(processes)]
            show([child("bench.throughput", [*args, *more], "throughput")])
    if "policies" in parts:
        show([child("bench.policies", ["--quick"] if quick else [], "policies")])
    if "story" in parts:
        show(children("bench.story", ["--quick"] if quick else [], "story"))
    if "deployment" in parts and importlib.util.find_spec("bench.deployment") is not None:
        show(children("bench.deployment", ["--quick"] if quick else [], "deployment"))
    through_bot: dict[str, Figure] = {}
    if "lifetime" in parts:
        found = children("bench.lifetime", ["--quick"] if quick else [], "lifetime")
        show(found)
        through_bot = lifetime.images_through_the_bot(found)
    if parts & {"moves", "encode"}:
        pinned = pin_one_core()
        max_moves = 200 if quick or "moves" not in parts else 600
        results = asyncio.run(moves.run(max_moves=max_moves))
        if "moves" in parts:
            for figures in results:
                section = figures.section()
                moves.beside(section, through_bot.get(figures.game))
                section.notes.append(f"{pinned}; load average {_load():.1f} at the end of the run")
                show([section])
            print(f"  · {moves.cache_note()}", flush=True)
        if "encode" in parts:
            show([encode_section(results, repeats=10 if quick else 30)])
    return sections


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller, shorter runs")
    parser.add_argument("--only", action="append", choices=PARTS, help="run only this part")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    print(header(args.quick), flush=True)
    sections = run_parts(set(args.only or PARTS), args.quick)
    verdicts = [f.verdict for s in sections for f in s.figures]
    missed = [
        f"{s.title.split(':')[0]} / {f.name.strip()}"
        for s in sections
        for f in s.figures
        if f.verdict == "MISS"
    ]
    failed = [s.title for s in sections if any(n.startswith("FAILED") for n in s.notes)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"== summary: {verdicts.count('PASS')} PASS, {verdicts.count('MISS')} MISS"
        + (f" ({'; '.join(missed)})" if missed else "")
        + (f"; FAILED parts: {', '.join(failed)}" if failed else "")
        + f"; whole run {time.perf_counter() - began:.0f} s; load average {load:.1f} at the end"
    )


if __name__ == "__main__":
    main()
