"""`python -m bench` plumbing: child sections and the encode section."""

from __future__ import annotations

from pathlib import Path

from bench import moves
from bench.__main__ import children, encode_section
from games.registry import GAMES
from render.registry import RENDERERS


def test_a_failing_child_becomes_a_section_that_says_so() -> None:
    """A part that crashes is reported as FAILED, not silently dropped."""
    [section] = children("bench.no_such_part", [], "missing")
    assert section.title == "missing"
    assert section.notes[0].startswith("FAILED")


async def test_encode_section_has_a_verdict_per_target(tmp_path: Path) -> None:
    """For a game's typical board: encode time against its target, the PNG write against zlib
    level 1 of the same palette bytes (with a target), and the whole encode's ratio."""
    figures = await moves.bench_game(
        GAMES["dragrage"], folder=tmp_path, renderers=RENDERERS["dragrage"], max_moves=5
    )
    section = encode_section([figures], repeats=1)
    names = [f.name.strip() for f in section.figures]
    assert names == [
        "dragrage board: encode_png",
        "PNG write / zlib-1 of its palette bytes",
        "encode_png / zlib-1 of its palette bytes",
    ]
    assert [f.verdict in ("PASS", "MISS") for f in section.figures] == [True, True, False]
    assert all(f.value > 0 for f in section.figures)
