"""The leaderboard benchmark: a small fill through the real counting transaction, then reads."""

from __future__ import annotations

import pytest

from bench.leaderboard import main


async def test_a_small_run_reports_the_reads_and_the_counting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Fifty games and a few reads: every figure the README quotes is printed."""
    await main(games=50, reads=3)
    out = capsys.readouterr().out
    assert "filled 50 finished games" in out and "counting one game" in out
    assert "leaderboard, largest server's busiest game" in out and "p90" in out
