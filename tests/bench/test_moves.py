"""Per-move benchmark: collects times, board and sheet sizes for any registered game."""

from __future__ import annotations

from pathlib import Path

from bench import moves
from games.registry import GAMES
from render.registry import RENDERERS


async def test_a_short_run_collects_one_sample_per_move(tmp_path: Path) -> None:
    """Every timed move has a board size and a render time."""
    figures = await moves.bench_game(
        GAMES["dragrage"], folder=tmp_path, board=RENDERERS["dragrage"].board, max_moves=6
    )
    assert len(figures.move_times) == 6
    assert len(figures.sizes) == len(figures.render_times) == 6
    assert all(size > 0 for size in figures.sizes)


async def test_a_game_without_renderer_is_timed_without_boards(tmp_path: Path) -> None:
    """No board renderer: apply + save is still measured and the report says so."""
    figures = await moves.bench_game(GAMES["dragrage"], folder=tmp_path, board=None, max_moves=3)
    assert len(figures.move_times) == 3
    assert figures.sizes == []
    assert any("no board renderer" in n for n in figures.section().notes)


async def test_a_sheet_renderer_adds_sheet_sizes(tmp_path: Path) -> None:
    """With a sheet renderer each move also draws the actor's private sheet."""
    figures = await moves.bench_game(
        GAMES["dragrage"],
        folder=tmp_path,
        board=None,
        sheet=lambda view: b"x" * 10,
        max_moves=5,
    )
    assert figures.sheet_sizes == [10] * 5
    assert "sheet size max" in figures.section().render()


def test_sheets_come_from_the_registry_games_with_a_sheet_renderer() -> None:
    """Only games whose registry entry has a sheet renderer get sheets timed."""
    sheets = moves.sheet_renderers()
    assert sheets == {k: r.sheet for k, r in RENDERERS.items() if r.sheet is not None}
    assert "spacetruckin" in sheets and "dragrage" not in sheets
    assert moves.board_renderers().keys() == RENDERERS.keys()


def test_typical_image_is_the_one_nearest_the_median_size() -> None:
    """The encode-ratio sample is a median-sized image, not an outlier."""
    figures = moves.MoveFigures("g")
    assert figures.typical([b"a" * 10, b"b" * 50, b"c" * 1000]) == b"b" * 50
    assert figures.typical([]) is None
