"""`python -m bench` plumbing: child sections and the encode section."""

from __future__ import annotations

from pathlib import Path

from bench import moves
from bench.__main__ import child, encode_section
from games.registry import GAMES
from render.registry import RENDERERS


def test_a_failing_child_becomes_a_section_that_says_so() -> None:
    """A part that crashes is reported as FAILED, not silently dropped."""
    section = child("bench.no_such_part", [], "missing")
    assert section.title == "missing"
    assert section.notes[0].startswith("FAILED")


async def test_encode_section_measures_each_games_typical_board(tmp_path: Path) -> None:
    """One encode-ratio figure per game with boards."""
    figures = await moves.bench_game(
        GAMES["dragrage"], folder=tmp_path, board=RENDERERS["dragrage"].board, max_moves=5
    )
    section = encode_section([figures], repeats=1)
    assert [f.name for f in section.figures] == ["dragrage board encode / zlib-1"]
