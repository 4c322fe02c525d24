"""`python -m bench` (= `./redline bench`): every benchmark, one report, figures against targets.

    python -m bench                     the full run (~4.5 min on 2 cores, policies ~2 of them)
    python -m bench --quick             smaller and shorter (~40 s), for a quick look
    python -m bench --only throughput   one part: moves, encode, throughput, ready, policies
                                        (repeatable)

Per-move and encode figures run here, pinned to one core as the targets say. Throughput and
ready time run in child processes, unpinned, so their memory and start-up are their own.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import platform
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence

import PIL

from bench import encoding, moves
from bench.figures import Section

PARTS = ("moves", "encode", "throughput", "ready", "policies")


def child(module: str, args: Sequence[str], title: str) -> Section:
    """Run `python -m module --json args` and read back its section."""
    cmd = [sys.executable, "-m", module, "--json", *args]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = done.stderr.strip().splitlines()[-5:]
        return Section(title, notes=[f"FAILED ({' '.join(cmd)}):", *tail])
    return Section.from_json(lines[-1])


def pin_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def encode_section(results: list[moves.MoveFigures], repeats: int) -> Section:
    section = Section("encode: render.encode.encode_png vs raw zlib level 1, same RGB pixels")
    for figures in results:
        for what, images in (("board", figures.boards), ("sheet", figures.sheets)):
            sample = figures.typical(images)
            if sample is None:
                continue
            m = encoding.measure(sample, repeats=repeats)
            section.add(
                f"{figures.game} {what} encode / zlib-1",
                m.ratio,
                "x",
                note=f"{m.encode_s * 1e3:.2f} ms vs {m.zlib_s * 1e3:.2f} ms, {m.width}x{m.height}; "
                f"{m.encoded_bytes // 1000} KB vs {m.zlib_bytes // 1000} KB",
            )
    section.notes.append(
        f"typical = the sampled image nearest the median size; median of {repeats} runs; "
        "encode_png includes mapping RGB onto the theme palette, zlib gets raw RGB bytes"
    )
    return section


def header(quick: bool) -> str:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (
        f"Redline benchmarks, {datetime.date.today().isoformat()}{' (--quick)' if quick else ''}: "
        f"{cores} cores ({platform.processor() or platform.machine()}), "
        f"Python {platform.python_version()}, Pillow {PIL.__version__}, "
        f"SQLite {sqlite3.sqlite_version}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller, shorter runs")
    parser.add_argument("--only", action="append", choices=PARTS, help="run only this part")
    args = parser.parse_args(argv)
    parts = set(args.only or PARTS)
    quick: bool = args.quick
    began = time.perf_counter()
    print(header(quick), flush=True)
    sections: list[Section] = []
    # children first: they must not inherit the one-core pin below
    if "ready" in parts:
        ready_args = ["--boots", "3", "--sessions", "200"] if quick else []
        sections.append(child("bench.ready", ready_args, "ready"))
        print(sections[-1].render(), flush=True)
    if "throughput" in parts:
        tp_args = ["--sessions", "200", "--duration", "5"] if quick else []
        sections.append(child("bench.throughput", tp_args, "throughput"))
        print(sections[-1].render(), flush=True)
    if "policies" in parts:
        sections.append(child("bench.policies", ["--quick"] if quick else [], "policies"))
        print(sections[-1].render(), flush=True)
    if parts & {"moves", "encode"}:
        pinned = pin_one_core()
        max_moves = 200 if quick or "moves" not in parts else 800
        results = asyncio.run(moves.run(max_moves=max_moves))
        if "moves" in parts:
            for figures in results:
                sections.append(figures.section())
                sections[-1].notes.append(pinned)
                print(sections[-1].render(), flush=True)
        if "encode" in parts:
            sections.append(encode_section(results, repeats=10 if quick else 30))
            print(sections[-1].render(), flush=True)
    verdicts = [f.verdict for s in sections for f in s.figures]
    missed = [
        f"{s.title.split(':')[0]} / {f.name.strip()}"
        for s in sections
        for f in s.figures
        if f.verdict == "MISS"
    ]
    print(
        f"== summary: {verdicts.count('PASS')} PASS, {verdicts.count('MISS')} MISS"
        + (f" ({'; '.join(missed)})" if missed else "")
        + f"; whole run {time.perf_counter() - began:.0f} s"
    )


if __name__ == "__main__":
    main()
