"""`bench.replay_costs` measures a whole game's replay, built as the drawing worker builds it."""

from __future__ import annotations

import re
from pathlib import Path

from bench.replay_costs import measure


async def test_a_finished_game_s_replay_is_measured_per_move_with_a_verdict(tmp_path: Path) -> None:
    """A Drag Rage game played to its end by its policy: one line with the replay's CPU a
    move, its verdict, its frames and the RSS after trimming."""
    line = await measure("dragrage", tmp_path)
    assert re.search(r"replay +[\d.]+ ms CPU a move \([\d.]+ s, (PASS|MISS)\)", line), line
    assert re.search(r"\d+ frames \d+x\d+", line) and "trimmed" in line, line
