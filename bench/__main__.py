"""`python -m bench`: every benchmark, one report."""

from __future__ import annotations

import os

from bench import moves


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the targets say
    print("== per move (apply + save + render + encode), one core")
    moves.main()


if __name__ == "__main__":
    main()
