"""Per-move benchmark: every registered game at its maximum players, every image a move draws."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import moves
from games.registry import GAMES, AnySpec
from render.registry import RENDERERS, GameRenderers


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=list(GAMES))
async def test_a_short_run_of_each_game_has_sane_figures(spec: AnySpec, tmp_path: Path) -> None:
    """At the game's maximum player count: one time per move, at least one image per move
    for a game with renderers, boards in PNG sizes that are plausible, and verdicts."""
    if spec.key not in RENDERERS:
        pytest.skip(f"{spec.key} has no renderers yet")
    figures = await moves.bench_game(
        spec, folder=tmp_path, renderers=RENDERERS[spec.key], max_moves=6
    )
    assert figures.players == spec.max_players
    assert len(figures.move_times) == len(figures.images_per_move) == 6
    assert all(n >= 1 for n in figures.images_per_move), "every move draws something"
    assert all(t > a for t, a in zip(figures.move_times, figures.apply_save_times, strict=True))
    assert all(1_000 < size < 2_000_000 for size in figures.sizes + figures.sheet_sizes)
    lines = {f.name.strip(): f for f in figures.section().figures}
    assert lines["per move p99"].verdict in ("PASS", "MISS")
    if figures.sizes:
        assert lines["board size median"].verdict in ("PASS", "MISS")


async def test_the_images_are_those_the_bot_draws(tmp_path: Path) -> None:
    """With private sheets: the mover's sheet every move, the board only when the step moved
    on, and the game's move_extras for the moves that have a preview."""
    calls: dict[str, int] = {"board": 0, "sheet": 0, "extra": 0}

    def count(what: str) -> bytes:
        calls[what] += 1
        return b"x" * 2000

    renderers = GameRenderers(
        board=lambda view: count("board"),
        sheet=lambda view: count("sheet"),
        move_extras=lambda state, actor, action: {"look": count("extra")},
    )
    figures = await moves.bench_game(
        GAMES["spacetruckin"], folder=tmp_path, renderers=renderers, max_moves=12
    )
    assert calls["sheet"] == 12 and calls["extra"] == 12
    assert calls["board"] == len(figures.sizes) < 12
    assert figures.extra_sizes == {"look": [2000] * 12}
    assert "look size median" in figures.section().render()


async def test_a_game_without_renderer_is_timed_without_images(tmp_path: Path) -> None:
    """No renderers: apply + save is still measured and the report says so."""
    figures = await moves.bench_game(
        GAMES["dragrage"], folder=tmp_path, renderers=None, max_moves=3
    )
    assert len(figures.move_times) == 3 and figures.sizes == []
    assert any("no board renderer" in n for n in figures.section().notes)


def test_typical_image_is_the_one_nearest_the_median_size() -> None:
    """The encode sample is a median-sized image, not an outlier."""
    figures = moves.MoveFigures("g")
    assert figures.typical([b"a" * 10, b"b" * 50, b"c" * 1000]) == b"b" * 50
    assert figures.typical([]) is None
