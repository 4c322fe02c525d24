"""Small helpers for reporting timings as medians and percentiles."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank; values need not be sorted."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def summary_ms(values: Sequence[float]) -> str:
    """'median X ms, p99 Y ms (n=N)' for values in seconds."""
    return (
        f"median {statistics.median(values) * 1000:.2f} ms, "
        f"p99 {percentile(values, 99) * 1000:.2f} ms (n={len(values)})"
    )
